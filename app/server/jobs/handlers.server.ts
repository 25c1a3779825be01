/**
 * Every kind of job and the code that runs it: the one place a new kind is added. A handler
 * runs one bounded slice from the job's cursor; the runner commits it with the new cursor.
 */
import { NotFoundError } from "~/domain/errors";
import type { JobKind } from "~/domain/jobs";
import type { JobName, SystemActor } from "~/domain/policy";
import { jobMessages } from "~/i18n/jobs-messages";
import { sealAuditChain } from "../audit/chain.server";
import { scheduledAuditChainCheck } from "../audit/integrity.server";
import { actorOf, type ServiceContext } from "../context.server";
import { usersWithRole, toSessionUser } from "../auth/session.server";
import { abandonDisposalExecution, executeDisposalSlice } from "../disposal/service.server";
import { dispatchEvents } from "../events/dispatcher.server";
import { runFixityChecks } from "../fixity/service.server";
import { sendDailyDigests } from "../notifications/email.server";
import { remindExpiringTokens } from "../notifications/reminders.server";
import { advanceRetentionClock, retentionRefreshSlice } from "../retention/service.server";
import { enqueuePendingTexts } from "../text-extraction/service.server";
import { backfillMetadataTerms, restemStaleVocabulary } from "../search/service.server";
import { runVitalCopyChecks } from "../vital/copies.server";
import { abandonImport, importSlice } from "../imports/service.server";
import { bulkEditSlice } from "../documents/bulk.server";
import { runMaintenance } from "./maintenance.server";
import { remindPpidDeadlines } from "../ppid/reminders.server";
import type { JobSlice, RunningJob } from "./runner.server";

export type JobHandler = {
  /** The system actor a job of this kind acts as when no user owns it. */
  system?: JobName;
  /** One bounded slice of work from `job.cursor`. */
  slice(ctx: ServiceContext, job: RunningJob): Promise<JobSlice>;
  /** After the job ended FAILED (an import removes what it created). */
  onFailed?(ctx: ServiceContext, job: RunningJob): Promise<void>;
  /** How long to wait before the next attempt after an unexpected error (default: the runner's). */
  retryDelayMs?(attempts: number): number;
  /**
   * How long a slice holds the job (default: the runner's LEASE_MS). A runner that died holds up
   * the job until its lease lapses; a kind whose slices are short and whom others wait for keeps
   * that wait short.
   */
  leaseMs?: number;
};

/** A job that is one call: it runs, reports its counts, and is done. */
const once = (system: JobName, run: (ctx: ServiceContext) => Promise<Record<string, number | boolean>>): JobHandler => ({
  system,
  async slice(ctx) {
    const result = await run(ctx);
    const counts = Object.fromEntries(Object.entries(result).map(([key, value]) => [key, Number(value)]));
    return { cursor: null, counts, finished: true };
  },
});

const HANDLERS: Record<JobKind, JobHandler> = {
  // Housekeeping every 30 minutes (see runMaintenance), then sealing what it and others left unsealed.
  maintenance: once("maintenance", async (ctx) => {
    const result = await runMaintenance(ctx);
    await sealAuditChain(ctx, 250);
    return result;
  }),
  "audit-chain": once("audit-chain", async (ctx) => ({ ok: (await scheduledAuditChainCheck(ctx)).ok })),
  fixity: once("fixity", async (ctx) => {
    const result = await runFixityChecks(ctx);
    return { checked: result.checked, failed: result.failed };
  }),
  "vital.copies": once("fixity", async (ctx) => ({ ...(await runVitalCopyChecks(ctx)) })),
  "text-backfill": once("text-extraction", async (ctx) => ({ sent: await enqueuePendingTexts(ctx as ServiceContext & { actor: SystemActor }) })),
  // The search vocabulary's re-stem and the back-fill of older documents' metadata words keep
  // their own cursors (search_stemmer), so each run goes on from there.
  "search.restem": once("text-extraction", async (ctx) => {
    const run = await restemStaleVocabulary(ctx);
    const backfill = await backfillMetadataTerms(ctx);
    return { read: run.read, changed: run.changed, done: run.done, metadataRead: backfill.read, metadataDone: backfill.done };
  }),
  // The daily clock: rows whose boundary passed move on; missing rows are made; the cursor walks
  // every document only on a full recompute ('Hitung Ulang', a code's retention changed).
  retention: {
    system: "retention",
    async slice(ctx, job) {
      if (job.params.full) return retentionRefreshSlice(ctx, job);
      return advanceRetentionClock(ctx, job);
    },
  },
  // Every notification waits behind the dispatcher: after a failure it tries again within seconds
  // (2 s, doubling), an event that keeps failing is passed over on its third attempt, and a
  // dispatcher whose Worker died is taken over after 30 s (its slices take a second or two).
  "events.dispatch": {
    system: "events",
    slice: (ctx, job) => dispatchEvents(ctx, job),
    retryDelayMs: (attempts) => 2_000 * 2 ** Math.max(0, attempts - 1),
    leaseMs: 30_000,
  },
  "notifications.digest": once("notifications", async (ctx) => ({ sent: await sendDailyDigests(ctx) })),
  "notifications.reminders": once("notifications", async (ctx) => ({ reminded: await remindExpiringTokens(ctx) })),
  "ppid.reminders": once("notifications", async (ctx) => ({ reminded: await remindPpidDeadlines(ctx) })),
  // Recorded as FAILED when they arrive; never run.
  // 'Laksanakan': plan, render the Berita Acara, apply (see executeDisposalSlice); a job that
  // gives up leaves the list a draft again.
  "disposal.execute": { slice: executeDisposalSlice, onFailed: abandonDisposalExecution },
  // An import's run; a job that gives up removes what it made (a cancel or a refused line does so in its slices).
  "import.run": { slice: importSlice, onFailed: abandonImport },
  "documents.bulk": { slice: bulkEditSlice },
  "queue.dead-letter": {
    system: "queue",
    async slice() {
      return { cursor: null, finished: true, failed: jobMessages.deadLetterNotRunnable };
    },
  },
};

export function handlerFor(kind: JobKind): JobHandler {
  const handler = HANDLERS[kind];
  if (!handler) throw new Error(`no handler for job kind ${kind}`);
  return handler;
}

/**
 * The context a job runs in: the user it acts for, read afresh (their role and unit now, so a
 * demoted user's job can do only what they still may), or its kind's system actor.
 */
export async function contextForJob(base: ServiceContext, job: RunningJob): Promise<ServiceContext> {
  if (job.actorUserId === null) {
    const system = (job.actorSystem ?? handlerFor(job.kind).system) as JobName | undefined;
    if (!system) throw new Error(`job kind ${job.kind} has no system actor`);
    return { ...base, actor: { system } };
  }
  const row = await usersWithRole(base.db).where("u.id", "=", job.actorUserId).executeTakeFirst();
  if (!row) throw new NotFoundError(jobMessages.actorGone);
  return { ...base, actor: actorOf(toSessionUser(row)) };
}
