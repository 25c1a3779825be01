/** Strings of the list kit (toolbar, pagination, empty state): only list pages load them. */
export const listText = {
  searchLabel: "Cari",
  apply: "Terapkan",
  pageSize: "Tampilkan",
  previous: "Previous",
  next: "Next",
  /** The SPEC's 'Showing X of Y entries' with the rows' range: 'Showing 6–10 of 17 entries'. */
  showing: (first: number, last: number, total: string) => (last === 0 ? `Showing 0 of ${total} entries` : `Showing ${first}–${last} of ${total} entries`),
  /** A search's capped count ('Showing 1–10 of lebih dari 1.000 entries'): narrow the search to see an exact one. */
  moreThan: (count: string) => `lebih dari ${count}`,
  empty: "Tidak ada data yang cocok.",
  resetSearch: "Reset pencarian",
  /** The toggle that folds a list's filters on a phone; `active`: how many are set. */
  filters: (active: number) => (active > 0 ? `Filter (${active} aktif)` : "Filter"),
  pagination: "Pagination",
  sortBy: "Urutkan",
  sortDir: "Arah",
  ascending: "Naik",
  descending: "Turun",
} as const;
