import { DEFAULT_PAGE_SIZE, type SortDir } from "./list-page";

/** Sort keys of the document list; zod-free so the browser bundle can use them. */
// `relevance`: the default of a search (without one, the default order below).
export const DOCUMENT_SORTS = ["createdAt", "title", "year", "documentNumber", "fileSize", "relevance"] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

/**
 * What an empty document-list URL means, i.e. what its links leave out. The list schema takes
 * its defaults from here (a unit test checks they agree).
 */
export const DOCUMENT_LIST_DEFAULTS = {
  q: "",
  sort: "createdAt" as DocumentSort,
  dir: "desc" as SortDir,
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  category: undefined as number | undefined,
};

/** The order a list's links leave out of the URL: relevance for a search, else the SPEC's default. */
export const documentListDefaults = (q: string) =>
  q ? { ...DOCUMENT_LIST_DEFAULTS, sort: "relevance" as DocumentSort, dir: "desc" as const } : DOCUMENT_LIST_DEFAULTS;
