/**
 * A ZIP larger than one request can carry (a Worker takes about 100 MB per body) goes to R2 as
 * a multipart upload, part by part, then gets the same dry run as a posted one, read from R2 by
 * ranges. The upload's state (who, where, the declared size, the parts R2 confirmed) is kept in
 * D1 between requests.
 * - The permission, the unit's quota (against the declared size) and the upload rate (counted
 *   once for the whole upload) are decided when the upload starts, before a byte is stored.
 * - Each part has exactly the size the start announced (R2 needs equal parts of at least 5 MiB,
 *   the last one smaller), so a part's byte count is checked before it goes to R2.
 * - A finished object must have the declared size and start like a ZIP, else it is deleted.
 * - Only the user who started an upload may send its parts, finish or abort it.
 * - An upload left unfinished is aborted by the maintenance job a day after it started.
 */
import { DomainError, InvalidError, NotFoundError } from "~/domain/errors";
import { IMPORT_MAX_BYTES, importPartSize } from "~/domain/imports";
import { assertCan } from "~/domain/policy";
import { importMessages } from "~/i18n/imports";
import { commit } from "../audit/commit.server";
import { requireUser, type ServiceContext } from "../context.server";
import { assertRoomFor, countUpload } from "../documents/upload-limits.server";
import { discardFile } from "../files/staging.server";
import { checkStoredSource, defaultCategory, sniffZip, type ImportView } from "./service.server";

/** Hours an unfinished upload is kept before the maintenance job aborts it. */
export const IMPORT_UPLOAD_KEPT_HOURS = 24;
/** Unfinished uploads one maintenance run aborts. */
const ABORT_LIMIT = 50;

export type ImportUploadStart = { uploadId: string; partSize: number; parts: number };
export type ImportUploadInput = { fileName: string; size: number; categoryId?: string };

/**
 * `POST /api/v1/imports/uploads`: an upload of a ZIP of `size` bytes begins (an R2 multipart
 * upload); the answer says the part size and how many parts to send.
 */
export async function startImportUpload(ctx: ServiceContext, input: ImportUploadInput): Promise<ImportUploadStart> {
  assertCan(ctx.actor, { type: "import.manage" }, importMessages.denied);
  const user = requireUser(ctx);
  const fileName = input.fileName.trim();
  if (!/\.zip$/i.test(fileName) || fileName.length > 255) throw new InvalidError(importMessages.uploadFileName, { fileName: [importMessages.uploadFileName] });
  if (!Number.isSafeInteger(input.size) || input.size <= 0) throw new InvalidError(importMessages.uploadSizeInvalid, { size: [importMessages.uploadSizeInvalid] });
  if (input.size > IMPORT_MAX_BYTES) throw new DomainError(413, importMessages.uploadTooLarge(IMPORT_MAX_BYTES / 1024 ** 3));
  const categoryId = await defaultCategory(ctx, input.categoryId);
  await assertRoomFor(ctx, user.unitKerjaId, input.size);
  await countUpload(ctx, user.userId);

  const partSize = importPartSize(input.size);
  const parts = Math.ceil(input.size / partSize);
  const key = `archives/${crypto.randomUUID()}`;
  const multipart = await ctx.files.createMultipartUpload(key, { httpMetadata: { contentType: "application/zip" } });
  const uuid = crypto.randomUUID();
  await commit(ctx, [
    ctx.db.insertInto("import_uploads").values({
      uuid,
      created_by: user.userId,
      file_name: fileName,
      category_id: categoryId ?? null,
      r2_key: key,
      r2_upload_id: multipart.uploadId,
      size: input.size,
      part_size: partSize,
      parts,
      created_at: ctx.now().toISOString(),
    }),
  ]);
  return { uploadId: uuid, partSize, parts };
}

type UploadRow = { id: number; file_name: string; category_id: number | null; r2_key: string; r2_upload_id: string; size: number; part_size: number; parts: number };

/** The caller's own upload; anyone else's (or one that ended) is not found. */
async function ownUpload(ctx: ServiceContext, uuid: string): Promise<UploadRow> {
  assertCan(ctx.actor, { type: "import.manage" }, importMessages.denied);
  const user = requireUser(ctx);
  const row = await ctx.db
    .selectFrom("import_uploads")
    .select(["id", "file_name", "category_id", "r2_key", "r2_upload_id", "size", "part_size", "parts"])
    .where("uuid", "=", uuid)
    .where("created_by", "=", user.userId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(importMessages.uploadNotFound);
  return row;
}

/**
 * `PUT /api/v1/imports/uploads/{id}/parts/{n}`: one part, stored only when it has exactly the
 * size announced for it (a part sent again replaces the earlier one).
 */
export async function uploadImportPart(ctx: ServiceContext, uuid: string, partNumber: number, bytes: Uint8Array): Promise<{ part: number; size: number }> {
  const upload = await ownUpload(ctx, uuid);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > upload.parts) throw new InvalidError(importMessages.partNumberInvalid(upload.parts));
  const expected = partNumber < upload.parts ? upload.part_size : upload.size - upload.part_size * (upload.parts - 1);
  if (bytes.byteLength !== expected) throw new InvalidError(importMessages.partSizeWrong(partNumber, expected, bytes.byteLength));
  const part = await ctx.files.resumeMultipartUpload(upload.r2_key, upload.r2_upload_id).uploadPart(partNumber, bytes);
  await commit(ctx, [
    ctx.db
      .insertInto("import_upload_parts")
      .values({ upload_id: upload.id, part_number: partNumber, etag: part.etag })
      .onConflict((oc) => oc.columns(["upload_id", "part_number"]).doUpdateSet({ etag: part.etag })),
  ]);
  return { part: partNumber, size: bytes.byteLength };
}

