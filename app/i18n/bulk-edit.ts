/** Bulk edit ('Ubah Massal') of documents from the list. */
export const bulkEdit = {
  denied: "Anda tidak berwenang mengubah dokumen secara massal.",
  nothingChosen: "Pilih dokumen, atau 'semua yang cocok', terlebih dulu.",
  nothingToDo: "Pilih perubahan yang akan diterapkan, atau pindahkan ke sampah.",
  tooMany: (max: number, count: number) =>
    `Paling banyak ${max.toLocaleString("id-ID")} dokumen sekali jalan; pilihan ini mencakup ${count.toLocaleString("id-ID")}. Persempit pencarian atau filter.`,
  uuidsOrFilter: "Kirim uuids atau filter, tidak keduanya.",
  setOrTrash: "Kirim set atau action (\"trash\" atau \"berkas\"), tidak keduanya.",
  berkasRequired: "Pilih berkas tujuan (berkasId hanya bersama action \"berkas\").",
  alreadyInBerkas: "Sudah ada di berkas ini.",
  keywordsMax: "Kata kunci terlalu panjang.",
  started: (count: number) => `Perubahan massal untuk ${count} dokumen dimulai. Laporannya per dokumen ada di Pekerjaan.`,
  gone: "Dokumen tidak ditemukan lagi.",
};

/** The list's selection column and action bar. */
export const bulkBar = {
  heading: "Ubah Massal",
  select: (title: string) => `Pilih “${title}”`,
  allMatching: (total: string) => `Semua yang cocok dengan pencarian dan filter ini (${total} dokumen)`,
  limit: "Paling banyak 1.000 dokumen sekali jalan. Dokumen yang tidak boleh Anda ubah (Statis, ditahan, milik unit lain) dilewati dan disebut di laporan.",
  category: "Kategori baru",
  code: "Kode klasifikasi baru",
  access: "Tingkat akses / kelas keamanan baru",
  unchanged: "(tidak diubah)",
  addKeywords: "Tambah kata kunci",
  removeKeywords: "Hapus kata kunci",
  keywordsHint: "Pisahkan dengan koma.",
  apply: "Ubah Dokumen Terpilih",
  trash: "Pindahkan ke Sampah",
  berkas: "Berkas tujuan",
  berkasChoose: "(pilih berkas)",
  berkasOption: (number: string, code: string, title: string, unit: string | null) => `${number} · ${code} · ${title}${unit ? ` (${unit})` : ""}`,
  berkasHint: "Hanya dokumen dengan unit dan kode klasifikasi berkas itu yang dimasukkan; yang lain dilewati dan disebut di laporan.",
  fileIntoBerkas: "Masukkan ke Berkas",
  accessOptions: { "PUBLIC:BIASA": "Publik (Biasa)", "PRIVATE:TERBATAS": "Privat — Terbatas", "PRIVATE:RAHASIA": "Privat — Rahasia", "PRIVATE:SANGAT_RAHASIA": "Privat — Sangat Rahasia" } as Record<string, string>,
};
