/** Indonesian strings of the document upload/edit form and its upload (hints, progress, refusals). */
export const documentForm = {
  confirmLoweringText: "Dengan klasifikasi Biasa, dokumen dan filenya terbuka untuk siapa saja, termasuk pengunjung tanpa login. Lanjutkan?",
  confirmLoweringYes: "Ya, jadikan Biasa",
  confirmLoweringWhen: "Hanya diperlukan bila Anda memilih Tingkat Akses Public atau klasifikasi Biasa/Terbuka; abaikan bila dokumen tetap Private.",
  fields: {
    category: "Kategori",
    title: "Judul",
    documentNumber: "Nomor Dokumen",
    year: "Tahun",
    keywords: "Kata Kunci",
    description: "Deskripsi",
    file: "File",
    newFile: "File Baru (opsional)",
    accessLevel: "Tingkat Akses",
    private: "Private",
    public: "Public",
    chooseCategory: "Pilih kategori",
    ownerUnit: "Unit Kerja Pemilik",
    chooseOwnerUnit: "Pilih unit kerja pemilik",
    retentionStartDate: "Tanggal mulai retensi",
    physicalLocation: "Lokasi Simpan",
  },
  physicalLocationHint: "Opsional: tempat fisik arsip (gedung, ruang, rak, boks).",
  retentionStartDateHint:
    "Opsional: tanggal kegiatan atau berkas selesai. Kosongkan agar retensi dihitung sejak 31 Desember tahun dokumen. Paling lambat hari ini, atau 31 Desember tahun dokumen bila lebih lambat; hanya Super Admin yang dapat mengisi tanggal sebelum tahun dokumen.",
  ownerUnitHint: "Unit kerja ini yang menjawab permintaan akses dokumen.",
  fileHint: "PDF, gambar, audio, video, dokumen Office/OpenDocument, atau teks biasa.",
  keywordsHint: "Masukkan 5 kata kunci yang dipisahkan dengan koma (,). Contoh: arsip, dokumen, surat, resmi, penting",
  descriptionHint: "Masukkan deskripsi minimal 20 kata yang menjelaskan isi dan tujuan dokumen secara detail",
  newFileHint: "Kosongkan jika tidak ingin mengganti file.",
  saving: "Menyimpan...",
  uploadProgress: (percent: number) => `Mengunggah... ${percent}%`,
  uploadFailed: "Gagal mengunggah dokumen. Silakan coba lagi.",
  uploadNetworkError: "Terjadi kesalahan saat mengunggah dokumen.",
  invalidJson: "Server mengembalikan response yang tidak valid.",
  metadataFailed: "Gagal memperbarui metadata.",
} as const;

/** What the server answers: refusals and outcomes (never in a page's browser bundle). */
export const documentFormMessages = {
  uploadRateLimited: "Terlalu banyak unggahan dalam waktu singkat. Silakan coba lagi beberapa menit lagi.",
  quotaExceeded: "Kuota penyimpanan unit kerja Anda sudah penuh. Hapus dokumen yang tidak diperlukan atau hubungi administrator.",
  quotaOverflow: (remaining: string) => `Ukuran file melebihi sisa kuota penyimpanan unit kerja Anda (${remaining}).`,
  quotaNearlyFull: (used: string, quota: string) => `Penyimpanan unit kerja hampir penuh: ${used} dari ${quota} terpakai.`,
} as const;
