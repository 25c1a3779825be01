/** The PPID register (/app/ppid): its list, filters and buttons; a request's page has its own strings (desk.ts). */
export const ppidRegister = {
  title: "Register Permohonan Informasi",
  description: "Permohonan informasi publik yang diregistrasi, dengan batas waktu jawaban dalam hari kerja.",
  search: "Cari nomor, nama, atau informasi...",
  filterStatus: "Status",
  filterAll: "Semua status",
  empty: "Belum ada permohonan informasi.",
  record: "+ Catat Permohonan",
  leaveDays: "Hari Libur PPID",
  // The register's other buttons, in its own strings: each target page's catalogue is that page's.
  reports: "Laporan Tahunan",
  dipEntries: "Entri DIP PPID",
  consequenceTests: "Uji Konsekuensi (DIK)",
  officers: "Petugas PPID",
  columns: {
    number: "Nomor",
    requester: "Pemohon",
    information: "Informasi",
    status: "Status",
    dueDate: "Batas Waktu",
    daysLeft: "Sisa Hari Kerja",
  },
} as const;
