/**
 * A document's file released to one requester (decision 0280): named in an answer by an officer
 * who may open it, downloadable only with the request's status code and the file's signed token,
 * until RELEASE_DAYS after the answer, always as an attachment, each download counted and audited.
 */
import { hasDigitalFile } from "~/domain/documents";
import { DomainError, ForbiddenError } from "~/domain/errors";
import { can } from "~/domain/policy";
import type { AnswerInput } from "~/domain/ppid/requests";
import { RELEASABLE_CLASSES, RELEASE_DAYS, RELEASING_OUTCOMES } from "~/domain/ppid/requests-view";
import { daysAfter } from "~/domain/time";
import { ppidMessages } from "~/i18n/ppid";
import { formatDate } from "~/lib/format";
import { commit } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import { randomToken, timingSafeEqual } from "../crypto.server";
import { downloadNameOf, TOKEN_DOWNLOAD_HEADERS } from "../access-requests/download.server";
import { liveDocuments } from "../documents/queries.server";
import { documentRef } from "../documents/view.server";
import { servedFileOf, startsDownload, type FileGrant, type FileRequest } from "../http/file-response.server";
import { SIGNED_TOKEN_PATTERN, signedToken } from "../signed-token.server";
import { requestRowByStatusCode } from "./service.server";

const m = ppidMessages;
const PURPOSE = "ppid-release";

const releaseTokenOf = (secret: string, fileUuid: string, seed: string) => signedToken(secret, PURPOSE, fileUuid, seed);

/**
 * The rows of `ppid_answer_files` that release the answer's `releasedArchiveUuids` to the request
 * `requestId`, after checking that the answer gives something (DIBERIKAN, DIBERIKAN_SEBAGIAN) and
 * that each document is live, not PUBLIC (those are named by reference), of a releasable class
 * (never RAHASIA or SANGAT_RAHASIA), and one whose file the answering officer may open. Its
 * current file version is the one released. Throws before anything is written.
 */
export async function releaseRows(ctx: ServiceContext, requestId: number, answer: Pick<AnswerInput, "outcome" | "archiveUuids" | "releasedArchiveUuids">) {
  const archiveUuids = answer.releasedArchiveUuids ?? [];
  if (archiveUuids.length === 0) return [];
  if (!RELEASING_OUTCOMES.includes(answer.outcome)) throw invalid(m.validation.releaseNeedsGiving);
  const twice = archiveUuids.find((uuid, index) => archiveUuids.indexOf(uuid) !== index || answer.archiveUuids.includes(uuid));
  if (twice) throw invalid(m.errors.releaseTwice(twice));
  const documents = await liveDocuments(ctx)
    .select(["a.id", "a.uuid", "a.title", "a.uploader_id", "a.unit_kerja_id", "a.access_level", "a.security_class", "a.archival_state", "a.custody_unit_id", "a.current_file_id"])
    .where("a.uuid", "in", [...archiveUuids])
    .execute();
  const now = ctx.now();
  const expiresAt = daysAfter(now, RELEASE_DAYS);
  return archiveUuids.map((uuid) => {
    const document = documents.find((row) => row.uuid === uuid);
    if (!document || !hasDigitalFile(document)) throw invalid(m.errors.releaseNotFound(uuid));
    if (document.access_level === "PUBLIC") throw invalid(m.errors.releasePublic(document.title));
    if (!(RELEASABLE_CLASSES as readonly string[]).includes(document.security_class)) throw invalid(m.errors.releaseSecret(document.title, document.security_class));
    if (!can(ctx.actor, { type: "document.openFile", document: documentRef(document) })) throw invalid(m.errors.releaseNotReadable(document.title), 403);
    return {
      uuid: crypto.randomUUID(),
      request_id: requestId,
      archive_id: document.id,
      kind: "RILIS" as const,
      archive_file_id: document.current_file_id,
      title: document.title,
      token_seed: randomToken(32),
      expires_at: expiresAt,
      created_at: now.toISOString(),
    };
  });
}

