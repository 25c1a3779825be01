/**
 * 'Unggah Banyak': many files, one document each, the shared fields set once. Pure rules shared
 * by the page and the service (zod-free: the page's component uses them in the browser; the
 * form's schema is BulkUploadSchema beside the document's own).
 */

/** The files one batch takes (each becomes a document; more go in another batch). */
export const MAX_BULK_UPLOAD_FILES = 20;
/**
 * The largest batch body: below the 100 MB a Cloudflare Worker accepts in one request on the
 * Free and Pro plans, so a batch is refused with a message, never cut off by the platform.
 */
export const MAX_BULK_UPLOAD_BYTES = 95 * 1024 * 1024;

/** The form field of the files, and of the titles edited in the browser (one per file, in order). */
export const FILES_FIELD = "files";
export const TITLES_FIELD = "titles";

/** What became of one file of the batch: its document, or why it was refused. */
export type BulkUploadOutcome = { fileName: string; uuid: string | null; title: string | null; error: string | null };

/** The file's name without its folder and extension: what a scanned record is usually named by. */
export function fileNameStem(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

/**
 * A readable title from a file name: underscores and hyphens between words become spaces, a
 * hyphen between digits stays ("SK_Rektor_12-2024.pdf" → "SK Rektor 12-2024").
 */
export function titleFromFileName(fileName: string): string {
  return fileNameStem(fileName)
    .replace(/_+/g, " ")
    .replace(/(?<=\p{L})-+(?=\p{L})/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 255);
}

/**
 * Each file's share sent (0–100), from how much of the whole post has gone: the files go one
 * after another, so the bytes sent fill them in order (the few bytes of the fields are spread
 * over them, which no bar can show anyway).
 */
export function filesProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const fileBytes = sizes.reduce((sum, size) => sum + size, 0);
  let sent = total > 0 ? (Math.min(loaded, total) / total) * fileBytes : 0;
  return sizes.map((size) => {
    const share = size > 0 ? Math.min(sent, size) / size : 1;
    sent = Math.max(0, sent - size);
    return Math.round(share * 100);
  });
}
