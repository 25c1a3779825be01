/**
 * multipart/form-data bodies built by hand, byte for byte, so a test controls what a browser's
 * FormData never sends: part order, raw file names with quotes or control characters, RFC 5987
 * `filename*`, a missing or misplaced `_csrf` field. Also sample files whose bytes are what their
 * names claim (or deliberately are not).
 */

export type FieldPart = { name: string; value: string };
export type FilePart = {
  name: string;
  data: Uint8Array | string;
  /** Sent as `filename="..."` verbatim (no escaping: hostile names are the point). */
  filename?: string;
  /** Sent as `filename*=UTF-8''...` with the value percent-encoded (may carry control characters). */
  filenameStar?: string;
  contentType?: string;
};
export type Part = FieldPart | FilePart;

/** Bytes backed by a plain ArrayBuffer: usable as a request body and a digest input. */
export type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();
const bytesOf = (data: Uint8Array | string) => (typeof data === "string" ? encoder.encode(data) : data);

export function concatBytes(...chunks: Uint8Array[]): Bytes {
  const out = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** RFC 5987 ext-value characters: encodeURIComponent leaves a few that are not attr-chars. */
const rfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export type MultipartBody = { body: Bytes; contentType: string };

/** One multipart/form-data body with the parts in the given order. */
export function multipart(parts: Part[]): MultipartBody {
  const boundary = `----earsip-test-${crypto.randomUUID()}`;
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    let disposition = `form-data; name="${part.name}"`;
    let contentType = "";
    let data: Uint8Array;
    if ("value" in part) {
      data = encoder.encode(part.value);
    } else {
      if (part.filename !== undefined) disposition += `; filename="${part.filename}"`;
      if (part.filenameStar !== undefined) disposition += `; filename*=UTF-8''${rfc5987(part.filenameStar)}`;
      contentType = `Content-Type: ${part.contentType ?? "application/octet-stream"}\r\n`;
      data = bytesOf(part.data);
    }
    chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${contentType}\r\n`), data, encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return { body: concatBytes(...chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `multipart()` from a field record (in key order) plus, last, an optional file part. */
export function formBody(fields: Record<string, string | undefined>, file?: Omit<FilePart, "name"> & { name?: string }): MultipartBody {
  const parts: Part[] = [];
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) parts.push({ name, value });
  if (file) parts.push({ name: "file", ...file });
  return multipart(parts);
}

/** `size` random bytes (getRandomValues fills at most 64 KiB per call). */
export function randomBytes(size: number): Bytes {
  const out = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 65536) crypto.getRandomValues(out.subarray(offset, Math.min(size, offset + 65536)));
  return out;
}

/** A PDF as file-type sees one (`%PDF-` magic), `size` bytes long, random and so unique. */
export function pdfBytes(size = 2048): Bytes {
  const head = encoder.encode("%PDF-1.4\n");
  const tail = encoder.encode("\n%%EOF\n");
  return concatBytes(head, randomBytes(Math.max(0, size - head.byteLength - tail.byteLength)), tail);
}

/** A real 1x1 PNG. */
export function pngBytes(): Bytes {
  const base64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** A little-endian TIFF header plus padding: an allowed type that is not safe to show inline. */
export function tiffBytes(): Bytes {
  // Zeros after the header: an empty first directory (random bytes could read as a camera RAW format).
  return concatBytes(new Uint8Array([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]), new Uint8Array(256));
}

export const HTML_PAGE = "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n";
export const SVG_IMAGE = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>\n';

export async function sha256Hex(data: Uint8Array | ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new Uint8Array(data));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
