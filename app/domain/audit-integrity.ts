import type { z } from "zod";
import type { AuditChainReportSchema } from "./api/audit-logs";

/**
 * The result of walking the audit-log hash chain (`POST /api/v1/audit-logs/verify`, the
 * 'Verifikasi Integritas' button, the daily scheduled run).
 *
 * - `content`: the row's stored hash does not match its content (edited after sealing), or its
 *   actor_id names someone other than the recorded actor.
 * - `link`: the row's prev_hash is not the hash of the row before it (a row before it was
 *   deleted, or rewritten with a recomputed hash).
 * - `missing`: a row the chain should hold is not there: the recorded newest sealed row is gone
 *   (the newest rows were deleted), or a row lost its seal while later rows kept theirs.
 */
export type AuditChainBreak = NonNullable<AuditChainReport["firstBroken"]>;

/** See api/audit-logs.ts for the fields. */
export type AuditChainReport = z.output<typeof AuditChainReportSchema>;

/** The form intent of 'Verifikasi Integritas' on the audit-log page. */
export const VERIFY_INTEGRITY_INTENT = "verify-integrity";
