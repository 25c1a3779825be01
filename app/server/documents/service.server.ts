/**
 * The document use cases: list, read, create, update, add a file version, move to the trash,
 * download. Versions and the trash have rooms of their own (`versions.server.ts`,
 * `trash.server.ts`) built on the steps exported here; reusable reads live in
 * `queries.server.ts`, view mapping in `view.server.ts`.
 */
import type { ExpressionBuilder } from "kysely";
import { ConflictError, DomainError, ForbiddenError, InvalidError, NotFoundError } from "~/domain/errors";
import { disposalMessages } from "~/i18n/disposal";
import { classRank, type SecurityClass } from "~/domain/security-classes";
import { codeSubtree } from "~/domain/classification";
import { accessRequestMessages } from "~/i18n/access-requests";
import { type DocumentListQuery, type DocumentMetadata, type DocumentPageQuery } from "~/domain/document-schemas";
import { recordMetadataTerms } from "../search/queries.server";
import { hasDigitalFile, PAPER_RECORD_KEY_PREFIX, type Category, type DocumentPage, type DocumentView } from "~/domain/documents";
import type { PageCursors } from "~/domain/list-page";
import { listPage, type ListPage } from "~/domain/list-query";
import { assertCan, can, type Action } from "~/domain/policy";
import { deniedMessages } from "~/i18n/id";
import { documentMessages } from "~/i18n/documents";
import { documentDetailText } from "~/i18n/document-detail";
import { documentValidation } from "~/i18n/document-validation";
import { hardening as hardeningText } from "~/i18n/hardening";
import { commit, type Step } from "../audit/commit.server";
import { eachRequestAudit } from "../access-requests/service.server";
import { requireUser, type ServiceContext } from "../context.server";
import {
  categoriesStatement,
  documentCountStatement,
  documentCursor,
  documentRowsStatement,
  documentSeekStatement,
  documentSeekValues,
  toCategory,
  type DocumentListShape,
  type FilterValues,
  audienceOf,
  audienceUnit,
  type Audience,
  findDocumentByIdempotencyKey,
  findDocumentByUuid,
  listCategories as listCategoryRows,
  type DocumentRow,
} from "./queries.server";
import { documentRef, grantedDisposition, toDocumentView } from "./view.server";
import { orGone, throwGoneOrNotFound } from "./tombstones.server";
import { discardFile, type StagedFile, type StagedUpload, type UploadPlan } from "../files/staging.server";
import { documentFileVisibility, servedFileOf, startsDownload, type FileGrant, type FileRequest } from "../http/file-response.server";
import { commitOncePerWindow, DOWNLOAD_AUDIT_WINDOW_MS } from "../audit/windows.server";
import { countUpload, quotaGuard, storageQuotaOf } from "./upload-limits.server";
import { documentFormMessages } from "~/i18n/document-form";
import { abortUnlessChanged } from "../db/write-guard.server";
import { batchRead, type Statement } from "../db/prepared.server";
import { checkFieldsSoFar, metadataColumns, validDocumentFields, versionNoteOf, type Filing, type OwnerUnitRule } from "./metadata.server";
import type { Database } from "../db/schema";
import { filterCodesStatement } from "../classification/queries.server";
import { pendingTextStep, queuePendingTexts } from "../text-extraction/queue.server";
import { TEXT_FILTERS } from "~/domain/text-extraction";
import { needsSearch, searchDocuments, type SearchOptions } from "../search/service.server";
import type { Facets } from "~/domain/search/facets";
import { berkasMessages } from "~/i18n/berkas";
import { copyIfVital } from "../vital/copies.server";
import { refreshRetentionStates, trashRefusals } from "../retention/service.server";
import { notHeld } from "../retention/queries.server";

// Pages and components that still import the view types from here keep working.
export type { Category, DocumentPage, DocumentView };

const v = documentValidation;

/** A batch that would store more than the unit's quota (`quotaGuard`): 413, as a refused upload. */
const QUOTA_CONFLICT = { QUOTA_EXCEEDED: () => new DomainError(413, documentFormMessages.quotaExceeded) };

/** The SQL shape of a list query: what changes its SQL text (the values are parameters). */
function listShape(ctx: ServiceContext, audience: Audience, query: DocumentListQuery): DocumentListShape {
  return {
    audience: audience.kind,
    category: query.category !== undefined,
    code: query.klasifikasi !== undefined,
    // The text-status filter is Super Admin's; anyone else's `?teks=` is ignored.
    text: query.teks !== undefined && can(ctx.actor, { type: "text.statusFilter" }) ? TEXT_FILTERS[query.teks] : null,
    retention: query.retensi !== undefined,
    sort: query.sort,
    dir: query.dir,
  };
}

