/**
 * The facets of the document lists (GET parameters beside the category filter): year (`tahun`),
 * owning work unit (`unit`), access level (`akses`) and file type (`tipe`). A file type is a
 * group of stored MIME types; the SQL that groups them is built from the same table.
 */
export const FILE_TYPE_GROUPS = ["pdf", "dokumen", "gambar", "audio", "video", "teks", "fisik"] as const;
export type FileTypeGroup = (typeof FILE_TYPE_GROUPS)[number];

/**
 * How a MIME type falls into a group: an exact type or a `type/` prefix; anything else is
 * `dokumen`. A paper record (no digital file) keeps an empty type: `fisik`.
 */
export const FILE_TYPE_RULES: readonly { group: FileTypeGroup; exact?: string; prefix?: string }[] = [
  { group: "fisik", exact: "" },
  { group: "pdf", exact: "application/pdf" },
  { group: "teks", exact: "text/plain" },
  { group: "gambar", prefix: "image/" },
  { group: "audio", prefix: "audio/" },
  { group: "video", prefix: "video/" },
];

export const FACET_KEYS = ["tahun", "unit", "akses", "tipe"] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

/** One value of a facet and how many documents of the current list have it. */
export type FacetValue = { value: string; label: string; count: number };
export type Facets = Record<FacetKey, FacetValue[]>;
