/**
 * Large-file transfers for the benchmark: a PDF-looking file of random bytes, streamed from
 * disk as a multipart upload (never buffered in this client), downloaded back to disk with its
 * SHA-256 checked, and a plain file copy of the same file as the yardstick.
 */
import { createHash, randomFillSync } from "node:crypto";
import { createReadStream, createWriteStream, openSync, closeSync, writeSync, statSync } from "node:fs";
import { copyFile, rm } from "node:fs/promises";
import { request, type IncomingMessage } from "node:http";
import { once } from "node:events";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A file of `size` bytes: a PDF header (type sniffing reads only the start), then random bytes. */
export function makePdfLikeFile(path: string, size: number): string {
  const hash = createHash("sha256");
  const fd = openSync(path, "w");
  try {
    const head = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", "latin1");
    writeSync(fd, head);
    hash.update(head);
    const chunk = Buffer.alloc(1024 * 1024);
    for (let written = head.length; written < size; ) {
      const part = chunk.subarray(0, Math.min(chunk.length, size - written));
      randomFillSync(part);
      writeSync(fd, part);
      hash.update(part);
      written += part.length;
    }
  } finally {
    closeSync(fd);
  }
  return hash.digest("hex");
}

export type UploadResult = { seconds: number; status: number; body: { data?: { uuid: string }; message?: string } };

/**
 * POST the file as multipart/form-data with the given text fields, streaming it from disk with
 * backpressure. The Content-Length is computed up front, as a browser sends it.
 */
export async function uploadFile(
  url: string,
  filePath: string,
  fileName: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
  /** Awaited after each chunk is written, with the file bytes sent so far (the upload pauses meanwhile). */
  onProgress?: (sent: number) => Promise<void> | void,
): Promise<UploadResult> {
  const boundary = `----e-arsip-bench-${Date.now().toString(16)}`;
  const preamble = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = preamble.length + statSync(filePath).size + epilogue.length;

  const started = performance.now();
  const req = request(url, {
    method: "POST",
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(length) },
  });
  const responded = once(req, "response") as Promise<[IncomingMessage]>;
  req.on("error", () => undefined); // surfaced through `responded`
  // A connection closed mid-upload rejects `responded` while chunks are still being written: it
  // is awaited below; until then this keeps it from crashing the run as an unhandled rejection.
  responded.catch(() => undefined);
  req.write(preamble);
  let sent = 0;
  for await (const chunk of createReadStream(filePath, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    if (!req.write(chunk)) await Promise.race([once(req, "drain"), responded]);
    sent += chunk.length;
    await onProgress?.(sent);
  }
  req.end(epilogue);
  const [res] = await responded;
  let text = "";
  for await (const chunk of res) text += chunk;
  const seconds = (performance.now() - started) / 1000;
  let body: UploadResult["body"];
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text.slice(0, 300) };
  }
  return { seconds, status: res.statusCode ?? 0, body };
}

export type DownloadResult = { seconds: number; status: number; bytes: number; sha256: string; contentLength: number | null };

/** GET a file, writing it to `target` while hashing it. */
export async function downloadFile(url: string, target: string, headers: Record<string, string>): Promise<DownloadResult> {
  const started = performance.now();
  const req = request(url, { method: "GET", headers });
  req.end();
  const [res] = (await once(req, "response")) as [IncomingMessage];
  const hash = createHash("sha256");
  let bytes = 0;
  await pipeline(
    res,
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        bytes += chunk.length;
        callback(null, chunk);
      },
    }),
    createWriteStream(target),
  );
  const seconds = (performance.now() - started) / 1000;
  const length = res.headers["content-length"];
  return { seconds, status: res.statusCode ?? 0, bytes, sha256: hash.digest("hex"), contentLength: length ? Number(length) : null };
}

/** Seconds for a plain copy of `source` (fs.copyFile, as `cp` does), the copy removed after. */
export async function timeCopy(source: string, target: string): Promise<number> {
  const started = performance.now();
  await copyFile(source, target);
  const seconds = (performance.now() - started) / 1000;
  await rm(target, { force: true });
  return seconds;
}

/** Seconds for a streamed copy (read stream -> write stream, 64 KiB chunks), the copy removed after. */
export async function timeStreamCopy(source: string, target: string): Promise<number> {
  const started = performance.now();
  await pipeline(createReadStream(source), createWriteStream(target));
  const seconds = (performance.now() - started) / 1000;
  await rm(target, { force: true });
  return seconds;
}

/** PUT the raw file (no multipart), streamed from disk with a Content-Length: the control Worker's upload. */
export async function putFile(url: string, filePath: string): Promise<{ seconds: number; status: number }> {
  const started = performance.now();
  const req = request(url, { method: "PUT", headers: { "content-length": String(statSync(filePath).size) } });
  const responded = once(req, "response") as Promise<[IncomingMessage]>;
  req.on("error", () => undefined);
  await pipeline(createReadStream(filePath, { highWaterMark: 1024 * 1024 }), req);
  const [res] = await responded;
  for await (const _ of res) {
    /* drain */
  }
  return { seconds: (performance.now() - started) / 1000, status: res.statusCode ?? 0 };
}

/**
 * The control Worker for transfers: the same R2 binding with nothing of the app around it.
 * PUT streams the body into R2 multipart parts of 8 MiB (as the app does); GET streams the object.
 */
export const R2_CONTROL_WORKER = `
const PART = 8 * 1024 * 1024;
export default {
  async fetch(request, env) {
    const key = "control" + new URL(request.url).pathname;
    if (request.method === "PUT") {
      const upload = await env.FILES.createMultipartUpload(key);
      const parts = [];
      let part = new Uint8Array(PART);
      let filled = 0;
      const reader = request.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        let offset = 0;
        while (offset < value.byteLength) {
          const take = Math.min(PART - filled, value.byteLength - offset);
          part.set(value.subarray(offset, offset + take), filled);
          filled += take;
          offset += take;
          if (filled === PART) {
            parts.push(await upload.uploadPart(parts.length + 1, part));
            part = new Uint8Array(PART);
            filled = 0;
          }
        }
      }
      if (filled) parts.push(await upload.uploadPart(parts.length + 1, part.subarray(0, filled)));
      await upload.complete(parts);
      return new Response("stored", { status: 201 });
    }
    const object = await env.FILES.get(key);
    if (!object) return new Response("not found", { status: 404 });
    return new Response(object.body, { headers: { "content-length": String(object.size), "content-type": "application/pdf" } });
  },
};
`;
