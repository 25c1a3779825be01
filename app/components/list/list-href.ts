/**
 * Links of a server-side list. Pure (no React), so pages, loaders and unit tests share it.
 *
 * A list URL carries only what differs from the list's defaults: empty values, page 1, the
 * default page size and the default order are left out, so every state has one canonical URL.
 * `sort` and `dir` travel together: either both are in the URL or neither is. A keyset cursor
 * (`after`/`before`) stays only in the URL of the page it was made for.
 */
export type ListParams = Record<string, string | number | null | undefined>;

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";
const same = (a: unknown, b: unknown) => !isEmpty(a) && !isEmpty(b) && String(a) === String(b);

/** Keyset cursors (`after`/`before`): positions in the current order and filters, never defaults. */
const CURSOR_KEYS = ["after", "before"];
const ORDERED_KEYS = ["q", "sort", "dir", "size", "page", ...CURSOR_KEYS];

export function listSearchParams(query: ListParams, change: ListParams = {}, defaults: ListParams = {}): URLSearchParams {
  // A cursor only makes sense with the query it came from: a link that changes anything (another
  // page, search, filter, order or size) carries the cursor it names itself, or none.
  const kept = Object.keys(change).length ? Object.fromEntries(Object.entries(query).filter(([key]) => !CURSOR_KEYS.includes(key))) : query;
  const next: ListParams = { ...kept, ...change };
  const params = new URLSearchParams();
  const defaultOrder = (isEmpty(next.sort) || same(next.sort, defaults.sort)) && (isEmpty(next.dir) || same(next.dir, defaults.dir));
  // q first, then the list's own filters, then order, size, page and cursor: stable, readable URLs.
  const keys = ["q", ...Object.keys(next).filter((key) => !ORDERED_KEYS.includes(key)), ...ORDERED_KEYS.slice(1)];
  for (const key of keys) {
    const value = next[key];
    if (isEmpty(value)) continue;
    if (key === "sort" || key === "dir") {
      if (!defaultOrder) params.set(key, String(value ?? defaults[key]));
      continue;
    }
    if (key === "page" && String(value) === "1") continue;
    if (same(value, defaults[key])) continue;
    params.set(key, String(value));
  }
  if (!defaultOrder) {
    if (!params.has("sort") && !isEmpty(defaults.sort)) params.set("sort", String(defaults.sort));
    if (!params.has("dir") && !isEmpty(defaults.dir)) params.set("dir", String(defaults.dir));
  }
  return params;
}

/**
 * The href of a list page: `query` (the parsed list query) with `change` applied, minus every
 * value equal to `defaults` (the list schema's output for an empty URL) and every empty one.
 */
export function listHref(basePath: string, query: ListParams, change: ListParams = {}, defaults: ListParams = {}): string {
  const search = listSearchParams(query, change, defaults).toString();
  return search ? `${basePath}?${search}` : basePath;
}

/** `href` with `extra` parameters appended (after a `?` or an `&`, whichever it needs). */
export function withParams(href: string, extra: URLSearchParams | Record<string, string>): string {
  const search = new URLSearchParams(extra).toString();
  return search ? `${href}${href.includes("?") ? "&" : "?"}${search}` : href;
}

/** Same parameters, whatever their order? (A canonical-URL check must not loop on ordering.) */
export function sameSearch(a: URLSearchParams, b: URLSearchParams): boolean {
  const sorted = (params: URLSearchParams) => [...params].map(([key, value]) => `${key}=${value}`).sort().join("&");
  return sorted(a) === sorted(b);
}

/** The href of a keyset page link: the current search parameters with the cursor swapped. */
export function keysetHref(pathname: string, current: URLSearchParams, cursor: { after: number } | { before: number }, page?: number | null): string {
  const params = new URLSearchParams(current);
  for (const key of ["before", "after", "page"]) params.delete(key);
  // The page number travels beside the cursor, so the page can say which rows it shows.
  if (page && page > 1) params.set("page", String(page));
  if ("after" in cursor) params.set("after", String(cursor.after));
  else params.set("before", String(cursor.before));
  return `${pathname}?${params}`;
}
