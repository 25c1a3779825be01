/**
 * The producer side of text extraction: the step that marks a document's current file as
 * waiting for extraction (in the same batch that moves the pointer, so it cannot be lost), and
 * the message sent after the batch commits. A failed send is harmless: the row stays PENDING and
 * the cron's backfill (`enqueuePendingTexts`) sends it again.
 */
import { sql } from "kysely";
import type { Step } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";

/** A text row waiting again from scratch (a new file, 'Indeks ulang', the backfill). */
export const PENDING_AGAIN = { status: "PENDING", body: "", text_key: null, pages: null, truncated: 0, error: null, attempts: 0, extracted_at: null } as const;

/** The body of a queue message: extract this file of this document (if it is still the current one). */
export type ExtractionMessage = { archiveId: number; fileId: number };

/** Steps made by `pendingTextStep`, so the rows their batch returned can be sent after the commit. */
const pendingSteps = new WeakSet<object>();

/**
 * (Re)mark the text of `archiveId`'s current file PENDING: a new row, or the existing one reset
 * for the file the pointer now names (the old text leaves the index). Put it AFTER the statement
 * that moves `current_file_id` in the batch: it reads the pointer as that statement left it.
 */
export function pendingTextStep(ctx: Pick<ServiceContext, "db">, archive: { id: number } | { uuid: string }, now: string): Step {
  const step = ctx.db
    .insertInto("archive_texts")
    .columns(["archive_id", "file_id", "status", "body", "pages", "truncated", "error", "attempts", "queued_at", "extracted_at"])
    .expression((eb) =>
      eb
        .selectFrom("archives")
        .select((s) => [
          "id",
          "current_file_id",
          sql.lit("PENDING").as("status"),
          sql.lit("").as("body"),
          sql.lit(null).as("pages"),
          sql.lit(0).as("truncated"),
          sql.lit(null).as("error"),
          sql.lit(0).as("attempts"),
          s.val(now).as("queued_at"),
          sql.lit(null).as("extracted_at"),
        ])
        .where("id" in archive ? "id" : "uuid", "=", "id" in archive ? archive.id : archive.uuid)
        .where("current_file_id", "is not", null),
    )
    .onConflict((conflict) =>
      conflict.column("archive_id").doUpdateSet((eb) => ({
        ...PENDING_AGAIN,
        file_id: eb.ref("excluded.file_id"),
        queued_at: eb.ref("excluded.queued_at"),
      })),
    )
    .returning(["archive_id as archiveId", "file_id as fileId"]);
  pendingSteps.add(step);
  return step;
}

/**
 * After `steps` committed (`results` is what the batch answered): send a message for every row
 * their pending-text steps wrote. Never blocks or fails the request: the send runs after the
 * response (`waitUntil`), and a failure only leaves the row for the backfill.
 */
export function queuePendingTexts(ctx: Pick<ServiceContext, "env" | "waitUntil">, steps: Step[], results: D1Result[]): void {
  const messages = steps.flatMap((step, index) =>
    pendingSteps.has(step) ? ((results[index]?.results ?? []) as ExtractionMessage[]).map(({ archiveId, fileId }) => ({ archiveId, fileId })) : [],
  );
  ctx.waitUntil(sendExtractions(ctx.env, messages).catch(() => undefined));
}

/** Send messages (at most 100 per call, the queue's batch limit); a failed send is logged, not thrown. */
export async function sendExtractions(env: Env, messages: ExtractionMessage[]): Promise<boolean> {
  const queue = env.EXTRACTION_QUEUE as Queue<ExtractionMessage> | undefined;
  if (!queue || messages.length === 0) return messages.length === 0;
  try {
    for (let start = 0; start < messages.length; start += 100) {
      await queue.sendBatch(messages.slice(start, start + 100).map((body) => ({ body, contentType: "json" as const })));
    }
    return true;
  } catch (error) {
    console.warn(JSON.stringify({ event: "extraction_enqueue_failed", messages: messages.length, error: String(error) }));
    return false;
  }
}
