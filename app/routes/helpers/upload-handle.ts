/**
 * The `handle` of a page route whose action streams a file upload: the Worker's body cap lets a
 * multipart body through to such a route only (see workers/upload-routes.ts).
 */
export const streamsUploadHandle = { streamsUpload: true } as const;

/**
 * The `handle` of a page route that reads its body whole but needs more than the 64 KB of other
 * forms (a CSV to import): the Worker's body cap gives it `bytes` instead, and refuses (413) past them.
 */
export const bodyLimitHandle = (bytes: number) => ({ bodyLimit: bytes }) as const;
