import { dispositionNames } from "./dispositions";

/** What the classification form pages (create, update) say; apart from the list's and the import's strings, which these pages do not load. */
export const classificationFormText = {
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
  save: "Simpan",
  createTitle: "Buat Kode Klasifikasi",
  updateTitle: "Ubah Kode Klasifikasi",
  saved: "Kode klasifikasi tersimpan.",
  dispositions: dispositionNames,
  backToList: "Kembali ke Daftar",
} as const;
