/**
 * The disposal pages' short day, apart from `format.ts`: a browser chunk carries a whole module,
 * and these pages need nothing else of it.
 */

// Built once, at first use (building one costs more than formatting a row).
let shortDayFormat: Intl.DateTimeFormat | undefined;
/** A day as Intl writes it in Indonesian ("5 Des 2026"), Jakarta time; "–" for none. */
export const formatShortDay = (iso: string | null) =>
  iso ? (shortDayFormat ??= new Intl.DateTimeFormat("id-ID", { timeZone: "Asia/Jakarta", day: "numeric", month: "short", year: "numeric" })).format(new Date(iso)) : "–";