/**
 * The statements of one list page: its rows and its total. A page reached by Previous/Next
 * carries a cursor (`after`/`before`) and seeks from it; a cursor that does not fit the list's
 * order (edited by hand, or made for another sort) is ignored and the page number counts.
 */
function listStatements(ctx: ServiceContext, query: DocumentListQuery & Partial<Pick<DocumentPageQuery, "after" | "before">>, options: { publicOnly?: boolean }) {
  const audience = audienceOf(ctx.actor, options);
  const shape = listShape(ctx, audience, query);
  const codes = codeSubtree(query.klasifikasi ?? "");
  const filters: FilterValues = [query.category ?? 0, audienceUnit(audience), codes.from, codes.to, query.retensi ?? ""];
  const seek = query.after !== undefined ? "after" : query.before !== undefined ? "before" : null;
  const position = seek && documentSeekValues(shape, query.after ?? query.before);
  const rows =
    seek && position
      ? documentSeekStatement(ctx.d1, { ...shape, seek }, ...filters, query.size, ...position)
      : documentRowsStatement(ctx.d1, { ...shape, deferred: query.page > 1 }, ...filters, query.size, (query.page - 1) * query.size);
  return { shape, backwards: seek === "before" && !!position, statements: [rows, documentCountStatement(ctx.d1, shape, ...filters)] as const };
}

const pageOf = <Query extends DocumentListQuery>(ctx: ServiceContext, query: Query, rows: DocumentRow[], counts: { n: number }[]): ListPage<DocumentView, Query> =>
  listPage(rows.map((row) => toDocumentView(ctx.actor, row)), Number(counts[0]?.n ?? 0), query);

/**
 * A page of the catalogue by page number, filtered, searched and sorted on the server (the API
 * list). Anyone may list; visitors (and `publicOnly`, the public /documents page) see PUBLIC
 * documents only. Rows and total come in one D1 round trip.
 */
export async function listDocuments(ctx: ServiceContext, query: DocumentListQuery, options: Pick<SearchOptions, "publicOnly" | "stemmer"> = {}): Promise<DocumentPage> {
  if (needsSearch(query)) {
    const found = await searchDocuments(ctx, query, options);
    return { ...listPage(found.rows, found.total, query), totalCapped: found.totalCapped };
  }
  const { statements } = listStatements(ctx, query, options);
  const [rows, counts] = await batchRead(ctx.d1, ...statements);
  return pageOf(ctx, query, rows, counts);
}

/**
 * A list page with the categories of its filter (and, with `codes`, the classification codes to
 * filter by), all in one D1 round trip, and the cursors of its first and last row for the
 * Previous/Next links (null on an empty page).
 */
export async function listDocumentsWithCategories<ExtraRow = never>(
  ctx: ServiceContext,
  query: DocumentPageQuery,
  options: { publicOnly?: boolean; codes?: boolean } = {},
  /** Another read of the page (null: none), in the same round trip as the list. */
  extra: Statement<ExtraRow> | null = null,
): Promise<{
  page: ListPage<DocumentView, DocumentPageQuery>;
  categories: Category[];
  codes: { code: string; name: string }[];
  cursors: PageCursors;
  facets: Facets | null;
  extra: ExtraRow[] | null;
}> {
  if (needsSearch(query)) {
    // A relevance order pages by number; a column order by keyset as the catalogue does.
    const shape = { sort: query.sort, searched: query.q !== "" };
    const seek = query.sort === "relevance" ? null : query.after !== undefined ? "after" : query.before !== undefined ? "before" : null;
    const position = seek && documentSeekValues(shape, query.after ?? query.before);
    const found = await searchDocuments(
      ctx,
      query,
      { ...options, facets: true, seek: seek && position ? { seek, position } : null },
      categoriesStatement(ctx.d1, null),
      options.codes ? filterCodesStatement(ctx.d1, null) : null,
      extra,
    );
    const [categories, codes, extraRows] = found.extra;
    const cursorOf = (row: DocumentRow | undefined) => (row && query.sort !== "relevance" ? documentCursor({ ...shape, searched: found.searched }, row) : null);
    return {
      page: { ...listPage(found.rows, found.total, query), totalCapped: found.totalCapped },
      categories: categories.map(toCategory),
      codes: codes ?? [],
      cursors: { first: cursorOf(found.found[0]), last: cursorOf(found.found.at(-1)) },
      facets: found.facets,
      extra: extraRows,
    };
  }
  const { shape, backwards, statements } = listStatements(ctx, query, options);
  const [found, counts, categories, codes, extraRows] = await batchRead(
    ctx.d1,
    ...statements,
    categoriesStatement(ctx.d1, null),
    options.codes ? filterCodesStatement(ctx.d1, null) : null,
    extra,
  );
  const rows = backwards ? found.reverse() : found;
  const cursorOf = (row: DocumentRow | undefined) => (row ? documentCursor(shape, row) : null);
  return {
    page: pageOf(ctx, query, rows, counts),
    categories: categories.map(toCategory),
    codes: codes ?? [],
    cursors: { first: cursorOf(rows[0]), last: cursorOf(rows.at(-1)) },
    facets: null,
    extra: extraRows,
  };
}

