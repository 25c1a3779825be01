import { assertCan } from "~/domain/policy";
import { daysAfter } from "~/domain/time";
import { expireLapsedApprovals } from "../access-requests/service.server";
import type { ServiceContext } from "../context.server";
import { runBatch } from "../db/batch.server";
import { IN_LIST_MAX } from "../db/in-list.server";
import { purgeExpiredTrash } from "../documents/trash.server";
import { drainFileDeletions } from "../files/deletion-queue.server";
import { summarizeClosedWindows } from "../audit/windows.server";
import { expireUnrunImports } from "../imports/service.server";
import { abortStaleImportUploads } from "../imports/uploads.server";
import { purgePpidPersonalData } from "../ppid/personal-data.server";

/** An upload may legitimately take this long before its document row exists. */
const ORPHAN_GRACE_MS = 6 * 60 * 60 * 1000;
/** Keys per run: one `IN` list of the clean-up. */
const SWEEP_LIMIT = IN_LIST_MAX;

/**
 * Cron (the maintenance job): mark approvals whose download window has lapsed as EXPIRED
 * (tokens cleared, one audit row each), drop sessions, throttle, rate-limit and audit-window rows that can no
 * longer matter, purge documents whose time in the trash is over, remove staged objects of
 * uploads that died half way, give up the ZIPs of imports never run, blank PPID requesters'
 * personal data past its retention, and empty the deletion queue into R2.
 */
export async function runMaintenance(ctx: ServiceContext): Promise<{
  approvalsExpired: number;
  windowsSummarized: number;
  orphansDeleted: number;
  trashPurged: number;
  importsExpired: number;
  importUploadsAborted: number;
  ppidPersonalPurged: number;
  filesDeleted: number;
}> {
  const now = ctx.now();
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
  const approvalsExpired = await expireLapsedApprovals(ctx);
  // Closed windows are summarized before the day-old ones are dropped.
  const windowsSummarized = await summarizeClosedWindows(ctx);
  // Bookkeeping rows nobody audits: a plain batch.
  await runBatch(ctx.d1, [
    ctx.db.deleteFrom("sessions").where("expires_at", "<=", now.toISOString()),
    ctx.db
      .deleteFrom("login_throttle")
      .where((eb) => eb.and([eb("window_start", "<=", dayAgo), eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now.toISOString())])])),
    ctx.db.deleteFrom("rate_limits").where("window_start", "<=", dayAgo),
    // Audit windows (once-per-window events) that ended long ago.
    ctx.db
      .deleteFrom("audit_windows")
      .where("started_at", "<=", dayAgo)
      .where((eb) => eb.or([eb("repeats", "=", 0), eb("summarized_at", "is not", null), eb("action", "is", null)])),
    ...pruneWorkRecords(ctx, now),
  ]);
  const trashPurged = await purgeExpiredTrash(ctx);
  const orphansDeleted = await sweepStagedFiles(ctx);
  // Before the drain: the expired imports' ZIPs leave R2 in this same run.
  const importsExpired = await expireUnrunImports(ctx);
  const importUploadsAborted = await abortStaleImportUploads(ctx);
  const ppidPersonalPurged = await purgePpidPersonalData(ctx);
  return { approvalsExpired, windowsSummarized, orphansDeleted, trashPurged, importsExpired, importUploadsAborted, ppidPersonalPurged, filesDeleted: await drainFileDeletions(ctx) };
}

/** Days dispatched events, finished system jobs and sent emails' bodies are kept (for inspection). */
export const WORK_RECORDS_KEPT_DAYS = 14;
/** A user's jobs and failed work stay longer: their reports are what the owner reads. */
export const USER_JOBS_KEPT_DAYS = 90;

/**
 * Outbox, job and email rows whose purpose is served: events already dispatched, the system's
 * routine runs, the bodies of sent emails (address, subject and outcome stay). Failed jobs and
 * users' jobs are kept longer.
 */
function pruneWorkRecords(ctx: ServiceContext, now: Date) {
  const daysAgo = (days: number) => daysAfter(now, -days);
  const routine = daysAgo(WORK_RECORDS_KEPT_DAYS);
  return [
    ctx.db
      .deleteFrom("events")
      .where("created_at", "<=", routine)
      .where("id", "<=", (eb) => eb.selectFrom("site_state").select("value").where("key", "=", "events_dispatched")),
    ctx.db.deleteFrom("jobs").where("actor_user_id", "is", null).where("status", "=", "DONE").where("finished_at", "<=", routine),
    ctx.db.deleteFrom("jobs").where("status", "in", ["DONE", "FAILED", "CANCELLED"]).where("finished_at", "<=", daysAgo(USER_JOBS_KEPT_DAYS)),
    ctx.db.updateTable("email_messages").set({ text_body: "", html_body: "" }).where("status", "!=", "PENDING").where("created_at", "<=", routine).where("text_body", "!=", ""),
  ];
}

/**
 * Delete staged objects older than the grace period that no version (nor Berita Acara) refers to:
 * uploads whose request died half way (R2 written, D1 not). An open R2 multipart upload is aborted (its parts
 * are billed). A staging row whose key a version uses is stale bookkeeping: the row goes, the
 * file stays.
 */
export async function sweepStagedFiles(ctx: ServiceContext): Promise<number> {
  assertCan(ctx.actor, { type: "files.sweep" }, "files.sweep");
  const cutoff = new Date(ctx.now().getTime() - ORPHAN_GRACE_MS).toISOString();
  const stale = await ctx.db
    .selectFrom("file_staging as s")
    .select((eb) => [
      "s.r2_key",
      "s.upload_id",
      eb
        .or([
          eb.exists(eb.selectFrom("archive_files as f").select("f.id").whereRef("f.r2_key", "=", "s.r2_key")),
          eb.exists(eb.selectFrom("berita_acara as b").select("b.id").whereRef("b.r2_key", "=", "s.r2_key")),
        ])
        .as("in_use"),
    ])
    .where("s.created_at", "<=", cutoff)
    .orderBy("s.created_at")
    .limit(SWEEP_LIMIT)
    .execute();
  if (stale.length === 0) return 0;
  const orphans = stale.filter((row) => !row.in_use);
  await Promise.all(
    orphans.filter((row) => row.upload_id).map((row) => ctx.files.resumeMultipartUpload(row.r2_key, row.upload_id!).abort().catch(() => undefined)),
  );
  if (orphans.length > 0) await ctx.files.delete(orphans.map((row) => row.r2_key));
  await ctx.db.deleteFrom("file_staging").where("r2_key", "in", stale.map((row) => row.r2_key)).execute();
  return orphans.length;
}
