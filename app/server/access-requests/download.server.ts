import { hasDigitalFile } from "~/domain/documents";
import { documentMessages } from "~/i18n/documents";
import { DomainError } from "~/domain/errors";
import { accessRequestMessages } from "~/i18n/access-requests";
import { can, userActorOf } from "~/domain/policy";
import { commit } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import { sha256Hex } from "../crypto.server";
import { servedFileOf, startsDownload, type FileGrant, type FileRequest } from "../http/file-response.server";
import { findAccessRequest } from "./queries.server";
import { hashPrefix, TOKEN_PATTERN } from "./token.server";
import { archiveRefOf, isLive, requestAudit, stillTheRequester } from "./service.server";
import { abortUnlessChanged } from "../db/write-guard.server";

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
 * TokenDownloadError naming the reason, never the file. Side effects on a download (not a HEAD,
 * not a continuation range): the download counter and an ACCESS_TOKEN_DOWNLOAD audit row carrying
 * only a prefix of the token's hash (one batch); a RAHASIA download broken off before its last
 * byte resets the counter (ACCESS_TOKEN_DOWNLOAD_INCOMPLETE). The grant forbids passing the token
 * on (no Referer, never stored).
 */
export async function downloadWithToken(ctx: ServiceContext, archiveUuid: string, token: string, request: FileRequest): Promise<FileGrant> {
  const d = accessRequestMessages.download;
  const user = userActorOf(ctx.actor);
  if (!user) throw new TokenDownloadError(401, d.signInRequired);
  const match = TOKEN_PATTERN.exec(token);
  const row = match ? await findAccessRequest(ctx, match[1]!) : undefined;
  const tokenHash = await sha256Hex(token);
  // Whatever someone other than the holder gets wrong reads the same: no answer tells a
  // non-holder that a request id exists, whose it is, or what became of it.
  if (!row || row.requester_id !== user.userId) throw new TokenDownloadError(403, d.tokenInvalid);
  // A token whose hash was cleared (expired, revoked) can no longer be checked; its reason is
  // given to the requester only.
  if (row.token_hash !== null && row.token_hash !== tokenHash) throw new TokenDownloadError(403, d.tokenInvalid);
  if (row.archive_uuid !== archiveUuid) throw new TokenDownloadError(403, d.tokenOtherDocument);
  if (row.status === "REVOKED") throw new TokenDownloadError(403, d.tokenRevoked);
  if (row.status === "EXPIRED" || (row.status === "APPROVED" && !isLive(row, ctx.now()))) throw new TokenDownloadError(403, d.tokenExpired);
  if (row.status !== "APPROVED" || row.token_hash === null) throw new TokenDownloadError(403, d.tokenInvalid);
  // The approval was given to the requester as they were when they asked: a new role or unit
  // since (a Viewer may not even list requests) ends it, whichever path changed the account.
  if (!stillTheRequester(row, user)) throw new TokenDownloadError(403, d.tokenRequesterChanged);

  // The document may have moved out of the requester's sight (another unit's SANGAT_RAHASIA one).
  if (!can(ctx.actor, { type: "document.view", document: archiveRefOf(row) })) throw new TokenDownloadError(403, d.tokenInvalid);

  // A paper record has nothing to download, approval or not.
  if (!hasDigitalFile(row)) throw new TokenDownloadError(409, documentMessages.noDigitalFile);
  const file = servedFileOf(row);
  const grant: FileGrant = { file, disposition: "attachment", downloadName: downloadNameOf(row.archive_title, row.file_name), headers: TOKEN_DOWNLOAD_HEADERS };
  // A RAHASIA document's token is good for one download, whole: a GET claims it (a
  // compare-and-set on the counter, so of two parallel downloads exactly one gets the file), no
  // range can fetch its bytes piecemeal afterwards, and a GET broken off before the last byte
  // gives it back. A HEAD only looks: it claims nothing.
  const single = row.archive_security_class === "RAHASIA";
  if (single && request.head) {
    if (row.download_count > 0) throw new TokenDownloadError(403, d.tokenUsed);
    return { ...grant, whole: true };
  }
  if (!single && !startsDownload(file, request)) return grant;
  const now = ctx.now().toISOString();
  const counted = ctx.db
    .updateTable("access_requests")
    .set((eb) => ({ download_count: eb("download_count", "+", 1), last_downloaded_at: now }))
    .where("id", "=", row.id);
  await commit(
    ctx,
    [
      ...(single ? [counted.where("download_count", "=", 0), abortUnlessChanged(ctx)] : [counted]),
      requestAudit({
        action: "ACCESS_TOKEN_DOWNLOAD",
        params: { title: row.archive_title },
        targetId: row.uuid,
        details: { archive: row.archive_uuid, tokenHashPrefix: hashPrefix(tokenHash), ...(single ? { singleDownload: true } : {}) },
      }),
    ],
    { STALE_WRITE: async () => new TokenDownloadError(403, d.tokenUsed) },
  );
  if (!single) return grant;
  const giveBack = () =>
    commit(
      ctx,
      [
        ctx.db
          .updateTable("access_requests")
          .set({ download_count: 0 })
          .where("id", "=", row.id)
          .where("download_count", "=", 1)
          .where("last_downloaded_at", "=", now),
        abortUnlessChanged(ctx),
        requestAudit({ action: "ACCESS_TOKEN_DOWNLOAD_INCOMPLETE", params: { title: row.archive_title }, targetId: row.uuid, details: { archive: row.archive_uuid } }),
      ],
      // Claimed again in between (it cannot be, but then the claim stands): nothing to give back.
      { STALE_WRITE: async () => new TokenDownloadError(403, d.tokenUsed) },
    );
  return {
    ...grant,
    whole: true,
    onIncomplete: () =>
      ctx.waitUntil(giveBack().catch((error: unknown) => console.warn(JSON.stringify({ event: "token_give_back_failed", request: row.uuid, error: String(error) })))),
  };
}

/** Every token-download answer, file or refusal: the token must not leak onwards. */
export const TOKEN_DOWNLOAD_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };
