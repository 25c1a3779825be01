/**
 * Uploads are staged at the front door: the streamed multipart receiver (busboy -> type
 * sniffing -> R2 multipart parts, hashed on the way) writes the file to R2 under a fresh key and
 * hands the use case a `StagedFile`. The object is registered in `file_staging` before its first
 * byte and unregistered by the batch that records its version, so an upload that dies half way
 * is found and removed by the cron.
 */
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { DomainError, InvalidError } from "~/domain/errors";
import { withoutDeceptiveCharacters, withTypeExtension } from "~/domain/file-names";
import {
  FAMILY_LABELS,
  claimedFamily,
  extensionMatchesType,
  extensionOf,
  familyOfMime,
  isAllowedMime,
  looksLikePlainText,
  sanitizeFileName,
} from "~/domain/file-types";
import { documentFormMessages } from "~/i18n/document-form";
import { documentValidation } from "~/i18n/document-validation";
import { formatBytes } from "~/lib/format";
import type { ServiceContext } from "../context.server";
import { CSRF_FIELD } from "../http/csrf.server";

/** R2 multipart parts: all equal but the last, at least 5 MiB. One part is in memory at a time. */
const PART_SIZE = 8 * 1024 * 1024;
/** Bytes looked at to decide the file type (file-type reads at most this many). */
const SNIFF_BYTES = 4100;
const v = documentValidation;

/** A file written to R2 and registered in `file_staging`, not yet part of any document. */
export type StagedFile = { key: string; fileName: string; size: number; mimeType: string; sha256: string };
/** What a form post carried: its text fields (transport fields removed), the staged file, and the
 * client's idempotency key when the front door named where it comes from. */
export type StagedUpload = { fields: Record<string, string>; file: StagedFile | null; idempotencyKey: string | null };

/**
 * A streamed form post as a front door hands it over: its CSRF token has already been checked
 * there, and the front door says where the client's idempotency key is: a header it read, else
 * a form field rendered before the file.
 */
export type UploadBody = {
  contentType: string | null;
  contentLength: number | null;
  stream: ReadableStream<Uint8Array> | null;
  idempotencyKey?: { header?: string | null; field?: string };
};

/** Form fields that belong to the transport, never to the data a service reads. */
const TRANSPORT_FIELDS = [CSRF_FIELD];

/** What the use case allows before a byte is stored (`planNewDocument`, `planNewVersion`). */
export type UploadPlan = {
  /** Asked once the file starts, with the idempotency key seen so far; false drops the file unread. */
  shouldStore?: (idempotencyKey: string | null) => Promise<boolean>;
  /** The storage quota the file counts against (room is reserved before the body is read), if any. */
  quota?: StorageQuota | null;
  /**
   * Asked once the file starts, with the text fields sent before it (forms send the file last):
   * throws (e.g. InvalidError) to refuse the upload before a byte of the file is stored, and may
   * name the quota those fields imply (that of the unit a Super Admin chose), where the room moves.
   */
  checkFields?: (fields: Record<string, string>) => Promise<StorageQuota | null | void>;
  /** The largest file this upload takes (default: the document size cap). */
  maxBytes?: number;
  /** The MIME type of the file from its first bytes, or a refusal (default: `sniffMime`, the document types). */
  sniff?: (head: Uint8Array, fileName: string) => Promise<string>;
};

/** A work unit's storage quota: every stored version of its documents counts. */
export type StorageQuota = { unitKerjaId: number; quotaBytes: number };

/** The most bytes the file may have: the size cap, or what a quota had room for. */
export type UploadAllowance = { maxBytes: number; limitedByQuota: boolean };

/**
 * How long a reservation holds room. An upload that takes longer (or a request that died
 * without releasing its room) stops holding it; the batch that records a version still refuses
 * to pass the quota (`quotaGuard`), so this bounds only how long a dead request blocks others.
 */
export const RESERVATION_TTL_MS = 60 * 60 * 1000;

/**
 * Stream a multipart/form-data body: text fields are collected (64 KB each at most), the `file`
 * part is type-checked from its first bytes, hashed, and written to R2 under a fresh random key
 * as it arrives (multipart upload for large files), never held whole in memory. On any error
 * the object is removed again. Side effects: an R2 object and its `file_staging` row, both
 * owned by the use case the upload is handed to from then on (see `discardFile`).
 */
