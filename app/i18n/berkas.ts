import { berkasDetailText } from "./berkas-detail";
import { berkasFormText } from "./berkas-form";
import { berkasListText } from "./berkas-list";
import { berkasVocabulary } from "./berkas-vocabulary";

/**
 * Berkas (pemberkasan) and the Daftar Arsip Aktif / Inaktif: pages, forms and messages. The list,
 * the form and the shared vocabulary are modules of their own, which their pages import directly
 * (a browser chunk carries a whole module); this catalogue joins them for the server and the
 * detail pages.
 */
export const berkasText = {
  ...berkasListText,
  ...berkasFormText,
  ...berkasVocabulary,
  ...berkasDetailText,
  nav: "Berkas",
  // The document page's 'Berkas' section.
  documentSection: {
    heading: "Berkas",
    filedIn: "Diberkaskan di",
    notFiled: "Dokumen ini belum dimasukkan ke berkas.",
    needsCode: "Beri dokumen kode klasifikasi dulu: berkas menghimpun dokumen satu kode klasifikasi.",
    noBerkas: (code: string) => `Belum ada berkas terbuka unit ini dengan kode ${code}.`,
    createOne: "Buat berkas",
    choose: "Pilih berkas",
    fileInto: "Masukkan ke Berkas",
    filing: "Memasukkan...",
    remove: "Keluarkan dari Berkas",
  },
  // Refusals
  validation: {
    numberRequired: "Nomor berkas wajib diisi",
    numberMax: "Nomor berkas paling banyak 50 karakter",
    titleRequired: "Uraian berkas wajib diisi",
    titleMin: "Uraian berkas minimal 5 karakter",
    titleMax: "Uraian berkas paling banyak 500 karakter",
    codeRequired: "Pilih kode klasifikasi berkas",
    unitInvalid: "Pilih unit kerja yang valid",
    developmentLevel: "Pilih tingkat perkembangan: Asli, Salinan, Tembusan atau Petikan",
    noteMax: "Keterangan paling banyak 500 karakter",
    documentsRequired: "Pilih minimal satu dokumen",
    documentsInvalid: "Dokumen tidak valid",
    tooMany: (max: number) => `Paling banyak ${max} dokumen sekali masuk`,
  },
} as const;

/** What the server answers about berkas: outcomes (toasts), refusals and the rules that keep a berkas whole (never in a page's browser bundle). */
export const berkasMessages = {
  filter: "Terapkan",
  created: (number: string) => `Berkas ${number} berhasil dibuat.`,
  updated: (number: string) => `Berkas ${number} berhasil diperbarui.`,
  deleted: (number: string) => `Berkas ${number} berhasil dihapus.`,
  filed: (count: number, number: string) => `${count} dokumen dimasukkan ke berkas ${number}.`,
  removed: (title: string) => `Dokumen "${title}" dikeluarkan dari berkas.`,
  denied: "Anda tidak memiliki akses ke berkas arsip.",
  manageDenied: "Anda tidak dapat mengubah berkas ini.",
  notFound: "Berkas tidak ditemukan.",
  numberTaken: (number: string) => `Nomor berkas ${number} sudah dipakai di unit kerja ini.`,
  unitRequired: "Pilih unit kerja pemilik berkas.",
  noUnit: "Akun Anda tidak terhubung ke unit kerja; berkas dibuat oleh anggota unit kerja.",
  codeUnknown: "Kode klasifikasi tidak dikenal.",
  unitUnknown: "Unit kerja tidak dikenal.",
  codeChangeFiled: "Kode klasifikasi berkas tidak dapat diubah selama berkas berisi dokumen.",
  inUse: (count: number) => `Berkas masih berisi ${count} dokumen (termasuk di Sampah); keluarkan dokumennya dulu.`,
  moved: (centre: string) => `Berkas ini sudah dipindahkan ke ${centre}; isinya tidak dapat diubah lagi.`,
  onDisposalList: "Berkas ini ada di daftar penyusutan yang belum dilaksanakan; isinya tidak dapat diubah.",
  onTransfer: "Berkas ini sedang diusulkan untuk dipindahkan; isinya tidak dapat diubah.",
  otherUnit: (title: string) => `Dokumen "${title}" milik unit kerja lain; berkas hanya menghimpun dokumen unitnya sendiri.`,
  otherCode: (title: string) => `Dokumen "${title}" memiliki kode klasifikasi lain; berkas hanya menghimpun dokumen dengan kodenya sendiri.`,
  inOtherBerkas: (title: string, number: string) => `Dokumen "${title}" sudah ada di berkas ${number}; keluarkan dulu dari berkas itu.`,
  statis: (title: string) => `Dokumen "${title}" sudah statis dan tidak dapat diberkaskan ulang.`,
  documentNotFound: "Sebagian dokumen tidak ditemukan.",
  notInBerkas: "Dokumen ini tidak ada di berkas tersebut.",
  documentFiledChange: "Dokumen ini ada di sebuah berkas: unit kerja dan kode klasifikasinya harus sama dengan berkasnya. Keluarkan dokumen dari berkas dulu.",
  changedMeanwhile: "Berkas atau dokumennya baru saja diubah pengguna lain; silakan ulangi.",
};
