/** Why a Statis record has no edit or delete (its page and its update page). */
export const statisNoticeText = {
  heading: "Arsip Statis: hanya dapat dibaca",
  since: (number: string, date: string) => `Arsip ini diserahkan sebagai arsip statis dengan Berita Acara ${number} tanggal ${date}.`,
  sinceUnknown: "Arsip ini sudah diserahkan sebagai arsip statis.",
  readOnly: "Sejak itu arsip ini tidak dapat diubah, diganti filenya, maupun dihapus; isinya tetap dapat dibaca dan diunduh sesuai hak akses.",
  beritaAcara: "Lihat Berita Acara",
  backToDocument: "Kembali ke dokumen",
} as const;
