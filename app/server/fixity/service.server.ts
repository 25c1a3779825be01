import type { FixityCheckResult, FixityDocumentRef, FixityDocumentReport, FixityOutcome, FixityOverview } from "~/domain/fixity";
import { sql } from "kysely";
import { NotFoundError } from "~/domain/errors";
import { assertCan, can, userActorOf } from "~/domain/policy";
import { documentDetailText } from "~/i18n/document-detail";
import { t } from "~/i18n/id";
import { commit, type Step } from "../audit/commit.server";
import { sealAuditChain } from "../audit/chain.server";
import type { ServiceContext } from "../context.server";
import { toHex } from "../crypto.server";
import { findDocumentByUuid } from "../documents/queries.server";
import { noRead, readTogether, type BatchedRead } from "../db/prepared.server";
import { documentOfObject, dueObjects, fixityOverviewQuery, fixityRows, type FixityRow } from "./queries.server";

/** Good checks are kept this long (failures for ever): a year of history per object. */
const KEEP_GOOD_CHECKS_MS = 366 * 24 * 3600 * 1000;
/** Old good checks deleted per run (D1 bills every row a statement touches: keep runs small). */
const PRUNE_LIMIT = 500;
/** A run stops starting new objects after this long (a cron invocation may run 15 minutes). */
const RUN_TIME_BUDGET_MS = 5 * 60 * 1000;

/** What reading an object found: its SHA-256 and size, or nothing under its key. */
type Hashed = { found: true; sha256: string; size: number } | { found: false };

/**
 * Read an object and hash it as it streams (never held whole: objects reach 95 MB and an isolate
 * has 128 MB). An error while reading is thrown: a failed read is not evidence of damage.
 */
async function hashObject(files: R2Bucket, key: string): Promise<Hashed> {
  const object = await files.get(key);
  if (!object) return { found: false };
  // workerd's streaming hash; the DOM typing of `crypto` the app also compiles with lacks it.
  const digest = new (crypto as unknown as { DigestStream: typeof DigestStream }).DigestStream("SHA-256");
  await object.body.pipeTo(digest);
  return { found: true, sha256: toHex(await digest.digest), size: object.size };
}

const outcomeOf = (row: FixityRow, hashed: Hashed): FixityOutcome =>
  !hashed.found ? "MISSING" : hashed.sha256 === row.sha256 && hashed.size === row.file_size ? "OK" : "MISMATCH";

/** Whether a check with this outcome changes what is known of the object (and so is audited). */
const changesState = (row: FixityRow, outcome: FixityOutcome) => (outcome === "OK" ? row.status === "MISMATCH" || row.status === "MISSING" : row.status !== outcome);

/**
 * Record one check in one batch: the check row, the object's last check (and since when it has
 * been failing), and an audit row when its state changed (a new failure, another kind of
 * failure, or back to good). The audit row is decided by the database in the same batch (it
 * selects the object only while its stored state differs), so two checkers racing on one object
 * write it once.
 */
async function recordCheck(ctx: ServiceContext, row: FixityRow, hashed: Hashed, document: FixityDocumentRef | null): Promise<FixityOutcome> {
  const outcome = outcomeOf(row, hashed);
  const failing = outcome !== "OK";
  const now = ctx.now().toISOString();
  const actual = hashed.found && failing ? { sha256: hashed.sha256, size: hashed.size } : { sha256: null, size: null };
  const changed = ctx.db
    .selectFrom("file_fixity")
    .select((eb) => [eb.val(document?.uuid ?? row.r2_key).as("target_id"), sql<string | null>`NULL`.as("token_hash_prefix")])
    .where("r2_key", "=", row.r2_key)
    .where((eb) => (failing ? eb.or([eb("status", "is", null), eb("status", "!=", outcome)]) : eb("status", "in", ["MISMATCH", "MISSING"])));
  const file = { title: document?.title ?? null, version: document?.version ?? null };
  const details = { r2Key: row.r2_key, outcome, expectedSha256: row.sha256, actualSha256: actual.sha256, expectedSize: row.file_size, actualSize: actual.size };
  const steps: Step[] = [
    failing
      ? { action: "FIXITY_FAILURE", params: { ...file, outcome }, details, targetType: document ? "archive" : "file", each: changed }
      : { action: "FIXITY_RECOVERED", params: file, details, targetType: document ? "archive" : "file", each: changed },
    ctx.db
      .updateTable("file_fixity")
      .set((eb) => ({
        checked_at: now,
        status: outcome,
        actual_sha256: actual.sha256,
        actual_size: actual.size,
        failing_since: failing ? eb.fn.coalesce("failing_since", eb.val(now)) : null,
        checks: eb("checks", "+", 1),
      }))
      .where("r2_key", "=", row.r2_key),
    ctx.db.insertInto("fixity_checks").values({
      r2_key: row.r2_key,
      checked_at: now,
      outcome,
      expected_sha256: row.sha256,
      actual_sha256: actual.sha256,
      actual_size: actual.size,
      requested_by: userActorOf(ctx.actor)?.userId ?? null,
    }),
  ];
  await commit(ctx, steps);
  return outcome;
}

export type FixityRunResult = { checked: number; bytes: number; failed: number; pruned: number };

