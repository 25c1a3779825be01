import type { DocumentListQuery } from "./document-schemas";
import type { ListPage } from "./list-query";

export type Category = { id: number; categoryName: string };

/** A document as pages and the API show it (the JSON field names of the public API). */
export type DocumentView = {
  uuid: string;
  title: string;
  documentNumber: string;
  year: number;
  description: string;
  keywords: string;
  accessLevel: "PRIVATE" | "PUBLIC";
  categoryId: number;
  category: Category;
  fileName: string;
  fileSizeKb: number;
  mimeType: string;
  /** Only when the viewer may open the file. */
  previewUrl: string | null;
  downloadUrl: string | null;
  uploader: string;
  createdAt: string;
  updatedAt: string;
  canEdit: boolean;
  canDelete: boolean;
  canOpenFile: boolean;
  canRequestAccess: boolean;
};

export type DocumentPage = ListPage<DocumentView, DocumentListQuery>;
