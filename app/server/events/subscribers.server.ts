/**
 * What happens when something happened: the subscribers of each event kind, declared here and
 * only here. A use case records its event (through `commit`) and knows nothing of who listens;
 * adding a consequence to a kind touches this table, not the use case.
 */
import type { DomainEvent, EventKind } from "~/domain/events";
import type { ServiceContext } from "../context.server";
import { deliver, type DeliveryWrites } from "../notifications/deliver.server";
import * as rules from "../notifications/rules.server";

/** A subscriber returns the writes to commit with the event's dispatch, and work for after it. */
export type Subscriber = (ctx: ServiceContext, event: DomainEvent) => Promise<DeliveryWrites>;

const notify =
  (rule: rules.NotificationRule): Subscriber =>
  (ctx, event) =>
    deliver(ctx, event, rule);

export const SUBSCRIBERS: Partial<Record<EventKind, readonly Subscriber[]>> = {
  ACCESS_REQUEST_CREATE: [notify(rules.accessRequestReceived)],
  ACCESS_REQUEST_APPROVE: [notify(rules.accessRequestDecided)],
  ACCESS_REQUEST_REJECT: [notify(rules.accessRequestDecided)],
  ACCESS_REQUEST_REVOKE: [notify(rules.accessRequestRevoked)],
  ACCESS_TOKEN_EXPIRING: [notify(rules.accessTokenExpiring)],
  TEXT_EXTRACTION_ENDED: [notify(rules.textExtractionEnded)],
  FIXITY_FAILURE: [notify(rules.fixityFailure)],
  RETENTION_NEWLY_DUE: [notify(rules.retentionNewlyDue)],
  DISPOSAL_LIST_CREATE: [notify(rules.disposalListAwaiting)],
  DISPOSAL_EXECUTE: [notify(rules.disposalListExecuted)],
  JOB_FINISHED: [notify(rules.jobEnded)],
  JOB_FAILED: [notify(rules.jobEnded)],
};

export const subscribersOf = (kind: string): readonly Subscriber[] => SUBSCRIBERS[kind as EventKind] ?? [];
