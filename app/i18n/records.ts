/** Indonesian strings of the trash ('Sampah'). */
export const trashText = {
  title: "Sampah",
  description: (days: number) =>
    `Dokumen yang dihapus disimpan di sini selama ${days} hari sebelum dihapus permanen. Pulihkan dokumen untuk mengembalikannya beserta riwayat versi dan permintaan aksesnya.`,
  search: "Cari judul atau nomor...",
  columns: {
    no: "No",
    title: "Judul",
    documentNumber: "Nomor Dokumen",
    unitKerja: "Unit Kerja",
    deletedBy: "Dihapus oleh",
    deletedAt: "Tanggal Dihapus",
    purgeAt: "Akan Dihapus Permanen",
    actions: "Aksi",
  },
  empty: "Sampah kosong.",
  restore: "Pulihkan",
  purge: "Hapus Permanen",
  /** A held document's row: the hold's reason, and the code it comes through when it is a code's. */
  held: (reason: string) => `Ditahan: ${reason}`,
  heldByCode: (code: string, reason: string) => `Ditahan melalui kode ${code}: ${reason}`,
  releaseHold: "Lepas Penahanan",
} as const;

/** What the server answers about versions and the trash (never in a page's browser bundle). */
export const recordMessages = {
  versionNotFound: "Versi file tidak ditemukan.",
  versionIsCurrent: "Versi ini sudah menjadi versi terbaru.",
  versionRestored: (version: number, newVersion: number) => `Versi ${version} dipulihkan sebagai versi ${newVersion}.`,
  trashNotFound: "Dokumen tidak ada di Sampah.",
  trashDenied: "Anda tidak memiliki izin untuk membuka Sampah.",
  restoreDenied: "Anda tidak memiliki izin untuk memulihkan dokumen ini.",
  purgeDenied: "Hanya Super Admin yang dapat menghapus dokumen secara permanen.",
  restored: (title: string) => `Dokumen "${title}" berhasil dipulihkan.`,
  purged: (title: string) => `Dokumen "${title}" dihapus permanen.`,
  changedConcurrently: "Dokumen ini baru saja dipulihkan atau dihapus oleh permintaan lain. Muat ulang halaman lalu coba lagi.",
} as const;
