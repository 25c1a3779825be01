import { DomainError } from "~/domain/errors";
import { accessRequestMessages } from "~/i18n/access-requests";
import { findAccessRequest } from "../access-requests/queries.server";
import { hashPrefix, TOKEN_PATTERN } from "../access-requests/token.server";
import { runBatch } from "../batch.server";
import type { AppContext } from "../context.server";
import { sha256Hex } from "../crypto.server";
import { fileResponse, type FileRequest } from "../files.server";
import { audit, isLive } from "./access-requests.server";

/** A refused token download: the front door answers 'Gagal mengunduh file' with this reason. */
export class TokenDownloadError extends DomainError {}

/** The document title plus the stored file's extension, safe as a file name. */
export function downloadNameOf(title: string, fileName: string): string {
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(fileName)?.[0] ?? "";
  const base = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, "_").replace(/\s+/g, " ").trim().slice(0, 150) || "dokumen";
  return `${base}${extension.toLowerCase()}`;
}

/**
 * `GET /api/v1/archives/{archiveId}/download?token=`: the file of an approved request, for its
 * requester only (signed in), within 24 hours of approval. Anything else is a
 * TokenDownloadError naming the reason, never the file. Side effects on a download (not a
 * continuation range): the download counter and an ACCESS_TOKEN_DOWNLOAD audit row carrying only
 * a prefix of the token's hash (one batch).
 */
export async function downloadWithToken(ctx: AppContext, archiveUuid: string, token: string, request: FileRequest): Promise<Response> {
  const d = accessRequestMessages.download;
  if (!ctx.session) throw new TokenDownloadError(401, d.signInRequired);
  const user = ctx.session.user;
  const match = TOKEN_PATTERN.exec(token);
  const row = match ? await findAccessRequest(ctx, match[1]!) : undefined;
  if (!row) throw new TokenDownloadError(403, d.tokenInvalid);
  const tokenHash = await sha256Hex(token);
  // A token whose hash was cleared (expired, revoked) can no longer be checked; its reason is
  // given to the requester only.
  if (row.token_hash !== null && row.token_hash !== tokenHash) throw new TokenDownloadError(403, d.tokenInvalid);
  if (row.requester_id !== user.userId) throw new TokenDownloadError(403, d.tokenForeign);
  if (row.archive_uuid !== archiveUuid) throw new TokenDownloadError(403, d.tokenOtherDocument);
  if (row.status === "REVOKED") throw new TokenDownloadError(403, d.tokenRevoked);
  if (row.status === "EXPIRED" || (row.status === "APPROVED" && !isLive(row, ctx.now()))) throw new TokenDownloadError(403, d.tokenExpired);
  if (row.status !== "APPROVED" || row.token_hash === null) throw new TokenDownloadError(403, d.tokenInvalid);

  const response = await fileResponse(
    ctx.files,
    { key: row.r2_key, fileName: row.file_name, mimeType: row.mime_type, size: row.file_size, sha256: row.sha256 },
    request,
    "attachment",
    downloadNameOf(row.archive_title, row.file_name),
  );
  const continuation = response.status === 206 && !response.headers.get("Content-Range")?.startsWith("bytes 0-");
  if (response.status < 300 && !continuation) {
    const now = ctx.now().toISOString();
    await runBatch(ctx.d1, [
      ctx.db
        .updateTable("access_requests")
        .set((eb) => ({ download_count: eb("download_count", "+", 1), last_downloaded_at: now }))
        .where("id", "=", row.id),
      audit(ctx, {
        action: "ACCESS_TOKEN_DOWNLOAD",
        params: { title: row.archive_title },
        targetId: row.uuid,
        details: { archive: row.archive_uuid, tokenHashPrefix: hashPrefix(tokenHash) },
      }),
    ]);
  }
  return response;
}

