import { ConflictError, DomainError, NotFoundError } from "~/domain/errors";
import { assertCan } from "~/domain/policy";
import type { LeaveDayInput } from "~/domain/ppid/requests";
import { isWeekend, KNOWN_HOLIDAY_YEARS, nationalHolidaysIn, workCalendar, type LeaveDay, type WorkCalendar } from "~/domain/ppid/working-days";
import { ppidMessages } from "~/i18n/ppid";
import { commit } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";

const m = ppidMessages.leaveDays;

/**
 * The working-day calendar of the PPID's clock: the national holidays in the code plus every
 * cuti bersama day Super Admin entered. The table holds a few days a year, so it is read whole.
 */
export async function loadWorkCalendar(ctx: Pick<ServiceContext, "db">): Promise<WorkCalendar> {
  const rows = await ctx.db.selectFrom("ppid_leave_days").select(["date", "note"]).orderBy("date").execute();
  return workCalendar(rows);
}

export type YearCalendar = {
  year: number;
  national: { date: string; name: string }[];
  leave: LeaveDay[];
};

const assertCalendar = (ctx: ServiceContext) => assertCan(ctx.actor, { type: "ppid.calendar" }, ppidMessages.denied.calendar);

/** The national holidays and the cuti bersama of `year` (the page of Super Admin). */
export async function yearCalendar(ctx: ServiceContext, year: number): Promise<YearCalendar> {
  assertCalendar(ctx);
  const leave = await ctx.db
    .selectFrom("ppid_leave_days")
    .select(["date", "note"])
    .where("date", ">=", `${year}-01-01`)
    .where("date", "<=", `${year}-12-31`)
    .orderBy("date")
    .execute();
  return { year, national: nationalHolidaysIn(year).map(([date, name]) => ({ date, name })), leave };
}

const invalid = (message: string) => new DomainError(400, message, { date: [message] });

/**
 * Record a cuti bersama day. Super Admin only. A weekend or a national holiday is refused (it is
 * no working day already); so is a day already entered (409). Audited as PPID_LEAVE_DAY_ADD.
 */
export async function addLeaveDay(ctx: ServiceContext, input: LeaveDayInput): Promise<void> {
  assertCalendar(ctx);
  const year = Number(input.date.slice(0, 4));
  if (year < KNOWN_HOLIDAY_YEARS.first || year > KNOWN_HOLIDAY_YEARS.last) throw invalid(m.outOfRange);
  if (isWeekend(input.date)) throw invalid(m.weekend);
  const holiday = workCalendar().dayOffReason(input.date);
  if (holiday) throw invalid(m.holiday(holiday));
  await commit(
    ctx,
    [
      ctx.db.insertInto("ppid_leave_days").values({
        date: input.date,
        note: input.note,
        created_by: ctx.actor && "userId" in ctx.actor ? ctx.actor.userId : null,
        created_at: ctx.now().toISOString(),
      }),
      { action: "PPID_LEAVE_DAY_ADD", params: { date: input.date, note: input.note }, targetType: "ppid_leave_day", targetId: input.date },
    ],
    { UNIQUE: () => new ConflictError(m.exists) },
  );
}

/** Remove a cuti bersama day (Super Admin). Audited as PPID_LEAVE_DAY_REMOVE. */
export async function removeLeaveDay(ctx: ServiceContext, date: string): Promise<void> {
  assertCalendar(ctx);
  const row = await ctx.db.selectFrom("ppid_leave_days").select("date").where("date", "=", date).executeTakeFirst();
  if (!row) throw new NotFoundError(m.notFound);
  await commit(ctx, [
    ctx.db.deleteFrom("ppid_leave_days").where("date", "=", row.date),
    { action: "PPID_LEAVE_DAY_REMOVE", params: { date: row.date }, targetType: "ppid_leave_day", targetId: row.date },
  ]);
}
