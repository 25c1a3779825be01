import type { AuditAction } from "./audit-actions";

/**
 * What happened, as the outbox records it. Every audit action is an event kind (the one audit
 * writer records both in the same batch); these are the kinds that happen without an audit row
 * of their own: a job's outcome, a text extraction's end, the clock reaching a boundary.
 */
export const EVENT_ONLY_KINDS = [
  // The extraction consumer wrote FAILED or NO_TEXT for a document's current file.
  "TEXT_EXTRACTION_ENDED",
  // A live download approval is within two hours of lapsing (the maintenance job, once per approval).
  "ACCESS_TOKEN_EXPIRING",
  // The weekly summary of records that fell due in the past week, one per final disposition.
  "RETENTION_NEWLY_DUE",
  // A job acting for a user ended.
  "JOB_FINISHED",
  "JOB_FAILED",
] as const;
export type EventOnlyKind = (typeof EVENT_ONLY_KINDS)[number];
export type EventKind = AuditAction | EventOnlyKind;

/** An event as the dispatcher hands it to subscribers. */
export type DomainEvent = {
  id: number;
  kind: EventKind;
  subjectType: string | null;
  subjectId: string | null;
  actorId: number | null;
  actorSystem: string | null;
  payload: Record<string, unknown>;
  createdAt: string;
};
