/**
 * Bulk edit ('Ubah Massal'): many documents changed, or moved to the trash, as a job acting for
 * the user. Each document goes through the same use case as its own edit or delete (policy,
 * Statis, audit row), so a document the user may not change is skipped with the reason; the
 * report says what happened to each. 'Masukkan ke Berkas' files them through the berkas's own use
 * case, a slice at a time; a document it refuses (another unit or code, Statis, in another berkas)
 * is skipped with that reason while the rest are filed. The request names a selection or the
 * list's filter itself (resolved when the job starts), never more than MAX_BULK_DOCUMENTS.
 */
import { DomainError, InvalidError } from "~/domain/errors";
import { editedKeywords, MAX_BULK_DOCUMENTS, type BulkEdit, type BulkSet } from "~/domain/bulk-edit";
import { DocumentListQuerySchema } from "~/domain/document-schemas";
import { assertCan } from "~/domain/policy";
import { bulkEdit as t } from "~/i18n/bulk-edit";
import { commit } from "../audit/commit.server";
import { changeableBerkas, fileDocumentsIntoBerkas } from "../berkas/service.server";
import { requireUser, type ServiceContext } from "../context.server";
import { insertJobStatement } from "../jobs/records.server";
import { sendWorkMessage } from "../jobs/messages.server";
import type { JobSlice, RunningJob } from "../jobs/runner.server";
import type { DocumentRow } from "./queries.server";
import { changeableRow, deleteDocument, listDocuments, updateDocument, visibleRow } from "./service.server";

/** Documents one slice changes (each its own D1 batch). */
const DOCUMENTS_PER_SLICE = 20;
/** The list's largest page, for resolving a filter. */
const FILTER_PAGE = 50;

type BulkParams = Pick<BulkEdit, "uuids" | "filter" | "set" | "action" | "berkasId">;
type ItemResult = { label: string | null; outcome: "CHANGED" | "SKIPPED"; reason: string | null };
type BulkCursor = { uuids: string[]; at: number };

const listQueryOf = (filter: Record<string, string>, page: number, size: number) =>
  DocumentListQuerySchema.parse({ ...filter, page: String(page), size: String(size), after: undefined, before: undefined });

/**
 * Start a bulk edit (`POST /api/v1/archives/bulk`, the list's action bar): refused before it
 * starts when it names nothing or more than MAX_BULK_DOCUMENTS, or a berkas the user may not
 * file into now. One DOCUMENT_BULK_EDIT audit row for the run; each document's change is
 * audited as usual.
 */
export async function startBulkEdit(ctx: ServiceContext, body: BulkEdit): Promise<{ jobId: string; count: number }> {
  assertCan(ctx.actor, { type: "documents.bulkEdit" }, t.denied);
  const user = requireUser(ctx);
  const berkas = body.action === "berkas" ? await changeableBerkas(ctx, body.berkasId!) : null;
  const count = body.uuids ? new Set(body.uuids).size : (await listDocuments(ctx, listQueryOf(body.filter ?? {}, 1, 5))).total;
  if (count === 0) throw new InvalidError(t.nothingChosen);
  if (count > MAX_BULK_DOCUMENTS) throw new InvalidError(t.tooMany(MAX_BULK_DOCUMENTS, count));
  const jobUuid = crypto.randomUUID();
  const params: BulkParams = body.uuids ? { uuids: [...new Set(body.uuids)] } : { filter: body.filter };
  Object.assign(params, body.action ? { action: body.action, ...(berkas ? { berkasId: berkas.id } : {}) } : { set: body.set });
  await commit(ctx, [
    insertJobStatement(ctx, { uuid: jobUuid, kind: "documents.bulk", actorUserId: user.userId, params, total: count }),
    {
      action: "DOCUMENT_BULK_EDIT",
      params: { count, trash: body.action === "trash", ...(berkas ? { berkas: berkas.number } : {}) },
      details: { job: jobUuid, ...params },
      targetType: "job",
      targetId: jobUuid,
    },
  ]);
  const job = await ctx.db.selectFrom("jobs").select("id").where("uuid", "=", jobUuid).executeTakeFirstOrThrow();
  await sendWorkMessage(ctx.env, { type: "job.run", jobId: job.id });
  return { jobId: jobUuid, count };
}

/** Everything the filter matches for the user now, at most MAX_BULK_DOCUMENTS. */
async function matching(ctx: ServiceContext, filter: Record<string, string>): Promise<string[]> {
  const uuids: string[] = [];
  for (let page = 1; uuids.length < MAX_BULK_DOCUMENTS; page++) {
    const found = await listDocuments(ctx, listQueryOf(filter, page, FILTER_PAGE));
    uuids.push(...found.data.map((row) => row.uuid));
    if (found.data.length < FILTER_PAGE) break;
  }
  return [...new Set(uuids)].slice(0, MAX_BULK_DOCUMENTS);
}

