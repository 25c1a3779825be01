import { sql, type Compilable, type ExpressionBuilder } from "kysely";
import { DomainError, InvalidError, NotFoundError } from "~/domain/errors";
import { DocumentMetadataSchema, type DocumentListQuery, type DocumentMetadata } from "~/domain/document-schemas";
import { assertCan, can, type DocumentRef } from "~/domain/policy";
import { t } from "~/i18n/id";
import { runBatch } from "../batch.server";
import type { AppContext } from "../context.server";
import type { Database } from "../db-schema";
import { discardFile, fileResponse, receiveUpload, type FileRequest, type StoredFile, type UploadAllowance, type UploadBody } from "../files.server";
import { countUpload, uploadAllowance } from "../documents/upload-limits.server";
import { auditInsert } from "./audit.server";
import { requireUser } from "./auth.server";

const v = t.documents.validation;

export type Category = { id: number; categoryName: string };

/** A document as pages and the API show it (field names of SPEC section 3). */
export type DocumentView = {
  uuid: string;
  title: string;
  documentNumber: string;
  year: number;
  description: string;
  keywords: string;
  accessLevel: "PRIVATE" | "PUBLIC";
  categoryId: number;
  category: Category;
  fileName: string;
  fileSizeKb: number;
  mimeType: string;
  /** Only when the viewer may open the file. */
  previewUrl: string | null;
  downloadUrl: string | null;
  uploader: string;
  createdAt: string;
  updatedAt: string;
  canEdit: boolean;
  canDelete: boolean;
  canOpenFile: boolean;
  canRequestAccess: boolean;
};

export type DocumentPage = {
  data: DocumentView[];
  page: number;
  size: number;
  total: number;
  totalPages: number;
  query: DocumentListQuery;
};

const SORT_COLUMNS = {
  createdAt: "a.created_at",
  title: "a.title",
  year: "a.year",
  documentNumber: "a.document_number",
  fileSize: "a.file_size",
} as const;

/**
 * Documents with their category and uploader. With `match`, the rows come from the full-text
 * index: FTS5 is pinned as the OUTER loop with CROSS JOIN (SQLite never reorders it). Otherwise
 * the planner may scan archives and probe FTS once per row — 28 s instead of 0.6 ms for a broad
 * term with a filter, measured at 100k documents.
 */
function baseQuery(ctx: AppContext, match: string | null = null) {
  const archives = ctx.db.selectFrom("archives as a");
  const from = match
    ? // Same tables as `archives` for the rest of the chain, plus archives_fts (read via sql refs).
      (ctx.db
        .selectFrom("archives_fts")
        .crossJoin("archives as a")
        .whereRef("a.id", "=", "archives_fts.rowid")
        .where(sql<boolean>`archives_fts MATCH ${match}`) as unknown as typeof archives)
    : archives;
  return from
    .innerJoin("categories as c", "c.id", "a.category_id")
    .innerJoin("users as u", "u.id", "a.uploader_id")
    .select([
      "a.id",
      "a.uuid",
      "a.title",
      "a.document_number",
      "a.year",
      "a.description",
      "a.keywords",
      "a.access_level",
      "a.category_id",
      "c.category_name",
      "a.uploader_id",
      "a.unit_kerja_id",
      "a.r2_key",
      "a.file_name",
      "a.file_size",
      "a.mime_type",
      "a.sha256",
      "a.created_at",
      "a.updated_at",
      "u.full_name as uploader",
    ]);
}
type DocumentRow = NonNullable<Awaited<ReturnType<ReturnType<typeof baseQuery>["executeTakeFirst"]>>>;

const refOf = (row: Pick<DocumentRow, "uploader_id" | "unit_kerja_id" | "access_level">): DocumentRef => ({
  uploaderId: row.uploader_id,
  unitKerjaId: row.unit_kerja_id,
  accessLevel: row.access_level,
});

