/** The upload guide's text (/panduan). */
export const panduan = {
  title: "Panduan Unggah Dokumen",
  description: "Panduan langkah demi langkah mengunggah dokumen ke E-Arsip untuk Satuan Kerja.",
  intro: "Langkah-langkah bagi Satuan Kerja untuk mengunggah dan mengelola dokumen di E-Arsip.",
  steps: [
    { title: "Login melalui SSO", text: "Masuk ke E-Arsip menggunakan akun single sign-on (SSO) universitas melalui tombol 'Login SSO'." },
    { title: "Buka menu Documents", text: "Pilih menu Documents pada sidebar untuk melihat daftar dokumen." },
    { title: "Klik '+ Buat Baru'", text: "Klik tombol '+ Buat Baru' untuk membuka formulir dokumen baru." },
    { title: "Isi formulir dokumen", text: "Isi Kategori, Judul, Nomor Dokumen, Tahun, Kata Kunci, Deskripsi, pilih file, lalu tentukan Tingkat Akses (Private/Public)." },
    { title: "Periksa daftar dokumen", text: "Dokumen yang diunggah tampil di daftar. Kolom Aksi berisi tombol lihat, edit, dan hapus." },
    { title: "Lihat detail dan unduh", text: "Buka halaman detail dokumen untuk melihat informasinya dan mengunduh file." },
  ],
  footer: "Jika mengalami kendala, silakan hubungi unit IT (Pusat Teknologi Informasi) universitas.",
} as const;