/** The edit form's fields for `row` with the bulk edit's changes. */
function editedFields(row: DocumentRow, set: BulkSet): Record<string, string> {
  return {
    title: row.title,
    documentNumber: row.document_number,
    year: String(row.year),
    description: row.description,
    keywords: editedKeywords(row.keywords, set.addKeywords, set.removeKeywords),
    accessLevel: set.accessLevel ?? row.access_level,
    categoryId: String(set.categoryId ?? row.category_id),
    ...(set.classificationCode !== undefined ? { classificationCode: set.classificationCode } : {}),
    ...(set.securityClass !== undefined ? { securityClass: set.securityClass } : {}),
    ...(set.unitKerjaId !== undefined ? { unitKerjaId: String(set.unitKerjaId) } : row.unit_kerja_id !== null ? { unitKerjaId: String(row.unit_kerja_id) } : {}),
  };
}

/** One document's change: what the report says of it. */
async function changeOne(ctx: ServiceContext, uuid: string, params: BulkParams): Promise<ItemResult> {
  let label: string | null = null;
  try {
    if (params.action === "trash") {
      const row = await changeableRow(ctx, uuid, "document.delete");
      label = row.title;
      // A held record is refused by the trash itself, naming its hold: the report carries that reason.
      await deleteDocument(ctx, uuid);
    } else {
      const row = await changeableRow(ctx, uuid, "document.edit");
      label = row.title;
      await updateDocument(ctx, uuid, { fields: editedFields(row, params.set ?? {}), file: null, idempotencyKey: null }, { confirmLowering: true });
    }
    return { label, outcome: "CHANGED", reason: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { label, outcome: "SKIPPED", reason: error.message };
  }
}

/**
 * The slice filed into the berkas: first in one call (one batch, one retention refresh of the
 * berkas); when the berkas's use case refuses any of them (it files all or nothing), each on its
 * own, so only the refused ones are skipped, with its reason.
 */
async function fileSlice(ctx: ServiceContext, berkasId: number, uuids: readonly string[]): Promise<Map<string, ItemResult>> {
  const results = new Map<string, ItemResult>();
  const rows = new Map<string, DocumentRow>();
  for (const uuid of uuids) {
    try {
      rows.set(uuid, await visibleRow(ctx, uuid));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.set(uuid, { label: null, outcome: "SKIPPED", reason: error.message });
    }
  }
  const filed = (row: DocumentRow, wasIn: boolean): ItemResult =>
    wasIn ? { label: row.title, outcome: "SKIPPED", reason: t.alreadyInBerkas } : { label: row.title, outcome: "CHANGED", reason: null };
  const file = async (batch: string[]) => {
    try {
      await fileDocumentsIntoBerkas(ctx, berkasId, batch);
      for (const uuid of batch) results.set(uuid, filed(rows.get(uuid)!, rows.get(uuid)!.berkas_id === berkasId));
      return true;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (batch.length === 1) results.set(batch[0]!, { label: rows.get(batch[0]!)!.title, outcome: "SKIPPED", reason: error.message });
      return false;
    }
  };
  const candidates = [...rows.keys()];
  if (candidates.length > 0 && !(await file(candidates)) && candidates.length > 1) {
    for (const uuid of candidates) await file([uuid]);
  }
  return results;
}

/** One slice of the `documents.bulk` job: first the targets, then DOCUMENTS_PER_SLICE documents at a time. */
export async function bulkEditSlice(ctx: ServiceContext, job: RunningJob): Promise<JobSlice> {
  const params = job.params as BulkParams;
  const cursor = job.cursor as BulkCursor | null;
  if (!cursor) {
    const uuids = params.uuids ?? (await matching(ctx, params.filter ?? {}));
    return { cursor: { uuids, at: 0 } satisfies BulkCursor, total: uuids.length, finished: uuids.length === 0 };
  }
  const batch = cursor.uuids.slice(cursor.at, cursor.at + DOCUMENTS_PER_SLICE);
  const items: NonNullable<JobSlice["items"]> = [];
  const counts = { changed: 0, skipped: 0 };
  const filed = params.action === "berkas" ? await fileSlice(ctx, params.berkasId!, batch) : null;
  for (const uuid of batch) {
    const result = filed ? filed.get(uuid)! : await changeOne(ctx, uuid, params);
    items.push({ subject: uuid, ...result });
    counts[result.outcome === "CHANGED" ? "changed" : "skipped"]++;
  }
  const at = cursor.at + batch.length;
  return { cursor: { uuids: cursor.uuids, at } satisfies BulkCursor, items, done: batch.length, counts, finished: at >= cursor.uuids.length };
}
