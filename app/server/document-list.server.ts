import { DOCUMENT_LIST_DEFAULTS, parsePageQuery } from "~/domain/document-schemas";
import { toDocumentListRow } from "~/domain/documents";
import { documentValidation } from "~/i18n/document-validation";
import type { AppContext } from "./context.server";
import { assertCursorFoundRows, assertPageInRange, canonicalList } from "./list.server";
import { listDocumentsWithCategories } from "./services/documents.server";

/**
 * The loader half of a document list page (signed-in and public): canonical URL, one page of
 * documents, the categories for the filter, a past-the-end page sent to the last one, the
 * cursors of the Previous/Next links, and a notice for a category that does not exist.
 */
export async function loadDocumentList(ctx: AppContext, request: Request, basePath: string, options: { publicOnly?: boolean } = {}) {
  const query = parsePageQuery(new URL(request.url).searchParams);
  canonicalList(request, basePath, query, DOCUMENT_LIST_DEFAULTS);
  const { page, categories, cursors } = await listDocumentsWithCategories(ctx, query, options);
  assertPageInRange(page, basePath, DOCUMENT_LIST_DEFAULTS);
  assertCursorFoundRows(page, basePath, DOCUMENT_LIST_DEFAULTS);
  const unknownCategory = query.category !== undefined && !categories.some((category) => category.id === query.category);
  return { page: { ...page, data: page.data.map(toDocumentListRow) }, categories, cursors, notice: unknownCategory ? documentValidation.categoryUnknown : null };
}
