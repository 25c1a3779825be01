/** What the classification import page says; apart from the list's and the form's strings. */
export const classificationImportText = {
  importTitle: "Impor Skema Klasifikasi (CSV)",
  importHint:
    "Kolom: kode, nama, deskripsi, klasifikasi_keamanan (BIASA, TERBATAS, RAHASIA, SANGAT_RAHASIA), retensi_aktif dan retensi_inaktif (tahun), keterangan_akhir (MUSNAH, PERMANEN, DINILAI_KEMBALI), dasar_hukum. Kode yang sudah ada diperbarui.",
  importFile: "File CSV",
  checkImport: "Periksa",
  applyImport: "Impor Sekarang",
  dryRunOk: (created: number, updated: number) => `Semua baris valid: ${created} kode baru, ${updated} kode diperbarui. Belum ada yang disimpan.`,
  dryRunErrors: (errors: number) => `${errors} masalah ditemukan. Perbaiki file lalu periksa lagi; tidak ada yang disimpan.`,
  reportColumns: { line: "Baris", code: "Kode", name: "Nama", action: "Tindakan", errors: "Masalah" },
  actionCreate: "Baru",
  actionUpdate: "Diperbarui",
} as const;
