/** Indonesian strings of a record's file versions (the document page's version history). */
export const versionsText = {
  heading: "Riwayat Versi",
  description: "Setiap penggantian file disimpan sebagai versi baru; versi lama tetap dapat diunduh.",
  columns: { version: "Versi", createdAt: "Tanggal", uploader: "Pengunggah", size: "Ukuran (KB)", sha256: "SHA-256", note: "Catatan", actions: "Aksi" },
  current: "Terkini",
  restoredFrom: (version: number) => `Salinan versi ${version}`,
  download: "Unduh",
  restore: "Pulihkan",
  restoring: "Memulihkan...",
  empty: "Belum ada versi.",
} as const;