export const listCategories = (ctx: ServiceContext): Promise<Category[]> => listCategoryRows(ctx);

/**
 * The live row behind a uuid this request may know of (`document.view`): a visitor does not
 * learn that a non-public document exists, nor anyone outside its circle a SANGAT_RAHASIA one.
 */
export async function visibleRow(ctx: ServiceContext, uuid: string): Promise<DocumentRow> {
  const row = await findDocumentByUuid(ctx, uuid);
  if (!row || !can(ctx.actor, { type: "document.view", document: documentRef(row) })) throw new NotFoundError(documentDetailText.notFound);
  return row;
}

/**
 * One document's metadata. Signed-in users see every live document; visitors PUBLIC ones only.
 * A destroyed or purged one answers with its tombstone (GoneError) to who may know of it.
 */
export async function getDocument(ctx: ServiceContext, uuid: string): Promise<DocumentView> {
  return toDocumentView(ctx.actor, await orGone(ctx, uuid, () => visibleRow(ctx, uuid)));
}

/**
 * `getDocument`, with the row the document page's other reads start from (its versions,
 * retention, text status: `…Read(ctx, row)`, read together in one round trip).
 */
export async function getDocumentAndRow(ctx: ServiceContext, uuid: string): Promise<{ document: DocumentView; row: DocumentRow }> {
  const row = await orGone(ctx, uuid, () => visibleRow(ctx, uuid));
  return { document: toDocumentView(ctx.actor, row), row };
}

/**
 * A PUBLIC document as the public pages show it (the same for every viewer, so the page can be
 * edge-cached): any other document does not exist there, for a signed-in user too.
 */
export async function getPublicDocument(ctx: ServiceContext, uuid: string): Promise<DocumentView> {
  const row = await findDocumentByUuid(ctx, uuid);
  // Gone for good: its tombstone, for who may know of it (the page is cached for visitors only when found).
  if (!row) return throwGoneOrNotFound(ctx, uuid, new NotFoundError(documentDetailText.notFound));
  if (!can(null, { type: "document.view", document: documentRef(row) })) throw new NotFoundError(documentDetailText.notFound);
  return toDocumentView(null, row);
}

type DocumentChange = "document.edit" | "document.delete" | "document.restoreVersion";
const deniedFor: Record<DocumentChange, string> = {
  "document.edit": deniedMessages.editDocument,
  "document.delete": deniedMessages.deleteDocument,
  "document.restoreVersion": deniedMessages.editDocument,
};

/**
 * The live row a signed-in user may change. Writes need a session before the lookup: a visitor
 * (or an expired session) is told to sign in, not that a non-public document does not exist.
 */
export async function changeableRow(ctx: ServiceContext, uuid: string, action: DocumentChange): Promise<DocumentRow> {
  requireUser(ctx);
  const row = await visibleRow(ctx, uuid);
  // A handed-over record (Statis) is read-only for everyone: say so rather than "no permission".
  if (row.archival_state === "STATIS" && can(ctx.actor, { type: "document.view", document: documentRef(row) })) {
    throw new ForbiddenError(disposalMessages.statisReadOnly);
  }
  assertCan(ctx.actor, { type: action, document: documentRef(row) } as Action, deniedFor[action]);
  return row;
}

/**
 * Run `write` with a staged file; if anything fails the staged object is removed again. A
 * use case owns the staged file it is handed from its first line.
 */
