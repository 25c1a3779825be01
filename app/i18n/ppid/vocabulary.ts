/** The PPID register's words for a request's status, outcome, channel, format and delivery. */
export const ppidStatuses = {
  MENUNGGU_KONFIRMASI: "Menunggu Konfirmasi",
  DITERIMA: "Diterima",
  DIPROSES: "Diproses",
  DIPERPANJANG: "Diperpanjang",
  DIJAWAB: "Dijawab",
  SELESAI: "Selesai",
} as const;

export const ppidOutcomes = {
  DIBERIKAN: "Diberikan",
  DIBERIKAN_SEBAGIAN: "Diberikan Sebagian",
  DITOLAK: "Ditolak",
  TIDAK_DIKUASAI: "Tidak Dikuasai",
} as const;

export const ppidChannels = { ONLINE: "Daring", LANGSUNG: "Langsung", SURAT: "Surat", TELEPON: "Telepon", EMAIL: "Email" } as const;

export const ppidFormats = { MELIHAT: "Melihat/membaca", SALINAN_SOFTCOPY: "Salinan softcopy", SALINAN_HARDCOPY: "Salinan hardcopy" } as const;

export const ppidDeliveries = { AMBIL_LANGSUNG: "Mengambil langsung", POS: "Pos", EMAIL: "Email" } as const;

/** A request's working days left on the legal clock (the register's column, a request's page). */
export const ppidDaysLeft = (days: number) => (days < 0 ? `Terlambat ${-days} hari kerja` : days === 0 ? "Hari ini" : `${days} hari kerja`);
