/**
 * The document use cases: list, read, create, update, replace the file, delete, download. Over
 * 300 lines because they share the upload, metadata and file-swap steps below (each use case is
 * short); reusable reads live in `documents/queries.server.ts`, view mapping in `view.server.ts`.
 */
import type { Compilable } from "kysely";
import { DomainError, InvalidError, NotFoundError } from "~/domain/errors";
import { DocumentMetadataSchema, type DocumentListQuery, type DocumentMetadata, type DocumentPageQuery } from "~/domain/document-schemas";
import type { Category, DocumentPage, DocumentView } from "~/domain/documents";
import type { PageCursors } from "~/domain/list-page";
import { listPage, type ListPage } from "~/domain/list-query";
import { assertCan } from "~/domain/policy";
import { deniedMessages } from "~/i18n/id";
import { documents as documentsText } from "~/i18n/documents";
import { documentValidation } from "~/i18n/document-validation";
import { hardening as hardeningText } from "~/i18n/hardening";
import { commit } from "../audit/commit.server";
import type { AppContext } from "../context.server";
import {
  categoryExists,
  categoriesStatement,
  documentCountStatement,
  documentCursor,
  documentRowsStatement,
  documentSeekStatement,
  documentSeekValues,
  toCategory,
  type DocumentListShape,
  findDocumentByIdempotencyKey,
  findDocumentByUuid,
  ftsQuery,
  listCategories as listCategoryRows,
  type DocumentRow,
} from "../documents/queries.server";
import { documentRef, toDocumentView } from "../documents/view.server";
import { discardFile, fileResponse, receiveUpload, type FileRequest, type StoredFile, type UploadBody } from "../files.server";
import { countUpload, uploadAllowance } from "../documents/upload-limits.server";
import { abortUnlessChanged, unlessStale } from "../write-guard.server";
import { requireUser } from "./auth.server";
import { batchRead } from "../prepared.server";

// Pages and components that still import the view types from here keep working.
export type { Category, DocumentPage, DocumentView };

const v = documentValidation;

/** The SQL shape of a list query: what changes its SQL text (the values are parameters). */
function listShape(ctx: AppContext, query: DocumentListQuery, match: string | null, options: { publicOnly?: boolean }): DocumentListShape {
  return {
    search: match !== null,
    publicOnly: !!options.publicOnly || !ctx.actor,
    category: query.category !== undefined,
    sort: query.sort,
    dir: query.dir,
  };
}

/**
 * The statements of one list page: its rows and its total. A page reached by Previous/Next
 * carries a cursor (`after`/`before`) and seeks from it; a cursor that does not fit the list's
 * order (edited by hand, or made for another sort) is ignored and the page number counts.
 */
function listStatements(ctx: AppContext, query: DocumentListQuery & Partial<Pick<DocumentPageQuery, "after" | "before">>, options: { publicOnly?: boolean }) {
  const match = ftsQuery(query.q);
  const shape = listShape(ctx, query, match, options);
  const term = match ?? "";
  const categoryId = query.category ?? 0;
  const seek = query.after !== undefined ? "after" : query.before !== undefined ? "before" : null;
  const position = seek && documentSeekValues(shape, query.after ?? query.before);
  const rows =
    seek && position
      ? documentSeekStatement(ctx.d1, { ...shape, seek }, term, categoryId, query.size, ...position)
      : documentRowsStatement(ctx.d1, { ...shape, deferred: query.page > 1 }, term, categoryId, query.size, (query.page - 1) * query.size);
  return { shape, backwards: seek === "before" && !!position, statements: [rows, documentCountStatement(ctx.d1, shape, term, categoryId)] as const };
}

const pageOf = <Query extends DocumentListQuery>(ctx: AppContext, query: Query, rows: DocumentRow[], counts: { n: number }[]): ListPage<DocumentView, Query> =>
  listPage(rows.map((row) => toDocumentView(ctx.actor, row)), Number(counts[0]?.n ?? 0), query);

/**
 * A page of the catalogue by page number, filtered, searched and sorted on the server (the API
 * list). Anyone may list; visitors (and `publicOnly`, the public /documents page) see PUBLIC
 * documents only. Rows and total come in one D1 round trip.
 */
export async function listDocuments(ctx: AppContext, query: DocumentListQuery, options: { publicOnly?: boolean } = {}): Promise<DocumentPage> {
  const { statements } = listStatements(ctx, query, options);
  const [rows, counts] = await batchRead(ctx.d1, ...statements);
  return pageOf(ctx, query, rows, counts);
}

/**
 * A list page with the categories of its filter, all in one D1 round trip, and the cursors of
 * its first and last row for the Previous/Next links (null on an empty page).
 */
