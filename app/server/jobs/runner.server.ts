/**
 * The job runner: a job is a row, run in slices under a lease. Each slice commits the
 * handler's writes together with the job's new cursor in ONE batch, guarded by the lease token
 * (compare-and-set), so:
 * - a job killed at any point (time limit, deploy, fault) resumes from its last committed cursor,
 *   and no slice's writes land twice — a slice that died before its batch left nothing;
 * - two runners never both advance the same job: the one that lost the lease has its batch
 *   refused and stops.
 * A slice's side effects outside D1 (an R2 object) must be idempotent, since a slice can run
 * again after a kill before its commit.
 */
import { ConflictError, DomainError } from "~/domain/errors";
import { sql } from "kysely";
import { JOB_KINDS, type JobKind, type JobStatus } from "~/domain/jobs";
import { commit, type Step } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import { abortUnlessChanged } from "../db/write-guard.server";
import { contextForJob, handlerFor } from "./handlers.server";
import { sendWorkMessage } from "./messages.server";
import { insertJobStatement, type NewJob } from "./records.server";

export type { NewJob };

/** A slice holds the job this long, unless its kind sets its own; a runner that died is replaced once it lapses. */
export const LEASE_MS = 2 * 60 * 1000;
const leaseUntil = (kind: JobKind, now: Date) => new Date(now.getTime() + (handlerFor(kind).leaseMs ?? LEASE_MS)).toISOString();
/** A claim's `lease_until`, by the row's kind within the claim's own statement (no read first). */
function claimLeaseUntil(now: Date) {
  const ownLease = JOB_KINDS.filter((kind) => handlerFor(kind).leaseMs !== undefined);
  const standard = new Date(now.getTime() + LEASE_MS).toISOString();
  if (ownLease.length === 0) return standard;
  return sql<string>`CASE ${sql.join(ownLease.map((kind) => sql`WHEN kind = ${kind} THEN ${leaseUntil(kind, now)}`), sql` `)} ELSE ${standard} END`;
}
/** Wall time one invocation spends on a job before handing the rest to a fresh message. */
export const SLICE_BUDGET_MS = 20_000;
/** Attempts after which an unexpected error fails the job. */
export const MAX_JOB_ATTEMPTS = 5;
/** Retry delay after an unexpected error unless the kind sets its own: 30 s, doubling, at most 15 minutes. */
const defaultRetryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);

/** A job row as a handler reads it (params and cursor parsed). */
export type RunningJob = {
  id: number;
  uuid: string;
  kind: JobKind;
  actorUserId: number | null;
  actorSystem: string | null;
  params: Record<string, unknown>;
  cursor: unknown;
  progress: number;
  total: number | null;
  counts: Record<string, number>;
  itemCount: number;
  attempts: number;
  leaseToken: string;
};

/** One line of a job's report. */
export type JobItem = { subject: string; label?: string | null; outcome: string; reason?: string | null };

/** What one slice did: the writes to commit with the new cursor, and the progress it made. */
export type JobSlice = {
  steps?: Step[];
  cursor: unknown;
  /** Items done in this slice (added to progress). */
  done?: number;
  /** Items in all, once known. */
  total?: number | null;
  /** Added to the job's counts. */
  counts?: Record<string, number>;
  items?: JobItem[];
  finished: boolean;
  /** The error the job ends FAILED with, its slice's writes still committed (e.g. an import that was rolled back). */
  failed?: string;
  /** Work after the commit (queue messages, object deletes): must tolerate running again. */
  after?: () => Promise<void>;
};

type JobRow = {
  id: number;
  uuid: string;
  kind: string;
  actor_user_id: number | null;
  actor_system: string | null;
  status: JobStatus;
  params: string;
  cursor: string | null;
  progress: number;
  total: number | null;
  counts: string;
  attempts: number;
};

/**
 * Create a job (QUEUED). With a singleton key, an existing live job of that key is returned
 * instead of a second one. Returns the job's id.
 */
export async function createJob(ctx: Pick<ServiceContext, "db" | "d1" | "now">, job: NewJob): Promise<{ id: number; uuid: string; created: boolean }> {
  const uuid = crypto.randomUUID();
  const actorSystem = job.actorUserId ? null : (handlerFor(job.kind).system ?? null);
  const inserted = await insertJobStatement(ctx, { ...job, actorSystem, uuid }).returning(["id", "uuid"]).executeTakeFirst();
  if (inserted) return { ...inserted, created: true };
  const existing = await ctx.db
    .selectFrom("jobs")
    .select(["id", "uuid"])
    .where("singleton_key", "=", job.singletonKey ?? "")
    .where("status", "in", ["QUEUED", "RUNNING"])
    .executeTakeFirstOrThrow();
  return { ...existing, created: false };
}

