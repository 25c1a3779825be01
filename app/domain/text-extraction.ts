/**
 * The text of a document's current file, as extraction left it (table archive_texts). Pure:
 * shared by the pages, the API contract and the services.
 */
export const TEXT_STATUSES = ["PENDING", "INDEXED", "NO_TEXT", "FAILED"] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

/** The documents list filter `?teks=` (Super Admin), in the words of the page. */
export const TEXT_FILTERS = { MENUNGGU: "PENDING", TERINDEKS: "INDEXED", TANPA_TEKS: "NO_TEXT", GAGAL: "FAILED" } as const satisfies Record<string, TextStatus>;
export type TextFilter = keyof typeof TEXT_FILTERS;
export const TEXT_FILTER_VALUES = Object.keys(TEXT_FILTERS) as TextFilter[];

/** What the detail page and the API show of a document's text (never the text itself). */
export type TextStatusView = {
  status: TextStatus;
  /** Why it failed (FAILED only). */
  error: string | null;
  pages: number | null;
  /** The text was cut at the caps (pages, bytes). */
  truncated: boolean;
  extractedAt: string | null;
  /** Who may edit the document (and Super Admin) may queue it again: 'Indeks ulang'. */
  canReindex: boolean;
};

/** The `intent` of the detail page's 'Indeks ulang' form. */
export const REINDEX_INTENT = "reindex";
