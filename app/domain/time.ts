/** A day of 24 hours, in milliseconds (the clock's day: no time zone applies). */
export const DAY_MS = 86_400_000;

/** The ISO instant `days` days of 24 hours after `instant` (before it for a negative count). */
export const daysAfter = (instant: Date | string, days: number): string => new Date(new Date(instant).getTime() + days * DAY_MS).toISOString();
