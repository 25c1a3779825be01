import { assertCan } from "~/domain/policy";
import { OPEN_STATUSES } from "~/domain/ppid/requests";
import { workingDaysBetween } from "~/domain/ppid/working-days";
import { jakartaDate } from "~/domain/time";
import { commit, type Step } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import { loadWorkCalendar } from "./calendar.server";

/** The reminders before each due date, in working days. */
export const REMINDER_DAYS = [3, 1] as const;

/**
 * The daily PPID reminder (a job of the daily cron): for each open request (and each objection
 * awaiting the atasan) whose due date in force is 3 or 1 working days away (or fewer, when a run was missed), one PPID_DEADLINE_NEAR
 * event, remembered per due date so it fires once — again after an extension moves the date.
 * The notification rule decides who is told. Returns the events written.
 */
export async function remindPpidDeadlines(ctx: ServiceContext): Promise<number> {
  assertCan(ctx.actor, { type: "notifications.deliver" }, "notifications.deliver");
  const today = jakartaDate(ctx.now());
  const calendar = await loadWorkCalendar(ctx);
  // Open requests and objections are few (each is answered within weeks), so they are read whole.
  const requests = await ctx.db
    .selectFrom("ppid_requests")
    .select(["id", "uuid", "due_date", "extended_due_date", "reminded_due_3", "reminded_due_1"])
    .where("status", "in", [...OPEN_STATUSES])
    .execute();
  const objections = await ctx.db
    .selectFrom("ppid_objections")
    .select(["id", "uuid", "due_date", "reminded_due_3", "reminded_due_1"])
    .where("status", "=", "KEBERATAN")
    .execute();
  const due = [
    ...requests.map((row) => ({ table: "ppid_requests" as const, subjectType: "ppid_request", row, due: row.extended_due_date ?? row.due_date! })),
    ...objections.map((row) => ({ table: "ppid_objections" as const, subjectType: "ppid_objection", row, due: row.due_date })),
  ];
  let written = 0;
  for (const { table, subjectType, row, due: dueDate } of due) {
    const left = workingDaysBetween(today, dueDate, calendar);
    if (left < 0) continue;
    // The nearer reminder wins when a run was missed; each is sent once per due date.
    const which = left <= 1 ? 1 : left <= 3 ? 3 : null;
    if (which === null) continue;
    const column = which === 1 ? "reminded_due_1" : "reminded_due_3";
    if (row[column] === dueDate) continue;
    const steps: Step[] = [
      ctx.db.updateTable(table).set({ [column]: dueDate }).where("id", "=", row.id),
      { event: "PPID_DEADLINE_NEAR", subjectType, subjectId: row.uuid, payload: { days: Math.max(left, 1), dueDate } },
    ];
    await commit(ctx, steps);
    written++;
  }
  return written;
}
