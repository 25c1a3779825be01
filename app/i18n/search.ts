import type { FileTypeGroup } from "~/domain/search/facets";

/** Indonesian strings of the search: facets, snippets, the relevance order. */
export const searchText = {
  relevance: "Relevansi",
  /** The sort choice that leaves the order to the list: relevance with a search, newest first without. */
  defaultOrder: "Urutan bawaan",
  facets: {
    tahun: "Tahun",
    unit: "Unit Kerja",
    akses: "Tipe Akses",
    tipe: "Tipe File",
  },
  allOf: {
    tahun: "Semua Tahun",
    unit: "Semua Unit Kerja",
    akses: "Semua Akses",
    tipe: "Semua Tipe File",
  },
  access: { PUBLIC: "Publik", PRIVATE: "Privat" } as Record<string, string>,
  fileTypes: {
    pdf: "PDF",
    dokumen: "Dokumen Office",
    gambar: "Gambar",
    audio: "Audio",
    video: "Video",
    teks: "Teks",
    fisik: "Arsip fisik",
  } satisfies Record<FileTypeGroup, string>,
  /** Screen-reader label of a result's snippet. */
  snippetLabel: "Cuplikan isi dokumen",
  withCount: (label: string, count: number) => `${label} (${count})`,
};
