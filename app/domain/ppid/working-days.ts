/**
 * The PPID's legal clock: working days (hari kerja) in Asia/Jakarta, without Saturdays, Sundays,
 * Indonesia's national holidays (generated from the date-holidays library) and the cuti bersama
 * days Super Admin enters per year. Pure: dates are YYYY-MM-DD strings, the calendar is passed in.
 *
 * Counting follows the usual reading of UU 14/2008 and PerKI 1/2021: a period of N working days
 * "sejak diterimanya" a request starts the working day AFTER the day of receipt, so the due date
 * is the N-th working day after that day (a request received on a Saturday or a holiday is due
 * the N-th working day after it all the same).
 */
import { addCalendarDays, weekdayOf } from "~/domain/time";
import { NATIONAL_HOLIDAYS, NATIONAL_HOLIDAY_YEARS } from "./national-holidays";

/** Pasal 22(7) UU 14/2008: the written answer within 10 working days of receipt. */
export const ANSWER_WORKING_DAYS = 10;
/** Pasal 22(8): one extension of at most 7 working days, with written reasons. */
export const EXTENSION_WORKING_DAYS = 7;
/** Pasal 36(1): an objection within 30 working days of the ground for it (an answer, a missed deadline). */
export const OBJECTION_WINDOW_WORKING_DAYS = 30;
/** Pasal 36(2): the atasan PPID answers an objection within 30 working days. */
export const OBJECTION_RESPONSE_WORKING_DAYS = 30;
/** Pasal 37(2): a dispute goes to the Komisi Informasi within 14 working days of the atasan's answer. */
export const DISPUTE_WINDOW_WORKING_DAYS = 14;

export type LeaveDay = { date: string; note: string };

/** Which days are not working days: weekends aside, national holidays and cuti bersama. */
export type WorkCalendar = {
  /** Why `date` is a day off (a holiday's or a cuti bersama's name), or null for a weekday at work. */
  dayOffReason(date: string): string | null;
};

const national = new Map<string, string>(NATIONAL_HOLIDAYS.map(([date, name]) => [date, name]));

/** The years whose national holidays the clock knows; outside them only weekends and cuti bersama count. */
export const KNOWN_HOLIDAY_YEARS = NATIONAL_HOLIDAY_YEARS;

/** The national holidays of `year` as [date, name]. */
export const nationalHolidaysIn = (year: number) => NATIONAL_HOLIDAYS.filter(([date]) => date.startsWith(`${year}-`));

/** A calendar of the national holidays plus `leaveDays` (cuti bersama). */
export function workCalendar(leaveDays: readonly LeaveDay[] = []): WorkCalendar {
  const leave = new Map(leaveDays.map((day) => [day.date, day.note]));
  return { dayOffReason: (date) => national.get(date) ?? leave.get(date) ?? null };
}

/** Saturday or Sunday. */
export const isWeekend = (date: string) => {
  const weekday = weekdayOf(date);
  return weekday === 0 || weekday === 6;
};

export const isWorkingDay = (date: string, calendar: WorkCalendar) => !isWeekend(date) && calendar.dayOffReason(date) === null;

/** The `count`-th working day after `date` (count ≥ 1; `date` itself never counts). */
export function addWorkingDays(date: string, count: number, calendar: WorkCalendar): string {
  if (!Number.isInteger(count) || count < 1) throw new Error(`count must be a positive integer: ${count}`);
  let day = date;
  for (let left = count; left > 0; ) {
    day = addCalendarDays(day, 1);
    if (isWorkingDay(day, calendar)) left--;
  }
  return day;
}

/**
 * Working days from `from` to `to`: those in (from, to] when `to` is later (how many working days
 * are left until a due date, the due date counted), 0 on the same day, and minus those in
 * (to, from] when `to` is earlier (how many working days a due date is overdue).
 */
export function workingDaysBetween(from: string, to: string, calendar: WorkCalendar): number {
  if (from === to) return 0;
  const [start, end, sign] = from < to ? [from, to, 1] : [to, from, -1];
  let count = 0;
  for (let day = addCalendarDays(start, 1); day <= end; day = addCalendarDays(day, 1)) if (isWorkingDay(day, calendar)) count++;
  return sign * count;
}

/** A request's answer is due 10 working days after the day it was received. */
export const answerDueDate = (receivedOn: string, calendar: WorkCalendar) => addWorkingDays(receivedOn, ANSWER_WORKING_DAYS, calendar);

/** Extended once: 7 working days after the first due date. */
export const extendedDueDate = (dueDate: string, calendar: WorkCalendar) => addWorkingDays(dueDate, EXTENSION_WORKING_DAYS, calendar);

/** The last day an objection may be filed: 30 working days after its ground (the answer's day, or the missed due date). */
export const objectionDeadline = (groundOn: string, calendar: WorkCalendar) => addWorkingDays(groundOn, OBJECTION_WINDOW_WORKING_DAYS, calendar);

/** The atasan PPID's answer to an objection is due 30 working days after it was received. */
export const objectionResponseDue = (receivedOn: string, calendar: WorkCalendar) => addWorkingDays(receivedOn, OBJECTION_RESPONSE_WORKING_DAYS, calendar);

/** The last day to take the atasan's answer to the Komisi Informasi. */
export const disputeDeadline = (respondedOn: string, calendar: WorkCalendar) => addWorkingDays(respondedOn, DISPUTE_WINDOW_WORKING_DAYS, calendar);