async function withStagedFile<T>(ctx: ServiceContext, fields: Record<string, string>, file: StagedFile | null, write: () => Promise<T>): Promise<T> {
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
 * What a new document's upload may be, decided before a byte is stored: `document.create`, the
 * owning unit's quota, the user's upload rate. A repeated idempotency key stores nothing and is
 * not counted as an upload.
 */
export async function planNewDocument(ctx: ServiceContext, options: { idempotent?: boolean; ownerUnit?: OwnerUnitRule } = {}): Promise<UploadPlan> {
  assertCan(ctx.actor, { type: "document.create" }, deniedMessages.createDocument);
  const user = requireUser(ctx);
  return {
    quota: storageQuotaOf(ctx, user.unitKerjaId),
    // The fields come before the file: a wrong year or a missing unit is refused before the
    // file streams in, and the file counts against the quota of the unit a Super Admin chose.
    checkFields: async (fields) => {
      const ownerUnit = await checkFieldsSoFar(ctx, fields, options.ownerUnit);
      if (ownerUnit !== undefined) return storageQuotaOf(ctx, ownerUnit);
    },
    shouldStore: async (key) => {
      if (options.idempotent !== false && (await findDocumentByIdempotencyKey(ctx, user.userId, scopedKey(user.userId, key)))) return false;
      await countUpload(ctx, user.userId);
      return true;
    },
  };
}

/**
 * Record a new document from a staged upload (metadata fields + `file`). Needs
 * `document.create`. The uploader and owning unit are the session user's, whatever the body
 * says. A repeated idempotency key (the front door says where the body carries it) returns the
 * first document instead of a second one. Side effects: the archives row, its version 1, the end
 * of the file's staging and a DOCUMENT_CREATE audit row (one batch).
 */
export async function createDocument(
  ctx: ServiceContext,
  upload: StagedUpload,
  options: {
    ownerUnit?: OwnerUnitRule;
    /** The import it is part of (its rollback removes exactly these). */ importId?: number;
    /** A paper record (an import line naming no file): a document without a current file. */ withoutFile?: boolean;
  } = {},
): Promise<CreateResult> {
  return withStagedFile(ctx, upload.fields, upload.file, async () => {
    assertCan(ctx.actor, { type: "document.create" }, deniedMessages.createDocument);
    const user = requireUser(ctx);
    const key = scopedKey(user.userId, upload.idempotencyKey);
    const duplicate = await earlierDocument(ctx, user.userId, key);
    if (duplicate) {
      if (upload.file) await discardFile(ctx, upload.file.key);
      return { document: duplicate, created: false };
    }
    const { metadata, filing, ownerUnit } = await validDocumentFields(ctx, upload.fields, options.ownerUnit, options.withoutFile ? {} : { requireFile: { file: upload.file } });
    const owner = ownerUnit === undefined ? user.unitKerjaId : ownerUnit;
    return insertDocument(ctx, metadata, filing, options.withoutFile ? null : upload.file!, key, versionNoteOf(upload.fields), owner, options.importId ?? null);
  });
}

/** The uuid of the document an earlier submission with this key made, if any (an import line run again after a kill). */
export async function submittedBefore(ctx: ServiceContext, idempotencyKey: string): Promise<string | null> {
  const user = requireUser(ctx);
  return (await findDocumentByIdempotencyKey(ctx, user.userId, scopedKey(user.userId, idempotencyKey)))?.uuid ?? null;
}

/** Recompute the retention status of the document `uuid` (just written, so its id is looked up). */
async function refreshRetentionOfUuid(ctx: ServiceContext, uuid: string): Promise<void> {
  const created = await ctx.db.selectFrom("archives").select("id").where("uuid", "=", uuid).executeTakeFirst();
  if (created) await refreshRetentionStates(ctx, { archiveIds: [created.id] });
}

/** The document an earlier submission with the same key created, as the uploader sees it now. */
async function earlierDocument(ctx: ServiceContext, uploaderId: number, key: string | null): Promise<DocumentView | null> {
  const earlier = await findDocumentByIdempotencyKey(ctx, uploaderId, key);
  if (!earlier) return null;
  // Created, then moved to the trash: the submission is still the one it was; say so plainly.
  if (earlier.deleted_at !== null) throw new NotFoundError(documentDetailText.notFound);
  return getDocument(ctx, earlier.uuid);
}

/** Idempotency keys are stored per uploader (the column is unique table-wide): another user's equal key is no clash. */
function scopedKey(uploaderId: number, key: string | null): string | null {
  const trimmed = (key ?? "").trim();
  return trimmed && trimmed.length <= 100 ? `${uploaderId}:${trimmed}` : null;
}

/** The row of a file version (the staged object becoming part of a document). */
const versionValues = (file: StagedFile, version: number, uploaderId: number, note: string | null, now: string) => ({
  version,
  r2_key: file.key,
  file_name: file.fileName,
  file_size: file.size,
  mime_type: file.mimeType,
  sha256: file.sha256,
  uploader_id: uploaderId,
  note,
  restored_from: null,
  created_at: now,
});

/**
 * The columns a document keeps as a copy of its current version's (for the list's indexes and
 * sorts). A paper record has no version: its copy is empty, and its key — the column is NOT NULL
 * and UNIQUE — names no object; every file reader checks `current_file_id` first
 * (`hasDigitalFile`), so nothing ever asks R2 for it.
 */
function currentFileColumns(file: StagedFile | null, uuid: string) {
  if (!file) return { r2_key: `${PAPER_RECORD_KEY_PREFIX}${uuid}`, file_name: "", file_size: 0, mime_type: "", sha256: "", current_version: 0 };
  return { r2_key: file.key, file_name: file.fileName, file_size: file.size, mime_type: file.mimeType, sha256: file.sha256 };
}

/**
 * The archives row, version 1 (none for a paper record), the end of the file's staging and the
 * audit row, in one batch.
 */
async function insertDocument(
  ctx: ServiceContext,
  metadata: DocumentMetadata,
  filing: Filing,
  file: StagedFile | null,
  idempotencyKey: string | null,
  note: string | null,
  unitKerjaId: number | null,
  importId: number | null,
): Promise<CreateResult> {
  const user = requireUser(ctx);
  const uuid = crypto.randomUUID();
  const now = ctx.now().toISOString();
  const archiveId = ctx.db.selectFrom("archives").select("id").where("uuid", "=", uuid);
  await recordMetadataTerms(ctx.d1, metadata);
  try {
    const steps: Step[] = [
      ctx.db.insertInto("archives").values({
        uuid,
        ...metadataColumns(metadata, filing),
        ...currentFileColumns(file, uuid),
        uploader_id: user.userId,
        unit_kerja_id: unitKerjaId,
        idempotency_key: idempotencyKey,
        import_id: importId,
        created_at: now,
        updated_at: now,
      }),
      ...(file
        ? [
            ctx.db.insertInto("archive_files").values({ ...versionValues(file, 1, user.userId, note, now), archive_id: archiveId }),
            quotaGuard(ctx, user.unitKerjaId),
            ctx.db
              .updateTable("archives")
              .set((eb) => ({ current_file_id: eb.selectFrom("archive_files").select("id").where("archive_id", "=", archiveId).where("version", "=", 1) }))
              .where("uuid", "=", uuid),
            // Its text waits for the extraction queue, written with the version so it cannot be lost.
            pendingTextStep(ctx, { uuid }, now),
            ctx.db.deleteFrom("file_staging").where("r2_key", "=", file.key),
          ]
        : []),
      {
        action: "DOCUMENT_CREATE",
        params: { title: metadata.title, fileName: file?.fileName ?? "", size: file?.size ?? 0 },
        details: { sha256: file?.sha256 ?? null, ...(file ? {} : { physical: true, physicalLocation: metadata.physicalLocation ?? null }), accessLevel: metadata.accessLevel, securityClass: filing.securityClass, classificationCode: metadata.classificationCode || null },
        targetType: "archive",
        targetId: uuid,
      },
    ];
    queuePendingTexts(ctx, steps, await commit(ctx, steps, QUOTA_CONFLICT));
  } catch (error) {
    // Two submits of one form raced: the other one won.
    const winner = await earlierDocument(ctx, user.userId, idempotencyKey);
    if (!winner) throw error;
    if (file) await discardFile(ctx, file.key);
    return { document: winner, created: false };
  }
  await refreshRetentionOfUuid(ctx, uuid);
  return { document: await getDocument(ctx, uuid), created: true };
}

/**
 * What a new version of `uuid`'s file may be, decided before a byte is stored: `document.edit`,
 * the owning unit's quota (every version is kept, so a new one adds its size), the user's upload
 * rate.
 */
export async function planNewVersion(ctx: ServiceContext, uuid: string, options: { metadata?: { ownerUnit?: OwnerUnitRule } } = {}): Promise<UploadPlan> {
  const row = await changeableRow(ctx, uuid, "document.edit");
  const metadata = options.metadata;
  return {
    quota: storageQuotaOf(ctx, row.unit_kerja_id),
    // An update (metadata and a file) is checked before its file streams in.
    checkFields: metadata
      ? async (fields) => {
          const ownerUnit = await checkFieldsSoFar(ctx, fields, metadata.ownerUnit);
          if (ownerUnit !== undefined && ownerUnit !== row.unit_kerja_id) return storageQuotaOf(ctx, ownerUnit);
        }
      : undefined,
    shouldStore: async () => {
      await countUpload(ctx, requireUser(ctx).userId);
      return true;
    },
  };
}

/**
 * Update metadata and, when the upload carries a `file`, add it as the new current version.
 * Needs `document.edit`. The code and the class change only when the call names them (or when
 * the access level crosses PUBLIC/PRIVATE); lowering the class to BIASA needs `confirmLowering`
 * (the page asks first; an API call is its client's own decision). A stricter class revokes the
 * live download tokens it forbids. Side effects: the row, the version, revocations and
 * DOCUMENT_UPDATE (+ DOCUMENT_CLASS_CHANGE, DOCUMENT_FILE_REPLACE, ACCESS_REQUEST_*) audit rows
 * in one batch.
 */
export async function updateDocument(
  ctx: ServiceContext,
  uuid: string,
  upload: StagedUpload,
  options: { confirmLowering?: boolean; ownerUnit?: OwnerUnitRule } = {},
): Promise<DocumentView> {
  return withStagedFile(ctx, upload.fields, upload.file, async () => {
    const row = await changeableRow(ctx, uuid, "document.edit");
    const { metadata, filing, ownerUnit } = await validDocumentFields(ctx, upload.fields, options.ownerUnit, { current: row });
    const from = row.security_class;
    const to = filing.securityClass;
    if (to === "BIASA" && from !== "BIASA" && !(options.confirmLowering ?? true)) {
      throw Object.assign(new InvalidError(v.confirmLowering, { confirmLowering: [v.confirmLowering] }), { values: upload.fields });
    }
    const now = ctx.now().toISOString();
    const version = upload.file ? newVersionSteps(ctx, row, upload.file, versionNoteOf(upload.fields), now) : [];
    // A Super Admin may hand the document to another unit (or give one to a document that had
    // none): its open requests follow (trigger access_requests_follow_owner), and so do its bytes.
    const unitChange = ownerUnit !== undefined && ownerUnit !== row.unit_kerja_id ? { unit_kerja_id: ownerUnit } : {};
    await recordMetadataTerms(ctx.d1, metadata);
    const steps: Step[] = [
      ctx.db
        .updateTable("archives")
        .set({ ...metadataColumns(metadata, filing), ...unitChange, updated_at: now })
        .where("id", "=", row.id)
        .where("deleted_at", "is", null),
      abortUnlessChanged(ctx),
      {
        action: "DOCUMENT_UPDATE",
        params: { title: metadata.title },
        details: { accessLevel: metadata.accessLevel, ...("unit_kerja_id" in unitChange ? { unitKerjaId: { from: row.unit_kerja_id, to: ownerUnit } } : {}) },
        targetType: "archive",
        targetId: uuid,
      },
      ...(from !== to ? classChangeSteps(ctx, row, from, to) : []),
      ...version,
    ];
    queuePendingTexts(
      ctx,
      steps,
      await commit(ctx, steps, {
        STALE_WRITE: hardeningText.fileReplacedConcurrently,
        ...QUOTA_CONFLICT,
        // A filed document keeps its berkas's unit and code (a trigger of the berkas).
        BERKAS_MISMATCH: () => Object.assign(new InvalidError(berkasMessages.documentFiledChange, { classificationCode: [berkasMessages.documentFiledChange] }), { values: upload.fields }),
      }),
    );
    if (version.length > 0) await copyIfVital(ctx, row.id);
    // Code, year, start date or unit may have changed: the status list filters by is current.
    await refreshRetentionStates(ctx, { archiveIds: [row.id] });
    return getDocument(ctx, uuid);
  });
}

/**
 * A class change: audited, and a stricter class takes back what it forbids — SANGAT_RAHASIA
 * cannot be requested (live approvals revoked, open requests rejected), RAHASIA allows one
 * download per token (approvals already used revoked). A lower class revokes nothing that stays
 * allowed.
 */
function classChangeSteps(ctx: ServiceContext, row: DocumentRow, from: SecurityClass, to: SecurityClass): Step[] {
  const audit: Step = {
    action: "DOCUMENT_CLASS_CHANGE",
    params: { title: row.title, from, to },
    details: { from, to },
    targetType: "archive",
    targetId: row.uuid,
  };
  if (classRank(to) <= classRank(from)) return [audit];
  const now = ctx.now().toISOString();
  if (to === "SANGAT_RAHASIA") {
    const pending = (eb: RequestBuilder) => eb.and([eb("archive_id", "=", row.id), eb("status", "=", "PENDING")]);
    return [
      audit,
      ...revokeLiveTokens(ctx, row, "class_raised", { from, to }),
      eachRequestAudit(ctx.db, { action: "ACCESS_REQUEST_REJECT", params: { title: row.title }, details: { reason: "class_raised", to } }, pending),
      ctx.db
        .updateTable("access_requests")
        .set({ status: "REJECTED", response_message: accessRequestMessages.closedByClass, responded_at: now })
        .where(pending),
    ];
  }
  if (to === "RAHASIA") return [audit, ...revokeLiveTokens(ctx, row, "class_raised", { from, to }, { usedOnly: true })];
  return [audit];
}

/**
 * Add a staged file as the new current version (`POST /archives/{uuid}/file`). Needs
 * `document.edit`. Side effects as for `updateDocument` with a file.
 */
export async function addVersion(ctx: ServiceContext, uuid: string, upload: StagedUpload): Promise<DocumentView> {
  return withStagedFile(ctx, upload.fields, upload.file, async () => {
    const row = await changeableRow(ctx, uuid, "document.edit");
    if (!upload.file) throw new InvalidError(v.fileRequired, { file: [v.fileRequired] });
    const steps = newVersionSteps(ctx, row, upload.file, versionNoteOf(upload.fields), ctx.now().toISOString());
    queuePendingTexts(ctx, steps, await commit(ctx, steps, { STALE_WRITE: hardeningText.fileReplacedConcurrently, ...QUOTA_CONFLICT }));
    await copyIfVital(ctx, row.id);
    return getDocument(ctx, uuid);
  });
}

/**
 * The steps that make `file` version n+1 of a document and point the document at it. The move
 * of the pointer is a compare-and-set on the version this request read: when a parallel request
 * added a version first (or moved the document to the trash), the guard rolls the whole batch
 * back — the version row included — and the caller discards its staged object. The new file's
 * text is marked PENDING; the caller sends the extraction message after the commit
 * (`queuePendingTexts`).
 */
export function newVersionSteps(ctx: ServiceContext, row: DocumentRow, file: StagedFile, note: string | null, now: string): Step[] {
  const user = requireUser(ctx);
  const version = row.current_version + 1;
  const fileId = ctx.db.selectFrom("archive_files").select("id").where("archive_id", "=", row.id).where("version", "=", version);
  return [
    ...claimPointer(ctx, row, now),
    ctx.db.insertInto("archive_files").values({ ...versionValues(file, version, user.userId, note, now), archive_id: row.id }),
    quotaGuard(ctx, row.unit_kerja_id),
    ctx.db.updateTable("archives").set({ current_file_id: fileId }).where("id", "=", row.id),
    // The new file's text waits for the extraction queue (the old text leaves the index).
    pendingTextStep(ctx, { id: row.id }, now),
    ctx.db.deleteFrom("file_staging").where("r2_key", "=", file.key),
    {
      action: "DOCUMENT_FILE_REPLACE",
      params: { title: row.title, fileName: file.fileName, size: file.size },
      details: { version, previousVersion: row.current_version, oldSha256: hasDigitalFile(row) ? row.sha256 : null, sha256: file.sha256, ...(note ? { note } : {}) },
      targetType: "archive",
      targetId: row.uuid,
    },
  ];
}

/**
 * The compare-and-set that claims the move of a document's current-version pointer: the first
 * statement touches the row only while it still points at the version this request read and is
 * not in the trash; the guard after it rolls the batch back otherwise.
 */
export function claimPointer(ctx: ServiceContext, row: Pick<DocumentRow, "id" | "current_file_id">, now: string): Step[] {
  return [
    ctx.db
      .updateTable("archives")
      .set({ updated_at: now })
      .where("id", "=", row.id)
      // A paper record (no file yet) is claimed while it still has none.
      .where("current_file_id", row.current_file_id === null ? "is" : "=", row.current_file_id)
      .where("deleted_at", "is", null),
    abortUnlessChanged(ctx),
  ];
}

/**
 * Revoke every live approval of a document (its tokens die at once), one ACCESS_REQUEST_REVOKE
 * audit row each, written where the document changes (access level, trash).
 */
export function revokeLiveTokens(
  ctx: ServiceContext,
  row: Pick<DocumentRow, "id" | "title">,
  reason: string,
  details: Record<string, unknown> = {},
  options: { usedOnly?: boolean } = {},
): Step[] {
  const now = ctx.now().toISOString();
  const live = (eb: RequestBuilder) =>
    eb.and([eb("archive_id", "=", row.id), eb("status", "=", "APPROVED"), ...(options.usedOnly ? [eb("download_count", ">", 0)] : [])]);
  return [
    eachRequestAudit(ctx.db, { action: "ACCESS_REQUEST_REVOKE", params: { title: row.title }, details: { reason, ...details } }, live),
    ctx.db.updateTable("access_requests").set({ status: "REVOKED", token_hash: null, token_seed: null, revoked_at: now, revoked_by: null }).where(live),
  ];
}

type RequestBuilder = ExpressionBuilder<Database, "access_requests">;

/**
 * Move a document to the trash (the SPEC's delete). Needs `document.delete`; refused (409, naming
 * the hold) for a held document, which must be kept as it is. From then on it is
 * gone from every reader; its versions, requests and file stay until it is restored or purged.
 * Live download tokens die. Side effects: deleted_at/by, revocations, DOCUMENT_TRASH audit row
 * (one batch).
 */
export async function deleteDocument(ctx: ServiceContext, uuid: string): Promise<{ title: string }> {
  const row = await changeableRow(ctx, uuid, "document.delete");
  const user = requireUser(ctx);
  const heldRefusal = async () => (await trashRefusals(ctx, [row])).get(row.id);
  const refusal = await heldRefusal();
  if (refusal) throw new ConflictError(refusal);
  await commit(
    ctx,
    [
      ctx.db
        .updateTable("archives")
        .set({ deleted_at: ctx.now().toISOString(), deleted_by: user.userId })
        .where("id", "=", row.id)
        .where("deleted_at", "is", null)
        // A hold placed, or a vital flag set, a moment ago still wins.
        .where(notHeld("archives.id", "archives.classification_id"))
        .where((eb) => eb.not(eb.exists(eb.selectFrom("vital_records as v").select("v.archive_id").whereRef("v.archive_id", "=", "archives.id")))),
      abortUnlessChanged(ctx),
      ...revokeLiveTokens(ctx, row, "trashed"),
      { action: "DOCUMENT_TRASH", params: { title: row.title }, details: { fileName: row.file_name, sha256: row.sha256, version: row.current_version }, targetType: "archive", targetId: uuid },
    ],
    { STALE_WRITE: async () => new ConflictError((await heldRefusal()) ?? hardeningText.documentChangedConcurrently) },
  );
  // In the trash it has no retention status (the refresh drops its row).
  await refreshRetentionStates(ctx, { archiveIds: [row.id] });
  return { title: row.title };
}

/**
 * Serve a document's current file (download, or inline preview of types that cannot run
 * script, where the class allows one: RAHASIA and SANGAT_RAHASIA are always attachments). Needs `document.openFile`. Side effect: a DOCUMENT_DOWNLOAD (or DOCUMENT_PREVIEW)
 * audit row, not for revalidations or for continuation ranges of one download.
 */
export async function openDownload(ctx: ServiceContext, uuid: string, request: FileRequest, asked: "inline" | "attachment"): Promise<FileGrant> {
  const row = await visibleRow(ctx, uuid);
  assertCan(ctx.actor, { type: "document.openFile", document: documentRef(row) }, documentDetailText.noAccess);
  if (!hasDigitalFile(row)) throw new ConflictError(documentMessages.noDigitalFile);
  const disposition = grantedDisposition(ctx.actor, row, asked);
  const file = servedFileOf(row, documentFileVisibility(row.access_level));
  if (startsDownload(file, request)) {
    const target = { params: { title: row.title }, targetType: "archive", targetId: uuid };
    const entry = disposition === "inline" ? ({ action: "DOCUMENT_PREVIEW", ...target } as const) : ({ action: "DOCUMENT_DOWNLOAD", ...target } as const);
    await commitOncePerWindow(ctx, `${entry.action}|${row.sha256}|${uuid}`, DOWNLOAD_AUDIT_WINDOW_MS, entry);
  }
  return { file, disposition };
}
