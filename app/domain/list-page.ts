/**
 * The zod-free half of the list query (constants and page shape), safe for the browser bundle.
 * The schema factory lives in list-query.ts and runs on the server only.
 */

/** Page sizes of SPEC section 9; every list offers the same ones. */
export const PAGE_SIZES = [5, 10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export type SortDir = "asc" | "desc";

/** One page of a server-side list, as pages and the API return it. */
export type ListPage<Row, Query> = {
  data: Row[];
  page: number;
  size: number;
  total: number;
  totalPages: number;
  query: Query;
  /** A search's count stopped at its cap: more than `total` rows match (the pages reach `total`). */
  totalCapped?: boolean;
};

export function listPage<Row, Query extends { page: number; size: number }>(data: Row[], total: number, query: Query): ListPage<Row, Query> {
  return { data, page: query.page, size: query.size, total, totalPages: Math.max(1, Math.ceil(total / query.size)), query };
}

/**
 * The keyset cursors of a page's first and last row (null when it shows none): its Previous link
 * asks for the rows before `first`, its Next link for those after `last`.
 */
export type PageCursors = { first: string | null; last: string | null };
