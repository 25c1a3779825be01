/** The tombstone of a record that has left the archive (a 410 at its old address), loaded with its panel. */
export const tombstoneText = {
  title: "Dokumen Tidak Lagi Tersedia",
  intro: "Dokumen berikut pernah tersimpan di arsip ini dan telah dikeluarkan secara permanen.",
  publicIntro: "Dokumen publik berikut pernah tersedia di arsip ini dan kini tidak lagi tersedia.",
  documentNumber: "Nomor Dokumen",
  year: "Tahun",
  how: { DESTROYED: "Dimusnahkan", PURGED: "Dihapus permanen dari Sampah", TRASH_EXPIRED: "Dihapus otomatis setelah masa simpan di Sampah berakhir" },
  howLabel: "Cara keluar",
  at: "Waktu",
  by: "Oleh",
  trashedAt: "Dipindahkan ke Sampah",
  beritaAcara: "Berita Acara",
  beritaAcaraPdf: "Unduh PDF Berita Acara",
  verification: "Halaman verifikasi",
  system: "Sistem (otomatis)",
} as const;
