import { dispositionNames } from "./dispositions";

/** Indonesian strings of the classification scheme page (/app/klasifikasi); the form pages and the import have their own (`classification-form`, `classification-import`). */
export const classificationText = {
  title: "Klasifikasi Arsip",
  description:
    "Skema klasifikasi arsip universitas beserta klasifikasi keamanan (SKKAAD), retensi aktif dan inaktif, serta keterangan akhir (JRA). Kode anak memperluas kode induknya dengan titik, mis. PP > PP.01 > PP.01.02.",
  search: "Cari kode atau nama...",
  create: "+ Kode Baru",
  exportCsv: "Ekspor CSV",
  importCsv: "Impor CSV",
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
  years: (active: number, inactive: number) => `${active} + ${inactive} tahun`,
  edit: "Ubah",
  delete: "Hapus",
  deleteTitle: "Hapus Kode Klasifikasi",
  deleteConfirm: (code: string, name: string) => `Hapus kode ${code} (${name})? Kode yang dipakai dokumen atau memiliki kode turunan tidak dapat dihapus.`,
  cancel: "Batal",
  confirmDelete: "Ya, Hapus",
  deleting: "Menghapus...",
  dispositions: dispositionNames,
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