/** Create a job and ask the queue to run it (a person's bulk work, an import). */
export async function enqueueJob(ctx: ServiceContext, job: NewJob): Promise<{ id: number; uuid: string }> {
  const created = await createJob(ctx, job);
  await sendWorkMessage(ctx.env, { type: "job.run", jobId: created.id });
  return created;
}

export type RunOutcome = "done" | "failed" | "paused" | "busy" | "gone" | "retry";

export type RunOptions = {
  budgetMs?: number;
  /** Stop after this many committed slices, leaving the lease held: a kill, for tests. */
  maxSlices?: number;
  /** Called before each slice's commit (tests throw here to kill a slice after its side effects). */
  beforeCommit?: (slice: number) => void;
  /** Do not send a continuation message when the budget runs out (the caller loops). */
  noContinuation?: boolean;
};

/**
 * Claim job `jobId` and run it slice by slice until it finishes, fails, or the budget is spent
 * (then it is handed to a fresh queue message). `busy`: another runner holds its lease; `gone`:
 * no such job or it already ended.
 */
export async function runJob(base: ServiceContext, jobId: number, options: RunOptions = {}): Promise<RunOutcome> {
  const leaseToken = crypto.randomUUID();
  const claimed = await claim(base, jobId, leaseToken);
  if (claimed !== "claimed") return claimed;
  const row = await base.db.selectFrom("jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow();
  const itemCount = await base.db
    .selectFrom("job_items")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("job_id", "=", jobId)
    .executeTakeFirstOrThrow();
  const job = runningJob(row, leaseToken, Number(itemCount.n));
  const handler = handlerFor(job.kind);
  const started = Date.now();
  const budget = options.budgetMs ?? SLICE_BUDGET_MS;
  let slices = 0;
  let ctx: ServiceContext;
  try {
    ctx = await contextForJob(base, job);
  } catch (error) {
    return fail(base, job, error instanceof DomainError ? error.message : String(error));
  }
  for (;;) {
    let slice: JobSlice;
    try {
      slice = await handler.slice(ctx, job);
      options.beforeCommit?.(slices);
      await commitSlice(ctx, job, slice);
    } catch (error) {
      if (error instanceof LeaseLostError) return "busy";
      if (error instanceof KilledForTest) throw error;
      // A refusal the job's actor earned (Forbidden, Invalid, ...) is final; anything else is retried.
      if (error instanceof DomainError || job.attempts >= MAX_JOB_ATTEMPTS) return fail(ctx, job, error instanceof Error ? error.message : String(error));
      return retryLater(ctx, job, error);
    }
    slices++;
    if (slice.after) await slice.after().catch((error: unknown) => console.warn(JSON.stringify({ event: "job_after_failed", job: job.uuid, error: String(error) })));
    if (slice.failed !== undefined || slice.finished) return slice.failed !== undefined ? "failed" : "done";
    if (options.maxSlices !== undefined && slices >= options.maxSlices) return "paused";
    if (Date.now() - started >= budget) {
      await release(ctx, job, ctx.now());
      if (!options.noContinuation) await sendWorkMessage(ctx.env, { type: "job.run", jobId: job.id });
      return "paused";
    }
  }
}

/** Thrown by tests from `beforeCommit` to kill a slice after its side effects, before its batch. */
export class KilledForTest extends Error {}
class LeaseLostError extends ConflictError {
  constructor() {
    super("lease lost");
  }
}

async function claim(ctx: ServiceContext, jobId: number, leaseToken: string): Promise<"claimed" | "busy" | "gone"> {
  const now = ctx.now();
  const iso = now.toISOString();
  const result = await ctx.db
    .updateTable("jobs")
    .set((eb) => ({
      status: "RUNNING",
      lease_token: leaseToken,
      lease_until: claimLeaseUntil(now),
      attempts: eb("attempts", "+", 1),
      started_at: eb.fn.coalesce("started_at", eb.val(iso)),
      updated_at: iso,
    }))
    .where("id", "=", jobId)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "QUEUED"), eb.or([eb("run_after", "is", null), eb("run_after", "<=", iso)])]),
        eb.and([eb("status", "=", "RUNNING"), eb("lease_until", "<", iso)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return "claimed";
  const row = await ctx.db.selectFrom("jobs").select("status").where("id", "=", jobId).executeTakeFirst();
  return row && (row.status === "QUEUED" || row.status === "RUNNING") ? "busy" : "gone";
}

function runningJob(row: JobRow, leaseToken: string, itemCount: number): RunningJob {
  return {
    id: row.id,
    uuid: row.uuid,
    kind: row.kind as JobKind,
    actorUserId: row.actor_user_id,
    actorSystem: row.actor_system,
    params: JSON.parse(row.params) as Record<string, unknown>,
    cursor: row.cursor === null ? null : JSON.parse(row.cursor),
    progress: row.progress,
    total: row.total,
    counts: JSON.parse(row.counts) as Record<string, number>,
    itemCount,
    attempts: row.attempts,
    leaseToken,
  };
}

const addCounts = (counts: Record<string, number>, more: Record<string, number> | undefined) => {
  const sum = { ...counts };
  for (const [key, value] of Object.entries(more ?? {})) sum[key] = (sum[key] ?? 0) + value;
  return sum;
};

/** The slice's writes, its report lines and the job's new state: one batch, or nothing. */
async function commitSlice(ctx: ServiceContext, job: RunningJob, slice: JobSlice): Promise<void> {
  const now = ctx.now();
  const iso = now.toISOString();
  const counts = addCounts(job.counts, slice.counts);
  const progress = job.progress + (slice.done ?? 0);
  const total = slice.total === undefined ? job.total : slice.total;
  const ending = slice.failed !== undefined ? "FAILED" : slice.finished ? "DONE" : null;
  const items = (slice.items ?? []).map((item, index) => ({
    job_id: job.id,
    position: job.itemCount + index,
    subject: item.subject,
    label: item.label ?? null,
    outcome: item.outcome,
    reason: item.reason ?? null,
  }));
  const steps: Step[] = [
    ctx.db
      .updateTable("jobs")
      .set({
        cursor: JSON.stringify(slice.cursor ?? null),
        progress,
        total,
        counts: JSON.stringify(counts),
        updated_at: iso,
        ...(ending
          ? { status: ending, finished_at: iso, lease_token: null, lease_until: null, error: slice.failed ?? null }
          : { lease_until: leaseUntil(job.kind, now) }),
      })
      .where("id", "=", job.id)
      .where("lease_token", "=", job.leaseToken)
      .where("status", "=", "RUNNING"),
    abortUnlessChanged(ctx),
    ...(slice.steps ?? []),
    // Report lines in statements of 14 rows (6 parameters each; D1 binds at most 100).
    ...chunk(items, 14).map((rows) => ctx.db.insertInto("job_items").values(rows)),
    ...(ending && job.actorUserId !== null ? [endEvent(job, ending, counts, slice.failed ?? null)] : []),
  ];
  try {
    await commit(ctx, steps, { STALE_WRITE: () => new LeaseLostError() });
  } catch (error) {
    if (error instanceof LeaseLostError && (await stillLeased(ctx, job))) {
      // The lease is ours: a compare-and-set of the handler's own lost — retry the slice later.
      throw new Error("a write of this slice conflicted with a concurrent change");
    }
    throw error;
  }
  job.cursor = slice.cursor;
  job.progress = progress;
  job.total = total;
  job.counts = counts;
  job.itemCount += items.length;
}

const chunk = <T>(rows: T[], size: number): T[][] => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, i * size + size));

