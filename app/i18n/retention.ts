import { dispositionNames } from "./dispositions";
import { retentionFilterText } from "./retention-filter";

/** The retention clock (Jadwal Retensi Arsip) and reappraisal (Dinilai Kembali); legal holds are `retention-hold.ts`, the Statis notice `statis-notice.ts`. */
export const retention = {
  status: retentionFilterText.status,
  /** JATUH_TEMPO names what it is due for. */
  dueFor: { MUSNAH: "Jatuh Tempo (Musnah)", PERMANEN: "Jatuh Tempo (Serah)", DINILAI_KEMBALI: "Jatuh Tempo (Dinilai Kembali)" },
  disposition: dispositionNames,
  section: {
    heading: "Retensi",
    status: "Status",
    start: "Tanggal mulai retensi",
    activeUntil: "Aktif sampai",
    inactiveUntil: "Inaktif sampai",
    extendedUntil: "Diperpanjang sampai",
    disposition: "Nasib akhir",
    totalYears: "Total retensi",
    years: (n: number) => `${n} tahun`,
    none: "-",
    startDefault: (date: string) => `${date} (31 Desember tahun dokumen)`,
    noCode: "Dokumen ini belum memiliki kode klasifikasi, sehingga jadwal retensi tidak berlaku.",
    holdReason: "Alasan penahanan",
    holdBy: "Ditahan oleh",
    holdSince: "Sejak",
    holdOnCode: (code: string) => `Penahanan berlaku melalui kode klasifikasi ${code}.`,
    holdInBerkas: (title: string) => `Penahanan berlaku untuk seluruh berkas melalui dokumen "${title}" di berkas yang sama.`,
  },
  reappraisal: {
    heading: "Dinilai Kembali",
    intro: "Masa retensi dokumen ini telah berakhir dengan nasib akhir Dinilai Kembali. Catat keputusan penilaian:",
    outcome: "Keputusan",
    outcomes: { EXTEND: "Perpanjang retensi", MUSNAH: "Musnah", PERMANEN: "Permanen" },
    until: "Perpanjang sampai",
    reason: "Alasan",
    submit: "Simpan Penilaian",
    saved: "Penilaian kembali disimpan.",
    denied: "Hanya Super Admin yang dapat mencatat penilaian kembali.",
    notDue: "Penilaian kembali hanya untuk dokumen yang Jatuh Tempo dengan nasib akhir Dinilai Kembali.",
    auditOutcome: { EXTEND: (until: string) => `diperpanjang sampai ${until}`, MUSNAH: () => "menjadi Musnah", PERMANEN: () => "menjadi Permanen" },
  },
} as const;

/** Messages of the hold and reappraisal forms (shared by the pages and the API). */
export const retentionValidation = {
  reasonRequired: "Alasan wajib diisi.",
  reasonMax: "Alasan maksimal 500 karakter.",
  outcomeRequired: "Pilih keputusan penilaian.",
  untilRequired: "Tanggal perpanjangan wajib diisi.",
  untilInvalid: "Tanggal perpanjangan harus tanggal yang valid (TTTT-BB-HH).",
  untilNotLater: "Tanggal perpanjangan harus setelah hari ini.",
} as const;

/** What the server answers about the retention clock's refresh (never in a page's browser bundle). */
export const retentionMessages = {
  refreshed: (documents: number) => `Status retensi ${documents} dokumen dihitung ulang.`,
  refreshContinues: (documents: number) =>
    `Status retensi ${documents} dokumen sudah dihitung ulang; sisanya dilanjutkan sebagai pekerjaan latar belakang (lihat Pekerjaan).`,
  refreshDenied: "Anda tidak berhak menghitung ulang status retensi.",
};
