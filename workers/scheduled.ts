import { createDb } from "~/server/db.server";
import { runMaintenance } from "~/server/services/maintenance.server";

/** The cron trigger (wrangler.toml): housekeeping only, see runMaintenance. */
export async function scheduled(_controller: ScheduledController, env: Env): Promise<void> {
  await runMaintenance({ db: createDb(env.DB), d1: env.DB, files: env.FILES, now: new Date() });
}
