import type { ServiceContext } from "../context.server";
import { stageUpload, type StagedUpload, type UploadBody, type UploadPlan } from "../files/staging.server";

/** The hidden field of a rendered create form that makes a double submit one document. */
export const SUBMISSION_ID_FIELD = "submissionId";

/**
 * The streamed body of a form post for the upload services (never buffered). Front doors call
 * this only after their CSRF check has passed (Hono's router middleware, the page middleware).
 * `idempotencyKey` says where the client's key for "the same submit again" is: a header value the
 * API read, or the form field a page renders before the file.
 */
export function uploadBodyOf(request: Request, idempotencyKey?: UploadBody["idempotencyKey"]): UploadBody {
  const length = request.headers.get("content-length");
  return {
    contentType: request.headers.get("content-type"),
    contentLength: length ? Number(length) : null,
    stream: request.body,
    idempotencyKey,
  };
}

/**
 * Stage a request's upload at the front door under the plan its use case gave (permission,
 * quota, rate decided before a byte is stored); the use case then gets the staged upload.
 */
export async function stageRequestUpload(
  ctx: ServiceContext,
  request: Request,
  plan: UploadPlan | Promise<UploadPlan>,
  idempotencyKey?: UploadBody["idempotencyKey"],
): Promise<StagedUpload> {
  return stageUpload(ctx, uploadBodyOf(request, idempotencyKey), await plan);
}
