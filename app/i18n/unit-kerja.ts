/** Indonesian strings of the work-unit list; the form pages have their own (`unit-kerja-form`). */
export const unitKerja = {
  title: "Manajemen Unit Kerja",
  description: "Kelola data unit kerja (fakultas, lembaga, dan unit) beserta pejabat penanggung jawabnya.",
  create: "+ Tambah Unit Kerja",
  search: "Cari unit kerja...",
  columns: {
    no: "No",
    nama: "Nama",
    jenis: "Jenis",
    email: "Email",
    namaPejabat: "Pejabat",
    updatedAt: "Terakhir Diperbarui",
    actions: "Aksi",
  },
  recordsCentreBadge: "Unit kearsipan",
  deleteTitle: "Konfirmasi Hapus",
  deleteConfirm: (nama: string) =>
    `Apakah Anda yakin ingin menghapus unit kerja "${nama}"? Tindakan ini tidak dapat dibatalkan.`,
  confirmDelete: "Ya, Hapus",
  cancel: "Batal",
  deleting: "Menghapus...",
  actions: { edit: "Edit", delete: "Hapus" },
} as const;

/** What the server answers: validation, refusals and outcomes (never in a page's browser bundle). */
export const unitKerjaMessages = {
  deleted: "Unit kerja berhasil dihapus!",
  deleteFailed: "Gagal menghapus unit kerja.",
  deleteError: "Terjadi kesalahan saat menghapus unit kerja.",
  loadFailed: "Gagal mengambil data unit kerja",
  loadError: "Terjadi kesalahan saat memuat data unit kerja",
  namaTaken: (nama: string) => `Unit kerja dengan nama "${nama}" sudah ada.`,
  inUse: (nama: string, users: number, documents: number) =>
    `Unit kerja "${nama}" tidak dapat dihapus karena masih digunakan oleh ${users} pengguna dan ${documents} dokumen.`,
  validation: {
    namaRequired: "Nama unit kerja wajib diisi.",
    namaMax: "Nama unit kerja maksimal 150 karakter.",
    jenisRequired: "Jenis unit kerja wajib diisi.",
    jenisMax: "Jenis unit kerja maksimal 100 karakter.",
    emailInvalid: "Format email tidak valid.",
    emailMax: "Email maksimal 254 karakter.",
    namaPejabatMax: "Nama pejabat maksimal 150 karakter.",
  },
} as const;
