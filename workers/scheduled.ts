import { sealAuditChain } from "~/server/audit/chain.server";
import { createDb } from "~/server/db.server";
import { scheduledAuditChainCheck } from "~/server/services/audit-integrity.server";
import { runMaintenance } from "~/server/services/maintenance.server";

/** The daily cron of wrangler.toml: seal and verify the audit-log hash chain. */
export const AUDIT_CHAIN_CRON = "17 3 * * *";

/**
 * The cron triggers (wrangler.toml). Every 30 minutes: housekeeping (see runMaintenance), then
 * sealing the audit rows it and anything else left unsealed. Daily: the audit-chain check.
 */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const deps = { db: createDb(env.DB), d1: env.DB, now: () => new Date() };
  if (controller.cron === AUDIT_CHAIN_CRON) {
    await scheduledAuditChainCheck(deps);
    return;
  }
  await runMaintenance({ db: deps.db, d1: env.DB, files: env.FILES, now: new Date() });
  await sealAuditChain(deps, 250);
}
