/** A day of 24 hours, in milliseconds (the clock's day: no time zone applies). */
export const DAY_MS = 86_400_000;

/** The ISO instant `days` days of 24 hours after `instant` (before it for a negative count). */
export const daysAfter = (instant: Date | string, days: number): string => new Date(new Date(instant).getTime() + days * DAY_MS).toISOString();

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtc(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The calendar day (YYYY-MM-DD) `days` days after `date` (before it for a negative count). */
export const addCalendarDays = (date: string, days: number) => new Date(toUtc(date) + days * DAY_MS).toISOString().slice(0, 10);

/** The day of the week of a YYYY-MM-DD date: 0 Sunday … 6 Saturday. */
export const weekdayOf = (date: string) => new Date(toUtc(date)).getUTCDay();

/** The calendar day of `now` in Asia/Jakarta (YYYY-MM-DD): every date of the clock is one. */
export const jakartaDate = (now: Date): string => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(now);
