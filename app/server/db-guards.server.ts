/**
 * Recognise the database's own refusals, so a service can answer them with a clear message.
 * Guard triggers abort with a fixed code (`RAISE(ABORT, 'CODE')`, migrations/0003_admin.sql);
 * D1 wraps it in its own error text, so the code is searched for, not compared.
 */
export type GuardCode = "LAST_SUPER_ADMIN" | "USER_HAS_DOCUMENTS" | "UNIT_KERJA_IN_USE";
const GUARD_CODES: GuardCode[] = ["LAST_SUPER_ADMIN", "USER_HAS_DOCUMENTS", "UNIT_KERJA_IN_USE"];

const messageOf = (error: unknown) => {
  if (!(error instanceof Error)) return "";
  const cause = error.cause instanceof Error ? ` ${error.cause.message}` : "";
  return `${error.message}${cause}`;
};

export function guardViolation(error: unknown): GuardCode | null {
  const message = messageOf(error);
  return GUARD_CODES.find((code) => message.includes(code)) ?? null;
}

/** A UNIQUE constraint failure (a concurrent insert won the race for the same key). */
export const isUniqueViolation = (error: unknown) => messageOf(error).includes("UNIQUE constraint failed");
