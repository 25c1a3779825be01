/**
 * The PPID's reports: the registers of requests and objections and the annual report, each for
 * one year — the year of the day a request (or an objection) was received, in Asia/Jakarta.
 */
// Zod-free (pages import it); the year's schema is in ./requests.

/** The earliest and latest year a report may be asked for. */
export const REPORT_YEARS = { first: 2000, last: 2100 } as const;

/** The median of `values` (the mean of the two middle ones for an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The desk's downloads by their Indonesian path segment: the annual report and the two registers. */
export const REPORT_FILES = ["laporan", "permohonan", "keberatan"] as const;
export type ReportFile = (typeof REPORT_FILES)[number];
