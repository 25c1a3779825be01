import type { UploadBody } from "./files.server";

/**
 * The streamed body of a form post for the upload services (never buffered). Front doors call
 * this only after their CSRF check has passed (Hono's router middleware, the page middleware).
 * `idempotencyKey` says where the client's key for "the same submit again" is: a header value the
 * API read, or the form field a page renders before the file.
 */
/** The hidden field of a rendered create form that makes a double submit one document. */
export const SUBMISSION_ID_FIELD = "submissionId";

export function uploadBodyOf(request: Request, idempotencyKey?: UploadBody["idempotencyKey"]): UploadBody {
  const length = request.headers.get("content-length");
  return {
    contentType: request.headers.get("content-type"),
    contentLength: length ? Number(length) : null,
    stream: request.body,
    idempotencyKey,
  };
}
