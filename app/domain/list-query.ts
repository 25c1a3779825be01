import { z } from "zod";

import { CURSOR_PATTERN, MAX_CURSOR_LENGTH } from "./list-cursor";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortDir } from "./list-page";

export { PAGE_SIZES, DEFAULT_PAGE_SIZE, listPage, type ListPage, type SortDir } from "./list-page";

/**
 * The query-string schema of one server-side list (`?q=&sort=&dir=&page=&size=` plus the list's
 * own filters). Anything odd falls back to the default instead of failing: a hand-edited URL
 * still shows a list. Every list (documents, access requests, users, work units, audit log)
 * parses its URL with a schema made here, in the page loader and the API alike.
 */
export function createListQuerySchema<const Sort extends string, Filters extends z.ZodRawShape = {}>(options: {
  sorts: readonly [Sort, ...Sort[]];
  defaultSort: NoInfer<Sort>;
  defaultDir?: SortDir;
  /** Extra parameters; each should `.catch()` its own fallback. */
  filters?: Filters;
}) {
  const defaultDir = options.defaultDir ?? "desc";
  return z
    .object({
      // An over-long search is cut, not dropped (dropping would list everything instead).
      q: z.string().catch("").default("").transform((q) => q.trim().slice(0, 200)),
      sort: z.enum(options.sorts).catch(options.defaultSort).default(options.defaultSort),
      dir: z.enum(["asc", "desc"]).catch(defaultDir).default(defaultDir),
      page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
      size: z.coerce
        .number()
        .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
        .catch(DEFAULT_PAGE_SIZE)
        .default(DEFAULT_PAGE_SIZE),
    })
    .extend((options.filters ?? {}) as Filters);
}

const cursorParam = z.string().max(MAX_CURSOR_LENGTH).regex(CURSOR_PATTERN).optional().catch(undefined);

/**
 * Keyset parameters for a list's Previous/Next links (add them to `filters`): `after` = the rows
 * that follow this position in the list's order, `before` = the rows that precede it. The values
 * are `encodeCursor` strings; one of another shape is dropped here, and one that does not fit the
 * list's order is ignored by the service, so a hand-edited cursor still shows a page.
 */
export const CURSOR_PARAMS = { after: cursorParam, before: cursorParam };

/** The defaults a list's links leave out of the URL (so canonical URLs carry no empty parameter). */
export type ListDefaults = { sort: string; dir: SortDir; size: number };

/** Parse a URL's search parameters with a list schema (a repeated key: the last one counts). */
export function parseListParams<Schema extends z.ZodType>(schema: Schema, params: URLSearchParams): z.output<Schema> {
  return schema.parse(Object.fromEntries(params));
}

/** What a list schema gives for an empty URL: the values its links leave out. */
export function listDefaults<Schema extends z.ZodType>(schema: Schema): z.output<Schema> {
  return schema.parse({});
}
