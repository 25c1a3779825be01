/** The public PPID request page and its form (also the desk's record form). */
export const ppidRequestPage = {
  title: "Layanan Informasi Publik (PPID)",
  /** The request page's way to the public list (DIP): its only string, kept here so the page loads none of the DIP's. */
  dipLink: "Lihat Daftar Informasi Publik",
  description: "Ajukan permohonan informasi publik kepada PPID tanpa akun, dan periksa statusnya dengan nomor registrasi.",
  intro:
    "Setiap orang dapat meminta informasi publik yang dikuasai universitas (UU 14/2008). PPID menjawab secara tertulis paling lambat 10 hari kerja sejak permohonan diterima, dan dapat memperpanjangnya satu kali paling lama 7 hari kerja dengan alasan tertulis.",
  formTitle: "Ajukan Permohonan Informasi",
  formIntro: "Kami mengirim tautan konfirmasi ke email Anda; permohonan dicatat dan diberi nomor registrasi setelah tautan dibuka. Dokumen identitas tidak diminta.",
  submit: "Ajukan Permohonan",
  sending: "Mengirim...",
  sent: "Permohonan terkirim. Buka tautan konfirmasi di email Anda dalam 48 jam untuk mendapatkan nomor registrasi.",
  failed: "Permohonan belum terkirim. Periksa isian Anda.",
  statusLink: "Cek status permohonan",
  fields: {
    requesterName: "Nama",
    email: "Email",
    phone: "Telepon (opsional)",
    address: "Alamat (opsional)",
    information: "Rincian informasi yang dibutuhkan",
    purpose: "Tujuan penggunaan informasi",
    format: "Bentuk informasi",
    delivery: "Cara mendapatkan informasi",
    channel: "Diterima melalui",
  },
} as const;
