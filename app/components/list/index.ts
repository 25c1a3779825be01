/** The list kit: every server-side list (documents, access requests, users, units, audit log). */
export { DataTable, sortOptions, type Column, type DataTableProps } from "./data-table";
export { SortHeader, nextSortDir, type SortState } from "./sort-header";
export { Pagination, formatCount, keysetPagination, offsetPagination, type PaginationProps } from "./pagination";
export { EmptyState } from "./empty-state";
export { ListToolbar, FilterSelect, PageSizeSelect, activeFilterCount } from "./list-toolbar";
export { keysetHref, listHref, listSearchParams, sameSearch, withParams, type ListParams } from "./list-href";
