/** The public PPID status page. */
export const ppidStatusPage = {
  title: "Status Permohonan Informasi",
  intro: "Masukkan nomor registrasi dan kode rahasia yang tertera pada tanda terima.",
  number: "Nomor registrasi",
  code: "Kode rahasia",
  submit: "Cek Status",
  files: "Dokumen publik",
  released: "Dokumen yang dirilis untuk Anda",
  releasedHint: "Berkas ini dirilis hanya untuk permohonan Anda. Unduh dengan tombol di bawah ini sebelum masa unduhnya berakhir.",
  download: "Unduh",
  downloadLabel: (title: string) => `Unduh ${title}`,
  until: (date: string) => `Dapat diunduh sampai ${date}`,
  expired: (date: string) => `Masa unduh berakhir ${date}`,
} as const;
