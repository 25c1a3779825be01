import type { Compilable, SelectQueryBuilder } from "kysely";
import type { AuditAction } from "~/domain/audit-actions";
import { ConflictError, DomainError } from "~/domain/errors";
import type { EventKind } from "~/domain/events";
import { isSystemActor, userActorOf } from "~/domain/policy";
import { audit as auditText } from "~/i18n/audit";
import type { ServiceContext } from "../context.server";
import { runBatch } from "../db/batch.server";
import type { Database } from "../db/schema";
import { batchConflictOf, type BatchConflict } from "../db/guards.server";
import { sendWorkMessage } from "../jobs/messages.server";
import { sealAuditChain } from "./chain.server";

type AuditMessages = typeof auditText;

/** One audit row: its action, the parameters of that action's message, and what it concerns. */
export type AuditEntry = {
  [A in AuditAction]: {
    action: A;
    /** Builds the stored Indonesian message (`auditText[action]`). */
    params: Parameters<AuditMessages[A]>[0];
    details?: Record<string, unknown>;
    /** Defaults to the acting user; null for anonymous events (a failed sign-in) and jobs. */
    actorId?: number | null;
    targetType?: string;
    targetId?: string;
  };
}[AuditAction];

/**
 * One audit row for each row `targets` selects when the batch runs (set-based writes: expiring
 * every lapsed approval, revoking every live token of a document). `targets` selects a
 * `target_id` column and may select `token_hash_prefix`, recorded in the details. Put it BEFORE
 * the update it records: in one batch both see the same rows, so a lost race writes neither.
 */
export type AuditEachEntry = Omit<AuditEntry, "targetId"> & {
  each: SelectQueryBuilder<Database, keyof Database, { target_id: string; token_hash_prefix?: string | null }>;
};

/**
 * An event without an audit row of its own (a job's outcome, an extraction's end): written to
 * the outbox in the batch, like the event every audit entry brings.
 */
export type EventEntry = {
  event: EventKind;
  subjectType?: string;
  subjectId?: string;
  payload?: Record<string, unknown>;
};

/** A step of a batch: a write, an audit row (or a set of them) recording it, or an event. */
export type Step = Compilable | AuditEntry | AuditEachEntry | EventEntry;

/**
 * What writing needs from the context: a job has no client and no user. With `env` and
 * `waitUntil` (every request and job has them) a batch that wrote events signals the dispatcher.
 */
export type CommitContext = Pick<ServiceContext, "db" | "d1" | "now" | "client" | "actor"> & Partial<Pick<ServiceContext, "env" | "waitUntil">>;

/** The domain error each refusal of the database becomes for this batch (the rest stay errors). */
export type ConflictMessages = Partial<Record<BatchConflict, string | (() => Promise<DomainError> | DomainError)>>;

const isAuditStep = (step: Step): step is AuditEntry | AuditEachEntry => "action" in step && "params" in step;
const isEventStep = (step: Step): step is EventEntry => "event" in step && typeof step.event === "string";

/**
 * The one writer: run `steps` — writes and the audit rows that record them — as ONE D1 batch
 * (all-or-nothing; D1 has no interactive transactions), so there is never a change without its
 * audit row nor an audit row for a change that did not happen. Audit-only events pass only
 * audit steps. A refusal of the database named in `conflicts` (a guard trigger, a lost
 * compare-and-set, a unique key) becomes that domain error here, the one place batch failures
 * are mapped.
 *
 * Rows are written unsealed and chained by the sealer right after the response
 * (`sealAfterResponse`), or by the cron for jobs: see audit/chain.server.ts.
 */
export async function commit(ctx: CommitContext, steps: Step[], conflicts: ConflictMessages = {}): Promise<D1Result[]> {
  // Each audit row and each event step writes its outbox event right after itself: the results
  // of the batch are flattened back to one per step, so callers keep reading `results[i]`.
  const queries: Compilable[] = [];
  const resultIndex: number[] = [];
  for (const step of steps) {
    resultIndex.push(queries.length);
    if (isEventStep(step)) queries.push(eventStatement(ctx, step));
    else if (isAuditStep(step)) queries.push(auditStatement(ctx, step), auditEventStatement(ctx, step));
    else queries.push(step);
  }
  const wroteEvents = queries.length > steps.length || steps.some(isEventStep);
  if (steps.some(isAuditStep)) wroteAudit.add(ctx);
  try {
    const results = await runBatch(ctx.d1, queries);
    if (wroteEvents) eventsWritten(ctx);
    return resultIndex.map((index) => results[index]!);
  } catch (error) {
    const conflict = batchConflictOf(error);
    const mapped = conflict ? conflicts[conflict] : undefined;
    if (mapped === undefined) throw error;
    throw typeof mapped === "string" ? new ConflictError(mapped) : await mapped();
  }
}

const messageOf = (entry: AuditEntry | AuditEachEntry) =>
  (auditText[entry.action] as (params: AuditEntry["params"]) => string)(entry.params);

/** The entry's details, naming the API token when the user acts through one (a bearer call). */
function detailsOf(ctx: CommitContext, entry: AuditEntry | AuditEachEntry): Record<string, unknown> | undefined {
  const token = userActorOf(ctx.actor)?.apiToken;
  return token ? { ...entry.details, apiToken: token.uuid } : entry.details;
}

