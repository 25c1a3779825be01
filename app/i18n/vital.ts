import { vitalDrillOutcome } from "./vital-drill";

/** Arsip vital: the document section, the restore drill and their messages (the dashboard's card has its own, in dashboard-cards.ts). */
export const vitalText = {
  heading: "Arsip Vital",
  notVital: "Dokumen ini bukan arsip vital.",
  description:
    "Arsip vital disimpan dengan salinan kedua di penyimpanan terpisah, diperiksa berkala terhadap SHA-256, diuji pemulihannya, dan tidak dapat diusulkan musnah maupun dihapus sampai statusnya dicabut.",
  fields: {
    reason: "Alasan",
    reviewMonths: "Tinjau ulang setiap (bulan)",
    liftReason: "Alasan pencabutan",
  },
  columns: {
    reason: "Alasan",
    reviewDueOn: "Tinjau ulang",
    flagged: "Ditetapkan",
    copy: "Salinan kedua",
    lastDrill: "Uji pemulihan terakhir",
  },
  copyStatus: { OK: "Utuh (SHA-256 cocok)", MISMATCH: "Rusak (SHA-256 tidak cocok)", MISSING: "Tidak ada" } as Record<string, string>,
  copyPending: "Belum ditulis",
  flag: "Tetapkan sebagai Arsip Vital",
  flagging: "Menyimpan...",
  renew: "Perbarui",
  lift: "Cabut Status Vital",
  lifting: "Mencabut...",
  drill: "Uji Pemulihan",
  drilling: "Menguji...",
  drillNone: "Belum pernah diuji.",
  drillResult: (ok: boolean) => (ok ? "Uji pemulihan berhasil: salinan kedua dipulihkan dan SHA-256 cocok." : "Uji pemulihan gagal: lihat rinciannya."),
  drillSummary: (outcome: string, when: string) => `${outcome}, ${when}`,
  drillOutcome: vitalDrillOutcome,
  drillDetails: (bytes: number, ms: number) => `${bytes} byte dipulihkan dalam ${ms} ms`,
  flagged: "Dokumen ditetapkan sebagai arsip vital; salinan kedua ditulis.",
  lifted: "Status arsip vital dicabut.",
  skipVital: "Arsip vital: tidak dapat dilaksanakan sampai status vitalnya dicabut",
  // Refusals
  denied: "Hanya Super Admin yang dapat mengelola arsip vital.",
  notVitalRefusal: "Dokumen ini bukan arsip vital.",
  trashRefused: (title: string) => `Dokumen "${title}" adalah arsip vital sehingga tidak dapat dipindahkan ke Sampah. Cabut status vitalnya terlebih dahulu.`,
  validation: {
    vitalRequired: "Tentukan status vital: true atau false",
    reasonRequired: "Alasan wajib diisi",
    reasonMin: "Alasan minimal 5 karakter",
    reasonMax: "Alasan paling banyak 500 karakter",
    reviewMonths: "Periode tinjau ulang 1 sampai 120 bulan",
    reviewMonthsRequired: "Periode tinjau ulang wajib diisi (1 sampai 120 bulan)",
  },
} as const;
