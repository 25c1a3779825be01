import { runBatch } from "../batch.server";
import type { Db } from "../db.server";
import { expireLapsedApprovals } from "./access-requests.server";

/** An upload may legitimately take this long before its document row exists. */
const ORPHAN_GRACE_MS = 6 * 60 * 60 * 1000;
/** R2 deletes at most 1000 keys per call; keep each run short. */
const SWEEP_LIMIT = 500;

type Deps = { db: Db; d1: D1Database; files: R2Bucket; now: Date };

/**
 * Cron: mark approvals whose download window has lapsed as EXPIRED (tokens cleared, one audit
 * row each), drop sessions, throttle and rate-limit rows that can no longer matter, and delete
 * R2 objects no document refers to (uploads that died half way, files replaced or deleted whose
 * R2 delete failed).
 */
export async function runMaintenance(deps: Deps): Promise<{ approvalsExpired: number; orphansDeleted: number }> {
  const now = deps.now.toISOString();
  const dayAgo = new Date(deps.now.getTime() - 24 * 3600 * 1000).toISOString();
  const expiry = expireLapsedApprovals(deps);
  const results = await runBatch(deps.d1, [
    ...expiry,
    deps.db.deleteFrom("sessions").where("expires_at", "<=", now),
    deps.db
      .deleteFrom("login_throttle")
      .where((eb) => eb.and([eb("window_start", "<=", dayAgo), eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)])])),
    deps.db.deleteFrom("rate_limits").where("window_start", "<=", dayAgo),
  ]);
  const approvalsExpired = results[expiry.length - 1]?.meta.changes ?? 0;
  return { approvalsExpired, orphansDeleted: await sweepOrphanFiles(deps) };
}

/** Delete queued objects older than the grace period that no document row refers to. */
export async function sweepOrphanFiles({ db, files, now }: Deps): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_GRACE_MS).toISOString();
  const stale = await db
    .selectFrom("pending_uploads as p")
    .leftJoin("archives as a", "a.r2_key", "p.r2_key")
    .select(["p.r2_key", "p.upload_id", "a.id as archive_id"])
    .where("p.created_at", "<=", cutoff)
    .limit(SWEEP_LIMIT)
    .execute();
  if (stale.length === 0) return 0;
  // A marker whose key a document still uses is stale bookkeeping: drop the marker, keep the file.
  const orphanRows = stale.filter((row) => row.archive_id === null);
  const orphans = orphanRows.map((row) => row.r2_key);
  // An upload whose request died half way is still open at R2: abort it (its parts are billed).
  await Promise.all(
    orphanRows
      .filter((row) => row.upload_id)
      .map((row) => files.resumeMultipartUpload(row.r2_key, row.upload_id!).abort().catch(() => undefined)),
  );
  if (orphans.length > 0) await files.delete(orphans);
  await db.deleteFrom("pending_uploads").where("r2_key", "in", stale.map((row) => row.r2_key)).execute();
  return orphans.length;
}