export async function listDocumentsWithCategories(
  ctx: AppContext,
  query: DocumentPageQuery,
  options: { publicOnly?: boolean } = {},
): Promise<{ page: ListPage<DocumentView, DocumentPageQuery>; categories: Category[]; cursors: PageCursors }> {
  const { shape, backwards, statements } = listStatements(ctx, query, options);
  const [found, counts, categories] = await batchRead(ctx.d1, ...statements, categoriesStatement(ctx.d1, null));
  const rows = backwards ? found.reverse() : found;
  const cursorOf = (row: DocumentRow | undefined) => (row ? documentCursor(shape, row) : null);
  return {
    page: pageOf(ctx, query, rows, counts),
    categories: categories.map(toCategory),
    cursors: { first: cursorOf(rows[0]), last: cursorOf(rows.at(-1)) },
  };
}

export const listCategories = (ctx: AppContext): Promise<Category[]> => listCategoryRows(ctx);

/** The row behind a uuid this request may know of. Visitors do not learn that a non-public document exists. */
async function visibleRow(ctx: AppContext, uuid: string): Promise<DocumentRow> {
  const row = await findDocumentByUuid(ctx, uuid);
  if (!row || (!ctx.actor && row.access_level !== "PUBLIC")) throw new NotFoundError(documentsText.notFound);
  return row;
}

/** One document's metadata. Signed-in users see every document; visitors PUBLIC ones only. */
export async function getDocument(ctx: AppContext, uuid: string): Promise<DocumentView> {
  return toDocumentView(ctx.actor, await visibleRow(ctx, uuid));
}

/**
 * A PUBLIC document as the public pages show it (the same for every viewer, so the page can be
 * edge-cached): any other document does not exist there, for a signed-in user too.
 */
export async function getPublicDocument(ctx: AppContext, uuid: string): Promise<DocumentView> {
  const row = await findDocumentByUuid(ctx, uuid);
  if (!row || row.access_level !== "PUBLIC") throw new NotFoundError(documentsText.notFound);
  return toDocumentView(null, row);
}

/**
 * The row a signed-in user may change. Writes need a session before the lookup: a visitor (or an
 * expired session) is told to sign in, not that a non-public document does not exist.
 */
async function editableRow(ctx: AppContext, uuid: string, action: "document.edit" | "document.delete"): Promise<DocumentRow> {
  requireUser(ctx);
  const row = await visibleRow(ctx, uuid);
  assertCan(ctx.actor, { type: action, document: documentRef(row) }, action === "document.edit" ? deniedMessages.editDocument : deniedMessages.deleteDocument);
  return row;
}

/**
 * The metadata, or one InvalidError listing every problem at once — a missing file included
 * when `requireFile` — so a form shows all its messages after a single post.
 */
function parseMetadata(fields: Record<string, string>, requireFile?: { file: StoredFile | null }): DocumentMetadata {
  const parsed = DocumentMetadataSchema.safeParse(fields);
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error?.issues ?? []) (fieldErrors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  if (requireFile && !requireFile.file) fieldErrors.file = [v.fileRequired];
  const messages = Object.values(fieldErrors).flat();
  if (parsed.success && messages.length === 0) return parsed.data;
  const error = new InvalidError(messages[0]!, fieldErrors);
  error.values = fields;
  throw error;
}

/** Valid metadata whose category exists, or InvalidError. */
async function validMetadata(ctx: AppContext, fields: Record<string, string>, requireFile?: { file: StoredFile | null }) {
  const metadata = parseMetadata(fields, requireFile);
  if (!(await categoryExists(ctx, metadata.categoryId))) throw new InvalidError(v.categoryUnknown, { categoryId: [v.categoryUnknown] });
  return metadata;
}

/** The archives columns the metadata form sets. */
const metadataColumns = (metadata: DocumentMetadata) => ({
  title: metadata.title,
  document_number: metadata.documentNumber,
  year: metadata.year,
  description: metadata.description,
  keywords: metadata.keywords,
  access_level: metadata.accessLevel,
  category_id: metadata.categoryId,
});

const fileColumns = (file: StoredFile) => ({
  r2_key: file.key,
  file_name: file.fileName,
  file_size: file.size,
  mime_type: file.mimeType,
  sha256: file.sha256,
});

/** Run `write` after a file is stored; if anything fails the object is removed again. */
async function withStoredFile<T>(ctx: AppContext, fields: Record<string, string>, file: StoredFile | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (file) await discardFile(ctx, file.key);
    if (error instanceof DomainError) error.values ??= fields;
    throw error;
  }
}

export type CreateResult = { document: DocumentView; created: boolean };

/**
 * Upload a new document (multipart: metadata fields + `file`). Needs `document.create`. The
 * uploader and owning unit are the session user's, whatever the body says. A repeated
 * idempotency key (the front door says where the body carries it) returns the first document
 * instead of a second one. Side effects: the R2 object, the archives row and a DOCUMENT_CREATE
 * audit row (one batch).
 */
