/** Indonesian strings of the document screens (lists, detail, forms, dialogs). */
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
  submit: "Simpan",
  success: "Sukses!",
  uploadSuccess: "Dokumen berhasil diunggah.",
  updateSuccess: "Dokumen berhasil diperbarui.",
  failed: "Gagal!",
  viewDocument: "Lihat Dokumen",
  close: "Tutup",
  back: "Kembali",
  update: "Update",
  delete: "Delete",
  deleteTitle: "Hapus Dokumen",
  deleteConfirm: (title: string, trashDays: number) =>
    `Apakah Anda yakin ingin menghapus dokumen "${title}"? Dokumen dipindahkan ke Sampah dan dapat dipulihkan selama ${trashDays} hari sebelum dihapus permanen.`,
  deleting: "Menghapus...",
  cancel: "Batal",
  confirmDelete: "Ya, Hapus",
  downloaded: "Dokumen berhasil diunduh!",
  downloadedPublic: (title: string) => `Dokumen "${title}" berhasil diunduh!`,
  networkFailed: "Gagal terhubung ke server. Periksa koneksi internet Anda.",
  downloadFailed: "Gagal mengunduh file",
  noAccess: "Anda tidak memiliki Akses terhadap dokumen ini.",
  ownerUnit: "Unit Kerja Pemilik",
  noOwnerUnit: "Belum ada (permintaan akses dijawab Super Admin)",
  /** Why a signed-in user sees no file on a PRIVATE document (the file row says so). */
  fileClosed: {
    base: (owner: string | null) =>
      `File dokumen PRIVATE hanya dapat dibuka oleh ${owner ? `unit kerja pemiliknya (${owner})` : "unit kerja pemiliknya"} dan Super Admin.`,
    viewer: "Akun Viewer tidak dapat mengajukan permintaan akses; hubungi unit kerja pemilik bila Anda memerlukan file ini.",
    request: "Ajukan permintaan akses dengan tombol 'Request Document'; setelah disetujui, file dapat diunduh dalam 1x24 jam.",
    pending: "Permintaan akses Anda sudah tercatat; statusnya ada di bawah.",
    other: "Akun Anda tidak dapat mengajukan permintaan akses untuk dokumen ini.",
  },
  notFound: "Dokumen tidak ditemukan.",
} as const;

/** What the server answers: refusals and outcomes (never in a page's browser bundle). */
export const documentMessages = {
  deleted: "Dokumen berhasil dihapus!",
  deleteFailed: "Gagal menghapus dokumen.",
} as const;
