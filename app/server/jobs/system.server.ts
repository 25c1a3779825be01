/**
 * The system's own jobs as use cases: what the crons run, 'Hitung Ulang', the dispatcher.
 * Each runs as a job row (singleton per kind), so a run that was cut short is resumed, not
 * duplicated, and Super Admin sees every run on /app/pekerjaan.
 */
import { assertCan, userActorOf } from "~/domain/policy";
import { retentionMessages } from "~/i18n/retention";
import type { ServiceContext } from "../context.server";
import { dispatchedThrough } from "../events/dispatcher.server";
import { ConflictError } from "~/domain/errors";
import { disposalMessages } from "~/i18n/disposal";
import { disposalExecutionResult, startDisposalExecution, type ExecutionResult } from "../disposal/service.server";
import { sendWorkMessage } from "./messages.server";
import { createJob, runJob, runSystemJob, type RunOptions } from "./runner.server";

/** Seconds before a dispatch left to a running dispatcher looks again. */
export const DISPATCH_RECHECK_SECONDS = 2;

/**
 * Dispatch the outbox now (a queue message after a commit, or the cron's safety run): only when
 * an event waits, so quiet hours leave no empty job rows. A dispatcher already running is left to
 * take the new events, but it may have read the outbox for the last time just before they were
 * committed and end without them: so this asks again a moment later, in a fresh message (a retry
 * would count toward the dead-letter limit). By then the events are dispatched or a dispatcher can
 * be claimed; one whose Worker died is claimed once its lease lapses.
 */
export async function dispatchPendingEvents(ctx: ServiceContext, options: RunOptions = {}): Promise<void> {
  const cursor = await dispatchedThrough(ctx);
  const waiting = await ctx.db.selectFrom("events").select("id").where("id", ">", cursor).limit(1).executeTakeFirst();
  if (!waiting) return;
  const { outcome } = await runSystemJob(ctx, "events.dispatch", { ...options, skipIfBusy: true });
  if (outcome === "busy") await sendWorkMessage(ctx.env, { type: "events.dispatch" }, { delaySeconds: DISPATCH_RECHECK_SECONDS });
}

/**
 * 'Hitung Ulang' (Super Admin, or a code's retention changed): recompute every document's
 * retention status as a job acting for the user; what fits in this request runs now, the rest
 * continues on the queue. Returns how many documents were recomputed here and whether all were.
 */
export async function recomputeRetention(ctx: ServiceContext, options: RunOptions = {}): Promise<{ documents: number; complete: boolean; jobId: number }> {
  assertCan(ctx.actor, { type: "retention.refresh" }, retentionMessages.refreshDenied);
  const job = await createJob(ctx, { kind: "retention", actorUserId: userActorOf(ctx.actor)?.userId ?? null, params: { full: true }, singletonKey: "retention" });
  const outcome = await runJob(ctx, job.id, { budgetMs: 5_000, ...options });
  const row = await ctx.db.selectFrom("jobs").select("progress").where("id", "=", job.id).executeTakeFirstOrThrow();
  return { documents: row.progress, complete: outcome === "done", jobId: job.id };
}

/**
 * 'Laksanakan': start the list's execution job and run it now; a list that needs longer than this
 * request continues on the queue (`running`), and its owner is notified when it ends. A job that
 * failed here answers with its reason (the list is a draft again).
 */
export async function executeDisposalList(ctx: ServiceContext, uuid: string, options: RunOptions = {}): Promise<ExecutionResult | { running: true; number: string }> {
  const { jobId } = await startDisposalExecution(ctx, uuid);
  const outcome = await runJob(ctx, jobId, { budgetMs: 20_000, ...options });
  if (outcome === "done") {
    const result = await disposalExecutionResult(ctx, uuid);
    if (result) return result;
  }
  const job = await ctx.db.selectFrom("jobs").select(["status", "error"]).where("id", "=", jobId).executeTakeFirstOrThrow();
  if (job.status === "FAILED") throw new ConflictError(job.error ?? disposalMessages.changedDuringExecution);
  const list = await ctx.db.selectFrom("disposal_lists").select("number").where("uuid", "=", uuid).executeTakeFirstOrThrow();
  return { running: true, number: list.number };
}
