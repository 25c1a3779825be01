/**
 * The messages of the work queue (`e-arsip-work`): each names one piece of background work.
 * The consumer routes them by `type`; anything else goes to the dead-letter queue, never acked
 * away (workers/queue.ts).
 */
export type WorkMessage =
  /** Hand new outbox events to their subscribers. */
  | { type: "events.dispatch" }
  /** Run (or resume) a job from its cursor. */
  | { type: "job.run"; jobId: number }
  /** Send one queued email through the `send_email` binding. */
  | { type: "email.send"; emailId: number };

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** `body` as a work message, or null when it is not one (unknown type, missing fields). */
export function workMessageOf(body: unknown): WorkMessage | null {
  if (!body || typeof body !== "object") return null;
  const value = body as Record<string, unknown>;
  switch (value.type) {
    case "events.dispatch":
      return { type: "events.dispatch" };
    case "job.run":
      return isId(value.jobId) ? { type: "job.run", jobId: value.jobId } : null;
    case "email.send":
      return isId(value.emailId) ? { type: "email.send", emailId: value.emailId } : null;
    default:
      return null;
  }
}

/**
 * A batch's messages with their work, in the order the consumer handles them: the outbox's
 * dispatch first (it takes a moment, and someone may be waiting for its notification, where a job
 * slice before it could hold it back for up to 20 s), then the rest as they came.
 */
export function inHandlingOrder<Message extends { body: unknown }>(messages: readonly Message[]): { message: Message; work: WorkMessage | null }[] {
  const items = messages.map((message) => ({ message, work: workMessageOf(message.body) }));
  const isDispatch = (item: { work: WorkMessage | null }) => item.work?.type === "events.dispatch";
  return [...items.filter(isDispatch), ...items.filter((item) => !isDispatch(item))];
}

/** Send `message` to the work queue (after a commit, or to continue a job later). */
export function sendWorkMessage(env: Pick<Env, "WORK_QUEUE">, message: WorkMessage, options?: QueueSendOptions): Promise<void> {
  return env.WORK_QUEUE.send(message, options).then(() => undefined);
}
