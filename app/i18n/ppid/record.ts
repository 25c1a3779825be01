/** 'Catat Permohonan' (an officer records a request that came by letter, in person, by phone or email): that page's own strings. */
export const ppidRecord = {
  title: "Catat Permohonan",
  intro: "Permohonan yang datang melalui surat, langsung, telepon, atau email diregistrasi dan diberi nomor saat dicatat.",
  submit: "Catat dan Beri Nomor",
  failed: "Permohonan belum dicatat. Periksa isian.",
} as const;
