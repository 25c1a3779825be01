/** The Daftar Arsip Aktif / Inaktif page and its downloads. */
export const daftarArsipText = {
  nav: "Daftar Arsip",
  title: { aktif: "Daftar Arsip Aktif", inaktif: "Daftar Arsip Inaktif" } as Record<string, string>,
  description:
    "Daftar berkas per unit kerja dengan kolom pedoman ANRI. Arsip aktif masih dalam masa aktifnya; arsip inaktif telah melewati masa aktif (termasuk yang telah dipindahkan ke unit kearsipan).",
  tabs: { aktif: "Aktif", inaktif: "Inaktif" } as Record<string, string>,
  empty: { aktif: "Tidak ada berkas aktif.", inaktif: "Tidak ada berkas inaktif." } as Record<string, string>,
  downloadCsv: "Unduh CSV",
  downloadPdf: "Unduh PDF",
  unitLabel: "Unit kerja",
  allUnits: "Semua unit",
  filter: "Terapkan",
  totals: (berkas: number, items: number) => `${berkas} berkas, ${items} item`,
} as const;

/** What only the server writes into the Daftar Arsip (its Keterangan column and the PDF): no page loads these. */
export const daftarArsipDocumentText = {
  remarks: {
    moved: (centre: string) => `Dipindahkan ke ${centre}`,
    held: "Ditahan",
    due: "Jatuh tempo",
    statis: "Statis",
  },
  pdf: { unit: "Unit Kerja", allUnits: "Semua unit kerja", printedOn: "Dicetak", total: "Jumlah" },
} as const;
