/** The receipt (tanda terima) of a PPID request. */
export const ppidReceipt = {
  title: "Tanda Terima Permohonan Informasi",
  registered: "Permohonan Anda telah diregistrasi. Simpan nomor registrasi dan kode rahasia ini untuk memeriksa statusnya.",
  number: "Nomor registrasi",
  code: "Kode rahasia",
  receivedAt: "Diterima",
  dueDate: "Jawaban paling lambat",
} as const;

export const ppidReceiptPdf = {
  download: "Unduh Tanda Terima (PDF)",
  note: "Periksa status permohonan di halaman Cek Status dengan nomor registrasi dan kode rahasia ini. Jangan berikan kode rahasia kepada orang lain.",
  statusPage: "Halaman status",
  detail: "Keterangan",
} as const;
