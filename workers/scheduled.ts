import { sealAuditChain } from "~/server/audit/chain.server";
import { scheduledAuditChainCheck } from "~/server/audit/integrity.server";
import { jobContext } from "~/server/context.server";
import { runFixityChecks } from "~/server/fixity/service.server";
import { runMaintenance } from "~/server/jobs/maintenance.server";
import { restemStaleVocabulary } from "~/server/search/service.server";
import { enqueuePendingTexts } from "~/server/text-extraction/service.server";
import { refreshRetentionStates } from "~/server/retention/service.server";

/** The daily cron of wrangler.toml: seal and verify the audit-log hash chain. */
export const AUDIT_CHAIN_CRON = "17 3 * * *";
/** Twice an hour, between the maintenance runs: re-hash a batch of stored objects. */
export const FIXITY_CRON = "15,45 * * * *";
/**
 * Daily at 00:41 in Jakarta (17:41 UTC): the clock counts calendar days in Asia/Jakarta, so
 * running just after midnight there makes a record due on the very day it falls due.
 */
export const RETENTION_CRON = "41 17 * * *";

/**
 * The cron triggers (wrangler.toml), each run as a job with its own system actor. Every 30
 * minutes: housekeeping (see runMaintenance), then sealing the audit rows it and anything else
 * left unsealed, then the text-extraction backfill (documents whose text still waits) and, after
 * the stemmer changed, a part of the search vocabulary's re-stem. Between
 * those: a fixity batch, in an invocation of its own so that hashing files never delays or shares
 * the time limit of the housekeeping. Daily: the audit-chain check, and the retention clock's
 * refresh (every live document's status recomputed, so a record falls due the day after its
 * period ends).
 */
export async function scheduled(controller: ScheduledController, env: Env, execution?: ExecutionContext): Promise<void> {
  const waitUntil = execution ? (promise: Promise<unknown>) => execution.waitUntil(promise) : undefined;
  if (controller.cron === AUDIT_CHAIN_CRON) {
    await scheduledAuditChainCheck(jobContext(env, "audit-chain", { waitUntil }));
    return;
  }
  if (controller.cron === RETENTION_CRON) {
    await refreshRetentionStates(jobContext(env, "retention", { waitUntil }));
    return;
  }
  if (controller.cron === FIXITY_CRON) {
    await runFixityChecks(jobContext(env, "fixity", { waitUntil }));
    return;
  }
  const ctx = jobContext(env, "maintenance", { waitUntil });
  await runMaintenance(ctx);
  await sealAuditChain(ctx, 250);
  const textJob = jobContext(env, "text-extraction", { waitUntil });
  await enqueuePendingTexts(textJob);
  await restemStaleVocabulary(textJob);
}
