import { hasDigitalFile, type DocumentView } from "~/domain/documents";
import { can, type Actor, type DocumentRef } from "~/domain/policy";
import type { DocumentRow } from "./queries.server";

/**
 * What the permission policy needs to know of a document. A row read with its `deleted_at` says
 * whether it is in the trash; rows of the live catalogue are live.
 */
export const documentRef = (
  row: Pick<DocumentRow, "uploader_id" | "unit_kerja_id" | "access_level" | "security_class"> & {
    archival_state?: "STATIS" | null;
    custody_unit_id?: number | null;
    deleted_at?: string | null;
  },
): DocumentRef => ({
  uploaderId: row.uploader_id,
  unitKerjaId: row.unit_kerja_id,
  accessLevel: row.access_level,
  securityClass: row.security_class,
  ...(row.archival_state ? { archivalState: row.archival_state } : {}),
  ...(row.custody_unit_id ? { custodyUnitId: row.custody_unit_id } : {}),
  ...(row.deleted_at ? { trashed: true } : {}),
});

/** Where a document's file is served (download; `?disposition=inline` for a preview). */
export const documentFileUrl = (uuid: string) => `/api/v1/archives/${uuid}/download`;

/**
 * The inline preview of a document's file, its name as the URL's last segment: the browser tab
 * of a previewed PDF or image shows the file's name instead of 'download'.
 */
export const documentPreviewUrl = (uuid: string, fileName: string) => `${documentFileUrl(uuid)}/${encodeURIComponent(fileName)}?disposition=inline`;

/**
 * How a file the actor may open is served: inline only where asked and the policy allows a
 * preview (never for RAHASIA and SANGAT_RAHASIA, whoever asks), else as an attachment.
 */
export const grantedDisposition = (actor: Actor | null, row: Parameters<typeof documentRef>[0], asked: "inline" | "attachment"): "inline" | "attachment" =>
  asked === "inline" && can(actor, { type: "document.preview", document: documentRef(row) }) ? "inline" : "attachment";

/** A row as `actor` sees it: the file URLs only when they may open it, and what they may do. */
export function toDocumentView(actor: Actor | null, row: DocumentRow): DocumentView {
  const document = documentRef(row);
  // A paper record has nothing to open: no file URLs, whoever asks.
  const hasFile = hasDigitalFile(row);
  const canOpenFile = hasFile && can(actor, { type: "document.openFile", document });
  const canPreview = hasFile && can(actor, { type: "document.preview", document });
  const fileUrl = documentFileUrl(row.uuid);
  return {
    uuid: row.uuid,
    title: row.title,
    documentNumber: row.document_number,
    year: row.year,
    description: row.description,
    keywords: row.keywords,
    accessLevel: row.access_level,
    categoryId: row.category_id,
    category: { id: row.category_id, categoryName: row.category_name },
    hasFile,
    fileName: hasFile ? row.file_name : null,
    fileSizeKb: hasFile ? Math.round((row.file_size / 1024) * 100) / 100 : null,
    mimeType: hasFile ? row.mime_type : null,
    currentVersion: row.current_version,
    securityClass: row.security_class,
    classificationCode: row.classification_code,
    classificationName: row.classification_name,
    retentionStartDate: row.retention_start_date,
    physicalLocation: row.physical_location,
    previewUrl: canPreview ? documentPreviewUrl(row.uuid, row.file_name) : null,
    downloadUrl: canOpenFile ? fileUrl : null,
    uploader: row.uploader,
    unitKerjaId: row.unit_kerja_id,
    unitKerjaName: row.unit_kerja_name,
    berkasId: row.berkas_id,
    vital: Boolean(row.vital),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    canEdit: can(actor, { type: "document.edit", document }),
    canDelete: can(actor, { type: "document.delete", document }),
    canOpenFile,
    canRequestAccess: hasFile && can(actor, { type: "document.requestAccess", document }),
  };
}
