/**
 * Files in R2: the streamed multipart receiver (busboy -> type sniffing -> R2 multipart parts,
 * hashed on the way) and the ranged, cache-aware file response. One file (over 300 lines)
 * because receiving and serving share the size, type and naming rules and nothing else uses
 * their internals.
 */
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { createHash } from "node:crypto";
import { DomainError, InvalidError } from "~/domain/errors";
import { withoutDeceptiveCharacters, withTypeExtension } from "~/domain/file-names";
import { extensionMatchesType, isAllowedMime, isInlineSafe, looksLikePlainText, sanitizeFileName } from "~/domain/file-types";
import { documents as documentsText } from "~/i18n/documents";
import { documentFormMessages } from "~/i18n/document-form";
import { documentValidation } from "~/i18n/document-validation";
import { formatBytes } from "~/lib/format";
import type { AppContext } from "./context.server";
import { CSRF_FIELD } from "./csrf.server";

/** R2 multipart parts: all equal but the last, at least 5 MiB. One part is in memory at a time. */
const PART_SIZE = 8 * 1024 * 1024;
/** Bytes looked at to decide the file type (file-type reads at most this many). */
const SNIFF_BYTES = 4100;
const v = documentValidation;

export type StoredFile = { key: string; fileName: string; size: number; mimeType: string; sha256: string };
/** What a form post carried: its text fields (transport fields removed), the stored file, and the
 * client's idempotency key when the front door named where it comes from. */
export type ReceivedUpload = { fields: Record<string, string>; file: StoredFile | null; idempotencyKey: string | null };

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

type ReceiveOptions = {
  /** Asked once the file starts, with the idempotency key seen so far; false drops the file unread. */
  shouldStore?: (idempotencyKey: string | null) => Promise<boolean>;
  /** The most bytes the file may have: the size cap, or less when a storage quota is nearly used. */
  allowance?: UploadAllowance;
};

export type UploadAllowance = { maxBytes: number; limitedByQuota: boolean };

/**
 * Stream a multipart/form-data body: text fields are collected (64 KB each at most), the `file`
 * part is type-checked from its first bytes, hashed, and written to R2 under a fresh random key
 * as it arrives (multipart upload for large files), never held whole in memory. On any error
 * the object is removed again. Side effects: an R2 object and its `pending_uploads` row, both
 * owned by the caller from then on (see `discardFile`).
 */
export async function receiveUpload(ctx: AppContext, body: UploadBody, options: ReceiveOptions): Promise<ReceivedUpload> {
  const { maxBytes, limitedByQuota } = options.allowance ?? { maxBytes: ctx.config.maxUploadBytes, limitedByQuota: false };
  const tooLarge = () =>
    new DomainError(
      413,
      !limitedByQuota
        ? v.fileTooLarge(maxBytes / 1024 / 1024)
        : maxBytes > 0
          ? documentFormMessages.quotaOverflow(formatBytes(maxBytes))
          : documentFormMessages.quotaExceeded,
    );
  if (!body.contentType?.toLowerCase().startsWith("multipart/form-data")) throw new DomainError(415, v.notMultipart);
  // Refuse what cannot fit before reading a byte (1 MiB slack for the other fields).
  if (body.contentLength !== null && body.contentLength > ctx.config.maxUploadBytes + 1024 * 1024) {
    throw new DomainError(413, v.fileTooLarge(ctx.config.maxUploadBytes / 1024 / 1024));
  }
  if (!body.stream) throw new InvalidError(v.fileRequired, { file: [v.fileRequired] });

  const fields: Record<string, string> = {};
  let fileTask: Promise<StoredFile | null> | null = null;
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
      limits: { fileSize: maxBytes + 1, files: 5, fields: 40, fieldSize: 64 * 1024, parts: 42, headerPairs: 20 },
    });
  } catch {
    throw new InvalidError(v.malformed);
  }

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "file" || fileTask) {
        stream.resume();
        return;
      }
      fileTask = (async () => {
        if (options.shouldStore && !(await options.shouldStore(idempotencyKey()))) {
          stream.resume();
          return null;
        }
        return storeFileStream(ctx, stream, info.filename, maxBytes, tooLarge);
      })();
      fileTask.catch((error: unknown) => {
        fileError = error;
        stream.resume();
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
      if (!parser.write(value)) await new Promise((resolve) => parser.once("drain", resolve));
    }
    if (fileError) throw fileError;
    parser.end();
    await parsed;
    const file = fileTask ? await (fileTask as Promise<StoredFile | null>) : null;
    const key = idempotencyKey();
    const transport = [...TRANSPORT_FIELDS, ...(keySource?.field ? [keySource.field] : [])];
    for (const name of transport) delete fields[name];
    return { fields, file, idempotencyKey: key };
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    const stored = await (fileTask as Promise<StoredFile | null> | null)?.catch(() => null);
    if (stored) await discardFile(ctx, stored.key);
    const failure = fileError instanceof DomainError ? fileError : error instanceof DomainError ? error : new InvalidError(v.malformed);
    failure.values ??= fields;
    throw failure;
  }
}

