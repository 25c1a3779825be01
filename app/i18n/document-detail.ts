/** What a document's page says beyond the shared document strings: its buttons and delete dialog, who may open its file, the owner unit, and the tombstone of a record that has left (the signed-in and the public page). */
export const documentDetailText = {
  update: "Update",
  delete: "Delete",
  deleteTitle: "Hapus Dokumen",
  deleteConfirm: (title: string, trashDays: number) =>
    `Apakah Anda yakin ingin menghapus dokumen "${title}"? Dokumen dipindahkan ke Sampah dan dapat dipulihkan selama ${trashDays} hari sebelum dihapus permanen.`,
  deleting: "Menghapus...",
  confirmDelete: "Ya, Hapus",
  /** Why a signed-in user sees no file on a PRIVATE document (the file row says so). */
  fileClosed: {
    base: (owner: string | null) =>
      `File dokumen PRIVATE hanya dapat dibuka oleh ${owner ? `unit kerja pemiliknya (${owner})` : "unit kerja pemiliknya"} dan Super Admin.`,
    viewer: "Akun Viewer tidak dapat mengajukan permintaan akses; hubungi unit kerja pemilik bila Anda memerlukan file ini.",
    request: "Ajukan permintaan akses dengan tombol 'Request Document'; setelah disetujui, file dapat diunduh dalam 1x24 jam.",
    pending: "Permintaan akses Anda sudah tercatat; statusnya ada di bawah.",
    other: "Akun Anda tidak dapat mengajukan permintaan akses untuk dokumen ini.",
  },
  noAccess: "Anda tidak memiliki Akses terhadap dokumen ini.",
  noOwnerUnit: "Belum ada (permintaan akses dijawab Super Admin)",
  ownerUnit: "Unit Kerja Pemilik",
  notFound: "Dokumen tidak ditemukan.",
  /** The public document page. */
  publicDocument: {
    metadata: "Informasi dokumen",
    backToList: "Semua Dokumen",
  },
  tombstone: {
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
  },
  gone: "Dokumen ini sudah tidak ada di arsip.",
  cancel: "Batal",
} as const;
