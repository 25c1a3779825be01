import { ConflictError, NotFoundError } from "~/domain/errors";
import { assertCan, can } from "~/domain/policy";
import type { RestoreVersionInput, VersionView } from "~/domain/records";
import { documentDetailText } from "~/i18n/document-detail";
import { recordMessages } from "~/i18n/records";
import { hardening as hardeningText } from "~/i18n/hardening";
import { commit, type Step } from "../audit/commit.server";
import { pendingTextStep, queuePendingTexts } from "../text-extraction/queue.server";
import { requireUser, type ServiceContext } from "../context.server";
import { documentFileVisibility, servedFileOf, startsDownload, type FileGrant, type FileRequest } from "../http/file-response.server";
import { commitOncePerWindow, DOWNLOAD_AUDIT_WINDOW_MS } from "../audit/windows.server";
import type { DocumentView } from "~/domain/documents";
import { findVersion, versionRows, type VersionRow } from "./record-queries.server";
import { batchedRead, noRead, preparedQuery, readTogether, type BatchedRead } from "../db/prepared.server";
import { changeableRow, claimPointer, getDocument, visibleRow } from "./service.server";
import { documentRef, documentFileUrl, grantedDisposition } from "./view.server";
import type { DocumentRow } from "./queries.server";
import { copyIfVital } from "../vital/copies.server";

/** Where one version's file is served. */
export const versionFileUrl = (uuid: string, version: number) => `${documentFileUrl(uuid).replace(/\/download$/, "")}/versions/${version}/download`;

/** A version number as it came in a URL, or null. */
const versionNumber = (value: string): number | null => (/^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** The live document whose versions `ctx.actor` may see: the file rules (`document.openFile`). */
async function documentWithVisibleFiles(ctx: ServiceContext, uuid: string): Promise<DocumentRow> {
  const row = await visibleRow(ctx, uuid);
  assertCan(ctx.actor, { type: "document.openFile", document: documentRef(row) }, documentDetailText.noAccess);
  return row;
}

function toVersionView(ctx: ServiceContext, document: DocumentRow, row: VersionRow): VersionView {
  const isCurrent = row.version === document.current_version;
  return {
    version: row.version,
    fileName: row.file_name,
    fileSizeKb: Math.round((row.file_size / 1024) * 100) / 100,
    mimeType: row.mime_type,
    sha256: row.sha256,
    note: row.note,
    uploader: row.uploader,
    createdAt: row.created_at,
    restoredFrom: row.restored_from,
    isCurrent,
    downloadUrl: versionFileUrl(document.uuid, row.version),
    canRestore: !isCurrent && can(ctx.actor, { type: "document.restoreVersion", document: documentRef(document) }),
  };
}

/** 'Riwayat Versi': every version of a document's file, newest first. Needs `document.openFile`. */
export async function listVersions(ctx: ServiceContext, uuid: string): Promise<VersionView[]> {
  const document = await documentWithVisibleFiles(ctx, uuid);
  const [versions] = await readTogether(ctx.d1, versionsRead(ctx, document));
  return versions ?? [];
}

const versionRowsStatement = preparedQuery((db, _shape: null, archiveId: number) => versionRows({ db }, archiveId));

/**
 * 'Riwayat Versi' of a document already read for this actor (`visibleRow`), as a read that
 * shares the page's round trip; null for who may not open its files (`document.openFile`).
 */
export function versionsRead(ctx: ServiceContext, document: DocumentRow): BatchedRead<VersionView[] | null> {
  if (!can(ctx.actor, { type: "document.openFile", document: documentRef(document) })) return noRead;
  return batchedRead([versionRowsStatement(ctx.d1, null, document.id)], ([rows]) => rows.map((row) => toVersionView(ctx, document, row)));
}

async function versionOf(ctx: ServiceContext, document: DocumentRow, value: string) {
  const number = versionNumber(value);
  const version = number === null ? undefined : await findVersion(ctx, document.id, number);
  if (!version) throw new NotFoundError(recordMessages.versionNotFound);
  return version;
}

/**
 * Serve one version's file (download, or inline preview where the class allows one). Needs `document.openFile`, like the
 * current file. Side effect: a DOCUMENT_VERSION_DOWNLOAD audit row, not for revalidations or
 * continuation ranges.
 */
export async function openVersionDownload(ctx: ServiceContext, uuid: string, version: string, request: FileRequest, asked: "inline" | "attachment"): Promise<FileGrant> {
  const document = await documentWithVisibleFiles(ctx, uuid);
  const found = await versionOf(ctx, document, version);
  const disposition = grantedDisposition(ctx.actor, document, asked);
  const file = servedFileOf(found, documentFileVisibility(document.access_level));
  if (startsDownload(file, request)) {
    await commitOncePerWindow(ctx, `DOCUMENT_VERSION_DOWNLOAD|${document.uuid}|${found.version}|${disposition}`, DOWNLOAD_AUDIT_WINDOW_MS, {
      action: "DOCUMENT_VERSION_DOWNLOAD",
      params: { title: document.title, version: found.version },
      details: { version: found.version, sha256: found.sha256, inline: disposition === "inline" },
      targetType: "archive",
      targetId: document.uuid,
    });
  }
  return { file, disposition };
}

/**
 * Make an old version the newest one: a new version row that copies it (same object, same
 * bytes; history is never rewritten, and the copy adds nothing to the unit's storage). Needs
 * `document.restoreVersion` (who may edit the document). Side effects: the version row, the
 * current-version pointer (compare-and-set), the text row back to PENDING and a
 * DOCUMENT_VERSION_RESTORE audit row, one batch; then the extraction message.
 */
export async function restoreVersion(ctx: ServiceContext, uuid: string, version: string, input: RestoreVersionInput = {}): Promise<DocumentView> {
  const document = await changeableRow(ctx, uuid, "document.restoreVersion");
  const user = requireUser(ctx);
  const source = await versionOf(ctx, document, version);
  if (source.version === document.current_version) throw new ConflictError(recordMessages.versionIsCurrent);
  const { note } = input;
  const now = ctx.now().toISOString();
  const newVersion = document.current_version + 1;
  const fileId = ctx.db.selectFrom("archive_files").select("id").where("archive_id", "=", document.id).where("version", "=", newVersion);
  const steps: Step[] = [
    ...claimPointer(ctx, document, now),
    ctx.db.insertInto("archive_files").values({
      archive_id: document.id,
      version: newVersion,
      r2_key: source.r2_key,
      file_name: source.file_name,
      file_size: source.file_size,
      mime_type: source.mime_type,
      sha256: source.sha256,
      uploader_id: user.userId,
      note: note || null,
      restored_from: source.version,
      created_at: now,
    }),
    ctx.db.updateTable("archives").set({ current_file_id: fileId }).where("id", "=", document.id),
    // The restored file is extracted again (its row names the new version's file).
    pendingTextStep(ctx, { id: document.id }, now),
    {
      action: "DOCUMENT_VERSION_RESTORE",
      params: { title: document.title, version: source.version, newVersion },
      details: { version: source.version, newVersion, sha256: source.sha256, previousSha256: document.sha256 },
      targetType: "archive",
      targetId: document.uuid,
    },
  ];
  queuePendingTexts(ctx, steps, await commit(ctx, steps, { STALE_WRITE: hardeningText.fileReplacedConcurrently }));
  await copyIfVital(ctx, document.id);
  return getDocument(ctx, uuid);
}
