/**
 * Text extraction, off the request path: the queue consumer's use case (extract one queued
 * file and write the result while that file is still the document's current one), the cron's
 * backfill, 'Indeks ulang' and the status the detail page shows. A document is never blocked by
 * its extraction: nothing here runs inside a user's upload.
 */
import { ConflictError, DomainError } from "~/domain/errors";
import { assertCan, can, type SystemActor } from "~/domain/policy";
import type { TextFilter, TextStatusView } from "~/domain/text-extraction";
import { hasDigitalFile, type DocumentView } from "~/domain/documents";
import { documentMessages } from "~/i18n/documents";
import { textExtraction as text } from "~/i18n/text-extraction";
import { commit } from "../audit/commit.server";
import { abortUnlessChanged } from "../db/write-guard.server";
import { inListChunks } from "../db/in-list.server";
import { requireUser, type ServiceContext } from "../context.server";
import { getDocument, visibleRow } from "../documents/service.server";
import { documentRef } from "../documents/view.server";
import { MAX_FILE_BYTES, UnreadableFileError, type Extraction } from "./extracted-text.server";
import { extractThroughProcessor } from "./processor.server";
import { PENDING_AGAIN, pendingTextStep, queuePendingTexts, sendExtractions, type ExtractionMessage } from "./queue.server";
import { recordTermsStatements } from "../search/queries.server";
import { batchedRead, noRead, preparedQuery, readTogether, statementOf, type BatchedRead } from "../db/prepared.server";
import { storeText, textKeyOf } from "./texts.server";

export type { ExtractionMessage };
export type { TextFilter };

/** wrangler.toml's `max_retries` for the extraction queue: the delivery after it is the last one. */
export const EXTRACTION_MAX_RETRIES = 5;
/** A PENDING row queued longer ago than this is sent again by the backfill (its message was lost). */
export const REQUEUE_AFTER_MS = 10 * 60 * 1000;
/** At most this many rows are sent per backfill run (in sendBatch calls of 100). */
export const BACKFILL_PER_RUN = 500;

/** Seconds before the next attempt: 30 s, 1, 2, 4, 8 min (capped at 15 min). */
export const retryDelaySeconds = (attempt: number) => Math.min(30 * 2 ** Math.max(0, attempt - 1), 900);

type JobContext = ServiceContext & { actor: SystemActor };

export type ExtractionOutcome =
  | { kind: "written"; status: "INDEXED" | "NO_TEXT" | "FAILED" }
  /** The message names a file that is no longer the current one (or was already done): dropped. */
  | { kind: "stale" }
  | { kind: "retry"; delaySeconds: number };

/** Is `body` a message of this queue? Anything else is dropped. */
export function extractionMessageOf(body: unknown): ExtractionMessage | null {
  const value = body as Partial<ExtractionMessage> | null;
  return value && Number.isSafeInteger(value.archiveId) && Number.isSafeInteger(value.fileId) ? { archiveId: value.archiveId!, fileId: value.fileId! } : null;
}

/**
 * Extract the text of one queued file (`attempt`: the queue's delivery count, from 1). Drops a
 * message whose file is no longer the document's current one or whose row is no longer
 * PENDING. A file that cannot be read (corrupt, encrypted, too large) ends FAILED at once —
 * retrying cannot change its bytes; anything else (R2, D1, a crash of the parser) is retried
 * with backoff and ends FAILED after the last delivery.
 */
export async function extractQueued(ctx: JobContext, message: ExtractionMessage, attempt: number): Promise<ExtractionOutcome> {
  assertCan(ctx.actor, { type: "text.extract" }, "text.extract");
  const row = await ctx.db
    .selectFrom("archive_texts as t")
    .innerJoin("archives as a", "a.id", "t.archive_id")
    .innerJoin("archive_files as f", "f.id", "t.file_id")
    .select(["t.file_id", "t.status", "a.current_file_id", "f.r2_key", "f.mime_type", "f.file_size"])
    .where("t.archive_id", "=", message.archiveId)
    .executeTakeFirst();
  if (!row || row.status !== "PENDING" || row.file_id !== message.fileId || row.current_file_id !== message.fileId) return { kind: "stale" };
  const last = attempt > EXTRACTION_MAX_RETRIES;
  const fail = (error: string) => write(ctx, message, attempt, { status: "FAILED", error });
  if (row.file_size > MAX_FILE_BYTES) return fail(text.errors.tooLarge(MAX_FILE_BYTES / 1024 / 1024));
  let extraction: Extraction;
  try {
    const object = await ctx.files.get(row.r2_key);
    if (!object) {
      if (last) return fail(text.errors.missingObject);
      return retry(ctx, message, attempt);
    }
    extraction = await extractThroughProcessor(ctx.env, new Uint8Array(await object.arrayBuffer()), row.mime_type);
  } catch (error) {
    if (error instanceof UnreadableFileError) return fail(text.errors[error.reason]);
    console.warn(JSON.stringify({ event: "extraction_error", ...message, attempt, error: String(error) }));
    if (last) return fail(text.errors.unexpected);
    return retry(ctx, message, attempt);
  }
  if (extraction.kind !== "text") return write(ctx, message, attempt, { status: "NO_TEXT", pages: extraction.pages });
  return writeIndexedText(ctx, message, extraction, attempt);
}

