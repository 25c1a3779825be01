/** Validation messages of a classification code (the form and each CSV row). */
export const classificationValidation = {
  codeRequired: "Kode klasifikasi wajib diisi.",
  codeFormat: "Kode terdiri dari huruf kapital dan angka, tiap tingkat dipisah titik (contoh: PP.01.02).",
  nameRequired: "Nama klasifikasi wajib diisi.",
  nameMax: "Nama klasifikasi maksimal 200 karakter.",
  descriptionMax: "Deskripsi maksimal 1000 karakter.",
  securityClassInvalid: "Klasifikasi keamanan harus Biasa, Terbatas, Rahasia, atau Sangat Rahasia.",
  retentionActiveRequired: "Retensi aktif (tahun) wajib diisi.",
  retentionInactiveRequired: "Retensi inaktif (tahun) wajib diisi.",
  yearsRange: "Retensi berupa bilangan bulat 0 sampai 100 tahun.",
  finalDispositionInvalid: "Keterangan akhir harus Musnah, Permanen, atau Dinilai Kembali.",
  legalBasisMax: "Dasar hukum maksimal 500 karakter.",
  parentMissing: (parent: string) => `Kode induk ${parent} belum ada.`,
  codeTaken: (code: string) => `Kode ${code} sudah ada.`,
  codeUnknown: "Kode klasifikasi tidak ditemukan.",
} as const;
