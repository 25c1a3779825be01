/**
 * 'Unggah Banyak': one multipart post with the shared fields first and then many files; each file
 * becomes one document through the same use case as the single upload (`createDocument`).
 *
 * What holds for the batch as a whole is decided before a byte of it is stored: the permission,
 * the shared fields (every problem at once), and the owning unit's quota against the whole body.
 * The upload rate is counted per file as each one starts; a batch that passes it is refused whole
 * and nothing of it stays. What holds per file is reported per file: a file of a type not
 * allowed, an empty one, or one its document refuses (a title too short) leaves no record and no
 * object, and the others still become documents.
 */
import busboy from "busboy";
import { FILES_FIELD, fileNameStem, MAX_BULK_UPLOAD_BYTES, MAX_BULK_UPLOAD_FILES, TITLES_FIELD, titleFromFileName, type BulkUploadOutcome } from "~/domain/bulk-upload";
import { DomainError, InvalidError } from "~/domain/errors";
import { assertCan } from "~/domain/policy";
import { bulkUpload as t } from "~/i18n/bulk-upload";
import { documentFormMessages } from "~/i18n/document-form";
import { documentValidation } from "~/i18n/document-validation";
import { deniedMessages } from "~/i18n/id";
import { formatBytes } from "~/lib/format";
import { requireUser, type ServiceContext } from "../context.server";
import { CSRF_FIELD } from "../http/csrf.server";
import { discardFile, stageFileChunks, type StagedFile, type UploadBody } from "../files/staging.server";
import { validDocumentFields, type OwnerUnitRule } from "./metadata.server";
import { createDocument } from "./service.server";
import { countUpload, storageQuotaOf, unitStorageUsage } from "./upload-limits.server";

type Entry = { fileName: string; file: StagedFile | null; error: string | null };

/**
 * Stream the batch (`body`, its CSRF token already checked) into staged files, then make a
 * document of each. `submissionId` (a field before the files) makes a repeated post of the same
 * form create nothing twice. Throws, with nothing stored, when the batch as a whole is refused.
 */
