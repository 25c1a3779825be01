import type { AuditChainBreak, AuditChainReport } from "~/domain/audit-integrity";
import { assertCan } from "~/domain/policy";
import { deniedMessages } from "~/i18n/id";
import { auditRowHash, CHAIN_COLUMNS, GENESIS_HASH, sealAuditChain, type ChainRow } from "./chain.server";
import { commit } from "./commit.server";
import type { ServiceContext } from "../context.server";
import type { Db } from "../db/db.server";

/**
 * Rows read per query while walking: memory stays flat however long the log is, and a Worker
 * invocation (at most 1000 D1 queries) can walk about two million rows.
 */
export const VERIFY_PAGE = 2000;

type WalkDeps = { db: Db };

const page = (db: Db, afterId: number) =>
  db.selectFrom("audit_logs").select(CHAIN_COLUMNS).where("id", ">", afterId).orderBy("id").limit(VERIFY_PAGE).execute() as Promise<ChainRow[]>;

/**
 * Walk the sealed chain from its first row in id order, a page at a time, recomputing every
 * hash and link, and check that the recorded head is still part of it. No permission check:
 * `verifyAuditChain` (people) and the scheduled run (the system) call it.
 */
export async function walkAuditChain({ db }: WalkDeps): Promise<AuditChainReport> {
  const started = Date.now();
  const recorded = await db.selectFrom("audit_chain_head").select(["last_id", "last_hash"]).where("id", "=", 1).executeTakeFirst();
  let recordedSeen = !recorded || recorded.last_id === 0;
  let prev = GENESIS_HASH;
  let head: AuditChainReport["head"] = null;
  let checked = 0;
  let afterId = 0;

  const finish = async (firstBroken?: AuditChainBreak): Promise<AuditChainReport> => {
    const unsealed = Number(
      (await db.selectFrom("audit_logs").select((eb) => eb.fn.countAll<number>().as("n")).where("hash", "is", null).executeTakeFirst())?.n ?? 0,
    );
    return { ok: !firstBroken, checked, unsealed, head, ...(firstBroken ? { firstBroken } : {}), durationMs: Date.now() - started };
  };

  walk: for (;;) {
    const rows = await page(db, afterId);
    // Hashes of a page are independent of each other (each covers its own stored prev_hash).
    const hashes = await Promise.all(rows.map((row) => (row.hash === null ? null : auditRowHash(row, row.prev_hash ?? ""))));
    for (const [index, row] of rows.entries()) {
      if (row.hash === null) {
        // The end of the sealed prefix, unless a later row is sealed: then this row lost its
        // seal — or a sealer sealed it a moment ago, so look again before calling it broken.
        const laterSealed = await db.selectFrom("audit_logs").select("id").where("hash", "is not", null).where("id", ">", row.id).limit(1).executeTakeFirst();
        if (!laterSealed) break walk;
        const again = await db.selectFrom("audit_logs").select("hash").where("id", "=", row.id).executeTakeFirst();
        if (again?.hash === null || again === undefined) return finish({ id: row.id, reason: "missing" });
        afterId = row.id - 1;
        continue walk;
      }
      if (row.prev_hash !== prev) return finish({ id: row.id, reason: "link" });
      if (hashes[index] !== row.hash || (row.actor_id !== null && row.actor_id !== row.actor_ref)) {
        return finish({ id: row.id, reason: "content" });
      }
      if (recorded && row.id === recorded.last_id) {
        if (row.hash !== recorded.last_hash) return finish({ id: row.id, reason: "missing" });
        recordedSeen = true;
      }
      prev = row.hash;
      head = { id: row.id, hash: row.hash };
      checked += 1;
    }
    if (rows.length < VERIFY_PAGE) break;
    afterId = rows.at(-1)!.id;
  }
  // The head the sealer recorded lies beyond the end of the chain: the newest rows are gone.
  if (!recordedSeen) return finish({ id: recorded!.last_id, reason: "missing" });
  return finish();
}

/**
 * 'Verifikasi Integritas' (page and API): seal what is waiting, then walk the whole chain.
 * Needs `auditLog.read` (Super Admin). Side effect: an AUDIT_CHAIN_VERIFY audit row with the
 * result (written after the walk; it is sealed with the next rows).
 */
export async function verifyAuditChain(ctx: ServiceContext): Promise<AuditChainReport> {
  assertCan(ctx.actor, { type: "auditLog.verify" }, deniedMessages.auditLog);
  await sealAuditChain(ctx);
  const report = await walkAuditChain(ctx);
  await commit(ctx, [
    {
      action: "AUDIT_CHAIN_VERIFY",
      params: { ok: report.ok, checked: report.checked, brokenId: report.firstBroken?.id ?? null },
      details: { ok: report.ok, checked: report.checked, unsealed: report.unsealed, head: report.head, firstBroken: report.firstBroken ?? null },
      targetType: "audit_log",
    },
  ]);
  return report;
}

/**
 * The daily scheduled run: seal everything waiting (bounded), verify, and write the result and
 * the head hash to the Worker's logs — a record outside D1, so a rewrite of the whole chain is
 * found by comparing today's chain with a head logged earlier. console.error only when broken.
 */
export async function scheduledAuditChainCheck(ctx: ServiceContext): Promise<AuditChainReport> {
  assertCan(ctx.actor, { type: "auditLog.verify" }, deniedMessages.auditLog);
  const sealing = await sealAuditChain(ctx, 250);
  const report = await walkAuditChain(ctx);
  const line = JSON.stringify({ event: "audit_chain_verify", sealedNow: sealing.sealed, ...report });
  if (report.ok) console.log(line);
  else console.error(line);
  return report;
}