/** A refusal shown at the answer form's field of released documents. */
const invalid = (message: string, status: 400 | 403 = 400) => new DomainError(status, message, { releasedArchiveUuids: [message] });

/** A released file as its requester sees it on the status page: the token goes into the download form. */
export type ReleasedFile = { title: string; token: string; expiresAt: string; expired: boolean };

/** The files released to the request `requestId` (the caller has checked the status code). */
export async function releasedFilesOf(ctx: ServiceContext, requestId: number): Promise<ReleasedFile[]> {
  const rows = await ctx.db
    .selectFrom("ppid_answer_files")
    .select(["uuid", "title", "token_seed", "expires_at"])
    .where("request_id", "=", requestId)
    .where("kind", "=", "RILIS")
    .orderBy("id")
    .execute();
  const now = ctx.now().toISOString();
  return Promise.all(
    rows.map(async (row) => ({
      title: row.title,
      token: await releaseTokenOf(ctx.config.sessionSecret, row.uuid, row.token_seed!),
      expiresAt: row.expires_at!,
      expired: row.expires_at! <= now,
    })),
  );
}

/**
 * The download of a released file: only with the request's number and status code (the requester,
 * who has no account, proves who they are by the code, as a signed-in requester does by the
 * session) and the token of a file that request's answer released, until it expires. The
 * document must still be live and of a releasable class. Side effects on a download (not a HEAD
 * or a continuation): the counter and a PPID_RELEASE_DOWNLOAD audit row, in one batch.
 */
export async function downloadReleasedFile(ctx: ServiceContext, lookup: { number: string; code: string; token: string }, request: FileRequest): Promise<FileGrant> {
  const d = m.download;
  const row = await requestRowByStatusCode(ctx, lookup.number, lookup.code);
  const fileUuid = SIGNED_TOKEN_PATTERN.exec(lookup.token)?.[1];
  const file = fileUuid
    ? await ctx.db
        .selectFrom("ppid_answer_files as f")
        .innerJoin("archive_files as v", "v.id", "f.archive_file_id")
        .innerJoin("archives as a", "a.id", "f.archive_id")
        .select(["f.id", "f.uuid", "f.title", "f.token_seed", "f.expires_at", "v.r2_key", "v.file_name", "v.mime_type", "v.file_size", "v.sha256", "a.uuid as archive_uuid", "a.deleted_at", "a.security_class"])
        .where("f.uuid", "=", fileUuid)
        .where("f.request_id", "=", row.id)
        .where("f.kind", "=", "RILIS")
        .executeTakeFirst()
    : undefined;
  if (!file || !timingSafeEqual(await releaseTokenOf(ctx.config.sessionSecret, file.uuid, file.token_seed!), lookup.token)) throw new ForbiddenError(d.invalid);
  if (file.expires_at! <= ctx.now().toISOString()) throw new ForbiddenError(d.expired(formatDate(file.expires_at!, "DD MMMM YYYY HH:mm")));
  // Trashed, or classified higher since the answer: the release ends with it.
  if (file.deleted_at || !(RELEASABLE_CLASSES as readonly string[]).includes(file.security_class)) throw new ForbiddenError(d.gone);
  const served = servedFileOf(file);
  const grant: FileGrant = { file: served, disposition: "attachment", downloadName: downloadNameOf(file.title, file.file_name), headers: TOKEN_DOWNLOAD_HEADERS };
  if (!startsDownload(served, request)) return grant;
  await commit(ctx, [
    ctx.db
      .updateTable("ppid_answer_files")
      .set((eb) => ({ download_count: eb("download_count", "+", 1) }))
      .where("id", "=", file.id),
    {
      action: "PPID_RELEASE_DOWNLOAD",
      params: { number: row.registration_number!, title: file.title },
      actorId: null,
      targetType: "ppid_request",
      targetId: row.uuid,
      details: { archive: file.archive_uuid, file: file.uuid },
    },
  ]);
  return grant;
}
