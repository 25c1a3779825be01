import { DomainError } from "~/domain/errors";
import { isInlineSafe } from "~/domain/file-types";
import { documentDetailText } from "~/i18n/document-detail";

/**
 * Serving stored files, at the front doors: a use case decides who may have which file and
 * returns a `FileGrant`; `fileResponse` turns it into a ranged, cache-aware response. No use
 * case builds a Response.
 */

/** What a request asks of a file: a range, a revalidation, or only the headers (HEAD). */
export type FileRequest = { range: string | null; ifNoneMatch: string | null; head?: boolean };
export type ServedFile = {
  key: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** A PUBLIC document's file may be kept by the browser (revalidated by ETag); any other, never. */
  visibility?: "public" | "private";
};

/** The columns that name a stored file in its row (a document, one of its versions, a released file). */
export type StoredFileRow = { r2_key: string; file_name: string; mime_type: string; file_size: number; sha256: string };

/** The file a stored-file row names, to serve. */
export function servedFileOf(row: StoredFileRow, visibility?: ServedFile["visibility"]): ServedFile {
  return { key: row.r2_key, fileName: row.file_name, mimeType: row.mime_type, size: row.file_size, sha256: row.sha256, visibility };
}

/** A document's files may be kept by the browser only while the document is PUBLIC. */
export const documentFileVisibility = (accessLevel: string): ServedFile["visibility"] => (accessLevel === "PUBLIC" ? "public" : "private");

/** What a use case allows: one stored file, how to present it, and headers the grant requires. */
export type FileGrant = {
  file: ServedFile;
  disposition: "inline" | "attachment";
  /** The name the browser saves it under (default: the stored file name). */
  downloadName?: string;
  /** E.g. a token download's `Referrer-Policy: no-referrer`. */
  headers?: Record<string, string>;
  /** Served whole, always: no range, no revalidation (a single-use download). */
  whole?: boolean;
  /** Called once when the body of a full answer stops before its last byte (the client went away, R2 failed). */
  onIncomplete?: () => void;
};

/**
 * Whether answering `request` for `file` starts a download (a full 200, or a range from byte 0)
 * rather than a HEAD (no bytes), a revalidation (304), a refused range (416) or the
 * continuation of one already counted: what a use case records as a download.
 */
export function startsDownload(file: Pick<ServedFile, "sha256" | "size">, request: FileRequest): boolean {
  if (request.head) return false;
  if (ifNoneMatchHits(request.ifNoneMatch, `"${file.sha256}"`)) return false;
  const range = parseRange(request.range, file.size);
  return range === null || (range !== "unsatisfiable" && range.offset === 0);
}

/**
 * Stream a granted file: RFC 6266 Content-Disposition, ETag, single-range requests (206/416),
 * nosniff, and a sandbox CSP so nothing served from our origin can run script.
 */
export async function fileResponse(files: R2Bucket, grant: FileGrant, asked: FileRequest): Promise<Response> {
  const { file, disposition, downloadName = file.fileName } = grant;
  const request = grant.whole ? { range: null, ifNoneMatch: null } : asked;
  const etag = `"${file.sha256}"`;
  const inline = disposition === "inline" && isInlineSafe(file.mimeType);
  const headers = new Headers({
    "Content-Type": file.mimeType === "text/plain" ? "text/plain; charset=utf-8" : file.mimeType,
    "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", downloadName),
    ETag: etag,
    "Accept-Ranges": grant.whole ? "none" : "bytes",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": file.visibility === "public" ? "private, no-cache" : "private, no-store",
    // Chromium's PDF viewer refuses sandboxed documents; PDFs get a strict policy without it.
    "Content-Security-Policy":
      file.mimeType === "application/pdf"
        ? "default-src 'none'; object-src 'self'; frame-ancestors 'self'"
        : "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
  });
  for (const [name, value] of Object.entries(grant.headers ?? {})) headers.set(name, value);
  if (ifNoneMatchHits(request.ifNoneMatch, etag)) {
    return new Response(null, { status: 304, headers });
  }
  const range = parseRange(request.range, file.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const object = await files.get(file.key, range ? { range } : undefined);
  if (!object) throw new DomainError(404, documentDetailText.notFound);
  if (range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${file.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(file.size));
  return new Response(grant.onIncomplete ? watchedBody(object.body, grant.onIncomplete) : object.body, { status: 200, headers });
}

/**
 * `body` passed on chunk by chunk, calling `onIncomplete` once if it is cancelled (the client
 * went away) or fails before its end. Only where the grant asks: it costs a JS hop per chunk.
 */
function watchedBody(body: ReadableStream<Uint8Array>, onIncomplete: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let settled = false;
  const incomplete = () => {
    if (settled) return;
    settled = true;
    onIncomplete();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          settled = true;
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        incomplete();
        controller.error(error);
      }
    },
    async cancel(reason) {
      incomplete();
      await reader.cancel(reason);
    },
  });
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