/**
 * Write an extracted text as INDEXED (the consumer's last step, also what tests index a text
 * with): its words and stems go into the search vocabulary first — a stemmed query finds an
 * indexed text only through them, and a vocabulary word of a text that lost the race to a newer
 * version is harmless (it matches nothing) — then the text to R2 and the row and the index by
 * compare-and-set (`write`).
 */
export async function writeIndexedText(
  ctx: JobContext,
  message: ExtractionMessage,
  text: { body: string; pages: number | null; truncated: boolean },
  attempt = 1,
): Promise<ExtractionOutcome> {
  const vocabulary = recordTermsStatements(ctx.d1, text.body);
  if (vocabulary.length) await ctx.d1.batch(vocabulary);
  return write(ctx, message, attempt, { status: "INDEXED", body: text.body, pages: text.pages, truncated: text.truncated ? 1 : 0 });
}

type Result = { status: "INDEXED" | "NO_TEXT" | "FAILED"; body?: string; pages?: number | null; truncated?: 0 | 1; error?: string };

/**
 * Write a result by compare-and-set: only while the row is still PENDING for this file and the
 * file is still the document's current one (a replace or restore in between wins). An INDEXED
 * text goes to R2 first, under a key of its own; the batch then names it on the row and adds its
 * words to the full-text index — the index entry only if the row now names this key, so a write
 * that lost the race indexes nothing, and its object is deleted again.
 */
async function write(ctx: JobContext, message: ExtractionMessage, attempt: number, result: Result): Promise<ExtractionOutcome> {
  const key = result.status === "INDEXED" ? textKeyOf(message.archiveId, message.fileId) : null;
  if (key) await storeText(ctx, key, result.body ?? "");
  const update = ctx.db
    .updateTable("archive_texts")
    .set({
      status: result.status,
      body: "",
      text_key: key,
      pages: result.pages ?? null,
      truncated: result.truncated ?? 0,
      error: result.error ?? null,
      attempts: attempt,
      extracted_at: ctx.now().toISOString(),
    })
    .where("archive_id", "=", message.archiveId)
    .where("file_id", "=", message.fileId)
    .where("status", "=", "PENDING")
    .where((eb) => eb.exists(eb.selectFrom("archives").select("id").where("id", "=", message.archiveId).where("current_file_id", "=", message.fileId)));
  if (key) {
    const [written] = await ctx.d1.batch([statementOf(ctx.d1, update).statement, ...indexTextStatements(ctx.d1, message.archiveId, key, result.body ?? "")]);
    if ((written?.meta.changes ?? 0) > 0) return { kind: "written", status: result.status };
    await ctx.files.delete(key).catch(() => undefined);
    return { kind: "stale" };
  }
  // A text that could not be had is news for the uploader: the event goes with the write, or not at all.
  const archive = await ctx.db.selectFrom("archives").select("uuid").where("id", "=", message.archiveId).executeTakeFirst();
  try {
    await commit(ctx, [
      update,
      abortUnlessChanged(ctx),
      { event: "TEXT_EXTRACTION_ENDED", subjectType: "archive", subjectId: archive?.uuid ?? String(message.archiveId), payload: { status: result.status, error: result.error ?? null, fileId: message.fileId } },
    ], { STALE_WRITE: () => new StaleExtraction() });
  } catch (error) {
    if (error instanceof StaleExtraction) return { kind: "stale" };
    throw error;
  }
  return { kind: "written", status: result.status };
}

/** The row was no longer PENDING for this file (a newer version or result won): nothing written. */
class StaleExtraction extends DomainError {
  constructor() {
    super(409, "stale extraction");
  }
}

/**
 * The text's words into the full-text index, in the batch that names `key` on the document's
 * row: only if the row names it (the compare-and-set before won); any entry the row had leaves
 * first (a contentless index keeps whatever it is given, twice if given twice).
 */
export function indexTextStatements(d1: D1Database, archiveId: number, key: string, body: string): D1PreparedStatement[] {
  const ours = "EXISTS (SELECT 1 FROM archive_texts WHERE archive_id = ?1 AND text_key = ?2 AND status = 'INDEXED')";
  return [
    d1.prepare(`DELETE FROM archive_texts_fts WHERE rowid = ?1 AND ${ours}`).bind(archiveId, key),
    d1.prepare(`INSERT INTO archive_texts_fts (rowid, body) SELECT ?1, ?3 WHERE ${ours}`).bind(archiveId, key, body),
  ];
}