export async function createDocument(ctx: AppContext, body: UploadBody): Promise<CreateResult> {
  assertCan(ctx.actor, { type: "document.create" }, deniedMessages.createDocument);
  const user = ctx.session!.user;
  const earlier = (key: string | null) => findDocumentByIdempotencyKey(ctx, user.userId, scopedKey(user.userId, key));
  const upload = await receiveUpload(ctx, body, {
    allowance: await uploadAllowance(ctx, user.unitKerjaId),
    // A repeated submission stores nothing and is not counted as an upload.
    shouldStore: async (key) => {
      if (await earlier(key)) return false;
      await countUpload(ctx, user.userId);
      return true;
    },
  });
  const duplicate = await earlier(upload.idempotencyKey);
  if (duplicate) {
    if (upload.file) await discardFile(ctx, upload.file.key);
    return { document: toDocumentView(ctx.actor, duplicate), created: false };
  }
  return withStoredFile(ctx, upload.fields, upload.file, async () => {
    const metadata = await validMetadata(ctx, upload.fields, { file: upload.file });
    return insertDocument(ctx, metadata, upload.file!, scopedKey(user.userId, upload.idempotencyKey));
  });
}

/** Idempotency keys are stored per uploader (the column is unique table-wide): another user's equal key is no clash. */
function scopedKey(uploaderId: number, key: string | null): string | null {
  const trimmed = (key ?? "").trim();
  return trimmed && trimmed.length <= 100 ? `${uploaderId}:${trimmed}` : null;
}

/** The archives row, the end of the file's pending marker and the audit row, in one batch. */
async function insertDocument(ctx: AppContext, metadata: DocumentMetadata, file: StoredFile, idempotencyKey: string | null): Promise<CreateResult> {
  const user = ctx.session!.user;
  const uuid = crypto.randomUUID();
  const now = ctx.now().toISOString();
  try {
    await commit(
      ctx,
      [
        ctx.db.insertInto("archives").values({
          uuid,
          ...metadataColumns(metadata),
          ...fileColumns(file),
          uploader_id: user.userId,
          unit_kerja_id: user.unitKerjaId,
          idempotency_key: idempotencyKey,
          created_at: now,
          updated_at: now,
        }),
        ctx.db.deleteFrom("pending_uploads").where("r2_key", "=", file.key),
      ],
      {
        action: "DOCUMENT_CREATE",
        params: { title: metadata.title, fileName: file.fileName, size: file.size },
        details: { sha256: file.sha256, accessLevel: metadata.accessLevel },
        targetType: "archive",
        targetId: uuid,
      },
    );
  } catch (error) {
    // Two submits of one form raced: the other one won.
    const winner = await findDocumentByIdempotencyKey(ctx, user.userId, idempotencyKey);
    if (!winner) throw error;
    await discardFile(ctx, file.key);
    return { document: toDocumentView(ctx.actor, winner), created: false };
  }
  return { document: await getDocument(ctx, uuid), created: true };
}

/**
 * Update metadata and, when the body carries a `file`, replace the file after the metadata.
 * Needs `document.edit`. Side effects: the row, DOCUMENT_UPDATE (+ DOCUMENT_FILE_REPLACE) audit
 * rows in the same batch; the old object is deleted once the new one is recorded.
 */
export async function updateDocument(ctx: AppContext, uuid: string, body: UploadBody): Promise<DocumentView> {
  const row = await editableRow(ctx, uuid, "document.edit");
  const { fields, file } = await receiveUpload(ctx, body, await replacementUploadOptions(ctx, row));
  return withStoredFile(ctx, fields, file, async () => {
    const metadata = await validMetadata(ctx, fields);
    const now = ctx.now().toISOString();
    const replacement = file ? fileReplacement(ctx, row, file, now) : null;
    await unlessStale(
      commit(
        ctx,
        [ctx.db.updateTable("archives").set({ ...metadataColumns(metadata), updated_at: now }).where("id", "=", row.id), ...(replacement?.writes ?? [])],
        [
          { action: "DOCUMENT_UPDATE", params: { title: metadata.title }, details: { accessLevel: metadata.accessLevel }, targetType: "archive", targetId: uuid },
          ...(replacement ? [replacement.audit] : []),
        ],
      ),
      hardeningText.fileReplacedConcurrently,
    );
    if (file) await discardFile(ctx, row.r2_key);
    return getDocument(ctx, uuid);
  });
}

/**
 * Replace only the file (POST /archives/{uuid}/file). Needs `document.edit`.
 * Side effects as for `updateDocument` with a file.
 */
