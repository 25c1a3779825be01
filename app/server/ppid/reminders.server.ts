import { assertCan } from "~/domain/policy";
import { OPEN_STATUSES } from "~/domain/ppid/requests";
import { jakartaDate, workingDaysBetween } from "~/domain/ppid/working-days";
import { commit, type Step } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import { loadWorkCalendar } from "./calendar.server";

/** The reminders before each due date, in working days. */
export const REMINDER_DAYS = [3, 1] as const;

/**
 * The daily PPID reminder (a job of the daily cron): for each open request whose due date in
 * force is 3 or 1 working days away (or fewer, when a run was missed), one PPID_DEADLINE_NEAR
 * event, remembered per due date so it fires once — again after an extension moves the date.
 * The notification rule decides who is told. Returns the events written.
 */
export async function remindPpidDeadlines(ctx: ServiceContext): Promise<number> {
  assertCan(ctx.actor, { type: "notifications.deliver" }, "notifications.deliver");
  const today = jakartaDate(ctx.now());
  const calendar = await loadWorkCalendar(ctx);
  // Open requests are few (each is answered within 17 working days), so they are read whole.
  const rows = await ctx.db
    .selectFrom("ppid_requests")
    .select(["id", "uuid", "due_date", "extended_due_date", "reminded_due_3", "reminded_due_1"])
    .where("status", "in", [...OPEN_STATUSES])
    .execute();
  let written = 0;
  for (const row of rows) {
    const due = row.extended_due_date ?? row.due_date!;
    const left = workingDaysBetween(today, due, calendar);
    if (left < 0) continue;
    // The nearer reminder wins when a run was missed; each is sent once per due date.
    const which = left <= 1 ? 1 : left <= 3 ? 3 : null;
    if (which === null) continue;
    const column = which === 1 ? "reminded_due_1" : "reminded_due_3";
    if (row[column] === due) continue;
    const steps: Step[] = [
      ctx.db.updateTable("ppid_requests").set({ [column]: due }).where("id", "=", row.id),
      { event: "PPID_DEADLINE_NEAR", subjectType: "ppid_request", subjectId: row.uuid, payload: { days: Math.max(left, 1), dueDate: due } },
    ];
    await commit(ctx, steps);
    written++;
  }
  return written;
}
