/** What a disposal list's page says (decisions, the ANRI letter, execution, downloads) beyond the shared disposal strings. */
export const disposalListText = {
  decisions: { SETUJUI: "Disetujui", TUNDA: "Ditunda" } as Record<string, string>,
  outcomes: { DONE: "Selesai", SKIPPED: "Dilewati" } as Record<string, string>,
  // Refusals
  // Toasts
  // List page
  listTitle: (kind: string, number: string) => `${kind} ${number}`,
  approve: "Setujui",
  postpone: "Tunda",
  approveAll: "Setujui semua yang belum diputuskan",
  reason: "Alasan",
  decidedBy: (name: string, when: string) => `oleh ${name}, ${when}`,
  anriTitle: "Persetujuan ANRI",
  anriNeeded: "Wajib: daftar ini memuat arsip dengan retensi 10 tahun atau lebih.",
  anriNotNeeded: "Tidak wajib untuk daftar ini.",
  letterNumber: "Nomor surat",
  letterDate: "Tanggal surat",
  saveLetter: "Simpan surat",
  execute: "Laksanakan",
  cannotExecuteYet: "Belum dapat dilaksanakan:",
  executing: "Melaksanakan…",
  executeTitle: "Laksanakan daftar?",
  executeConfirm: (kind: string) =>
    kind === "MUSNAH"
      ? "File arsip yang disetujui akan dimusnahkan secara permanen dan Berita Acara Pemusnahan diterbitkan. Tindakan ini tidak dapat dibatalkan."
      : "Arsip yang disetujui akan menjadi Statis (hanya baca) dan Berita Acara Penyerahan Arsip Statis diterbitkan.",
  cancel: "Batal",
  downloadCsv: "Unduh daftar (CSV)",
  downloadBeritaAcara: "Unduh Berita Acara (PDF)",
  verify: "Halaman verifikasi",
  beritaAcara: "Berita Acara",
  listHash: "SHA-256 daftar",
} as const;
