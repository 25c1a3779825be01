/** Fixity of stored files: the Super Admin dashboard card and the document page's on-demand check. */
export const fixity = {
  card: {
    heading: "Integritas File",
    description: "File tersimpan diperiksa ulang secara bergiliran terhadap SHA-256 yang dicatat saat diunggah; file yang paling lama tidak diperiksa didahulukan.",
    allGood: "Semua file yang sudah diperiksa cocok dengan SHA-256 yang tercatat.",
    failing: (count: number) => `${count} file rusak atau hilang`,
    outcome: { MISMATCH: "Isi berbeda", MISSING: "Hilang" },
    columns: { document: "Dokumen", version: "Versi", outcome: "Temuan", since: "Sejak" },
    inTrash: "di Sampah",
    unknownDocument: "(tidak terkait dokumen)",
    lastCheck: (when: string) => `Pemeriksaan terakhir: ${when}.`,
    oldestCheck: (when: string) => `Setiap file yang sudah diperiksa, diperiksa terakhir paling lama pada ${when}.`,
    neverChecked: "Sebagian file belum pernah diperiksa.",
    notYet: "Belum ada pemeriksaan.",
    more: (shown: number, total: number) => `Menampilkan ${shown} dari ${total} file bermasalah; daftar lengkap ada di Log Audit.`,
  },
  check: {
    button: "Periksa Integritas File",
    busy: "Memeriksa...",
    intact: (files: number) => `Semua file dokumen ini utuh: ${files} file cocok dengan SHA-256 yang tercatat.`,
    failed: (failed: number, files: number) => `${failed} dari ${files} file dokumen ini rusak atau hilang.`,
    version: (versions: number[]) => `Versi ${versions.join(", ")}`,
    outcome: { OK: "Utuh", MISMATCH: "Isi berbeda", MISSING: "Hilang" },
  },
} as const;
