/** The page that confirms a public PPID request from its email link. */
export const ppidConfirm = {
  title: "Konfirmasi Permohonan Informasi",
  pending: "Tekan tombol di bawah ini untuk mengonfirmasi permohonan Anda. Setelah dikonfirmasi, permohonan diberi nomor registrasi dan jangka waktu jawaban mulai berjalan.",
  submit: "Konfirmasi Permohonan",
  invalidTitle: "Tautan tidak berlaku",
} as const;
