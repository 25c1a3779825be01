/** What the transfers page (`/app/pemindahan`) says beyond the words it shares with a transfer's page (`transferText`). */
export const transferList = {
  description:
    "Unit pengolah mengusulkan berkas yang masa aktifnya telah lewat; unit kearsipan menerimanya, mencatat lokasi boks dan rak, dan menerbitkan Berita Acara Pemindahan beserta Daftar Arsip yang Dipindahkan.",
  candidates: "Berkas yang dapat dipindahkan",
  noCandidates: "Tidak ada berkas yang masa aktifnya telah lewat dan belum dipindahkan.",
  noRecordsCentre: "Belum ada unit kearsipan. Super Admin menetapkannya pada form Unit Kerja ('Unit kearsipan').",
  recordsCentreIs: (name: string) => `Unit kearsipan: ${name}.`,
  select: (number: string) => `Pilih berkas ${number}`,
  selectColumn: "Pilih",
  note: "Catatan usul (opsional)",
  propose: "Usulkan Pemindahan",
  proposing: "Mengusulkan...",
  lists: "Usul pemindahan",
  noLists: "Belum ada usul pemindahan.",
  filterUnit: "Unit kerja",
  allUnits: "Semua unit",
  filter: "Terapkan",
} as const;