async function retry(ctx: JobContext, message: ExtractionMessage, attempt: number): Promise<ExtractionOutcome> {
  await ctx.db.updateTable("archive_texts").set({ attempts: attempt }).where("archive_id", "=", message.archiveId).where("file_id", "=", message.fileId).execute();
  return { kind: "retry", delaySeconds: retryDelaySeconds(attempt) };
}

/** Texts indexed before migration 0027 moved from D1 to R2 per backfill run, in reads of MOVE_CHUNK. */
export const LEGACY_MOVES_PER_RUN = 200;
const MOVE_CHUNK = 20;

/**
 * Move texts indexed before migration 0027 out of the catalogue's D1 into R2, a few per run: the
 * index already holds their words (0027 refilled it), so only the row changes — it names the R2
 * text and drops its body, by compare-and-set (a newer extraction in between wins, and the object
 * written for nothing is deleted). Returns how many moved.
 */
export async function moveLegacyTexts(ctx: JobContext): Promise<number> {
  assertCan(ctx.actor, { type: "text.enqueue" }, "text.enqueue");
  const waiting = await ctx.db
    .selectFrom("archive_texts")
    .select("archive_id")
    .where("status", "=", "INDEXED")
    .where("text_key", "is", null)
    .limit(LEGACY_MOVES_PER_RUN)
    .execute();
  let moved = 0;
  for (let start = 0; start < waiting.length; start += MOVE_CHUNK) {
    const rows = await ctx.db
      .selectFrom("archive_texts")
      .select(["archive_id", "file_id", "body"])
      .where("archive_id", "in", waiting.slice(start, start + MOVE_CHUNK).map((row) => row.archive_id))
      .where("status", "=", "INDEXED")
      .where("text_key", "is", null)
      .execute();
    for (const row of rows) {
      const key = textKeyOf(row.archive_id, row.file_id);
      await storeText(ctx, key, row.body);
      const done = await ctx.db
        .updateTable("archive_texts")
        .set({ text_key: key, body: "" })
        .where("archive_id", "=", row.archive_id)
        .where("file_id", "=", row.file_id)
        .where("status", "=", "INDEXED")
        .where("text_key", "is", null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) > 0) moved++;
      else await ctx.files.delete(key).catch(() => undefined);
    }
  }
  if (moved > 0) console.log(JSON.stringify({ event: "texts_moved_to_r2", moved }));
  return moved;
}

/** A row written for a document that had none is due at once (the epoch is before any cutoff). */
const DUE_NOW = "1970-01-01T00:00:00.000Z";

/**
 * The backfill (the 30-minute cron; locally also right after `npm start`): give every live
 * document whose current file has no row (or a row for an older file) a PENDING row, then send
 * the PENDING rows not queued in the last REQUEUE_AFTER_MS, oldest first, at most
 * BACKFILL_PER_RUN per run; then move a few texts indexed before 0027 to R2 (`moveLegacyTexts`).
 * Returns how many were sent.
 */
export async function enqueuePendingTexts(ctx: JobContext): Promise<number> {
  assertCan(ctx.actor, { type: "text.enqueue" }, "text.enqueue");
  const now = ctx.now().toISOString();
  await commit(ctx, [
    ctx.db
      .insertInto("archive_texts")
      .columns(["archive_id", "file_id", "status", "queued_at"])
      .expression((eb) =>
        eb
          .selectFrom("archives as a")
          .select((s) => ["a.id", "a.current_file_id", s.val("PENDING").as("status"), s.val(DUE_NOW).as("queued_at")])
          .where("a.current_file_id", "is not", null)
          .where((w) => w.not(w.exists(w.selectFrom("archive_texts as t").select("t.archive_id").whereRef("t.archive_id", "=", "a.id")))),
      ),
    ctx.db
      .updateTable("archive_texts")
      .set((eb) => ({
        ...PENDING_AGAIN,
        file_id: eb.selectFrom("archives").select("current_file_id").whereRef("archives.id", "=", "archive_texts.archive_id") as never,
        queued_at: DUE_NOW,
      }))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("archives")
            .select("id")
            .whereRef("archives.id", "=", "archive_texts.archive_id")
            .where("current_file_id", "is not", null)
            .whereRef("current_file_id", "!=", "archive_texts.file_id"),
        ),
      ),
  ]);
  const cutoff = new Date(ctx.now().getTime() - REQUEUE_AFTER_MS).toISOString();
  const due = await ctx.db
    .selectFrom("archive_texts")
    .select(["archive_id as archiveId", "file_id as fileId"])
    .where("status", "=", "PENDING")
    .where("queued_at", "<", cutoff)
    .orderBy("queued_at")
    .orderBy("archive_id")
    .limit(BACKFILL_PER_RUN)
    .execute();
  let sent = 0;
  // A queue batch takes 100 messages; their rows are marked in IN lists D1 can bind.
  for (const chunk of inListChunks(due, 100)) {
    if (!(await sendExtractions(ctx.env, chunk))) break;
    for (const ids of inListChunks(chunk.map((row) => row.archiveId))) {
      await ctx.db.updateTable("archive_texts").set({ queued_at: now }).where("archive_id", "in", ids).where("status", "=", "PENDING").execute();
    }
    sent += chunk.length;
  }
  if (sent > 0) console.log(JSON.stringify({ event: "extraction_backfill", sent }));
  await moveLegacyTexts(ctx);
  return sent;
}