/** The upload's rows go; `staged` hands its key to the staging sweep (an object about to exist). */
function endUploadSteps(ctx: ServiceContext, upload: UploadRow, staged: boolean) {
  return [
    ...(staged ? [ctx.db.insertInto("file_staging").values({ r2_key: upload.r2_key, upload_id: upload.r2_upload_id, created_at: ctx.now().toISOString(), unit_kerja_id: null, reserved_bytes: null })] : []),
    ctx.db.deleteFrom("import_upload_parts").where("upload_id", "=", upload.id),
    ctx.db.deleteFrom("import_uploads").where("id", "=", upload.id),
  ];
}

/**
 * `POST /api/v1/imports/uploads/{id}/complete`: every part arrived, so R2 joins them into one
 * object, which must have the declared size and start like a ZIP; then the dry run, answered as
 * a posted ZIP's. A missing part is named and the upload stays open for it.
 */
export async function completeImportUpload(ctx: ServiceContext, uuid: string): Promise<ImportView> {
  const upload = await ownUpload(ctx, uuid);
  const received = await ctx.db.selectFrom("import_upload_parts").select(["part_number", "etag"]).where("upload_id", "=", upload.id).orderBy("part_number").execute();
  const have = new Set(received.map((part) => part.part_number));
  const missing = Array.from({ length: upload.parts }, (_, index) => index + 1).filter((part) => !have.has(part));
  if (missing.length > 0) throw new InvalidError(importMessages.partsMissing(missing));
  // From here this request owns the object: should it die, the staging sweep removes it (or
  // aborts the upload, by its id, if R2 never joined the parts).
  await commit(ctx, endUploadSteps(ctx, upload, true));
  const object = await ctx.files
    .resumeMultipartUpload(upload.r2_key, upload.r2_upload_id)
    .complete(received.map((part) => ({ partNumber: part.part_number, etag: part.etag })));
  if (object.size !== upload.size) {
    await discardFile(ctx, upload.r2_key);
    throw new InvalidError(importMessages.uploadSizeMismatch(upload.size, object.size));
  }
  const head = await ctx.files.get(upload.r2_key, { range: { offset: 0, length: 4 } });
  try {
    await sniffZip(new Uint8Array(head ? await head.arrayBuffer() : new ArrayBuffer(0)));
  } catch (error) {
    await discardFile(ctx, upload.r2_key);
    throw error;
  }
  return checkStoredSource(ctx, { key: upload.r2_key, fileName: upload.file_name, size: upload.size, mimeType: "application/zip" }, upload.category_id ?? undefined);
}

/** `POST /api/v1/imports/uploads/{id}/abort`: the parts sent so far are dropped. */
export async function abortImportUpload(ctx: ServiceContext, uuid: string): Promise<void> {
  const upload = await ownUpload(ctx, uuid);
  await abortInR2(ctx, upload);
  await commit(ctx, endUploadSteps(ctx, upload, false));
}

async function abortInR2(ctx: ServiceContext, upload: Pick<UploadRow, "r2_key" | "r2_upload_id">): Promise<void> {
  try {
    await ctx.files.resumeMultipartUpload(upload.r2_key, upload.r2_upload_id).abort();
  } catch (error) {
    // Already gone (aborted, or completed by a request that then died): nothing is left to drop.
    console.warn("R2 multipart abort failed", upload.r2_key, error);
  }
}

/** The maintenance job: uploads unfinished IMPORT_UPLOAD_KEPT_HOURS after they started are aborted. */
export async function abortStaleImportUploads(ctx: ServiceContext): Promise<number> {
  assertCan(ctx.actor, { type: "files.sweep" }, "files.sweep");
  const cutoff = new Date(ctx.now().getTime() - IMPORT_UPLOAD_KEPT_HOURS * 60 * 60 * 1000).toISOString();
  const stale = await ctx.db
    .selectFrom("import_uploads")
    .select(["id", "r2_key", "r2_upload_id"])
    .where("created_at", "<=", cutoff)
    .orderBy("created_at")
    .limit(ABORT_LIMIT)
    .execute();
  if (stale.length === 0) return 0;
  await Promise.all(stale.map((upload) => abortInR2(ctx, upload)));
  const ids = stale.map((upload) => upload.id);
  await commit(ctx, [ctx.db.deleteFrom("import_upload_parts").where("upload_id", "in", ids), ctx.db.deleteFrom("import_uploads").where("id", "in", ids)]);
  return stale.length;
}
