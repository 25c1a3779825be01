import { Hono, type Context } from "hono";
import { z } from "zod";
import { changed, DeletedSchema } from "~/domain/api/common";
import {
  CategorySchema,
  DocumentBatchBodySchema,
  DocumentBatchReportSchema,
  DocumentCreateBodySchema,
  DocumentFileBodySchema,
  DocumentPageSchema,
  DocumentUpdateBodySchema,
  DocumentViewSchema,
  DownloadQuerySchema,
  VersionDownloadQuerySchema,
} from "~/domain/api/documents";
import { DocumentListQuerySchema, withSearchOrder } from "~/domain/document-schemas";
import { NotFoundError } from "~/domain/errors";
import { SUBMISSION_ID_FIELD, stageRequestUpload, uploadBodyOf } from "~/server/http/upload-body.server";
import { uploadDocuments } from "~/server/documents/bulk-upload.server";
import {
  addVersion,
  createDocument,
  deleteDocument,
  listCategories,
  listDocuments,
  openDownload,
  planNewDocument,
  planNewVersion,
  updateDocument,
} from "~/server/documents/service.server";
import { requestAccess } from "~/server/access-requests/service.server";
import { fileResponse } from "~/server/http/file-response.server";
import { accessRequestMessages } from "~/i18n/access-requests";
import { documentMessages } from "~/i18n/documents";
import { documentForm } from "~/i18n/document-form";
import { documentValidation } from "~/i18n/document-validation";
import type { HonoEnv } from "../hono-env";
import { streamedUpload } from "../upload-routes";
import { requestAccessBody, requestAccessDoc, tokenDownloadHandler } from "./access-requests";
import { FILE_ANSWERS, jsonBody, listQuery, multipartBody, pathParam, route } from "./contract";
import { BulkEditSchema } from "~/domain/bulk-edit";
import { JobStartedSchema } from "~/domain/api/jobs";
import { startBulkEdit } from "~/server/documents/bulk.server";
import { fileRequestOf } from "./file-request";
import { versionsApi } from "./versions";
import { documentFixityApi } from "./fixity";
import { reindexApi } from "./text-extraction";
import { DocumentDetailSchema } from "~/domain/api/text-extraction";
import { getDocumentDetail } from "~/server/text-extraction/service.server";
import { retentionApi } from "./retention";
import { vitalApi } from "./vital";

const TAG = "Documents";
const uuidParam = pathParam("uuid", "The document's uuid.");
/** What an upload can be refused for besides its fields: its size, the unit's quota (413), its type (415), the upload rate (429). */
const UPLOAD_ERRORS = [400, 403, 404, 409, 413, 415, 429] as const;

/** The list query of a category's list: the category comes from the path. */
const CategoryListQuerySchema = DocumentListQuerySchema.omit({ category: true });

/** A document's current file, as an attachment or (types that cannot run script) inline. */
async function documentFileResponse(c: Context<HonoEnv>, uuid: string, disposition: "inline" | "attachment" = "attachment") {
  const ctx = c.get("ctx");
  const request = fileRequestOf(c);
  return fileResponse(ctx.files, await openDownload(ctx, uuid, request, disposition), request);
}