export async function stageUpload(ctx: ServiceContext, body: UploadBody, options: UploadPlan): Promise<StagedUpload> {
  const maxUploadBytes = options.maxBytes ?? ctx.config.maxUploadBytes;
  const tooLargeFor =
    ({ maxBytes, limitedByQuota }: UploadAllowance) =>
    () =>
      new DomainError(
        413,
        !limitedByQuota
          ? v.fileTooLarge(maxUploadBytes / 1024 / 1024)
          : maxBytes > 0
            ? documentFormMessages.quotaOverflow(formatBytes(maxBytes))
            : documentFormMessages.quotaExceeded,
      );
  const unlimited: UploadAllowance = { maxBytes: maxUploadBytes, limitedByQuota: false };
  let allowance = unlimited;
  if (!body.contentType?.toLowerCase().startsWith("multipart/form-data")) throw new DomainError(415, v.notMultipart);
  // Refuse what cannot fit before reading a byte (1 MiB slack for the other fields).
  if (body.contentLength !== null && body.contentLength > maxUploadBytes + 1024 * 1024) {
    throw new DomainError(413, v.fileTooLarge(maxUploadBytes / 1024 / 1024));
  }
  if (!body.stream) throw new InvalidError(v.fileRequired, { file: [v.fileRequired] });

  // Room in the quota is reserved before the body is read. The body's length bounds the file's,
  // so no upload holds more than it may need; a unit without room still takes a post without a
  // file (a metadata-only update), and refuses any file byte.
  const key = `archives/${crypto.randomUUID()}`;
  const wanted = Math.min(maxUploadBytes, body.contentLength ?? Number.POSITIVE_INFINITY);
  let quota = options.quota ?? null;
  if (quota) allowance = await reserveStorage(ctx, key, quota, wanted);
  let keyTaken = false;

  const fields: Record<string, string> = {};
  let fileTask: Promise<StagedFile | null> | null = null;
  let fileError: unknown = null;
  const keySource = body.idempotencyKey;
  const idempotencyKey = () => keySource?.header ?? (keySource?.field ? (fields[keySource.field] ?? null) : null);
  // Up to 5 file parts are parsed (parts under other names are skipped unread), so a stray
  // file field cannot use up the one `file` this form is about.
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": body.contentType },
      defParamCharset: "utf8",
      // busboy marks a file "truncated" once it reaches `fileSize`: one byte of headroom lets a
      // file of exactly the cap through (the size check below still refuses anything larger).
      // (The allowance itself, which the fields before the file may change, is checked while the
      // file streams.)
      limits: { fileSize: maxUploadBytes + 1, files: 5, fields: 40, fieldSize: 64 * 1024, parts: 42, headerPairs: 20 },
    });
  } catch {
    await releaseReservation(ctx, key);
    throw new InvalidError(v.malformed);
  }

  // Settles when the file is refused, so that a read waiting for the parser to drain stops too
  // (a refused file's stream is no longer read, so the parser may never drain).
  let refused: () => void = () => {};
  const whenRefused = new Promise<void>((resolve) => (refused = resolve));
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      // Another part, a second file, or the empty unnamed part a browser sends when no file was
      // chosen: no file. (Then nothing streams, and the fields are checked with the missing file,
      // every problem reported at once.)
      if (name !== "file" || fileTask || !info.filename) {
        stream.resume();
        return;
      }
      fileTask = (async () => {
        // The fields before the file may name another unit's quota (a Super Admin choosing the
        // owner): the room moves there before a byte is stored.
        const implied = options.checkFields ? await options.checkFields({ ...fields }) : undefined;
        if (implied && implied.unitKerjaId !== quota?.unitKerjaId) {
          await releaseReservation(ctx, key);
          quota = implied;
          allowance = await reserveStorage(ctx, key, quota, wanted);
        }
        if (options.shouldStore && !(await options.shouldStore(idempotencyKey()))) {
          stream.resume();
          return null;
        }
        keyTaken = true;
        return storeFileStream(ctx, stream, key, info.filename, allowance.maxBytes, tooLargeFor(allowance), !!quota && allowance.maxBytes > 0, options.sniff);
      })();
      fileTask.catch((error: unknown) => {
        fileError = error;
        stream.resume();
        refused();
      });
    });
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  parsed.catch(() => undefined); // awaited below unless the file was refused first

  const reader = body.stream.getReader();
  try {
    for (;;) {
      // A refused file (type, size, token) ends the request at once: the rest is not read.
      if (fileError) break;
      const { done, value } = await reader.read();
      if (done) break;
      if (!parser.write(value)) await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), whenRefused]);
    }
    if (fileError) throw fileError;
    parser.end();
    // A file refused after the last byte was read: its parser will not finish, the refusal counts.
    await Promise.race([parsed, whenRefused]);
    if (fileError) throw fileError;
    const file = fileTask ? await (fileTask as Promise<StagedFile | null>) : null;
    // No file stored under the reserved key (no file part, or one not to be stored): its room goes back.
    if (!file && !keyTaken) await releaseReservation(ctx, key);
    const submissionKey = idempotencyKey();
    const transport = [...TRANSPORT_FIELDS, ...(keySource?.field ? [keySource.field] : [])];
    for (const name of transport) delete fields[name];
    return { fields, file, idempotencyKey: submissionKey };
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    const stored = await (fileTask as Promise<StagedFile | null> | null)?.catch(() => null);
    if (stored) await discardFile(ctx, stored.key);
    else if (!keyTaken) await releaseReservation(ctx, key);
    const failure = fileError instanceof DomainError ? fileError : error instanceof DomainError ? error : new InvalidError(v.malformed);
    failure.values ??= fields;
    throw failure;
  }
}

