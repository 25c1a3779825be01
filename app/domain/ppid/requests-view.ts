// The zod-free half of the PPID vocabulary (states, outcomes, grounds, channels): page components
// import it without pulling zod into the browser; the forms' schemas are in ./requests.

/** A user's PPID designation beside their SPEC role (Super Admin always acts as both). */
export const PPID_ROLES = ["PETUGAS", "ATASAN"] as const;
export type PpidRole = (typeof PPID_ROLES)[number];

/** Where a request stands. MENUNGGU_KONFIRMASI is not yet registered (no number, no clock). */
export const REQUEST_STATUSES = ["MENUNGGU_KONFIRMASI", "DITERIMA", "DIPROSES", "DIPERPANJANG", "DIJAWAB", "SELESAI"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** The states in which the answer is still owed (the register's "open" requests). */
export const OPEN_STATUSES = ["DITERIMA", "DIPROSES", "DIPERPANJANG"] as const satisfies readonly RequestStatus[];

export const OUTCOMES = ["DIBERIKAN", "DIBERIKAN_SEBAGIAN", "DITOLAK", "TIDAK_DIKUASAI"] as const;
export type Outcome = (typeof OUTCOMES)[number];
/** The outcomes that withhold something: they rest on a Pasal 17 ground and a consequence test. */
export const WITHHOLDING_OUTCOMES: readonly Outcome[] = ["DITOLAK", "DIBERIKAN_SEBAGIAN"];

/** How a request arrived: online through /ppid, or recorded by an officer ('Catat Permohonan'). */
export const CHANNELS = ["ONLINE", "LANGSUNG", "SURAT", "TELEPON", "EMAIL"] as const;
export type Channel = (typeof CHANNELS)[number];
export const OFFICER_CHANNELS = ["LANGSUNG", "SURAT", "TELEPON", "EMAIL"] as const satisfies readonly Channel[];

/** The form wanted: to see it, or a copy (softcopy or hardcopy). */
export const FORMATS = ["MELIHAT", "SALINAN_SOFTCOPY", "SALINAN_HARDCOPY"] as const;
/** How the requester receives it. */
export const DELIVERIES = ["AMBIL_LANGSUNG", "POS", "EMAIL"] as const;

/** Pasal 17 UU 14/2008, huruf a–j: the information excepted from disclosure. */
export const EXEMPTION_GROUNDS = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"] as const;
export type ExemptionGround = (typeof EXEMPTION_GROUNDS)[number];
/** Pasal 35 ayat (1) UU 14/2008, huruf a–g: the grounds of an objection. */
export const OBJECTION_GROUNDS = ["a", "b", "c", "d", "e", "f", "g"] as const;

/**
 * A requester's personal data (name, email, phone, address) is kept this long after the request
 * was answered (or closed), and no longer: two years covers the year's annual report and a
 * dispute before the Komisi Informasi; the register's numbers, dates, outcomes and the
 * information asked stay (decision 0276).
 */
export const PERSONAL_DATA_KEPT_DAYS = 730;
/** An unconfirmed request's data goes a day after its confirmation link lapsed: it never entered the register. */
export const UNCONFIRMED_KEPT_DAYS = 1;

/**
 * Whether a dispute before the Komisi Informasi may be recorded now (Pasal 37): once the atasan
 * responded, or while the objection is still unanswered after its due date (`today`, Jakarta).
 */
export const mayRecordDispute = (objection: { status: string; dueDate: string }, today: string): boolean =>
  objection.status === "DITANGGAPI" || (objection.status === "KEBERATAN" && today > objection.dueDate);

/**
 * The outcomes under which a document's file may be released to the requester: something is
 * given. A refusal or 'not held' gives nothing (decision 0280).
 */
export const RELEASING_OUTCOMES: readonly Outcome[] = ["DIBERIKAN", "DIBERIKAN_SEBAGIAN"];
/**
 * Only a TERBATAS record's file is released for one requester: a PUBLIC (BIASA) one is named by
 * reference, and RAHASIA / SANGAT_RAHASIA are never released through the PPID desk — they are
 * excepted by nature and need the consequence test of a refusal instead (decision 0280).
 */
export const RELEASABLE_CLASSES = ["TERBATAS"] as const;
/** How long a released file can be downloaded, counted from the answer (decision 0280). */
export const RELEASE_DAYS = 30;

/** The UUIDs in what an officer pasted: bare UUIDs or links to documents, one per line or comma. */
export function pastedUuids(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return [];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) =>
    typeof item === "string"
      ? item
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((token) => /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=[^0-9a-f]*$)/i.exec(token)?.[0].toLowerCase() ?? token)
      : [item],
  );
}

/**
 * The kinds of public information of UU 14/2008 a DIP entry is listed under: provided
 * periodically (Pasal 9), at once (Pasal 10), and available at any time (Pasal 11).
 */
export const DIP_KINDS = ["BERKALA", "SERTA_MERTA", "SETIAP_SAAT"] as const;
export type DipKind = (typeof DIP_KINDS)[number];
