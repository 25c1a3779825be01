import type { FinalDisposition } from "./classification";

/**
 * The retention clock (Jadwal Retensi Arsip): pure, so the page, the daily refresh and the
 * tests compute exactly the same thing from the same inputs and an injected `today`.
 *
 * Dates are calendar days as ISO strings (YYYY-MM-DD) in the campus time zone; the caller
 * turns its clock into `today` with `retentionToday`.
 *
 * The rule, as an archivist reads a JRA line "aktif 2 tahun, inaktif 5 tahun, musnah":
 * - start = 'Tanggal mulai retensi' if set, else 31 December of the document's year;
 * - activeUntil = start + active years; the record is AKTIF up to and including that day;
 * - inactiveUntil = activeUntil + inactive years (a reappraisal's extension replaces it); the
 *   record is INAKTIF up to and including that day;
 * - from the next day it is JATUH_TEMPO for its final disposition (a reappraisal's
 *   override wins over the code's). So the "until" days are the last days of a period, never
 *   due themselves: a 2019 letter kept 2 + 5 years is due on 1 January 2027.
 * - Adding years to 29 February lands on 28 February in a common year (the period ends in
 *   the same month, never spills into March).
 * Before the dates: STATIS (handed over, never destroyed) wins over everything, then a legal
 * hold (DITAHAN), then a document without a code (TANPA_KODE: no schedule applies).
 */
export const RETENTION_STATUSES = ["AKTIF", "INAKTIF", "JATUH_TEMPO", "DITAHAN", "STATIS", "TANPA_KODE"] as const;
export type RetentionStatus = (typeof RETENTION_STATUSES)[number];

export const isRetentionStatus = (value: unknown): value is RetentionStatus =>
  typeof value === "string" && (RETENTION_STATUSES as readonly string[]).includes(value);

export type RetentionCode = {
  retentionActiveYears: number;
  retentionInactiveYears: number;
  finalDisposition: FinalDisposition;
};

export type RetentionInput = {
  year: number;
  retentionStartDate: string | null;
  retentionExtendedUntil: string | null;
  dispositionOverride: "MUSNAH" | "PERMANEN" | null;
  archivalState: "STATIS" | null;
  /** The document's code, or null when it has none. */
  code: RetentionCode | null;
  /** Whether an unreleased hold covers the document (its own, or its code's or an ancestor's). */
  held: boolean;
  /** Today, YYYY-MM-DD. */
  today: string;
};