function toView(ctx: AppContext, row: DocumentRow): DocumentView {
  const document = refOf(row);
  const canOpenFile = can(ctx.actor, { type: "document.openFile", document });
  const fileUrl = `/api/v1/archives/${row.uuid}/download`;
  return {
    uuid: row.uuid,
    title: row.title,
    documentNumber: row.document_number,
    year: row.year,
    description: row.description,
    keywords: row.keywords,
    accessLevel: row.access_level,
    categoryId: row.category_id,
    category: { id: row.category_id, categoryName: row.category_name },
    fileName: row.file_name,
    fileSizeKb: Math.round((row.file_size / 1024) * 100) / 100,
    mimeType: row.mime_type,
    previewUrl: canOpenFile ? `${fileUrl}?disposition=inline` : null,
    downloadUrl: canOpenFile ? fileUrl : null,
    uploader: row.uploader,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    canEdit: can(ctx.actor, { type: "document.edit", document }),
    canDelete: can(ctx.actor, { type: "document.delete", document }),
    canOpenFile,
    canRequestAccess: can(ctx.actor, { type: "document.requestAccess", document }),
  };
}

/**
 * FTS5 query from user input: each word quoted (so no FTS syntax gets through) and
 * prefix-matched, all words required. Control characters go too: FTS5 reads a NUL as the end
 * of the query ("unterminated string", a 500).
 */
