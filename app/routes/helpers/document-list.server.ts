import { documentListDefaults, parsePageQuery } from "~/domain/document-schemas";
import { toDocumentListRow } from "~/domain/documents";
import { documentValidation } from "~/i18n/document-validation";
import type { RequestContext } from "../../server/context.server";
import type { Statement } from "../../server/db/prepared.server";
import { assertCursorFoundRows, assertPageInRange, canonicalList } from "./list.server";
import { listDocumentsWithCategories } from "../../server/documents/service.server";

/**
 * The loader half of a document list page (signed-in and public): canonical URL, one page of
 * documents, the categories (and with `codes` the classification codes) for the filters, a past-the-end page sent to the last one, the
 * cursors of the Previous/Next links, and a notice for a category that does not exist.
 */
export async function loadDocumentList<ExtraRow = never>(
  ctx: RequestContext,
  request: Request,
  basePath: string,
  options: { publicOnly?: boolean; codes?: boolean } = {},
  /** Another read of the page, in the list's round trip (its rows are `extra`). */
  extra: Statement<ExtraRow> | null = null,
) {
  const query = parsePageQuery(new URL(request.url).searchParams);
  const defaults = documentListDefaults(query.q);
  canonicalList(request, basePath, query, defaults);
  const { page, categories, codes, cursors, facets, extra: extraRows } = await listDocumentsWithCategories(ctx, query, options, extra);
  assertPageInRange(page, basePath, defaults);
  assertCursorFoundRows(page, basePath, defaults);
  const unknownCategory = query.category !== undefined && !categories.some((category) => category.id === query.category);
  return { page: { ...page, data: page.data.map(toDocumentListRow) }, categories, codes, cursors, facets, notice: unknownCategory ? documentValidation.categoryUnknown : null, extra: extraRows };
}
