/**
 * The `handle` of a page route whose action streams a file upload: the Worker's body cap lets a
 * multipart body through to such a route only (see workers/upload-routes.ts).
 */
export const streamsUploadHandle = { streamsUpload: true } as const;
