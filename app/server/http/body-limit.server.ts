/** The most a request body other than a file upload may carry (JSON, forms). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The body read whole, at most `maxBytes`: null (and the rest of the stream cancelled) as soon
 * as it is longer, so an endless or huge body costs no more than the cap in memory.
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
      await reader.cancel().catch(() => undefined);
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

/** How much of an unwanted body is read and dropped rather than cancelled (see `discardBody`). */
const DRAIN_BYTES = 1024 * 1024;

/**
 * Let go of a body nobody will read: a small rest is read to its end and dropped, so the client
 * finishes sending and its keep-alive connection stays in step; a larger one is cancelled.
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
