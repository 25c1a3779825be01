/** A document's 'Delete' confirmation (`?dialog=delete` on its page), loaded with its dialog. */
export const documentDeleteText = {
  title: "Hapus Dokumen",
  question: (title: string, trashDays: number) =>
    `Apakah Anda yakin ingin menghapus dokumen "${title}"? Dokumen dipindahkan ke Sampah dan dapat dipulihkan selama ${trashDays} hari sebelum dihapus permanen.`,
  cancel: "Batal",
  confirm: "Ya, Hapus",
  deleting: "Menghapus...",
} as const;