function auditStatement(ctx: CommitContext, entry: AuditEntry | AuditEachEntry) {
  const actorId = entry.actorId === undefined ? (userActorOf(ctx.actor)?.userId ?? null) : entry.actorId;
  const details = detailsOf(ctx, entry);
  const row = {
    created_at: ctx.now().toISOString(),
    action: entry.action,
    message: messageOf(entry),
    actor_id: actorId,
    target_type: entry.targetType ?? null,
    ip_address: ctx.client?.ip ?? null,
    user_agent: ctx.client?.userAgent?.slice(0, 512) ?? null,
  };
  if (!("each" in entry)) {
    return ctx.db.insertInto("audit_logs").values({
      ...row,
      details: details ? JSON.stringify(details) : null,
      target_id: entry.targetId ?? null,
    });
  }
  const targets = entry.each.as("t");
  return ctx.db
    .insertInto("audit_logs")
    .columns(["created_at", "action", "message", "details", "actor_id", "target_type", "target_id", "ip_address", "user_agent"])
    .expression(
      ctx.db.selectFrom(targets).select((eb) => [
        eb.val(row.created_at).as("created_at"),
        eb.val(row.action).as("action"),
        eb.val(row.message).as("message"),
        // The details plus the row's token hash prefix where it has one (a null drops out of the patch).
        eb
          .fn<string>("json_patch", [
            eb.val(JSON.stringify(details ?? {})),
            eb.fn("json_object", [eb.val("tokenHashPrefix"), eb.ref("t.token_hash_prefix")]),
          ])
          .as("details"),
        eb.val(row.actor_id).as("actor_id"),
        eb.val(row.target_type).as("target_type"),
        eb.ref("t.target_id").as("target_id"),
        eb.val(row.ip_address).as("ip_address"),
        eb.val(row.user_agent).as("user_agent"),
      ]),
    );
}

/** Who an event names as its actor: the acting user, or the job's system name. */
function eventActor(ctx: CommitContext, actorId: number | null | undefined) {
  return {
    actor_id: actorId === undefined ? (userActorOf(ctx.actor)?.userId ?? null) : actorId,
    actor_system: isSystemActor(ctx.actor) ? ctx.actor.system : null,
  };
}

function eventStatement(ctx: CommitContext, entry: EventEntry) {
  return ctx.db.insertInto("events").values({
    kind: entry.event,
    subject_type: entry.subjectType ?? null,
    subject_id: entry.subjectId ?? null,
    ...eventActor(ctx, undefined),
    payload: entry.payload ? JSON.stringify(entry.payload) : null,
    created_at: ctx.now().toISOString(),
  });
}

/** The outbox event of an audit entry: its action as the kind, its target as the subject, its details as the payload. */
function auditEventStatement(ctx: CommitContext, entry: AuditEntry | AuditEachEntry) {
  const row = {
    kind: entry.action,
    subject_type: entry.targetType ?? null,
    ...eventActor(ctx, entry.actorId),
    payload: entry.details ? JSON.stringify(entry.details) : null,
    created_at: ctx.now().toISOString(),
  };
  if (!("each" in entry)) return ctx.db.insertInto("events").values({ ...row, subject_id: entry.targetId ?? null });
  const targets = entry.each.as("t");
  return ctx.db
    .insertInto("events")
    .columns(["kind", "subject_type", "subject_id", "actor_id", "actor_system", "payload", "created_at"])
    .expression(
      ctx.db.selectFrom(targets).select((eb) => [
        eb.val(row.kind).as("kind"),
        eb.val(row.subject_type).as("subject_type"),
        eb.ref("t.target_id").as("subject_id"),
        eb.val(row.actor_id).as("actor_id"),
        eb.val(row.actor_system).as("actor_system"),
        eb.val(row.payload).as("payload"),
        eb.val(row.created_at).as("created_at"),
      ]),
    );
}

/**
 * After a batch that wrote events commits: ask the dispatcher to run soon (a queue message, sent
 * after the response). A lost signal delays nothing for long: the cron's dispatcher run takes
 * every event not yet dispatched. Scripts (no queue binding) rely on that run.
 */
function eventsWritten(ctx: CommitContext): void {
  if (!ctx.env?.WORK_QUEUE || !ctx.waitUntil) return;
  ctx.waitUntil(
    sendWorkMessage(ctx.env, { type: "events.dispatch" }).catch((error: unknown) =>
      console.warn(JSON.stringify({ event: "events_signal_failed", error: String(error) })),
    ),
  );
}

/** Contexts that wrote audit rows (a GET that records a download, for instance). */
const wroteAudit = new WeakSet<object>();

/**
 * Called by the request middleware once the response is ready: when the request may have
 * written audit rows (any unsafe method, or an audit row written during a GET), seal them in the
 * background (`waitUntil`), so the response does not wait and rows stay unsealed for moments.
 */
export function sealAfterResponse(ctx: Pick<ServiceContext, "db" | "d1" | "now" | "waitUntil">, method: string): void {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") {
    if (!wroteAudit.has(ctx)) return;
  }
  ctx.waitUntil(
    sealAuditChain(ctx).catch((error: unknown) => {
      // The rows stay unsealed until the next sealer (any later write, or the cron) takes them.
      console.warn(JSON.stringify({ event: "audit_chain_seal_failed", error: String(error) }));
    }),
  );
}