/**
 * The scheduled fixity job: re-hash the stored objects that waited longest since their last
 * check (never checked first), at most `objectsPerRun` objects and about `bytesPerRun` bytes
 * (always at least one object, so a file larger than the budget is still reached), and record
 * each check as it finishes (a run cut short keeps what it did). Needs `fixity.check` (the
 * fixity job; Super Admin). Side effects: file_fixity, fixity_checks, a FIXITY_FAILURE or
 * FIXITY_RECOVERED audit row when an object's state changes; old good checks pruned; the audit
 * rows sealed.
 */
export async function runFixityChecks(ctx: ServiceContext): Promise<FixityRunResult> {
  assertCan(ctx.actor, { type: "fixity.check" }, t.denied.page);
  const { objectsPerRun, bytesPerRun } = ctx.config.fixity;
  const started = Date.now();
  const result: FixityRunResult = { checked: 0, bytes: 0, failed: 0, pruned: 0 };
  for (const row of await dueObjects(ctx, objectsPerRun)) {
    if (result.checked > 0 && (result.bytes + row.file_size > bytesPerRun || Date.now() - started > RUN_TIME_BUDGET_MS)) break;
    let hashed: Hashed;
    try {
      hashed = await hashObject(ctx.files, row.r2_key);
    } catch (error) {
      // Not a finding: the object is tried again in a later run (it stays the oldest checked).
      console.warn(JSON.stringify({ event: "fixity_read_failed", key: row.r2_key, error: String(error) }));
      continue;
    }
    // The document is named only in an audit row, written only when the object's state changes.
    const document = changesState(row, outcomeOf(row, hashed)) ? await documentOfObject(ctx, row.r2_key) : null;
    const outcome = await recordCheck(ctx, row, hashed, document);
    result.checked += 1;
    result.bytes += row.file_size;
    if (outcome !== "OK") result.failed += 1;
  }
  result.pruned = await pruneGoodChecks(ctx);
  if (result.failed > 0) console.error(JSON.stringify({ event: "fixity_failures", ...result }));
  else console.log(JSON.stringify({ event: "fixity_run", ...result }));
  await sealAuditChain(ctx, 250);
  return result;
}

async function pruneGoodChecks(ctx: ServiceContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - KEEP_GOOD_CHECKS_MS).toISOString();
  const result = await ctx.db
    .deleteFrom("fixity_checks")
    .where("id", "in", (eb) =>
      eb.selectFrom("fixity_checks").select("id").where("outcome", "=", "OK").where("checked_at", "<", cutoff).orderBy("checked_at").limit(PRUNE_LIMIT),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * 'Periksa Integritas File': re-hash every object of one live document's versions now. Needs
 * `fixity.check` (Super Admin). Side effects: each check recorded as the job records it (with
 * the admin as requester), and a FIXITY_CHECK audit row with the outcome.
 */
export async function checkDocumentFixity(ctx: ServiceContext, uuid: string): Promise<FixityDocumentReport> {
  assertCan(ctx.actor, { type: "fixity.check" }, t.denied.page);
  const document = await findDocumentByUuid(ctx, uuid);
  if (!document) throw new NotFoundError(documentDetailText.notFound);
  const versions = await ctx.db
    .selectFrom("archive_files")
    .select(["version", "r2_key", "sha256", "file_size"])
    .where("archive_id", "=", document.id)
    .orderBy("version")
    .execute();
  const keys = [...new Set(versions.map((version) => version.r2_key))];
  const known = new Map((await fixityRows(ctx, keys)).map((row) => [row.r2_key, row]));
  const results: FixityCheckResult[] = [];
  for (const key of keys) {
    const first = versions.find((version) => version.r2_key === key)!;
    // Every object a version names has its fixity row (trigger-kept); the version is the fallback.
    const row = known.get(key) ?? { r2_key: key, sha256: first.sha256, file_size: first.file_size, status: null };
    const hashed = await hashObject(ctx.files, key);
    const outcome = await recordCheck(ctx, row, hashed, await documentOfObject(ctx, key));
    results.push({
      versions: versions.filter((version) => version.r2_key === key).map((version) => version.version),
      outcome,
      expectedSha256: row.sha256,
      actualSha256: hashed.found ? hashed.sha256 : null,
      size: row.file_size,
    });
  }
  const failed = results.filter((result) => result.outcome !== "OK").length;
  await commit(ctx, [
    {
      action: "FIXITY_CHECK",
      params: { title: document.title, files: results.length, failed },
      details: { files: results.length, failed, results: results.map(({ versions, outcome }) => ({ versions, outcome })) },
      targetType: "archive",
      targetId: document.uuid,
    },
  ]);
  return { uuid: document.uuid, title: document.title, checkedAt: ctx.now().toISOString(), ok: failed === 0, results };
}

/** The dashboard card: failing objects and when checks last ran. Needs `fixity.report` (Super Admin). */
export async function getFixityOverview(ctx: ServiceContext): Promise<FixityOverview> {
  assertCan(ctx.actor, { type: "fixity.report" }, t.denied.page);
  const [overview] = await readTogether(ctx.d1, fixityOverviewQuery(ctx));
  return overview;
}

/** The card as a read that shares the dashboard's round trip; null without `fixity.report` (no card). */
export function fixityOverviewRead(ctx: ServiceContext): BatchedRead<FixityOverview | null> {
  return can(ctx.actor, { type: "fixity.report" }) ? fixityOverviewQuery(ctx) : noRead;
}