async function stillLeased(ctx: ServiceContext, job: RunningJob): Promise<boolean> {
  const row = await ctx.db.selectFrom("jobs").select("lease_token").where("id", "=", job.id).executeTakeFirst();
  return row?.lease_token === job.leaseToken;
}

/** The outbox event of a user's job ending (its owner is notified). */
const endEvent = (job: RunningJob, status: "DONE" | "FAILED", counts: Record<string, number>, error: string | null): Step => ({
  event: status === "DONE" ? "JOB_FINISHED" : "JOB_FAILED",
  subjectType: "job",
  subjectId: job.uuid,
  payload: { kind: job.kind, userId: job.actorUserId, counts, ...(error ? { error } : {}) },
});

/** Hand the job back (budget spent): QUEUED for whoever runs it next. */
async function release(ctx: ServiceContext, job: RunningJob, now: Date): Promise<void> {
  await ctx.db
    .updateTable("jobs")
    .set({ status: "QUEUED", lease_token: null, lease_until: null, run_after: now.toISOString(), updated_at: now.toISOString(), attempts: 0 })
    .where("id", "=", job.id)
    .where("lease_token", "=", job.leaseToken)
    .execute();
}

async function retryLater(ctx: ServiceContext, job: RunningJob, error: unknown): Promise<RunOutcome> {
  const now = ctx.now();
  const delay = (handlerFor(job.kind).retryDelayMs ?? defaultRetryDelayMs)(job.attempts);
  console.warn(JSON.stringify({ event: "job_slice_failed", job: job.uuid, kind: job.kind, attempt: job.attempts, error: String(error) }));
  await ctx.db
    .updateTable("jobs")
    .set({
      status: "QUEUED",
      lease_token: null,
      lease_until: null,
      run_after: new Date(now.getTime() + delay).toISOString(),
      error: String(error instanceof Error ? error.message : error).slice(0, 1000),
      updated_at: now.toISOString(),
    })
    .where("id", "=", job.id)
    .where("lease_token", "=", job.leaseToken)
    .execute();
  await sendWorkMessage(ctx.env, { type: "job.run", jobId: job.id }, { delaySeconds: Math.round(delay / 1000) }).catch(() => undefined);
  return "retry";
}