async function storeFileStream(
  ctx: AppContext,
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  rawFileName: string | undefined,
  maxBytes: number,
  tooLarge: () => DomainError,
): Promise<StoredFile | null> {
  let fileName = sanitizeFileName(withoutDeceptiveCharacters(rawFileName ?? ""));
  const key = `archives/${crypto.randomUUID()}`;
  const hash = createHash("sha256");
  let size = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let mimeType: string | null = null;
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  let registered = false;

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
    mimeType = await sniffMime(head, fileName);
    fileName = withTypeExtension(fileName, mimeType);
    // Only now, with a file worth keeping, is anything written.
    await ctx.db.insertInto("pending_uploads").values({ r2_key: key, created_at: ctx.now().toISOString() }).execute();
    registered = true;
  };

  try {
    for await (const raw of stream) {
      const chunk = raw instanceof Uint8Array ? raw : new TextEncoder().encode(String(raw));
      size += chunk.byteLength;
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
      // A form posted without choosing a file sends an empty, nameless part.
      if (!rawFileName) return null;
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
 * Open the R2 multipart upload of `key` and note its id on the pending marker, so the scheduled
 * sweep can abort it if this request dies before completing or aborting it.
 */
async function startMultipartUpload(ctx: AppContext, key: string, mimeType: string): Promise<R2MultipartUpload> {
  const upload = await ctx.files.createMultipartUpload(key, { httpMetadata: { contentType: mimeType } });
  await ctx.db.updateTable("pending_uploads").set({ upload_id: upload.uploadId }).where("r2_key", "=", key).execute();
  return upload;
}

/** The allowed MIME type of a file from its first bytes, or InvalidError. */
export async function sniffMime(head: Uint8Array, fileName: string): Promise<string> {
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  const mime = detected?.mime ?? (looksLikePlainText(head, fileName) ? "text/plain" : null);
  if (!mime || !isAllowedMime(mime)) throw new InvalidError(v.fileType, { file: [v.fileType] });
  if (!extensionMatchesType(fileName, mime)) throw new InvalidError(v.fileMismatch, { file: [v.fileMismatch] });
  return mime;
}

/** Remove an object and its pending marker (best effort on R2; the cron retries leftovers). */
export async function discardFile(ctx: Pick<AppContext, "files" | "db">, key: string): Promise<void> {
  try {
    await ctx.files.delete(key);
    await ctx.db.deleteFrom("pending_uploads").where("r2_key", "=", key).execute();
  } catch (error) {
    console.warn("R2 cleanup deferred to the scheduled job", key, error);
  }
}

export type FileRequest = { range: string | null; ifNoneMatch: string | null };
export type ServedFile = {
  key: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** A PUBLIC document's file may be kept by the browser (revalidated by ETag); any other, never. */
  visibility?: "public" | "private";
};

/**
 * Stream a stored file: RFC 6266 Content-Disposition, ETag, single-range requests (206/416),
 * nosniff, and a sandbox CSP so nothing served from our origin can run script.
 */
export async function fileResponse(
  files: R2Bucket,
  file: ServedFile,
  request: FileRequest,
  disposition: "inline" | "attachment",
  downloadName = file.fileName,
): Promise<Response> {
  const etag = `"${file.sha256}"`;
  const inline = disposition === "inline" && isInlineSafe(file.mimeType);
  const headers = new Headers({
    "Content-Type": file.mimeType === "text/plain" ? "text/plain; charset=utf-8" : file.mimeType,
    "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", downloadName),
    ETag: etag,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": file.visibility === "public" ? "private, no-cache" : "private, no-store",
    // Chromium's PDF viewer refuses sandboxed documents; PDFs get a strict policy without it.
    "Content-Security-Policy":
      file.mimeType === "application/pdf"
        ? "default-src 'none'; object-src 'self'; frame-ancestors 'self'"
        : "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
  });
  if (ifNoneMatchHits(request.ifNoneMatch, etag)) {
    return new Response(null, { status: 304, headers });
  }
  const range = parseRange(request.range, file.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const object = await files.get(file.key, range ? { range } : undefined);
  if (!object) throw new DomainError(404, documentsText.notFound);
  if (range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${file.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(file.size));
  return new Response(object.body, { status: 200, headers });
}

/** RFC 9110 If-None-Match: `*`, or any listed tag equal to ours under weak comparison (W/ ignored). */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** One `bytes=` range (the only form browsers send for media and resumed downloads). */
export function parseRange(header: string | null, size: number): { offset: number; length: number } | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { offset: start, length: end - start + 1 };
}

export function contentDisposition(type: "inline" | "attachment", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
