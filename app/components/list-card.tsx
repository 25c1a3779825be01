import type { ComponentProps, ReactNode } from "react";
import { DataTable, ListToolbar, Pagination, listHref, offsetPagination, sortOptions, type Column, type ListParams, type SortState } from "~/components/list";
import type { ListPage } from "~/domain/list-page";

/** The links of a server-side list page: its own URL with `change` applied (`listHref`). */
export type PageHref = (change: ListParams) => string;

/** One page of a server-side list with where it lives: its path, its defaults, and its links. */
export type PagedList<Row> = {
  basePath: string;
  page: ListPage<Row, ComponentProps<typeof ListToolbar>["query"]>;
  defaults: ListParams;
  pageHref: PageHref;
};

export function pagedList<Row>(basePath: string, page: PagedList<Row>["page"], defaults: ListParams): PagedList<Row> {
  return { basePath, page, defaults, pageHref: (change) => listHref(basePath, page.query, change, defaults) };
}

/**
 * A server-side list paged by offset on its card: the toolbar (search, the page's own filters,
 * and the order when `sorting` is given), the table, whose headers then sort, and the page links.
 * Every link is the list's own URL (`list.pageHref`), so it all works without JavaScript.
 */
export function OffsetListCard<Row, Sort extends string>({
  list: { basePath, page, defaults, pageHref },
  columns,
  rowKey,
  sorting,
  searchPlaceholder,
  filters,
  empty,
  label,
  testId,
  rowTestId,
}: {
  list: PagedList<Row>;
  columns: readonly Column<Row, Sort>[];
  rowKey: (row: Row) => string;
  /** The current order: the headers and the toolbar's order menu change it. */
  sorting?: Omit<SortState<Sort>, "href">;
  searchPlaceholder: string;
  /** The toolbar's own fields (filter selects, hidden inputs that keep a tab). */
  filters?: ReactNode;
  empty?: ReactNode;
  label: string;
  testId: string;
  rowTestId: string;
}) {
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <ListToolbar action={basePath} query={page.query} defaults={defaults} searchPlaceholder={searchPlaceholder} sorts={sorting ? sortOptions(columns) : undefined}>
        {filters}
      </ListToolbar>
      <DataTable
        columns={columns}
        rows={page.data}
        rowKey={rowKey}
        sorting={sorting && { ...sorting, href: (sort, dir) => pageHref({ sort, dir, page: 1 }) }}
        empty={empty}
        label={label}
        testId={testId}
        rowTestId={rowTestId}
      />
      <Pagination {...offsetPagination(page, (number) => pageHref({ page: number }))} />
    </div>
  );
}