/** End the job FAILED with `message` (and tell its owner), keeping what its slices committed. */
async function fail(ctx: ServiceContext, job: RunningJob, message: string): Promise<RunOutcome> {
  const iso = ctx.now().toISOString();
  await commit(ctx, [
    ctx.db
      .updateTable("jobs")
      .set({ status: "FAILED", error: message.slice(0, 1000), finished_at: iso, updated_at: iso, lease_token: null, lease_until: null })
      .where("id", "=", job.id)
      .where("lease_token", "=", job.leaseToken),
    ...(job.actorUserId !== null ? [endEvent(job, "FAILED", job.counts, message)] : []),
  ]);
  const handler = handlerFor(job.kind);
  if (handler.onFailed) await handler.onFailed(ctx, job).catch((error: unknown) => console.warn(JSON.stringify({ event: "job_on_failed_error", job: job.uuid, error: String(error) })));
  return "failed";
}

/** How long a cron waits for a run of the same kind that another invocation holds. */
const BUSY_WAIT_MS = 60_000;

/**
 * Run a system job now (a cron branch): at most one of each kind lives at a time; a run that died
 * holding its lease is resumed rather than duplicated. While another invocation runs the same
 * kind, this waits for it to end and then runs its own (the work is idempotent), so a cron that
 * returns has had its work done.
 */
export async function runSystemJob(
  ctx: ServiceContext,
  kind: JobKind,
  options: RunOptions & { params?: Record<string, unknown>; /** Return at once when another run holds it (it will do the work). */ skipIfBusy?: boolean } = {},
): Promise<{ id: number; outcome: RunOutcome }> {
  const started = Date.now();
  for (;;) {
    const job = await createJob(ctx, { kind, singletonKey: kind, params: options.params });
    const outcome = await runJob(ctx, job.id, options);
    if (outcome !== "busy" || options.skipIfBusy || Date.now() - started > BUSY_WAIT_MS) return { id: job.id, outcome };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The watchdog (every maintenance run): jobs waiting past their time, or running under a lease
 * that lapsed (their Worker was killed), get a fresh message. Returns how many.
 */
export async function resumeStalledJobs(ctx: ServiceContext, limit = 50): Promise<number> {
  const iso = ctx.now().toISOString();
  const stalled = await ctx.db
    .selectFrom("jobs")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "QUEUED"), eb.or([eb("run_after", "is", null), eb("run_after", "<=", iso)])]),
        eb.and([eb("status", "=", "RUNNING"), eb("lease_until", "<", iso)]),
      ]),
    )
    .orderBy("id")
    .limit(limit)
    .execute();
  if (stalled.length > 0) await ctx.env.WORK_QUEUE.sendBatch(stalled.map((row) => ({ body: { type: "job.run", jobId: row.id } })));
  return stalled.length;
}
