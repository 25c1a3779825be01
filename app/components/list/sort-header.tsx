import type { SortDir } from "~/domain/list-page";
import { AppLink } from "~/components/app-link";

/**
 * The list's current order and how to link to another one. `href` gets the new sort and
 * direction (the caller resets the page). A column not yet sorted starts with `defaults.dir`
 * when it is the default sort column, ascending otherwise.
 */
export type SortState<Sort extends string = string> = {
  sort: Sort;
  dir: SortDir;
  defaults: { sort: Sort; dir: SortDir };
  href: (sort: Sort, dir: SortDir) => string;
};

export function nextSortDir<Sort extends string>(column: Sort, sorting: Pick<SortState<Sort>, "sort" | "dir" | "defaults">): SortDir {
  if (sorting.sort === column) return sorting.dir === "desc" ? "asc" : "desc";
  return column === sorting.defaults.sort ? sorting.defaults.dir : "asc";
}

/** A column header that links to the list sorted by it (`aria-sort` tells the current order). */
export function SortHeader<Sort extends string>({
  label,
  sort,
  sorting,
  className,
  width,
}: {
  label: string;
  sort: Sort;
  sorting: SortState<Sort>;
  className?: string;
  width?: string;
}) {
  const active = sorting.sort === sort;
  return (
    <th
      scope="col"
      className={className}
      style={width ? { width } : undefined}
      aria-sort={active ? (sorting.dir === "asc" ? "ascending" : "descending") : "none"}
    >
      <AppLink to={sorting.href(sort, nextSortDir(sort, sorting))} data-sort={sort}>
        {label}
        <span aria-hidden="true">{active ? (sorting.dir === "asc" ? "▲" : "▼") : "↕"}</span>
      </AppLink>
    </th>
  );
}
