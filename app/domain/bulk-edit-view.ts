/**
 * The zod-free half of bulk edit, for the documents list's action bar in the browser: the list's
 * query parameters a 'semua yang cocok' run keeps as its filter.
 */
export const BULK_FILTER_PARAMS = ["q", "category", "klasifikasi", "teks", "tahun", "unit", "akses", "tipe", "retensi"] as const;
