import type { DocumentListQuery, DocumentPageQuery } from "./document-schemas";
import type { ListPage } from "./list-query";
import type { z } from "zod";
import type { CategorySchema, DocumentViewSchema } from "./api/documents";

export type Category = z.output<typeof CategorySchema>;

/** A document as pages and the API show it (the JSON field names of the public API; see api/documents.ts). */
export type DocumentView = z.output<typeof DocumentViewSchema>;

export type DocumentPage = ListPage<DocumentView, DocumentListQuery>;

/**
 * What one row of a list page shows: the fields its columns and links read, no more (a page's
 * loader data is serialised into the HTML, so each field is paid for on every row).
 */
export type DocumentListRow = Pick<
  DocumentView,
  | "uuid"
  | "title"
  | "documentNumber"
  | "year"
  | "description"
  | "keywords"
  | "accessLevel"
  | "securityClass"
  | "classificationCode"
  | "fileName"
  | "fileSizeKb"
  | "downloadUrl"
  | "uploader"
  | "createdAt"
  | "canEdit"
  | "canDelete"
  | "snippet"
> & { categoryName: string };

export const toDocumentListRow = (view: DocumentView): DocumentListRow => ({
  uuid: view.uuid,
  title: view.title,
  documentNumber: view.documentNumber,
  year: view.year,
  description: view.description,
  keywords: view.keywords,
  accessLevel: view.accessLevel,
  securityClass: view.securityClass,
  classificationCode: view.classificationCode,
  categoryName: view.category.categoryName,
  fileName: view.fileName,
  fileSizeKb: view.fileSizeKb,
  downloadUrl: view.downloadUrl,
  uploader: view.uploader,
  createdAt: view.createdAt,
  canEdit: view.canEdit,
  canDelete: view.canDelete,
  snippet: view.snippet ?? null,
});

/** A list page as the document list pages render it (their query may carry a keyset cursor). */
export type DocumentListPage = ListPage<DocumentListRow, DocumentPageQuery>;

/**
 * A paper record (arsip fisik) has no current file: no version row, its pointer null. Its
 * archives row keeps a placeholder key under this prefix (the column is NOT NULL UNIQUE) that no
 * R2 object ever has.
 */
export const PAPER_RECORD_KEY_PREFIX = "no-file/";

/** Whether a document has a digital file (false: a paper record, known by its null pointer). */
export const hasDigitalFile = (row: { current_file_id: number | null }): boolean => row.current_file_id !== null;
