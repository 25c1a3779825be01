/**
 * The props of `Pagination` for a list page: pure (no React), so pages, loaders and unit tests
 * share them.
 */
import type { ListPage, PageCursors } from "~/domain/list-page";

/**
 * Previous/Next and 'Showing 6–10 of 17 entries'. The hrefs come from the caller, so offset pages
 * and keyset (cursor) pages use the same component; `position` (e.g. "2 / 5") is optional
 * because a cursor page does not know its number.
 */
export type PaginationProps = {
  shown: number;
  total: number;
  /** The 1-based position of the page's first row ('Showing 6–10 of 17 entries'); 1 when absent. */
  first?: number;
  previousHref: string | null;
  nextHref: string | null;
  position?: string;
  /** Replaces 'Showing X of Y entries' (a keyset page has no total to show). */
  summary?: string;
  /** More than `total` rows match (a search's capped count): 'of more than 1.000 entries'. */
  totalCapped?: boolean;
};

/** Pagination props of an offset page; `href` builds the link of another page number. */
export function offsetPagination(page: ListPage<unknown, unknown>, href: (page: number) => string): PaginationProps {
  return {
    shown: page.data.length,
    total: page.total,
    first: (page.page - 1) * page.size + 1,
    previousHref: page.page > 1 ? href(Math.min(page.page - 1, page.totalPages)) : null,
    nextHref: page.page < page.totalPages ? href(page.page + 1) : null,
    position: `${page.page} / ${page.totalPages}`,
    ...(page.totalCapped ? { totalCapped: true } : {}),
  };
}

/**
 * Pagination props of a numbered page whose Previous/Next links seek by keyset: Next asks for the
 * rows after the last one shown, Previous for those before the first, so a deep page costs what
 * page 1 does. The page number stays in the URL for 'N / M'. Page 1 is its plain URL; a page
 * without rows falls back to page numbers.
 */
export function keysetPagination(
  page: ListPage<unknown, unknown>,
  cursors: PageCursors,
  href: (change: { page: number; after?: string; before?: string }) => string,
): PaginationProps {
  const numbered = offsetPagination(page, (number) => href({ page: number }));
  const seekBack = page.page > 2 && page.page <= page.totalPages && cursors.first;
  return {
    ...numbered,
    previousHref: seekBack ? href({ page: page.page - 1, before: seekBack }) : numbered.previousHref,
    nextHref: numbered.nextHref && cursors.last ? href({ page: page.page + 1, after: cursors.last }) : numbered.nextHref,
  };
}
