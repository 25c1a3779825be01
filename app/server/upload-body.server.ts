import type { UploadBody } from "./files.server";

/** The streamed body of a form post, for the upload services (the body is never buffered). */
export function uploadBodyOf(request: Request): UploadBody {
  const length = request.headers.get("content-length");
  return { contentType: request.headers.get("content-type"), contentLength: length ? Number(length) : null, stream: request.body };
}
