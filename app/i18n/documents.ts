/**
 * Indonesian strings of the document lists and what the lists, the file row and the document pages
 * share; a document's page (`document-detail`), the form (`document-form`) and the download link
 * (`download-link`) have their own modules.
 */
export const documents = {
  title: "Semua Dokumen",
  publicDescription: "Daftar dokumen publik universitas.",
  create: "+ Buat Baru",
  allCategories: "Semua Kategori",
  search: "Cari dokumen...",
  columns: {
    no: "No",
    title: "Judul",
    category: "Kategori",
    keywords: "Kata Kunci",
    description: "Deskripsi",
    accessLevel: "Tipe Akses",
    documentNumber: "Nomor Dokumen",
    year: "Tahun",
    uploader: "Uploader",
    createdAt: "Tanggal Unggah",
    size: "Ukuran (KB)",
    actions: "Aksi",
    file: "File",
    mimeType: "Tipe File",
  },
  actions: { view: "Lihat", download: "Unduh", edit: "Edit", delete: "Hapus" },
  viewDocument: "Lihat Dokumen",
  /** After 'Lihat Dokumen' for screen readers: the preview opens in a new tab. */
  opensInNewTab: "(membuka tab baru)",
  physicalLocation: "Lokasi Simpan",
  physicalRecord: "Arsip fisik (tanpa berkas digital)",
  /** Where a size would be: the list's column and the detail table. */
  physicalShort: "Arsip fisik",
  physicalLocationUnknown: "Lokasi Simpan belum dicatat.",
  /** The list's link to 'Unggah Banyak'. */
  bulkUploadEntry: "Unggah Banyak",
} as const;

/** What the server answers: refusals and outcomes (never in a page's browser bundle). */
export const documentMessages = {
  deleted: "Dokumen berhasil dihapus!",
  deleteFailed: "Gagal menghapus dokumen.",
  back: "Kembali",
  /** A paper record: no digital file to download, preview or list versions of. */
  noDigitalFile: "Dokumen ini arsip fisik (tanpa berkas digital): tidak ada berkas untuk dibuka. Lihat Lokasi Simpan untuk menemukan arsipnya.",
} as const;