/** A document's text row (null columns before it has one) and what the policy reads of the document; compiled once per isolate. */
const statusRowStatement = preparedQuery((db, _shape: null, uuid: string) =>
  db
    .selectFrom("archives as a")
    .leftJoin("archive_texts as t", "t.archive_id", "a.id")
    .select([
      "t.status",
      "t.error",
      "t.pages",
      "t.truncated",
      "t.extracted_at",
      "t.file_id",
      "a.current_file_id",
      "a.uploader_id",
      "a.unit_kerja_id",
      "a.access_level",
      "a.security_class",
      "a.archival_state",
    ])
    .where("a.uuid", "=", uuid),
);
type StatusRow = NonNullable<ReturnType<typeof statusRowStatement>["row"]>;

/**
 * The text status of a document `ctx.actor` may see, for who may open its file (null for anyone
 * else: what a file says is the file's). A document whose row does not name its current file
 * yet is waiting ('Menunggu').
 */
export async function getTextStatus(ctx: ServiceContext, document: Pick<DocumentView, "uuid" | "canOpenFile">): Promise<TextStatusView | null> {
  const [status] = await readTogether(ctx.d1, textStatusRead(ctx, document));
  return status;
}

/** `getTextStatus` as a read that shares the document page's round trip. */
export function textStatusRead(ctx: ServiceContext, document: Pick<DocumentView, "uuid" | "canOpenFile">): BatchedRead<TextStatusView | null> {
  if (!document.canOpenFile) return noRead;
  return batchedRead([statusRowStatement(ctx.d1, null, document.uuid)], ([[row]]) => (row ? textStatusOf(ctx, row) : null));
}

function textStatusOf(ctx: ServiceContext, row: StatusRow): TextStatusView {
  // The row's status counts only for the current file; anything else is still waiting.
  const status = row.file_id === row.current_file_id ? row.status : null;
  return {
    status: status ?? "PENDING",
    error: status === "FAILED" ? row.error : null,
    pages: status ? row.pages : null,
    truncated: status ? row.truncated === 1 : false,
    extractedAt: status ? row.extracted_at : null,
    // The policy's rule, not the edit button's: a Statis record cannot be edited but may be re-indexed.
    canReindex: can(ctx.actor, { type: "document.reindex", document: documentRef(row) }),
  };
}

/** `GET /archives/{uuid}`: the document and its text status. */
export async function getDocumentDetail(ctx: ServiceContext, uuid: string): Promise<DocumentView & { textStatus: TextStatusView | null }> {
  const document = await getDocument(ctx, uuid);
  return { ...document, textStatus: await getTextStatus(ctx, document) };
}

/**
 * 'Indeks ulang': queue the document's current file for extraction again. Needs
 * `document.reindex` (who may edit it; Super Admin). Side effects: the row back to PENDING and a
 * DOCUMENT_REINDEX audit row (one batch), then the message after the response.
 */
export async function reindexDocument(ctx: ServiceContext, uuid: string): Promise<TextStatusView> {
  requireUser(ctx);
  const row = await visibleRow(ctx, uuid);
  assertCan(ctx.actor, { type: "document.reindex", document: documentRef(row) }, text.denied);
  if (!hasDigitalFile(row)) throw new ConflictError(documentMessages.noDigitalFile);
  const steps = [
    pendingTextStep(ctx, { id: row.id }, ctx.now().toISOString()),
    { action: "DOCUMENT_REINDEX" as const, params: { title: row.title }, targetType: "archive", targetId: row.uuid },
  ];
  queuePendingTexts(ctx, steps, await commit(ctx, steps));
  return {
    status: "PENDING",
    error: null,
    pages: null,
    truncated: false,
    extractedAt: null,
    canReindex: can(ctx.actor, { type: "document.reindex", document: documentRef(row) }),
  };
}
