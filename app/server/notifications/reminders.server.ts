import { assertCan } from "~/domain/policy";
import { commit, type Step } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import { inListChunks } from "../db/in-list.server";

/** How long before a download token lapses its requester is reminded. */
export const TOKEN_REMINDER_BEFORE_MS = 2 * 60 * 60 * 1000;
/** Approvals reminded per run (every 30 minutes). */
const REMINDERS_PER_RUN = 500;

/**
 * Live download approvals that lapse within two hours and were not reminded yet: mark each
 * reminded and write its ACCESS_TOKEN_EXPIRING event in the same batch (the dispatcher composes
 * the notification for the requester). Returns how many.
 */
export async function remindExpiringTokens(ctx: ServiceContext): Promise<number> {
  assertCan(ctx.actor, { type: "notifications.deliver" }, "notifications.deliver");
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom("access_requests as r")
    .innerJoin("archives as a", "a.id", "r.archive_id")
    .select(["r.id", "r.uuid"])
    .where("r.status", "=", "APPROVED")
    .where("r.expiry_reminded_at", "is", null)
    .where("r.expires_at", ">", now.toISOString())
    .where("r.expires_at", "<=", new Date(now.getTime() + TOKEN_REMINDER_BEFORE_MS).toISOString())
    .where("a.deleted_at", "is", null)
    .orderBy("r.expires_at")
    .limit(REMINDERS_PER_RUN)
    .execute();
  for (const chunk of inListChunks(rows)) {
    const steps: Step[] = [
      ctx.db
        .updateTable("access_requests")
        .set({ expiry_reminded_at: now.toISOString() })
        .where("id", "in", chunk.map((row) => row.id)),
      ...chunk.map((row): Step => ({ event: "ACCESS_TOKEN_EXPIRING", subjectType: "access_request", subjectId: row.uuid })),
    ];
    await commit(ctx, steps);
  }
  return rows.length;
}
