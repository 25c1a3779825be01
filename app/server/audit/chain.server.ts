import { sql } from "kysely";
import { toHex } from "../crypto.server";
import type { Db } from "../db/db.server";

/**
 * The audit log as a hash chain. Each row, in id order, stores `prev_hash` (the hash of the row
 * before it; GENESIS_HASH for the first) and `hash` = SHA-256 of its canonical content together
 * with `prev_hash`. Editing a sealed row changes its hash; deleting one breaks the link of the
 * next; rewriting one consistently breaks the link of the next unless every later hash is
 * rewritten too, which the head hash logged by the daily run exposes.
 *
 * Rows are written unsealed (by any writer: service batches, set-based inserts, triggers) and
 * sealed afterwards by `sealAuditChain`, because D1 has no SHA-256 in SQL and no interactive
 * transactions. Sealing is deterministic, so any number of sealers may race: they compute the
 * same hashes and write them with `WHERE hash IS NULL`.
 */

export const GENESIS_HASH = "0".repeat(64);
/** Rows sealed per D1 batch. */
export const SEAL_BATCH = 200;
/** Marks the canonical form, so a future change of it can be told apart. */
const CANONICAL_VERSION = "e-arsip/audit-log/v1";

/** What the hash covers, plus what the walk needs. */
export type ChainRow = {
  id: number;
  created_at: string;
  action: string;
  message: string;
  details: string | null;
  actor_id: number | null;
  actor_ref: number | null;
  actor_username: string | null;
  target_type: string | null;
  target_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  hash: string | null;
  prev_hash: string | null;
};

export const CHAIN_COLUMNS = [
  "id",
  "created_at",
  "action",
  "message",
  "details",
  "actor_id",
  "actor_ref",
  "actor_username",
  "target_type",
  "target_id",
  "ip_address",
  "user_agent",
  "hash",
  "prev_hash",
] as const;

/**
 * The stable serialization the hash covers: a JSON array (strings escaped, null distinct from
 * "", numbers as written). actor_id is left out on purpose: deleting a user sets it to NULL
 * through the foreign key; the snapshots actor_ref and actor_username stand in for it, and the
 * verification checks that actor_id is NULL or equal to actor_ref.
 */
export function canonicalAuditRow(row: Omit<ChainRow, "hash" | "prev_hash" | "actor_id">, prevHash: string): string {
  return JSON.stringify([
    CANONICAL_VERSION,
    prevHash,
    row.id,
    row.created_at,
    row.action,
    row.message,
    row.details,
    row.actor_ref,
    row.actor_username,
    row.target_type,
    row.target_id,
    row.ip_address,
    row.user_agent,
  ]);
}

const encoder = new TextEncoder();

export async function auditRowHash(row: Omit<ChainRow, "hash" | "prev_hash" | "actor_id">, prevHash: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(canonicalAuditRow(row, prevHash))));
}

export type SealDeps = { db: Db; d1: D1Database; now: () => Date };
export type SealResult = { sealed: number; head: { id: number; hash: string } | null; conflict: boolean };

/**
 * One sealing round: read the newest sealed row and the unsealed rows after it in ONE statement
 * (one snapshot, so the predecessor and its successors belong together), hash them in order and
 * write each hash conditionally, plus the recorded head, in one batch. A racing sealer that got
 * there first turns these updates into no-ops with the same values; UNIQUE(prev_hash) refuses any
 * second successor of a row, which rolls the whole batch back (`conflict`).
 */
export async function sealRound(deps: SealDeps, limit = SEAL_BATCH): Promise<SealResult> {
  const rows = (await deps.db
    .selectFrom("audit_logs")
    .select(CHAIN_COLUMNS)
    .where(
      "id",
      ">=",
      // max() through the partial index of sealed rows is one index probe; SQLite does not pick
      // that index for max() on its own and would walk the table instead.
      sql<number>`(SELECT coalesce(max(id), 0) FROM audit_logs INDEXED BY audit_logs_sealed WHERE hash IS NOT NULL)`,
    )
    .orderBy("id")
    .limit(limit + 1)
    .execute()) as ChainRow[];

  const first = rows[0];
  let head = first && first.hash !== null ? { id: first.id, hash: first.hash } : null;
  let prev = head?.hash ?? GENESIS_HASH;
  const updates = [];
  let last: { id: number; hash: string } | null = null;
  for (const row of head ? rows.slice(1) : rows) {
    // A sealed row after an unsealed one is not the sealer's to touch (the verification names it).
    if (row.hash !== null) break;
    const hash = await auditRowHash(row, prev);
    updates.push(
      deps.db
        .updateTable("audit_logs")
        .set({ hash, prev_hash: prev })
        .where("id", "=", row.id)
        .where("hash", "is", null),
    );
    prev = hash;
    last = { id: row.id, hash };
  }
  if (!last) return { sealed: 0, head, conflict: false };

  const advanceHead = deps.db
    .updateTable("audit_chain_head")
    .set({ last_id: last.id, last_hash: last.hash, sealed_at: deps.now().toISOString() })
    .where("id", "=", 1)
    .where("last_id", "<", last.id)
    // Only from a head row that is still there unchanged: after the newest rows were deleted,
    // the recorded head keeps naming what is gone.
    .where((eb) =>
      eb.or([
        eb("last_id", "=", 0),
        eb("last_hash", "=", eb.selectFrom("audit_logs").select("hash").whereRef("audit_logs.id", "=", "audit_chain_head.last_id")),
      ]),
    )
    .where((eb) => eb.exists(eb.selectFrom("audit_logs").select("id").where("id", "=", last.id).where("hash", "=", last.hash)));

  const statements = [...updates, advanceHead].map((query) => {
    const { sql: text, parameters } = query.compile();
    return deps.d1.prepare(text).bind(...parameters);
  });
  try {
    await deps.d1.batch(statements);
  } catch (error) {
    if (String(error).includes("UNIQUE constraint failed")) return { sealed: 0, head, conflict: true };
    throw error;
  }
  head = last;
  return { sealed: updates.length, head, conflict: false };
}

/**
 * Seal until nothing is left or `maxRounds` rounds ran (each round is one read and one batch).
 * Returns how many rows this call hashed (rows a racing sealer wrote first included).
 */
export async function sealAuditChain(deps: SealDeps, maxRounds = 5): Promise<{ sealed: number; rounds: number; head: SealResult["head"] }> {
  let sealed = 0;
  let head: SealResult["head"] = null;
  for (let round = 1; round <= maxRounds; round++) {
    const result = await sealRound(deps);
    sealed += result.sealed;
    head = result.head;
    if (result.conflict) {
      // Another sealer gave the predecessor its successor first; the next round starts from it.
      continue;
    }
    if (result.sealed < SEAL_BATCH) return { sealed, rounds: round, head };
  }
  return { sealed, rounds: maxRounds, head };
}
