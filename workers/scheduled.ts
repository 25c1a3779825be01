import { runBatch } from "~/server/batch.server";
import { getDb } from "~/server/db.server";

/**
 * Cron: mark approvals whose download window has lapsed as EXPIRED, and drop sessions and
 * throttle rows that can no longer matter.
 */
export async function scheduled(_controller: ScheduledController, env: Env): Promise<void> {
  const db = getDb(env.DB);
  const now = new Date().toISOString();
  await runBatch(env.DB, [
      db.updateTable("access_requests").set({ status: "EXPIRED" }).where("status", "=", "APPROVED").where("expires_at", "<=", now),
      db.deleteFrom("sessions").where("expires_at", "<=", now),
      db.deleteFrom("login_throttle").where((eb) =>
        eb.and([eb("window_start", "<=", new Date(Date.now() - 24 * 3600 * 1000).toISOString()), eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)])]),
      ),
  ]);
}
