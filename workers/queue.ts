import { jobContext } from "~/server/context.server";
import { extractionMessageOf, extractQueued, retryDelaySeconds } from "~/server/text-extraction/service.server";

/** The queue of wrangler.toml whose messages this consumer extracts. */
export const EXTRACTION_QUEUE_NAME = "e-arsip-extraction";

/**
 * The queue consumer (wrangler.toml `[[queues.consumers]]`): each message names one file of one
 * document; its text is extracted as the `text-extraction` job. A message is acknowledged once
 * its result is written (or it is stale), retried with backoff otherwise, one by one, so one bad
 * file never holds back the rest of its batch.
 */
export async function queue(batch: MessageBatch<unknown>, env: Env, execution?: ExecutionContext): Promise<void> {
  const waitUntil = execution ? (promise: Promise<unknown>) => execution.waitUntil(promise) : undefined;
  const ctx = jobContext(env, "text-extraction", { waitUntil });
  for (const message of batch.messages) {
    const body = extractionMessageOf(message.body);
    if (batch.queue !== EXTRACTION_QUEUE_NAME || !body) {
      message.ack();
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
}
