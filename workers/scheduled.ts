import type { JobKind } from "~/domain/jobs";
import { jobContext } from "~/server/context.server";
import { resumeStalledJobs, runSystemJob } from "~/server/jobs/runner.server";
import { dispatchPendingEvents } from "~/server/jobs/system.server";

/** Every 30 minutes: housekeeping, the extraction backfill, token reminders, the job watchdog. */
export const MAINTENANCE_CRON = "*/30 * * * *";
/** The daily cron of wrangler.toml: seal and verify the audit-log hash chain. */
export const AUDIT_CHAIN_CRON = "17 3 * * *";
/** Twice an hour, between the maintenance runs: re-hash a batch of stored objects, then of vital records' second copies. */
export const FIXITY_CRON = "15,45 * * * *";
/**
 * Daily at 00:41 in Jakarta (17:41 UTC): the clock counts calendar days in Asia/Jakarta, so
 * running just after midnight there makes a record due on the very day it falls due. The daily
 * email digest goes out in the same run, and so do the PPID's due-date reminders (working days
 * counted in Jakarta too).
 */
export const RETENTION_CRON = "41 17 * * *";

/** Each cron's jobs, in order; each runs as a job row with its own system actor. */
export const CRON_JOBS: Record<string, readonly JobKind[]> = {
  [MAINTENANCE_CRON]: ["maintenance", "text-backfill", "search.restem", "notifications.reminders"],
  [AUDIT_CHAIN_CRON]: ["audit-chain"],
  [FIXITY_CRON]: ["fixity", "vital.copies"],
  [RETENTION_CRON]: ["retention", "notifications.digest", "ppid.reminders"],
};

/**
 * The cron triggers (wrangler.toml). Every branch is named in CRON_JOBS; an unknown cron is
 * logged and does nothing. The maintenance run also resumes jobs that stalled (their Worker was
 * killed) and dispatches events whose queue message was lost.
 */
export async function scheduled(controller: ScheduledController, env: Env, execution?: ExecutionContext): Promise<void> {
  const waitUntil = execution ? (promise: Promise<unknown>) => execution.waitUntil(promise) : undefined;
  const kinds = CRON_JOBS[controller.cron];
  if (!kinds) {
    console.warn(JSON.stringify({ event: "unknown_cron", cron: controller.cron }));
    return;
  }
  const ctx = jobContext(env, "queue", { waitUntil });
  for (const kind of kinds) await runSystemJob(ctx, kind);
  if (controller.cron === MAINTENANCE_CRON) {
    await resumeStalledJobs(ctx);
    await dispatchPendingEvents(ctx);
  }
}
