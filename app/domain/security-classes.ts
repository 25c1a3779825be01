import type { AccessLevel } from "./document-schemas";

/**
 * Security and access classes of records (SKKAAD, Perka ANRI 17/2011). They refine the SPEC's
 * access level, never replace it: PUBLIC ⇔ BIASA; PRIVATE is one of the other three.
 */
export const SECURITY_CLASSES = ["BIASA", "TERBATAS", "RAHASIA", "SANGAT_RAHASIA"] as const;
export type SecurityClass = (typeof SECURITY_CLASSES)[number];

/** Higher is stricter. */
export const classRank = (securityClass: SecurityClass) => SECURITY_CLASSES.indexOf(securityClass);

export const accessLevelOf = (securityClass: SecurityClass): AccessLevel => (securityClass === "BIASA" ? "PUBLIC" : "PRIVATE");

/**
 * The class a document gets from what its form or API call carries:
 * - a class given explicitly wins (it must agree with the access level, checked by the caller);
 * - else a PUBLIC document is BIASA;
 * - else a PRIVATE one keeps the class it had when it stays PRIVATE (an update that carries only
 *   the SPEC's fields changes nothing), or takes its code's class (a new document), TERBATAS when
 *   neither says more (a code whose class is BIASA cannot make a PRIVATE document public).
 */
export function resolveSecurityClass(input: {
  accessLevel: AccessLevel;
  requested?: SecurityClass | null;
  current?: SecurityClass | null;
  codeDefault?: SecurityClass | null;
}): SecurityClass {
  if (input.requested) return input.requested;
  if (input.accessLevel === "PUBLIC") return "BIASA";
  if (input.current && input.current !== "BIASA") return input.current;
  if (input.codeDefault && input.codeDefault !== "BIASA") return input.codeDefault;
  return "TERBATAS";
}

/** Whether a class and an access level describe the same document. */
export const classMatchesAccess = (securityClass: SecurityClass, accessLevel: AccessLevel) => (securityClass === "BIASA") === (accessLevel === "PUBLIC");
