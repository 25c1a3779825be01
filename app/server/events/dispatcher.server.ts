/**
 * The one dispatcher: hands the outbox's events, in id order, to the subscribers of their kind.
 * Each event's subscriber writes and the dispatch cursor (`site_state.events_dispatched`,
 * compare-and-set) commit in one batch, so every event is handled exactly once whatever
 * interrupts the run. An event whose subscribers keep failing is recorded on its row, shown as a
 * failed job, and passed over — never lost silently, never blocking the events behind it.
 */
import type { DomainEvent, EventKind } from "~/domain/events";
import { assertCan } from "~/domain/policy";
import { jobMessages } from "~/i18n/jobs-messages";
import type { Step } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import { abortUnlessChanged } from "../db/write-guard.server";
import type { JobSlice, RunningJob } from "../jobs/runner.server";
import { recordFailedWork } from "../jobs/dead-letters.server";
import { subscribersOf } from "./subscribers.server";

/** Attempts at an event before it is recorded as failed and passed over. */
export const MAX_EVENT_ATTEMPTS = 3;
/** Events read ahead to pass over those nobody subscribes to in one step. */
const READ_AHEAD = 100;
/** Events kept after dispatch (for inspection), then pruned by the maintenance job. */
export const EVENTS_KEPT_DAYS = 14;

type EventRow = { id: number; kind: string; subject_type: string | null; subject_id: string | null; actor_id: number | null; actor_system: string | null; payload: string | null; created_at: string; attempts: number };

const toEvent = (row: EventRow): DomainEvent => ({
  id: row.id,
  kind: row.kind as EventKind,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  actorId: row.actor_id,
  actorSystem: row.actor_system,
  payload: row.payload ? (JSON.parse(row.payload) as Record<string, unknown>) : {},
  createdAt: row.created_at,
});

export async function dispatchedThrough(ctx: Pick<ServiceContext, "db">): Promise<number> {
  const row = await ctx.db.selectFrom("site_state").select("value").where("key", "=", "events_dispatched").executeTakeFirst();
  return row?.value ?? 0;
}

/** Move the cursor from `from` to `to`: refused (the batch rolls back) if another dispatcher moved it. */
const advance = (ctx: ServiceContext, from: number, to: number): Step[] => [
  ctx.db.updateTable("site_state").set({ value: to }).where("key", "=", "events_dispatched").where("value", "=", from),
  abortUnlessChanged(ctx),
];

/**
 * One slice of the dispatcher job: pass over events nobody subscribes to, then handle the next
 * subscribed one. Finished when no event waits.
 */
export async function dispatchEvents(ctx: ServiceContext, _job: RunningJob): Promise<JobSlice> {
  assertCan(ctx.actor, { type: "notifications.deliver" }, "notifications.deliver");
  const cursor = await dispatchedThrough(ctx);
  const rows = await ctx.db.selectFrom("events").selectAll().where("id", ">", cursor).orderBy("id").limit(READ_AHEAD).execute();
  if (rows.length === 0) return { cursor, finished: true };
  const next = rows.find((row) => subscribersOf(row.kind).length > 0);
  if (!next) return { steps: advance(ctx, cursor, rows[rows.length - 1]!.id), cursor: rows[rows.length - 1]!.id, counts: { passed: rows.length }, finished: false };
  const passed = rows.indexOf(next);
  try {
    // Inside the try: a row that cannot be read (its payload) fails like a subscriber, and is passed over in time.
    const event = toEvent(next);
    const writes = await Promise.all(subscribersOf(next.kind).map((subscriber) => subscriber(ctx, event)));
    const after = writes.flatMap((write) => (write.after ? [write.after] : []));
    return {
      steps: [...advance(ctx, cursor, next.id), ...writes.flatMap((write) => write.steps)],
      cursor: next.id,
      done: 1,
      counts: { dispatched: 1, passed, notified: writes.reduce((sum, write) => sum + write.notified, 0) },
      finished: false,
      after: after.length > 0 ? async () => void (await Promise.all(after.map((run) => run()))) : undefined,
    };
  } catch (error) {
    const message = String(error instanceof Error ? error.message : error).slice(0, 1000);
    if (next.attempts + 1 < MAX_EVENT_ATTEMPTS) {
      await ctx.db.updateTable("events").set({ attempts: next.attempts + 1, error: message }).where("id", "=", next.id).execute();
      throw error;
    }
    return {
      steps: [...advance(ctx, cursor, next.id), ctx.db.updateTable("events").set({ attempts: next.attempts + 1, error: message }).where("id", "=", next.id)],
      cursor: next.id,
      counts: { failed: 1, passed },
      finished: false,
      after: () => recordFailedWork(ctx, "events", { eventId: next.id, kind: next.kind, subject: next.subject_id }, next.attempts + 1, `${jobMessages.eventFailed(next.kind)} ${message}`),
    };
  }
}
