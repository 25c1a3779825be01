/** The trash's 'Hapus Permanen' confirmation, loaded with its dialog when the URL opens it (`?dialog=purge`). */
export const trashPurgeText = {
  title: "Hapus Permanen",
  question: (title: string) =>
    `Dokumen "${title}" beserta semua versi filenya akan dihapus permanen. Yang tersisa hanya catatan penghapusan (nomor, judul, hash file) dan log audit. Tindakan ini tidak dapat dibatalkan.`,
  confirm: "Ya, Hapus Permanen",
  purging: "Menghapus...",
  cancel: "Batal",
} as const;
