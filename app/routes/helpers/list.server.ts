import { redirect } from "react-router";
import { listHref, listSearchParams, sameSearch, type ListParams } from "~/components/list/list-href";
import type { z } from "zod";
import type { ListPage } from "~/domain/list-query";
import { parseCanonicalList } from "./admin-pages.server";

/**
 * Loader helpers of a server-side list. `canonicalList` sends a URL with empty, default or
 * unknown parameters (a form posted without JavaScript: `?q=&category=&size=10`) to the one
 * URL of that state; `assertPageInRange` sends `?page=99` of a 2-page list to page 2;
 * `assertCursorFoundRows` sends a keyset page that found nothing to its page number.
 */
export function canonicalList(request: Request, basePath: string, query: ListParams, defaults: ListParams): void {
  const url = new URL(request.url);
  const canonical = listSearchParams(query, {}, defaults);
  if (!sameSearch(url.searchParams, canonical)) throw redirect(listHref(basePath, query, {}, defaults));
}

export function assertPageInRange<Query extends ListParams>(page: ListPage<unknown, Query>, basePath: string, defaults: ListParams): void {
  if (page.page > page.totalPages) throw redirect(listHref(basePath, page.query, { page: page.totalPages }, defaults));
}

/**
 * A keyset page (`after`/`before`) without rows: its cursor is past every row (the documents after
 * it were deleted since, or it was edited by hand). The page number still holds, so go there.
 */
export function assertCursorFoundRows<Query extends ListParams>(page: ListPage<unknown, Query>, basePath: string, defaults: ListParams): void {
  const { after, before } = page.query;
  if ((after ?? before ?? "") !== "" && page.data.length === 0) throw redirect(listHref(basePath, page.query, { page: page.page }, defaults));
}

/**
 * A server-side list page's loader: the URL parsed with `schema` (a non-canonical one
 * redirected), the page `load` reads for that query, and a page past the end sent to the last
 * one. `dialog` holds the parameters of a dialog opened over the list.
 */
export async function loadListPage<Schema extends z.ZodType, Page extends ListPage<unknown, ListParams>>(
  request: Request,
  basePath: string,
  schema: Schema,
  load: (query: z.output<Schema>) => Promise<Page>,
) {
  const { query, defaults, dialog } = parseCanonicalList(request, basePath, schema);
  const page = await load(query);
  assertPageInRange(page, basePath, defaults);
  return { page, defaults, dialog };
}
