/** The most a request body other than a file upload may carry (JSON, forms). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The body read whole, at most `maxBytes`: null as soon as it is longer, so an endless or huge
 * body costs no more than the cap in memory. The rest is left unread (the stream unlocked) for
 * `discardBody` to drop.
 */
export async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * How much of an unwanted body is read and dropped (chunk by chunk, never held) rather than
 * cancelled (see `discardBody`). Cancelling a body the client is still sending makes the server
 * close the connection mid-upload: the client then often sees a reset instead of the answer (and
 * `wrangler dev`'s local entry worker turns it into a 500 "Network connection lost"). Reading the
 * rest lets the client finish and read the 413. Well above what a mistaken client sends to a JSON
 * or form route (a 20 MB paste), a third of the 100 MB Cloudflare's edge lets through at all.
 */
export const DRAIN_BYTES = 32 * 1024 * 1024;

/**
 * Let go of a body nobody will read: a rest up to `DRAIN_BYTES` is read to its end and dropped,
 * so the client finishes sending, sees the answer and its keep-alive connection stays in step;
 * a larger one (declared, or counted while draining) is cancelled.
 */
export async function discardBody(body: ReadableStream<Uint8Array> | null, declaredLength: string | null): Promise<void> {
  if (!body || body.locked) return;
  if (declaredLength !== null && Number(declaredLength) > DRAIN_BYTES) {
    await body.cancel().catch(() => undefined);
    return;
  }
  const reader = body.getReader();
  try {
    for (let drained = 0; drained <= DRAIN_BYTES; ) {
      const { done, value } = await reader.read();
      if (done) return;
      drained += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // A body that fails while being dropped needs nothing more.
  } finally {
    reader.releaseLock();
  }
}

/** Format a byte count for the limit message (binary kilobytes, as the cap is set). */
export const limitLabel = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
