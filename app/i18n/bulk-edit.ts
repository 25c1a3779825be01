/** Bulk edit ('Ubah Massal') of documents from the list. */
export const bulkEdit = {
  denied: "Anda tidak berwenang mengubah dokumen secara massal.",
  nothingChosen: "Pilih dokumen, atau 'semua yang cocok', terlebih dulu.",
  nothingToDo: "Pilih perubahan yang akan diterapkan, atau pindahkan ke sampah.",
  tooMany: (max: number, count: number) =>
    `Paling banyak ${max.toLocaleString("id-ID")} dokumen sekali jalan; pilihan ini mencakup ${count.toLocaleString("id-ID")}. Persempit pencarian atau filter.`,
  uuidsOrFilter: "Kirim uuids atau filter, tidak keduanya.",
  setOrTrash: "Kirim set atau action \"trash\", tidak keduanya.",
  keywordsMax: "Kata kunci terlalu panjang.",
  started: (count: number) => `Perubahan massal untuk ${count} dokumen dimulai. Laporannya per dokumen ada di Pekerjaan.`,
  held: "Ditahan (penahanan): tidak bisa dipindahkan ke sampah.",
  gone: "Dokumen tidak ditemukan lagi.",
};