export type RetentionResult = {
  status: RetentionStatus;
  /** Last day of the active period (null without a code). */
  activeUntil: string | null;
  /** Last day of the inactive period, i.e. the day before it falls due (null without a code). */
  inactiveUntil: string | null;
  disposition: FinalDisposition | null;
  /** Active + inactive years of the code (the ANRI approval threshold reads this). */
  totalRetentionYears: number | null;
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Is `value` a real calendar day written YYYY-MM-DD? */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
export const zeroPad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `date` plus whole `years`; 29 February onto a common year gives 28 February. */
export function addYears(date: string, years: number): string {
  const match = ISO_DATE.exec(date);
  if (!match) throw new Error(`not an ISO date: ${date}`);
  const year = Number(match[1]) + years;
  const month = Number(match[2]);
  const day = Math.min(Number(match[3]), daysInMonth(year, month));
  return `${zeroPad(year, 4)}-${zeroPad(month)}-${zeroPad(day)}`;
}

// Built once, at first use: an Intl formatter with a time zone costs more to build than the clock it serves.
let jakartaDay: Intl.DateTimeFormat | undefined;

/** The calendar day of `now` in the campus time zone (Asia/Jakarta), YYYY-MM-DD. */
export const retentionToday = (now: Date): string => (jakartaDay ??= new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" })).format(now);

/** The clock's start: the override, else 31 December of the document's year. */
export const retentionStart = (year: number, retentionStartDate: string | null): string =>
  retentionStartDate ?? `${zeroPad(year, 4)}-12-31`;

export function computeRetention(input: RetentionInput): RetentionResult {
  const code = input.code;
  const dates = code
    ? (() => {
        const activeUntil = addYears(retentionStart(input.year, input.retentionStartDate), code.retentionActiveYears);
        const inactiveUntil = input.retentionExtendedUntil ?? addYears(activeUntil, code.retentionInactiveYears);
        return { activeUntil, inactiveUntil };
      })()
    : null;
  const disposition: FinalDisposition | null = input.dispositionOverride ?? code?.finalDisposition ?? null;
  const base = {
    activeUntil: dates?.activeUntil ?? null,
    inactiveUntil: dates?.inactiveUntil ?? null,
    disposition,
    totalRetentionYears: code ? code.retentionActiveYears + code.retentionInactiveYears : null,
  };
  if (input.archivalState === "STATIS") return { status: "STATIS", ...base };
  if (input.held) return { status: "DITAHAN", ...base };
  if (!dates) return { status: "TANPA_KODE", ...base };
  // ISO dates compare as strings.
  if (input.today <= dates.activeUntil) return { status: "AKTIF", ...base };
  if (input.today <= dates.inactiveUntil) return { status: "INAKTIF", ...base };
  return { status: "JATUH_TEMPO", ...base };
}

/** The Retensi section of a document's page (and `GET /api/v1/archives/{uuid}/retention`'s answer). */
export type RetentionView = RetentionResult & {
  retentionStartDate: string | null;
  /** The start the clock uses (the override, or 31 December of the year). */
  start: string;
  retentionExtendedUntil: string | null;
  /** The unreleased hold that covers the document: its own, one on its code or a code above, or one on another document of its berkas. */
  hold: { reason: string; createdAt: string; createdBy: string | null; code: string | null; document: string | null } | null;
  /** Whether the document's own hold can be released here (a code's hold is released on the code). */
  ownHold: boolean;
  canHold: boolean;
  /** JATUH_TEMPO for DINILAI_KEMBALI and the actor may record the reappraisal. */
  canReappraise: boolean;
  /** A Statis record: the Berita Acara Penyerahan that made it so (why it is read-only). */
  statisSince: { beritaAcaraUuid: string; number: string; issuedOn: string } | null;
};

/** The dashboard's retention cards: live documents per status, and the destroyed ones (tombstones). */
export type RetentionOverview = Record<RetentionStatus, number> & {
  DIMUSNAHKAN: number;
  /** When the daily clock (or a full recompute) last made every status whole; null: never. */
  checkedAt: string | null;
};

const DISPOSITION_WEIGHT: Record<FinalDisposition, number> = { MUSNAH: 0, DINILAI_KEMBALI: 1, PERMANEN: 2 };

/**
 * The clock of a berkas (a file of records under one code): it is kept, held, moved and disposed
 * of as one unit, so each of its documents takes the berkas's result, computed from theirs:
 * - the periods end with the latest document's (a file closes with its last record, as ANRI
 *   counts retention from the end of a berkas's kurun waktu), so a later letter filed into an old
 *   berkas keeps the whole berkas active;
 * - the most lasting disposition wins (Permanen over Dinilai Kembali over Musnah): a berkas is
 *   never destroyed while one of its records must be kept or appraised again;
 * - Statis if it was handed over, then held if a hold covers any of its documents ("a hold on an
 *   item holds the berkas"), then the dates.
 * `clocks` are the documents' own results (`computeRetention`); at least one.
 */
export function combineBerkasClock(clocks: readonly RetentionResult[], today: string): RetentionResult {
  const latest = (values: (string | null)[]) => values.reduce<string | null>((max, value) => (value !== null && (max === null || value > max) ? value : max), null);
  const activeUntil = latest(clocks.map((clock) => clock.activeUntil));
  const inactiveUntil = latest(clocks.map((clock) => clock.inactiveUntil));
  const disposition = clocks.reduce<FinalDisposition | null>(
    (kept, clock) => (clock.disposition !== null && (kept === null || DISPOSITION_WEIGHT[clock.disposition] > DISPOSITION_WEIGHT[kept]) ? clock.disposition : kept),
    null,
  );
  const years = clocks.map((clock) => clock.totalRetentionYears).filter((value): value is number => value !== null);
  const base = { activeUntil, inactiveUntil, disposition, totalRetentionYears: years.length ? Math.max(...years) : null };
  if (clocks.some((clock) => clock.status === "STATIS")) return { status: "STATIS", ...base };
  if (clocks.some((clock) => clock.status === "DITAHAN")) return { status: "DITAHAN", ...base };
  if (activeUntil === null || inactiveUntil === null) return { status: "TANPA_KODE", ...base };
  if (today <= activeUntil) return { status: "AKTIF", ...base };
  if (today <= inactiveUntil) return { status: "INAKTIF", ...base };
  return { status: "JATUH_TEMPO", ...base };
}
