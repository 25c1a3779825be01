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
export type AuditChainBreak = { id: number; reason: "content" | "link" | "missing" };

export type AuditChainReport = {
  ok: boolean;
  /** Sealed rows whose hash and link were recomputed. */
  checked: number;
  /** Newest rows not sealed yet (written seconds ago); not covered by this run. */
  unsealed: number;
  /** The newest sealed row: log or keep its hash elsewhere to detect a rewrite of the whole chain. */
  head: { id: number; hash: string } | null;
  firstBroken?: AuditChainBreak;
  /** Wall time of the walk. */
  durationMs: number;
};

/** The form intent of 'Verifikasi Integritas' on the audit-log page. */
export const VERIFY_INTEGRITY_INTENT = "verify-integrity";