export function ftsQuery(input: string): string | null {
  const terms = input
    .replace(/["\u0000-\u001f\u007f]/g, " ")
    .split(/\s+/)
    .map((term) => term.trim())
    .filter(Boolean)
    .slice(0, 8)
    .map((term) => `"${term.slice(0, 50)}"*`);
  return terms.length ? terms.join(" ") : null;
}

/**
 * A page of the catalogue, filtered, searched and sorted on the server. Anyone may list;
 * visitors (and `publicOnly`, the public /documents page) see PUBLIC documents only.
 * Totals without a search come from the trigger-kept counts, never a COUNT(*) of the table.
 */
export async function listDocuments(ctx: AppContext, query: DocumentListQuery, options: { publicOnly?: boolean } = {}): Promise<DocumentPage> {
  const publicOnly = options.publicOnly || !ctx.actor;
  const match = ftsQuery(query.q);
  const filtered = publicOnly || query.category !== undefined;
  const filter = (eb: ExpressionBuilder<Database & { a: Database["archives"] }, "a">) =>
    eb.and([
      ...(publicOnly ? [eb("a.access_level", "=", "PUBLIC")] : []),
      ...(query.category ? [eb("a.category_id", "=", query.category)] : []),
    ]);

  // Newest first in a search walks the index backwards: ids grow with upload time (created_at is
  // set once, at insert), so no sort of all matches is needed. The rowid is unique, and any
  // second ORDER BY term would make SQLite sort every match again (17 ms vs 0.6 ms, broad term).
  const byIndexOrder = match !== null && query.sort === "createdAt";
  const [data, total] = await Promise.all([
    baseQuery(ctx, match)
      .where(filter)
      .$if(byIndexOrder, (qb) => qb.orderBy(sql.ref("archives_fts.rowid"), query.dir))
      .$if(!byIndexOrder, (qb) => qb.orderBy(sql.ref(SORT_COLUMNS[query.sort]), query.dir).orderBy("a.id", query.dir))
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    !match
      ? countFromCounters(ctx, publicOnly, query.category) // trigger-kept: no scan
      : filtered
        ? ctx.db
            .selectFrom("archives_fts")
            .crossJoin("archives as a")
            .whereRef("a.id", "=", "archives_fts.rowid")
            .where(sql<boolean>`archives_fts MATCH ${match}`)
            .where(filter)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirst()
        : ctx.db
            .selectFrom("archives_fts")
            .where(sql<boolean>`archives_fts MATCH ${match}`)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirst(),
  ]);
  const count = Number(total?.n ?? 0);
  return {
    data: data.map((row) => toView(ctx, row)),
    page: query.page,
    size: query.size,
    total: count,
    totalPages: Math.max(1, Math.ceil(count / query.size)),
    query,
  };
}

function countFromCounters(ctx: AppContext, publicOnly: boolean, category: number | undefined) {
  let counts = ctx.db.selectFrom("archive_counts").select((eb) => eb.fn.coalesce(eb.fn.sum<number>("total"), eb.lit(0)).as("n"));
  if (publicOnly) counts = counts.where("access_level", "=", "PUBLIC");
  if (category) counts = counts.where("category_id", "=", category);
  return counts.executeTakeFirst();
}

export async function listCategories(ctx: AppContext): Promise<Category[]> {
  const rows = await ctx.db.selectFrom("categories").select(["id", "category_name"]).orderBy("id").execute();
  return rows.map((row) => ({ id: row.id, categoryName: row.category_name }));
}

async function findRow(ctx: AppContext, uuid: string): Promise<DocumentRow> {
  const row = /^[0-9a-f-]{36}$/i.test(uuid) ? await baseQuery(ctx).where("a.uuid", "=", uuid).executeTakeFirst() : undefined;
  // Visitors do not learn that a non-public document exists.
  if (!row || (!ctx.actor && row.access_level !== "PUBLIC")) throw new NotFoundError(t.documents.notFound);
  return row;
}


/** One document's metadata. Signed-in users see every document; visitors PUBLIC ones only. */
export async function getDocument(ctx: AppContext, uuid: string): Promise<DocumentView> {
  return toView(ctx, await findRow(ctx, uuid));
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

async function assertCategoryExists(ctx: AppContext, categoryId: number) {
  const found = await ctx.db.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst();
  if (!found) throw new InvalidError(v.categoryUnknown, { categoryId: [v.categoryUnknown] });
}

const csrfTokenToCheck = (ctx: AppContext) => (ctx.csrfVerified ? null : (ctx.session?.csrfToken ?? ""));

/** Run `write` after a file is stored; if anything fails the object is removed again. */
async function withStoredFile<T>(
  ctx: AppContext,
  fields: Record<string, string>,
  file: StoredFile | null,
  write: () => Promise<T>,
): Promise<T> {
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
 * `submissionId` field (or Idempotency-Key) returns the first document instead of a second one.
 * Side effects: the R2 object, the archives row and a DOCUMENT_CREATE audit row (one batch).
 */
export async function createDocument(ctx: AppContext, body: UploadBody, idempotencyKey: string | null = null): Promise<CreateResult> {
  assertCan(ctx.actor, { type: "document.create" }, t.denied.createDocument);
  const user = ctx.session!.user;
  // Stored per uploader (the column is unique table-wide): another user's equal key is no clash.
  const keyOf = (fields: Record<string, string>) => {
    const key = (idempotencyKey ?? fields.submissionId ?? "").trim();
    return key && key.length <= 100 ? `${user.userId}:${key}` : null;
  };
  const findDuplicate = async (key: string | null) =>
    key
      ? baseQuery(ctx).where("a.idempotency_key", "=", key).where("a.uploader_id", "=", user.userId).executeTakeFirst()
      : undefined;

  const { fields, file } = await receiveUpload(ctx, body, {
    csrfToken: csrfTokenToCheck(ctx),
    allowance: await uploadAllowance(ctx, user.unitKerjaId),
    // A repeated submission stores nothing and is not counted as an upload.
    shouldStore: async (fieldsSoFar) => {
      if (await findDuplicate(keyOf(fieldsSoFar))) return false;
      await countUpload(ctx, user.userId);
      return true;
    },
  });
  const key = keyOf(fields);
  const duplicate = await findDuplicate(key);
  if (duplicate) {
    if (file) await discardFile(ctx, file.key);
    return { document: toView(ctx, duplicate), created: false };
  }

  return withStoredFile(ctx, fields, file, async () => {
    const metadata = parseMetadata(fields, { file });
    if (!file) throw new InvalidError(v.fileRequired, { file: [v.fileRequired] }); // (narrows the type)
    await assertCategoryExists(ctx, metadata.categoryId);
    const uuid = crypto.randomUUID();
    const now = ctx.now().toISOString();
    try {
      await runBatch(ctx.d1, [
        ctx.db.insertInto("archives").values({
          uuid,
          ...metadataColumns(metadata),
          uploader_id: user.userId,
          unit_kerja_id: user.unitKerjaId,
          r2_key: file.key,
          file_name: file.fileName,
          file_size: file.size,
          mime_type: file.mimeType,
          sha256: file.sha256,
          idempotency_key: key,
          created_at: now,
          updated_at: now,
        }),
        ctx.db.deleteFrom("pending_uploads").where("r2_key", "=", file.key),
        auditInsert(ctx, {
          action: "DOCUMENT_CREATE",
          message: `Dokumen "${metadata.title}" diunggah (${file.fileName}, ${file.size} byte)`,
          details: { sha256: file.sha256, accessLevel: metadata.accessLevel },
          targetType: "archive",
          targetId: uuid,
        }),
      ]);
    } catch (error) {
      // Two submits of one form raced: the other one won.
      const winner = await findDuplicate(key);
      if (winner) {
        await discardFile(ctx, file.key);
        return { document: toView(ctx, winner), created: false };
      }
      throw error;
    }
    return { document: await getDocument(ctx, uuid), created: true };
  });
}

/**
 * Update metadata and, when the body carries a `file`, replace the file after the metadata.
 * Needs `document.edit`. Side effects: the row, DOCUMENT_UPDATE (+ DOCUMENT_FILE_REPLACE) audit
 * rows in the same batch; the old object is deleted once the new one is recorded.
 */
export async function updateDocument(ctx: AppContext, uuid: string, body: UploadBody): Promise<DocumentView> {
  // Writes need a session before the lookup: a visitor (or an expired session) is told to sign
  // in, not that a non-public document does not exist.
  requireUser(ctx);
  const row = await findRow(ctx, uuid);
  assertCan(ctx.actor, { type: "document.edit", document: refOf(row) }, t.denied.editDocument);
  const { fields, file } = await receiveUpload(ctx, body, replacementUploadOptions(ctx, await uploadAllowance(ctx, row.unit_kerja_id, row.file_size)));
  return withStoredFile(ctx, fields, file, async () => {
    const metadata = parseMetadata(fields);
    await assertCategoryExists(ctx, metadata.categoryId);
    const now = ctx.now().toISOString();
    const queries: Compilable[] = [
      ctx.db
        .updateTable("archives")
        .set({ ...metadataColumns(metadata), updated_at: now })
        .where("id", "=", row.id),
      auditInsert(ctx, {
        action: "DOCUMENT_UPDATE",
        message: `Metadata dokumen "${metadata.title}" diperbarui`,
        details: { accessLevel: metadata.accessLevel },
        targetType: "archive",
        targetId: uuid,
      }),
    ];
    if (file) queries.push(...fileReplacement(ctx, row, file, now));
    await runBatch(ctx.d1, queries);
    if (file) await discardFile(ctx, row.r2_key);
    return getDocument(ctx, uuid);
  });
}

/**
 * Replace only the file (POST /archives/{uuid}/file). Needs `document.edit`.
 * Side effects as for `updateDocument` with a file.
 */
export async function replaceDocumentFile(ctx: AppContext, uuid: string, body: UploadBody): Promise<DocumentView> {
  requireUser(ctx);
  const row = await findRow(ctx, uuid);
  assertCan(ctx.actor, { type: "document.edit", document: refOf(row) }, t.denied.editDocument);
  const { fields, file } = await receiveUpload(ctx, body, replacementUploadOptions(ctx, await uploadAllowance(ctx, row.unit_kerja_id, row.file_size)));
  if (!file) throw new InvalidError(v.fileRequired, { file: [v.fileRequired] });
  return withStoredFile(ctx, fields, file, async () => {
    await runBatch(ctx.d1, fileReplacement(ctx, row, file, ctx.now().toISOString()));
    await discardFile(ctx, row.r2_key);
    return getDocument(ctx, uuid);
  });
}

/** A replacement file counts as an upload of the user, within the owning unit's quota. */
function replacementUploadOptions(ctx: AppContext, allowance: UploadAllowance) {
  return {
    csrfToken: csrfTokenToCheck(ctx),
    allowance,
    shouldStore: async () => {
      await countUpload(ctx, ctx.session!.user.userId);
      return true;
    },
  };
}

/** The writes that swap a document's file; the old key is queued for deletion in the same batch. */
function fileReplacement(ctx: AppContext, row: DocumentRow, file: StoredFile, now: string): Compilable[] {
  return [
    ctx.db
      .updateTable("archives")
      .set({ r2_key: file.key, file_name: file.fileName, file_size: file.size, mime_type: file.mimeType, sha256: file.sha256, updated_at: now })
      .where("id", "=", row.id),
    ctx.db.deleteFrom("pending_uploads").where("r2_key", "=", file.key),
    ctx.db.insertInto("pending_uploads").values({ r2_key: row.r2_key, created_at: now }),
    auditInsert(ctx, {
      action: "DOCUMENT_FILE_REPLACE",
      message: `File dokumen "${row.title}" diganti (${file.fileName}, ${file.size} byte)`,
      details: { oldSha256: row.sha256, sha256: file.sha256 },
      targetType: "archive",
      targetId: row.uuid,
    }),
  ];
}

/**
 * Delete a document and its file. Needs `document.delete`. Side effects: the row (and its
 * access requests), a DOCUMENT_DELETE audit row, the R2 object (queued in the same batch, so a
 * failed R2 delete is retried by the scheduled job).
 */
export async function deleteDocument(ctx: AppContext, uuid: string): Promise<{ title: string }> {
  requireUser(ctx);
  const row = await findRow(ctx, uuid);
  assertCan(ctx.actor, { type: "document.delete", document: refOf(row) }, t.denied.deleteDocument);
  await runBatch(ctx.d1, [
    ctx.db.deleteFrom("archives").where("id", "=", row.id),
    ctx.db.insertInto("pending_uploads").values({ r2_key: row.r2_key, created_at: ctx.now().toISOString() }),
    auditInsert(ctx, {
      action: "DOCUMENT_DELETE",
      message: `Dokumen "${row.title}" dihapus`,
      details: { fileName: row.file_name, sha256: row.sha256 },
      targetType: "archive",
      targetId: uuid,
    }),
  ]);
  await discardFile(ctx, row.r2_key);
  return { title: row.title };
}

/**
 * Stream a document's file (download, or inline preview of types that cannot run script).
 * Needs `document.openFile`. Side effect: a DOCUMENT_DOWNLOAD audit row (not for 304s or for
 * continuation ranges of one download).
 */
export async function openDownload(
  ctx: AppContext,
  uuid: string,
  request: FileRequest,
  disposition: "inline" | "attachment",
): Promise<Response> {
  const row = await findRow(ctx, uuid);
  assertCan(ctx.actor, { type: "document.openFile", document: refOf(row) }, t.documents.noAccess);
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
    await auditInsert(ctx, {
      action: disposition === "inline" ? "DOCUMENT_PREVIEW" : "DOCUMENT_DOWNLOAD",
      message: `Dokumen "${row.title}" ${disposition === "inline" ? "dilihat" : "diunduh"}`,
      targetType: "archive",
      targetId: uuid,
      actorId: ctx.actor?.userId ?? null,
    }).execute();
  }
  return response;
}

