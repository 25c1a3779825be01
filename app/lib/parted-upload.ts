/**
 * The browser's side of an import ZIP sent in parts (`/api/v1/imports/uploads`): start, send
 * each part in order (its progress counted in bytes), complete (the server's dry run comes
 * back), or abort when the person cancels or a step fails.
 */

/** An import as the API answers a dry run (only what the page needs). */
export type PartedUploadResult = { id: string };

export class PartedUploadError extends Error {}

type Options = {
  csrfToken: string;
  categoryId: string;
  /** Bytes sent so far out of the file's size. */
  onProgress: (sent: number) => void;
  signal: AbortSignal;
  /** The message when the server gives none. */
  fallback: string;
};

const BASE = "/api/v1/imports/uploads";

/** The server's message from an error answer (`{ message }`), else the fallback. */
function messageOf(text: string, fallback: string): string {
  try {
    return (JSON.parse(text) as { message?: string }).message || fallback;
  } catch {
    return fallback;
  }
}

async function json<T>(url: string, init: RequestInit, options: Options): Promise<T> {
  const response = await fetch(url, { ...init, signal: options.signal, headers: { ...init.headers, "x-csrf-token": options.csrfToken } });
  const text = await response.text();
  if (!response.ok) throw new PartedUploadError(messageOf(text, options.fallback));
  return JSON.parse(text) as T;
}

/** One part by XMLHttpRequest: fetch reports no upload progress. */
function sendPart(url: string, bytes: Blob, options: Options, onSent: (loaded: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const cancel = () => request.abort();
    options.signal.addEventListener("abort", cancel, { once: true });
    request.open("PUT", url);
    request.setRequestHeader("x-csrf-token", options.csrfToken);
    request.setRequestHeader("content-type", "application/octet-stream");
    request.upload.onprogress = (event) => onSent(event.loaded);
    request.onload = () => {
      options.signal.removeEventListener("abort", cancel);
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new PartedUploadError(messageOf(request.responseText, options.fallback)));
    };
    request.onerror = () => reject(new PartedUploadError(options.fallback));
    request.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    request.send(bytes);
  });
}

/** Upload `file` in parts and return the dry run; an upload that fails or is cancelled is aborted on the server. */
export async function uploadInParts(file: File, options: Options): Promise<PartedUploadResult> {
  const { uploadId, partSize, parts } = await json<{ uploadId: string; partSize: number; parts: number }>(
    BASE,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fileName: file.name, size: file.size, ...(options.categoryId ? { categoryId: options.categoryId } : {}) }),
    },
    options,
  );
  const uploadUrl = `${BASE}/${encodeURIComponent(uploadId)}`;
  try {
    for (let part = 1; part <= parts; part++) {
      const offset = (part - 1) * partSize;
      await sendPart(`${uploadUrl}/parts/${part}`, file.slice(offset, offset + partSize), options, (loaded) => options.onProgress(offset + loaded));
    }
    options.onProgress(file.size);
  } catch (error) {
    // Best effort: what is left the maintenance job aborts a day later.
    void fetch(`${uploadUrl}/abort`, { method: "POST", headers: { "x-csrf-token": options.csrfToken } }).catch(() => undefined);
    throw error;
  }
  return json<PartedUploadResult>(`${uploadUrl}/complete`, { method: "POST" }, options);
}