export async function replaceDocumentFile(ctx: AppContext, uuid: string, body: UploadBody): Promise<DocumentView> {
  const row = await editableRow(ctx, uuid, "document.edit");
  const { fields, file } = await receiveUpload(ctx, body, await replacementUploadOptions(ctx, row));
  if (!file) throw new InvalidError(v.fileRequired, { file: [v.fileRequired] });
  return withStoredFile(ctx, fields, file, async () => {
    const replacement = fileReplacement(ctx, row, file, ctx.now().toISOString());
    await unlessStale(commit(ctx, replacement.writes, replacement.audit), hardeningText.fileReplacedConcurrently);
    await discardFile(ctx, row.r2_key);
    return getDocument(ctx, uuid);
  });
}

/** A replacement file counts as an upload of the user, within the owning unit's quota (less the file it replaces). */
async function replacementUploadOptions(ctx: AppContext, row: DocumentRow) {
  return {
    allowance: await uploadAllowance(ctx, row.unit_kerja_id, row.file_size),
    shouldStore: async () => {
      await countUpload(ctx, ctx.session!.user.userId);
      return true;
    },
  };
}

/**
 * The writes that swap a document's file and their audit row. The swap is a compare-and-set on
 * the key this request read: when a parallel request replaced the file (or deleted the document)
 * first, the guard rolls the whole batch back, so exactly the key that lost is queued for
 * deletion and the loser's own new object is discarded by its caller.
 */
function fileReplacement(ctx: AppContext, row: DocumentRow, file: StoredFile, now: string) {
  return {
    writes: [
      ctx.db.updateTable("archives").set({ ...fileColumns(file), updated_at: now }).where("id", "=", row.id).where("r2_key", "=", row.r2_key),
      abortUnlessChanged(ctx),
      ctx.db.deleteFrom("pending_uploads").where("r2_key", "=", file.key),
      queueForDeletion(ctx, row.r2_key, now),
    ] satisfies Compilable[],
    audit: {
      action: "DOCUMENT_FILE_REPLACE",
      params: { title: row.title, fileName: file.fileName, size: file.size },
      details: { oldSha256: row.sha256, sha256: file.sha256 },
      targetType: "archive",
      targetId: row.uuid,
    } as const,
  };
}

/** Queue an object for the scheduled sweep; a key already queued stays queued once. */
const queueForDeletion = (ctx: AppContext, key: string, now: string) =>
  ctx.db.insertInto("pending_uploads").values({ r2_key: key, created_at: now }).onConflict((oc) => oc.column("r2_key").doNothing());

/**
 * Delete a document and its file. Needs `document.delete`. Side effects: the row (and its
 * access requests), a DOCUMENT_DELETE audit row, the R2 object (queued in the same batch, so a
 * failed R2 delete is retried by the scheduled job).
 */
export async function deleteDocument(ctx: AppContext, uuid: string): Promise<{ title: string }> {
  const row = await editableRow(ctx, uuid, "document.delete");
  // Deletes the file this request read: a file swapped in meanwhile would otherwise lose its row unqueued.
  await unlessStale(
    commit(
      ctx,
      [
        ctx.db.deleteFrom("archives").where("id", "=", row.id).where("r2_key", "=", row.r2_key),
        abortUnlessChanged(ctx),
        queueForDeletion(ctx, row.r2_key, ctx.now().toISOString()),
      ],
      { action: "DOCUMENT_DELETE", params: { title: row.title }, details: { fileName: row.file_name, sha256: row.sha256 }, targetType: "archive", targetId: uuid },
    ),
    hardeningText.documentChangedConcurrently,
  );
  await discardFile(ctx, row.r2_key);
  return { title: row.title };
}

/**
 * Stream a document's file (download, or inline preview of types that cannot run script).
 * Needs `document.openFile`. Side effect: a DOCUMENT_DOWNLOAD (or DOCUMENT_PREVIEW) audit row,
 * not for 304s or for continuation ranges of one download.
 */
export async function openDownload(ctx: AppContext, uuid: string, request: FileRequest, disposition: "inline" | "attachment"): Promise<Response> {
  const row = await visibleRow(ctx, uuid);
  assertCan(ctx.actor, { type: "document.openFile", document: documentRef(row) }, documentsText.noAccess);
  const response = await fileResponse(
    ctx.files,
    {
      key: row.r2_key,
      fileName: row.file_name,
      mimeType: row.mime_type,
      size: row.file_size,
      sha256: row.sha256,
      visibility: row.access_level === "PUBLIC" ? "public" : "private",
    },
    request,
    disposition,
  );
  const continuation = response.status === 206 && !response.headers.get("Content-Range")?.startsWith("bytes 0-");
  if (response.status < 300 && !continuation) {
    await commit(ctx, [], {
      action: disposition === "inline" ? "DOCUMENT_PREVIEW" : "DOCUMENT_DOWNLOAD",
      params: { title: row.title },
      targetType: "archive",
      targetId: uuid,
      actorId: ctx.actor?.userId ?? null,
    });
  }
  return response;
}