export async function uploadDocuments(ctx: ServiceContext, body: UploadBody, options: { ownerUnit?: OwnerUnitRule } = {}): Promise<BulkUploadOutcome[]> {
  assertCan(ctx.actor, { type: "document.create" }, deniedMessages.createDocument);
  const user = requireUser(ctx);
  if (!body.contentType?.toLowerCase().startsWith("multipart/form-data")) throw new DomainError(415, documentValidation.notMultipart);
  if (body.contentLength !== null && body.contentLength > MAX_BULK_UPLOAD_BYTES) {
    throw new DomainError(413, t.batchTooLarge(Math.floor(MAX_BULK_UPLOAD_BYTES / 1024 / 1024)));
  }
  if (!body.stream) throw noFiles();

  const fields: Record<string, string> = {};
  const titles: string[] = [];
  const entries: Entry[] = [];
  // The batch's refusal (fields, quota, rate, too many files): every file after it is skipped unread.
  let refusal: unknown = null;
  // Files are staged one after another, as they arrive.
  let staging = Promise.resolve();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": body.contentType },
      defParamCharset: "utf8",
      limits: { fileSize: ctx.config.maxUploadBytes + 1, files: MAX_BULK_UPLOAD_FILES + 1, fields: 80, fieldSize: 64 * 1024, headerPairs: 20 },
    });
  } catch {
    throw new InvalidError(documentValidation.malformed);
  }
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      if (name === TITLES_FIELD) titles.push(value);
      else if (!(name in fields)) fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      // The empty part a browser sends when no file was chosen, or a part of another name.
      if (name !== FILES_FIELD || !info.filename) {
        stream.resume();
        return;
      }
      const index = entries.length;
      const entry: Entry = { fileName: info.filename, file: null, error: null };
      entries.push(entry);
      staging = staging.then(async () => {
        if (refusal) return void stream.resume();
        try {
          if (index === 0) await checkBatch(ctx, fields, options.ownerUnit, body.contentLength);
          if (index >= MAX_BULK_UPLOAD_FILES) throw new InvalidError(t.tooManyFiles(MAX_BULK_UPLOAD_FILES), { [FILES_FIELD]: [t.tooManyFiles(MAX_BULK_UPLOAD_FILES)] });
          await countUpload(ctx, user.userId);
        } catch (error) {
          refusal = error;
          return void stream.resume();
        }
        try {
          entry.file = await stageFileChunks(ctx, stream, entry.fileName);
        } catch (error) {
          // This file only (its type, size or emptiness): the rest of it is skipped, the batch goes on.
          stream.resume();
          if (error instanceof DomainError) entry.error = error.message;
          else refusal = error; // storage failing: the batch stops (the chain must never reject, or the parser would wait)
        }
      });
    });
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  parsed.catch(() => undefined); // awaited below unless the batch was refused first

  const reader = body.stream.getReader();
  try {
    for (;;) {
      if (refusal) break;
      const { done, value } = await reader.read();
      if (done) break;
      if (!parser.write(value)) await new Promise((resolve) => parser.once("drain", resolve));
    }
    if (!refusal) {
      parser.end();
      await parsed;
    }
    await staging;
    if (refusal) throw refusal;
    if (entries.length === 0) throw noFiles();
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    await staging;
    for (const entry of entries) if (entry.file) await discardFile(ctx, entry.file.key);
    // As the single upload: a body that breaks off (a closed tab) is answered as unreadable.
    const failure = error instanceof DomainError ? error : new InvalidError(documentValidation.malformed);
    failure.values ??= withoutTransport(fields);
    throw failure;
  }

  const outcomes: BulkUploadOutcome[] = [];
  for (const [index, entry] of entries.entries()) {
    if (!entry.file) {
      outcomes.push({ fileName: entry.fileName, uuid: null, title: null, error: entry.error });
      continue;
    }
    const title = titles[index]?.trim() || titleFromFileName(entry.fileName);
    const submission = fields.submissionId?.trim();
    try {
      const { document } = await createDocument(
        ctx,
        {
          fields: { ...withoutTransport(fields), title, documentNumber: fileNameStem(entry.fileName).slice(0, 100), description: fields.description?.trim() || title },
          file: entry.file,
          idempotencyKey: submission ? `${submission}:${index}` : null,
        },
        { ownerUnit: options.ownerUnit },
      );
      outcomes.push({ fileName: entry.fileName, uuid: document.uuid, title: document.title, error: null });
    } catch (error) {
      // createDocument removed the staged file; the other files go on.
      if (!(error instanceof DomainError)) throw error;
      outcomes.push({ fileName: entry.fileName, uuid: null, title, error: firstMessage(error) });
    }
  }
  return outcomes;
}

const noFiles = () => new InvalidError(t.noFiles, { [FILES_FIELD]: [t.noFiles] });

/** The form's own fields, without the transport's (the CSRF token, the submission id). */
function withoutTransport(fields: Record<string, string>): Record<string, string> {
  const { [CSRF_FIELD]: _csrf, submissionId: _submission, ...own } = fields;
  return own;
}

/** A refusal of one document as one line: the message of its first field, else its own. */
function firstMessage(error: DomainError): string {
  const fieldMessage = Object.values(error.fieldErrors ?? {}).flat()[0];
  return fieldMessage ?? error.message;
}

/**
 * The batch as a whole, at its first file and before a byte of it is stored: the shared fields
 * (every problem at once; title, number and description come per file) and room in the owning
 * unit's quota for the whole body.
 */
async function checkBatch(ctx: ServiceContext, fields: Record<string, string>, ownerUnit: OwnerUnitRule | undefined, contentLength: number | null) {
  // Stand-ins for what each file brings, so only the shared fields' own problems are reported.
  const perFile = { title: "Judul dari nama file", documentNumber: "-", description: fields.description?.trim() || "-" };
  const { ownerUnit: chosen } = await validDocumentFields(ctx, { ...withoutTransport(fields), ...perFile }, ownerUnit, {});
  const quota = storageQuotaOf(ctx, chosen === undefined ? requireUser(ctx).unitKerjaId : chosen);
  if (!quota || contentLength === null) return;
  const usage = await unitStorageUsage(ctx, quota.unitKerjaId);
  const left = quota.quotaBytes - (usage?.usedBytes ?? 0);
  if (contentLength > left) {
    throw new DomainError(413, left > 0 ? documentFormMessages.quotaOverflow(formatBytes(left)) : documentFormMessages.quotaExceeded);
  }
}
