/** The public information list (DIP) and the excepted list (DIK). */
export const ppidDip = {
  title: "Daftar Informasi Publik",
  description: "Informasi publik yang dikuasai universitas: ringkasan, unit yang menguasai, penanggung jawab, waktu pembuatan, bentuk, dan jangka waktu penyimpanan.",
  columns: { title: "Informasi", holder: "Unit", responsible: "Penanggung Jawab", madeIn: "Tahun", format: "Bentuk", retention: "Retensi" },
  empty: "Belum ada informasi publik.",
  next: "Halaman berikutnya",
  previous: "Halaman sebelumnya",
  csv: "Unduh CSV",
  kinds: { BERKALA: "Berkala", SERTA_MERTA: "Serta merta", SETIAP_SAAT: "Setiap saat" },
} as const;

/** What only the server writes of the DIP (the entries' retention line and the CSV): no page loads these. */
export const ppidDipServer = {
  retention: (active: number, inactive: number, disposition: string) => `Aktif ${active} th, inaktif ${inactive} th, ${disposition}`,
  csvHeader: ["Sumber", "Informasi", "Ringkasan", "Jenis", "Unit", "Penanggung Jawab", "Tahun", "Bentuk", "Retensi", "Tautan"],
  sources: { ARSIP: "Katalog arsip", PPID: "PPID" },
} as const;

export const ppidDik = {
  title: "Daftar Informasi yang Dikecualikan",
  description: "Informasi yang dikecualikan berdasarkan uji konsekuensi (Pasal 17 dan Pasal 19 UU 14/2008), selama jangka waktu yang ditetapkan.",
  columns: { information: "Informasi", legalBasis: "Dasar Hukum", consequences: "Konsekuensi", validUntil: "Jangka Waktu", decided: "Ditetapkan" },
  until: (date: string) => `sampai ${date}`,
  decided: (name: string, date: string) => `${date} oleh ${name}`,
  empty: "Tidak ada informasi yang sedang dikecualikan.",
} as const;
