/**
 * Recognise the database's own refusals of a batch, so the one writer (`commit`) can turn each
 * into a clear domain error. Guard triggers abort with a fixed code (`RAISE(ABORT, 'CODE')`); a
 * compare-and-set that lost fails the `STALE_WRITE` check (`abortUnlessChanged`); D1 wraps them in
 * its own error text, so the code is searched for, not compared.
 */
export type GuardCode =
  | "LAST_SUPER_ADMIN"
  | "USER_HAS_DOCUMENTS"
  | "UNIT_KERJA_IN_USE"
  | "CLASSIFICATION_IN_USE"
  | "SECURITY_CLASS_MISMATCH"
  | "BERKAS_MISMATCH"
  | "BERKAS_IN_USE";
export type BatchConflict = GuardCode | "STALE_WRITE" | "QUOTA_EXCEEDED" | "UNIQUE";

const CODES: BatchConflict[] = [
  "STALE_WRITE",
  "QUOTA_EXCEEDED",
  "LAST_SUPER_ADMIN",
  "USER_HAS_DOCUMENTS",
  "UNIT_KERJA_IN_USE",
  "CLASSIFICATION_IN_USE",
  "SECURITY_CLASS_MISMATCH",
  "BERKAS_MISMATCH",
  "BERKAS_IN_USE",
];

const messageOf = (error: unknown) => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` ${error.cause.message}` : "";
  return `${error.message}${cause}`;
};

/** Which refusal failed a batch, or null for any other error. */
export function batchConflictOf(error: unknown): BatchConflict | null {
  const message = messageOf(error);
  return CODES.find((code) => message.includes(code)) ?? (message.includes("UNIQUE constraint failed") ? "UNIQUE" : null);
}
