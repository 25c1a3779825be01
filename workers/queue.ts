import { jobContext } from "~/server/context.server";
import { recordFailedWork } from "~/server/jobs/dead-letters.server";
import { inHandlingOrder } from "~/server/jobs/messages.server";
import { runJob } from "~/server/jobs/runner.server";
import { dispatchPendingEvents } from "~/server/jobs/system.server";
import { sendQueuedEmail } from "~/server/notifications/email.server";
import { extractionMessageOf, extractQueued, retryDelaySeconds } from "~/server/text-extraction/service.server";

/** The queues of wrangler.toml this consumer reads. */
export const EXTRACTION_QUEUE_NAME = "e-arsip-extraction";
export const WORK_QUEUE_NAME = "e-arsip-work";
export const DEAD_LETTER_QUEUE_NAME = "e-arsip-dead-letter";

type Execution = { waitUntil?: (promise: Promise<unknown>) => void };

/**
 * The queue consumer (wrangler.toml `[[queues.consumers]]`), routing each message by its queue
 * and type. Nothing is dropped silently: a message this consumer does not know is moved to the
 * dead-letter queue at once; one that keeps failing gets there through its retries; and every
 * dead letter is recorded as a FAILED job before it is acknowledged.
 */
export async function queue(batch: MessageBatch<unknown>, env: Env, execution?: ExecutionContext): Promise<void> {
  const options: Execution = execution ? { waitUntil: (promise) => execution.waitUntil(promise) } : {};
  if (batch.queue === DEAD_LETTER_QUEUE_NAME) return recordDeadLetters(batch, env, options);
  if (batch.queue === EXTRACTION_QUEUE_NAME) return extractTexts(batch, env, options);
  if (batch.queue === WORK_QUEUE_NAME) return doWork(batch, env, options);
  // A queue bound to this consumer by mistake: keep its messages, as dead letters.
  await sendToDeadLetters(batch.messages, env, batch.queue);
}

async function sendToDeadLetters(messages: readonly Message<unknown>[], env: Env, queue: string): Promise<void> {
  if (messages.length === 0) return;
  await env.DEAD_LETTER_QUEUE.sendBatch(messages.map((message) => ({ body: { queue, body: message.body, attempts: message.attempts } })));
  for (const message of messages) message.ack();
}

/** Each file's text extraction, one by one, so one bad file never holds back the rest of its batch. */
async function extractTexts(batch: MessageBatch<unknown>, env: Env, options: Execution): Promise<void> {
  const ctx = jobContext(env, "text-extraction", options);
  const unknown = [];
  for (const message of batch.messages) {
    const body = extractionMessageOf(message.body);
    if (!body) {
      unknown.push(message);
      continue;
    }
    try {
      const outcome = await extractQueued(ctx, body, message.attempts);
      if (outcome.kind === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
      else message.ack();
    } catch (error) {
      console.warn(JSON.stringify({ event: "extraction_consumer_error", ...body, attempt: message.attempts, error: String(error) }));
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
  await sendToDeadLetters(unknown, env, batch.queue);
}

/** Outbox dispatch, job slices, emails, the dispatch first. A failure is retried by the queue (then dead-lettered). */
async function doWork(batch: MessageBatch<unknown>, env: Env, options: Execution): Promise<void> {
  const ctx = jobContext(env, "queue", options);
  const unknown = [];
  // Many commits in a burst each ask for a dispatch: one run serves them all.
  let dispatched = false;
  for (const { message, work } of inHandlingOrder(batch.messages)) {
    if (!work) {
      unknown.push(message);
      continue;
    }
    try {
      if (work.type === "events.dispatch") {
        if (!dispatched) await dispatchPendingEvents(ctx);
        dispatched = true;
      } else if (work.type === "job.run") {
        await runJob(ctx, work.jobId);
      } else if ((await sendQueuedEmail(jobContext(env, "notifications", options), work.emailId)) === "retry") {
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
        continue;
      }
      message.ack();
    } catch (error) {
      console.warn(JSON.stringify({ event: "work_consumer_error", work, attempt: message.attempts, error: String(error) }));
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
  await sendToDeadLetters(unknown, env, batch.queue);
}

/** Every dead letter becomes a FAILED job Super Admin can read, then is acknowledged. */
async function recordDeadLetters(batch: MessageBatch<unknown>, env: Env, options: Execution): Promise<void> {
  const ctx = jobContext(env, "queue", options);
  for (const message of batch.messages) {
    const envelope = message.body as { queue?: unknown; body?: unknown; attempts?: unknown } | null;
    // Moved here by this consumer (an envelope naming its queue), or by the platform after the last retry.
    const moved = envelope && typeof envelope === "object" && typeof envelope.queue === "string" && "body" in envelope;
    try {
      await recordFailedWork(
        ctx,
        moved ? (envelope.queue as string) : "retries exhausted",
        moved ? envelope.body : message.body,
        moved ? Number(envelope.attempts) || 1 : message.attempts,
      );
      message.ack();
    } catch (error) {
      console.warn(JSON.stringify({ event: "dead_letter_record_failed", error: String(error) }));
      message.retry();
    }
  }
}