/**
 * Register `key` in `file_staging` with room reserved in `quota`: ONE statement reads what the
 * unit stores plus what other uploads hold and inserts the row with at most `wantedBytes` of what
 * is left, so parallel uploads can never together reserve more than the quota (D1 runs one
 * statement at a time). The reservation ends with the row: the batch that records the version
 * deletes it (the real size then counts in `unit_storage`), a failed or file-less upload
 * releases it, and one older than RESERVATION_TTL_MS stops counting. Returns what the file may
 * weigh: 0 when the unit has no room left (then nothing is registered).
 */
async function reserveStorage(ctx: ServiceContext, key: string, quota: StorageQuota, wantedBytes: number): Promise<UploadAllowance> {
  const now = ctx.now();
  const heldSince = new Date(now.getTime() - RESERVATION_TTL_MS).toISOString();
  const { rows } = await sql<{ reserved_bytes: number }>`
    INSERT INTO file_staging (r2_key, created_at, unit_kerja_id, reserved_bytes)
    SELECT ${key}, ${now.toISOString()}, ${quota.unitKerjaId}, MIN(${wantedBytes}, room.left)
      FROM (SELECT ${quota.quotaBytes}
                   - COALESCE((SELECT bytes FROM unit_storage WHERE unit_kerja_id = ${quota.unitKerjaId}), 0)
                   - COALESCE((SELECT SUM(reserved_bytes) FROM file_staging
                                WHERE unit_kerja_id = ${quota.unitKerjaId} AND reserved_bytes IS NOT NULL
                                  AND created_at > ${heldSince}), 0) AS left) AS room
     WHERE room.left > 0
    RETURNING reserved_bytes`.execute(ctx.db);
  const reserved = rows[0]?.reserved_bytes ?? 0;
  return { maxBytes: reserved, limitedByQuota: reserved < ctx.config.maxUploadBytes };
}

/** Give a reservation's room back when no object was written under its key. */
async function releaseReservation(ctx: ServiceContext, key: string): Promise<void> {
  await ctx.db.deleteFrom("file_staging").where("r2_key", "=", key).execute();
}

/**
 * Stage a file that does not come from a form post (an entry of an import's ZIP): the same type
 * check, hashing, R2 write and `file_staging` row as an upload, so the same sweep removes it if
 * nothing ever takes it. Its room in the unit's quota was checked for the whole batch beforehand.
 */
export async function stageFileChunks(ctx: ServiceContext, chunks: AsyncIterable<Uint8Array>, fileName: string): Promise<StagedFile> {
  const key = `archives/${crypto.randomUUID()}`;
  const tooLarge = () => new DomainError(413, v.fileTooLarge(ctx.config.maxUploadBytes / 1024 / 1024));
  const stream = chunks as AsyncIterable<Uint8Array> as NodeJS.ReadableStream;
  const file = await storeFileStream(ctx, stream, key, fileName, ctx.config.maxUploadBytes, tooLarge, false);
  if (!file) throw new InvalidError(v.fileEmpty, { file: [v.fileEmpty] });
  return file;
}

