/** Indonesian strings of the classification scheme page (/app/klasifikasi) and of filing. */
export { filingText, securityClassNames, securityClassText } from "./filing";

export const classificationText = {
  title: "Klasifikasi Arsip",
  description:
    "Skema klasifikasi arsip universitas beserta klasifikasi keamanan (SKKAAD), retensi aktif dan inaktif, serta keterangan akhir (JRA). Kode anak memperluas kode induknya dengan titik, mis. PP > PP.01 > PP.01.02.",
  search: "Cari kode atau nama...",
  create: "+ Kode Baru",
  createTitle: "Buat Kode Klasifikasi",
  updateTitle: "Ubah Kode Klasifikasi",
  exportCsv: "Ekspor CSV",
  importCsv: "Impor CSV",
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
  columns: {
    code: "Kode",
    name: "Nama",
    securityClass: "Klasifikasi Keamanan",
    retention: "Retensi (Aktif + Inaktif)",
    disposition: "Keterangan Akhir",
    documents: "Dokumen",
    actions: "Aksi",
    updatedAt: "Terakhir Diperbarui",
  },
  fields: {
    code: "Kode",
    codeHint: "Huruf kapital dan angka, tiap tingkat dipisah titik. Kode induk harus sudah ada.",
    name: "Nama",
    description: "Deskripsi",
    securityClass: "Klasifikasi Keamanan",
    retentionActiveYears: "Retensi Aktif (tahun)",
    retentionInactiveYears: "Retensi Inaktif (tahun)",
    finalDisposition: "Keterangan Akhir",
    legalBasis: "Dasar Hukum",
  },
  years: (active: number, inactive: number) => `${active} + ${inactive} tahun`,
  edit: "Ubah",
  delete: "Hapus",
  deleteTitle: "Hapus Kode Klasifikasi",
  deleteConfirm: (code: string, name: string) => `Hapus kode ${code} (${name})? Kode yang dipakai dokumen atau memiliki kode turunan tidak dapat dihapus.`,
  cancel: "Batal",
  confirmDelete: "Ya, Hapus",
  deleting: "Menghapus...",
  save: "Simpan",
  saved: "Kode klasifikasi tersimpan.",
  backToList: "Kembali ke Daftar",
  dispositions: { MUSNAH: "Musnah", PERMANEN: "Permanen", DINILAI_KEMBALI: "Dinilai Kembali" },
} as const;

/** What the server answers about the scheme (never in a page's browser bundle). */
export const classificationMessages = {
  created: (code: string) => `Kode klasifikasi ${code} berhasil dibuat.`,
  updated: (code: string) => `Kode klasifikasi ${code} berhasil diperbarui.`,
  deleted: (code: string) => `Kode klasifikasi ${code} berhasil dihapus.`,
  inUse: (code: string, documents: number, children: number) =>
    `Kode ${code} tidak dapat dihapus: masih dipakai ${documents} dokumen dan memiliki ${children} kode turunan.`,
  imported: (created: number, updated: number) => `Impor selesai: ${created} kode baru, ${updated} kode diperbarui.`,
  csvEmpty: "File CSV kosong atau hanya berisi judul kolom.",
  csvColumnsMissing: (columns: string) => `Kolom wajib tidak ada di baris judul: ${columns}.`,
  csvTooManyRows: (max: number) => `File CSV terlalu besar (maksimal ${max} baris).`,
  csvDuplicate: (code: string, line: number) => `Kode ${code} sudah ada di baris ${line}.`,
  csvNotText: "File harus berupa CSV (teks UTF-8).",
} as const;
