/** Why a document's metadata or file was refused (forms, API and upload checks). */
export const documentValidation = {
  categoryRequired: "Kategori wajib dipilih.",
  categoryUnknown: "Kategori tidak ditemukan.",
  titleRequired: "Judul wajib diisi.",
  titleMin: "Judul minimal 5 karakter.",
  titleMax: "Judul maksimal 255 karakter.",
  documentNumberRequired: "Nomor dokumen wajib diisi.",
  documentNumberMax: "Nomor dokumen maksimal 100 karakter.",
  yearRequired: "Tahun wajib diisi.",
  yearNumber: "Tahun harus berupa angka.",
  yearRange: (max: number) => `Tahun harus antara 1900 dan ${max}.`,
  keywordsRequired: "Kata kunci wajib diisi.",
  keywordsMax: "Kata kunci maksimal 500 karakter.",
  descriptionRequired: "Deskripsi wajib diisi.",
  descriptionMax: "Deskripsi maksimal 5000 karakter.",
  accessLevelRequired: "Tingkat akses wajib dipilih.",
  classificationCodeUnknown: "Kode klasifikasi tidak ditemukan.",
  physicalLocationMax: "Lokasi simpan maksimal 255 karakter.",
  retentionStartDateInvalid: "Tanggal mulai retensi harus tanggal yang valid (TTTT-BB-HH).",
  securityClassInvalid: "Klasifikasi keamanan harus Biasa, Terbatas, Rahasia, atau Sangat Rahasia.",
  securityClassMismatch: "Klasifikasi Biasa berarti dokumen Public, dan dokumen Public selalu Biasa: sesuaikan tingkat akses atau klasifikasi keamanan.",
  confirmLowering:
    "Menurunkan klasifikasi ke Biasa membuat dokumen dan filenya terbuka untuk publik. Centang konfirmasi lalu simpan lagi.",
  ownerUnitRequired: "Unit kerja pemilik wajib dipilih: unit inilah yang menjawab permintaan akses dokumen.",
  ownerUnitUnknown: "Unit kerja pemilik tidak ditemukan.",
  fileRequired: "File wajib diunggah.",
  fileEmpty: "File kosong. Pilih file yang berisi data.",
  fileTooLarge: (mb: number) => `Ukuran file melebihi batas maksimum ${mb} MB.`,
  fileType:
    "Tipe file tidak diizinkan. Unggah PDF, gambar, audio, video, dokumen Office/OpenDocument, atau teks biasa.",
  fileMismatch: "Isi file tidak sesuai dengan ekstensinya.",
  fileNameMismatch: (extension: string, claimed: string, actual: string) =>
    `Nama dan isi file tidak cocok: namanya berakhiran .${extension} (${claimed}), tetapi isinya ${actual}. Periksa file yang dipilih, atau beri nama dengan ekstensi yang benar.`,
  notMultipart: "Permintaan harus berupa multipart/form-data.",
  malformed: "Data formulir tidak dapat dibaca.",
  versionNoteMax: "Catatan versi maksimal 500 karakter.",
} as const;

/** The 'Tanggal mulai retensi' rule's messages, apart: the document form checks the date in the browser too, and an object ships whole, so the form would otherwise load every message above. */
export const retentionStartText = {
  retentionStartFuture: (latest: string) =>
    `Tanggal mulai retensi belum terjadi: isi tanggal kegiatan atau berkas selesai, paling lambat ${latest} (hari ini, atau akhir tahun dokumen).`,
  retentionStartBeforeYear: (year: number) =>
    `Tanggal mulai retensi tidak boleh sebelum tahun dokumen (${year}): arsip bisa langsung jatuh tempo. Hanya Super Admin yang dapat menetapkannya lebih awal.`,
  retentionStartBeforeYearWarning: (year: number) =>
    `Perhatian: tanggal ini sebelum tahun dokumen (${year}). Retensi dihitung lebih awal dan arsip bisa langsung jatuh tempo.`,
};
