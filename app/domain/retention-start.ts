import { retentionStartText } from "../i18n/document-validation.ts";
import { isIsoDate, zeroPad } from "./retention";

// Apart from the retention clock (`./retention`), which the lists and the dashboard load in the
// browser: this rule speaks in the document form's messages, which only the form needs.

/**
 * 'Tanggal mulai retensi' (the day the matter or file closed) against the document's year and
 * today (YYYY-MM-DD, Jakarta):
 * - refused: a day that has not come yet, unless it is still within the document's year (whose
 *   default start, 31 December, may itself lie ahead);
 * - refused unless `mayPrecedeYear` (Super Admin): a day before the document's year — the clock
 *   would start before the record existed and may make it due at once;
 * - a warning where it is allowed: the same day before the year, for who may set it.
 * An empty date (the default start) is always fine.
 */
export function retentionStartIssues(input: { date: string; year: number; today: string; mayPrecedeYear: boolean }): { error: string | null; warning: string | null } {
  const { date, year, today } = input;
  if (!date || !isIsoDate(date)) return { error: null, warning: null };
  const yearEnd = `${zeroPad(year, 4)}-12-31`;
  const latest = today > yearEnd ? today : yearEnd;
  if (date > latest) return { error: retentionStartText.retentionStartFuture(longDate(latest)), warning: null };
  if (date < `${zeroPad(year, 4)}-01-01`) {
    return input.mayPrecedeYear
      ? { error: null, warning: retentionStartText.retentionStartBeforeYearWarning(year) }
      : { error: retentionStartText.retentionStartBeforeYear(year), warning: null };
  }
  return { error: null, warning: null };
}

/** '31 Desember 2026' for an ISO day (the messages above). */
const longDate = (date: string) => new Intl.DateTimeFormat("id-ID", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
