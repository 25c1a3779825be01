import type { TextFilter } from "~/domain/text-extraction";

// Super Admin's text-status filter of the document lists, apart from the rest of the extraction
// strings: a browser chunk carries a whole module, so the lists import this small one.
export const textFilterText = {
  label: "Status teks",
  all: "Semua status teks",
  options: { MENUNGGU: "Menunggu", TERINDEKS: "Terindeks", TANPA_TEKS: "Tanpa teks (perlu OCR)", GAGAL: "Gagal" } satisfies Record<TextFilter, string>,
} as const;
