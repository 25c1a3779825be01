/** What the disposal page says (the candidates, their filters, the EAD export and the lists) beyond the shared disposal strings. */
export const disposalCandidatesText = {
  description: "Arsip yang jatuh tempo menurut Jadwal Retensi Arsip, daftar usul musnah/serah, dan Berita Acara.",
  tabs: { MUSNAH: "Usul Musnah", PERMANEN: "Usul Serah", DINILAI_KEMBALI: "Dinilai Kembali" } as Record<string, string>,
  candidates: "Kandidat jatuh tempo",
  noCandidates: "Tidak ada arsip yang jatuh tempo untuk disposisi ini.",
  readOnlyNote: "Anda melihat kandidat unit kerja Anda (hanya baca).",
  berkasNote: "Arsip yang diberkaskan masuk daftar bersama seluruh berkasnya.",
  eadHeading: "Ekspor EAD untuk SIKN",
  eadDescription:
    "Deskripsi arsip statis (EAD 2002, urn:isbn:1-931666-22-9) untuk diimpor ke SIKN/JIKN (AtoM). Hanya arsip berklasifikasi Biasa yang diekspor.",
  eadDownload: "Unduh EAD (arsip statis)",
  eadByCode: "Unduh EAD per kode klasifikasi",
  eadCode: "Kode klasifikasi (arsip Biasa)",
  /** The candidates' note on the vital records they leave out. */
  vitalLeftOut: (count: number) =>
    `${count} arsip vital jatuh tempo untuk disposisi ini tidak ditampilkan: arsip vital tidak dapat diusulkan sampai status vitalnya dicabut.`,
  reappraiseNote: "Arsip Dinilai Kembali diputuskan ulang oleh panitia penilai (perpanjang retensi, atau pindah ke Musnah/Permanen); tidak masuk daftar.",
  filterUnit: "Unit kerja",
  filterCode: "Kode klasifikasi",
  filterYear: "Tahun",
  filter: "Terapkan",
  allUnits: "Semua unit",
  select: (title: string) => `Pilih ${title}`,
  selectColumn: "Pilih",
  createList: (kind: string) => `Buat ${kind}`,
  lists: "Daftar usul",
  noLists: "Belum ada daftar.",
} as const;