/** The archive calls. Visitors see PUBLIC documents only (enforced in the service). */
export const archivesApi = new Hono<HonoEnv>()
  .get(
    "/",
    route({
      tag: TAG,
      summary: "List documents (visitors: PUBLIC ones only)",
      description:
        "Searched (`q`: every word, prefix-matched in the metadata, or by its Indonesian stem in the document's text; a \"quoted phrase\" exactly), filtered by category and the facets (`tahun`, `unit`, `akses`, `tipe`), sorted and paged on the server. A search sorts by relevance unless `sort` says otherwise; a text hit lists only when the caller may open the file, with its `snippet`.",
      access: "public",
      ok: { description: "One page of documents.", schema: DocumentPageSchema },
    }),
    listQuery(DocumentListQuerySchema),
    async (c) => c.json(await listDocuments(c.get("ctx"), withSearchOrder(c.req.valid("query"), c.req.query("sort")))),
  )
  .get(
    "/categories",
    route({ tag: TAG, summary: "Every category", access: "public", ok: { description: "The categories, by id.", schema: z.array(CategorySchema) } }),
    async (c) => c.json(await listCategories(c.get("ctx"))),
  )
  .get(
    "/category/:id",
    route({
      tag: TAG,
      summary: "List the documents of one category",
      access: "public",
      parameters: [pathParam("id", "The category's id.", { type: "integer", minimum: 1 })],
      ok: { description: "One page of documents.", schema: DocumentPageSchema },
      errors: [404],
    }),
    listQuery(CategoryListQuerySchema),
    async (c) => {
      if (!/^\d{1,9}$/.test(c.req.param("id"))) throw new NotFoundError(documentValidation.categoryUnknown);
      const query = withSearchOrder({ ...c.req.valid("query"), category: Number(c.req.param("id")) }, c.req.query("sort"));
      return c.json(await listDocuments(c.get("ctx"), query));
    },
  )
  // A create names its idempotency key: the `Idempotency-Key` header, else the form's `submissionId`.
  .post(
    "/",
    route({
      tag: TAG,
      summary: "Create a document (metadata and its file)",
      description:
        "Satuan Kerja and Super Admin. The uploader is the caller, whatever the body says; so is the owning unit, except that a Super Admin may name one (`unitKerjaId`). A repeated `Idempotency-Key` (or `submissionId`) answers the first document with 200 instead of making a second one.",
      access: "write",
      requestBody: multipartBody(DocumentCreateBodySchema, "The form fields first, the file last (the body is streamed to storage)."),
      parameters: [{ name: "Idempotency-Key", in: "header", description: "The caller's key for this submission (at most 100 characters).", schema: { type: "string", maxLength: 100 } }],
      ok: [
        { status: 201, description: "Created.", schema: changed(DocumentViewSchema) },
        { status: 200, description: "The document an earlier submission with the same key created.", schema: changed(DocumentViewSchema) },
      ],
      errors: [...UPLOAD_ERRORS],
    }),
    streamedUpload,
    async (c) => {
      const ctx = c.get("ctx");
      const key = { header: c.req.header("idempotency-key") ?? null, field: SUBMISSION_ID_FIELD };
      const { document, created } = await createDocument(ctx, await stageRequestUpload(ctx, c.req.raw, planNewDocument(ctx), key));
      return c.json({ message: documentForm.uploadSuccess, data: document }, created ? 201 : 200);
    },
  )
  .post(
    "/batch",
    route({
      tag: TAG,
      summary: "Create many documents at once ('Unggah Banyak'): one per file",
      description:
        "Satuan Kerja and Super Admin. The shared fields first (as for one document, without title, number and description), then up to 20 `files` (95 MB in all), then optionally a `titles` entry per file. Refused whole, with nothing stored, when the shared fields, the unit's quota for the whole body, the number of files or the upload rate refuse it; otherwise each file becomes a document (title from its name unless given, number its name without extension, description the title unless given) or is reported refused with the reason, the others made. The same `submissionId` makes its documents once.",
      access: "write",
      requestBody: multipartBody(DocumentBatchBodySchema, "The shared fields first, then the files (each streamed to storage), then the titles."),
      ok: { description: "A report per file, in the files' order.", schema: DocumentBatchReportSchema },
      errors: [...UPLOAD_ERRORS],
    }),
    streamedUpload,
    async (c) => {
      // As the single create's API: a Super Admin may name the owning unit (`unitKerjaId`), need not.
      return c.json({ data: await uploadDocuments(c.get("ctx"), uploadBodyOf(c.req.raw)) });
    },
  )
  .post(
    "/bulk",
    route({
      tag: TAG,
      summary: "Change many documents, move them to the trash, or file them into a berkas, as a job",
      description:
        "Names the documents by `uuids`, or by `filter` (the list's query parameters: everything they match for the caller, resolved when the job starts), at most 1,000; then `set` (the fields to change; `addKeywords`/`removeKeywords` edit the keywords), `action: \"trash\"`, or `action: \"berkas\"` with `berkasId` ('Masukkan ke Berkas': the berkas must be one the caller may file into now, else 403/404/409 before the job starts). Each document is changed as by its own edit, trash or filing (policy, Statis, audit row) or skipped with the reason (a held document is never trashed; a document of another unit or classification code, Statis, or in another berkas is not filed; one already in the berkas is skipped as such). The per-document report is at `GET /api/v1/jobs/{id}`.",
      access: "write",
      ok: { status: 202, description: "Started.", schema: JobStartedSchema },
      errors: [400, 403, 404, 409],
    }),
    jsonBody(BulkEditSchema),
    async (c) => {
      const { jobId } = await startBulkEdit(c.get("ctx"), c.req.valid("json"));
      return c.json({ jobId }, 202);
    },
  )
  .get(
    "/:uuid",
    route({
      tag: TAG,
      summary: "One document's metadata",
      description:
        "Signed-in callers see every live document; visitors PUBLIC ones only. The file URLs are there only when the caller may open the file. A destroyed or purged document answers 410 with its tombstone.",
      access: "public",
      parameters: [uuidParam],
      ok: { description: "The document, with the status of its file's text for who may open the file.", schema: DocumentDetailSchema },
      errors: [404, 410],
    }),
    async (c) => c.json(await getDocumentDetail(c.get("ctx"), c.req.param("uuid"))),
  )
  .put(
    "/:uuid",
    route({
      tag: TAG,
      summary: "Change a document's metadata (and optionally add a file version)",
      description: "Super Admin, or the uploader (Satuan Kerja). A new access level revokes every live download token of the document.",
      access: "write",
      parameters: [uuidParam],
      requestBody: multipartBody(DocumentUpdateBodySchema, "The form fields; a file part makes a new current version."),
      ok: { description: "Changed.", schema: changed(DocumentViewSchema) },
      errors: [...UPLOAD_ERRORS],
    }),
    streamedUpload,
    async (c) => {
      const ctx = c.get("ctx");
      const uuid = c.req.param("uuid");
      const document = await updateDocument(ctx, uuid, await stageRequestUpload(ctx, c.req.raw, planNewVersion(ctx, uuid, { metadata: {} })));
      return c.json({ message: documentForm.updateSuccess, data: document });
    },
  )
  .post(
    "/:uuid/file",
    route({
      tag: TAG,
      summary: "Add a new version of the document's file",
      description: "Every earlier version is kept ('Riwayat Versi').",
      access: "write",
      parameters: [uuidParam],
      requestBody: multipartBody(DocumentFileBodySchema, "The file (and an optional note)."),
      ok: { description: "The document with its new current version.", schema: changed(DocumentViewSchema) },
      errors: [...UPLOAD_ERRORS],
    }),
    streamedUpload,
    async (c) => {
      const ctx = c.get("ctx");
      const uuid = c.req.param("uuid");
      const document = await addVersion(ctx, uuid, await stageRequestUpload(ctx, c.req.raw, planNewVersion(ctx, uuid)));
      return c.json({ message: documentForm.updateSuccess, data: document });
    },
  )
  .delete(
    "/:uuid",
    route({
      tag: TAG,
      summary: "Move a document to the trash",
      description: "Super Admin, or the uploader. It can be restored until it is purged (after TRASH_DAYS, or by a Super Admin).",
      access: "write",
      parameters: [uuidParam],
      ok: { description: "In the trash.", schema: DeletedSchema },
      errors: [404, 409],
    }),
    async (c) => {
      await deleteDocument(c.get("ctx"), c.req.param("uuid"));
      return c.json({ success: true as const, message: documentMessages.deleted });
    },
  )
  .post("/:uuid/request-access", requestAccessDoc, requestAccessBody, async (c) => {
    const view = await requestAccess(c.get("ctx"), c.req.param("uuid"), c.req.valid("json"));
    return c.json({ message: accessRequestMessages.request.success, data: view }, 201);
  })
  .get(
    "/:uuid/download",
    route({
      tag: TAG,
      summary: "Download (or preview) the document's current file",
      description:
        "PUBLIC files for anyone; others for Super Admin, the uploader and the owning unit. With `?token=` it is the requester's download of an approved access request (within 24 hours). `?disposition=inline` previews types that cannot run script.",
      access: "public",
      parameters: [uuidParam, { name: "Range", in: "header", description: "One byte range.", schema: { type: "string" } }],
      ok: FILE_ANSWERS,
      errors: [403, 404, 409],
    }),
    listQuery(DownloadQuerySchema),
    async (c) => {
      const { token, disposition } = c.req.valid("query");
      // With ?token= it is the requester's download of an approved access request.
      if (token !== undefined) return tokenDownloadHandler(c as unknown as Context<HonoEnv>, token);
      return documentFileResponse(c as unknown as Context<HonoEnv>, c.req.param("uuid"), disposition);
    },
  )
  // The preview link names the file (`previewUrl`): a browser titles the tab of an inline PDF or
  // image after the URL's last segment. The name is only a label; the current file is served.
  .get(
    "/:uuid/download/:fileName",
    route({
      tag: TAG,
      summary: "The document's current file under its file name (the preview link)",
      description: "As the download without `?token=`: the last path segment is only a label, so a browser tab shows the file's name.",
      access: "public",
      parameters: [uuidParam, pathParam("fileName", "The file's name (a label)."), { name: "Range", in: "header", description: "One byte range.", schema: { type: "string" } }],
      ok: FILE_ANSWERS,
      errors: [403, 404, 409],
    }),
    listQuery(VersionDownloadQuerySchema),
    (c) => documentFileResponse(c as unknown as Context<HonoEnv>, c.req.param("uuid"), c.req.valid("query").disposition),
  )
  .route("/", versionsApi)
  .route("/", documentFixityApi)
  .route("/", reindexApi)
  .route("/", retentionApi)
  .route("/", vitalApi);
