/** Refusals of malformed, oversized or concurrent requests (front doors and services). */
export const hardening = {
  fileReplacedConcurrently:
    "File dokumen ini baru saja diganti atau dokumen dihapus oleh permintaan lain. Muat ulang halaman lalu coba lagi.",
  documentChangedConcurrently: "Dokumen ini baru saja diubah oleh permintaan lain. Muat ulang halaman lalu coba lagi.",
  bodyTooLarge: (limit: string) => `Data yang dikirim terlalu besar (maksimal ${limit}).`,
  formContentType: "Format data formulir tidak didukung. Kirim formulir sebagai application/x-www-form-urlencoded atau multipart/form-data.",
  formMalformed: "Data formulir rusak atau tidak lengkap. Muat ulang halaman lalu coba lagi.",
  jsonContentType: "Format data tidak didukung. Kirim data sebagai application/json.",
  badPath: "Alamat halaman tidak valid.",
} as const;
