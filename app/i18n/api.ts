/** Messages of the JSON API that no page shows. */
export const api = {
  notFound: "Endpoint tidak ditemukan.",
  serverError: "Terjadi kesalahan pada server.",
  invalidJson: "Data JSON tidak valid. Periksa kembali isi permintaan.",
} as const;