async function storeFileStream(
  ctx: ServiceContext,
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  key: string,
  rawFileName: string | undefined,
  maxBytes: number,
  tooLarge: () => DomainError,
  reserved: boolean,
  sniff: (head: Uint8Array, fileName: string) => Promise<string> = sniffMime,
): Promise<StagedFile | null> {
  let fileName = sanitizeFileName(withoutDeceptiveCharacters(rawFileName ?? ""));
  const hash = createHash("sha256");
  let size = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let mimeType: string | null = null;
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  // A reserved upload's row exists from the start; otherwise it is written with the first bytes.
  let registered = reserved;

  const takeBytes = (count: number): Uint8Array => {
    const out = new Uint8Array(count);
    let offset = 0;
    while (offset < count) {
      const chunk = pending[0]!;
      const take = Math.min(chunk.byteLength, count - offset);
      out.set(chunk.subarray(0, take), offset);
      offset += take;
      if (take === chunk.byteLength) pending.shift();
      else pending[0] = chunk.subarray(take);
    }
    pendingBytes -= count;
    return out;
  };

  const decideType = async () => {
    const head = takeBytes(Math.min(pendingBytes, SNIFF_BYTES));
    pending.unshift(head);
    pendingBytes += head.byteLength;
    mimeType = await sniff(head, fileName);
    fileName = withTypeExtension(fileName, mimeType);
    // Only now, with a file worth keeping, is anything written.
    if (!registered) await ctx.db.insertInto("file_staging").values({ r2_key: key, created_at: ctx.now().toISOString() }).execute();
    registered = true;
  };

  try {
    for await (const raw of stream) {
      const chunk = raw instanceof Uint8Array ? raw : new TextEncoder().encode(String(raw));
      size += chunk.byteLength;
      // Refused as soon as it passes its allowance: the rest of the body is not read.
      if (size > maxBytes) throw tooLarge();
      hash.update(chunk);
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (!mimeType && pendingBytes >= SNIFF_BYTES) await decideType();
      while (mimeType && pendingBytes >= PART_SIZE) {
        upload ??= await startMultipartUpload(ctx, key, mimeType);
        parts.push(await upload.uploadPart(parts.length + 1, takeBytes(PART_SIZE)));
      }
    }
    if (stream.truncated || size > maxBytes) throw tooLarge();
    if (size === 0) {
      // A form posted without choosing a file sends an empty, nameless part: nothing to keep.
      if (!rawFileName) {
        if (registered) await discardFile(ctx, key);
        return null;
      }
      throw new InvalidError(v.fileEmpty, { file: [v.fileEmpty] });
    }
    if (!mimeType) await decideType();
    const sha256 = hash.digest("hex");
    if (upload) {
      if (pendingBytes > 0) parts.push(await upload.uploadPart(parts.length + 1, takeBytes(pendingBytes)));
      await upload.complete(parts);
    } else {
      await ctx.files.put(key, takeBytes(pendingBytes), { httpMetadata: { contentType: mimeType! }, sha256 });
    }
    return { key, fileName, size, mimeType: mimeType!, sha256 };
  } catch (error) {
    pending = [];
    if (upload) await upload.abort().catch(() => undefined);
    if (registered) await discardFile(ctx, key);
    throw error;
  }
}

/**
 * Open the R2 multipart upload of `key` and note its id on its staging row, so the scheduled
 * sweep can abort it if this request dies before completing or aborting it.
 */
async function startMultipartUpload(ctx: ServiceContext, key: string, mimeType: string): Promise<R2MultipartUpload> {
  const upload = await ctx.files.createMultipartUpload(key, { httpMetadata: { contentType: mimeType } });
  await ctx.db.updateTable("file_staging").set({ upload_id: upload.uploadId }).where("r2_key", "=", key).execute();
  return upload;
}

/** The allowed MIME type of a file from its first bytes, or InvalidError. */
export async function sniffMime(head: Uint8Array, fileName: string): Promise<string> {
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  const mime = detected?.mime ?? (looksLikePlainText(head, fileName) ? "text/plain" : null);
  // A name that claims one kind of file for bytes of another (text named .pdf, a PNG named
  // .docx) is told so: "type not allowed" would wrongly suggest the content itself is refused.
  const claimed = claimedFamily(fileName);
  const actual = mime ?? (looksLikePlainText(head, "sample.txt") ? "text/plain" : null);
  if (claimed && actual && isAllowedMime(actual) && claimed !== familyOfMime(actual)) {
    const message = v.fileNameMismatch(extensionOf(fileName), FAMILY_LABELS[claimed]!, FAMILY_LABELS[familyOfMime(actual)]!);
    throw new InvalidError(message, { file: [message] });
  }
  if (!mime || !isAllowedMime(mime)) throw new InvalidError(v.fileType, { file: [v.fileType] });
  if (!extensionMatchesType(fileName, mime)) throw new InvalidError(v.fileMismatch, { file: [v.fileMismatch] });
  return mime;
}

/** Remove a staged object and its staging row (best effort on R2; the cron removes leftovers). */
export async function discardFile(ctx: Pick<ServiceContext, "files" | "db">, key: string): Promise<void> {
  try {
    await ctx.files.delete(key);
    await ctx.db.deleteFrom("file_staging").where("r2_key", "=", key).execute();
  } catch (error) {
    console.warn("R2 cleanup deferred to the scheduled job", key, error);
  }
}

