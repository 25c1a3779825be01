import type { GuideSection } from "../domain/guide";

/** The guide's frame (/panduan): title, introduction, table of contents, footer. */
export const panduan = {
  title: "Panduan E-Arsip",
  description: "Panduan E-Arsip: mencari dan mengunduh dokumen publik, mengarsipkan dokumen, versi, Sampah, pencarian isi file, permintaan akses, retensi, berkas dan Daftar Arsip, pemindahan, penyusutan arsip, arsip vital, notifikasi dan pekerjaan, serta Token API.",
  intro: "Cara memakai E-Arsip, dari mencari dokumen publik sampai penyusutan arsip. Setiap bagian menyebutkan untuk siapa bagian itu berlaku.",
  introSignedIn: (role: string) => `Anda masuk sebagai ${role}: panduan ini menampilkan bagian untuk semua orang dan untuk peran Anda.`,
  toc: "Daftar isi",
  forWhom: "Untuk",
  audience: { everyone: "semua orang, termasuk pengunjung", signedIn: "semua pengguna yang login" },
  staffHidden: "Panduan bagi staf (mengunggah dan mengisi data arsip, versi, Sampah, permintaan akses, retensi, berkas dan Daftar Arsip, penyusutan dan Token API) tampil setelah Anda login.",
  login: "Login",
  backToTop: "Kembali ke daftar isi",
  copyLabel: "Contoh pemanggilan API",
  footer: "Jika mengalami kendala, silakan hubungi unit IT (Pusat Teknologi Informasi) universitas.",
} as const;

/**
 * The guide's sections for everyone (visitors included), in reading order; they come first in the
 * guide. The sections for signed-in users and for roles are `staffGuideSections`
 * (`panduan-staff`): a visitor's page never loads their text. A feature that lands adds its entry
 * to the one its audience belongs in (the e2e test checks every entry's anchor and who sees it).
 * `{origin}` and `{trashDays}` are filled in on the page.
 */
export const publicGuideSections: readonly GuideSection[] = [
  {
    id: "memulai",
    title: "Memulai",
    audience: "everyone",
    blocks: [
      {
        kind: "text",
        text: "E-Arsip menyimpan dan membagikan arsip resmi universitas. Pengunjung tanpa login dapat mencari dan mengunduh dokumen publik; staf masuk untuk mengelola arsip unit kerjanya.",
      },
      {
        kind: "terms",
        items: [
          { term: "Pengunjung", text: "Melihat dan mengunduh dokumen Public (Biasa/Terbuka), tanpa login." },
          { term: "Viewer", text: "Melihat keterangan semua dokumen yang boleh dilihatnya dan mengunduh dokumen Public; tidak mengunggah dan tidak mengajukan permintaan akses." },
          { term: "Satuan Kerja", text: "Mengunggah dan mengelola dokumen unit kerjanya, menjawab permintaan akses ke dokumen unitnya, dan mengajukan permintaan akses ke dokumen unit lain." },
          { term: "Super Admin", text: "Mengelola seluruh arsip, pengguna, unit kerja dan skema klasifikasi; menahan arsip, dan memimpin penyusutan." },
        ],
      },
      {
        kind: "text",
        text: "Login melalui tombol 'Login SSO' dengan akun single sign-on universitas, atau dengan username dan password di halaman Login.",
      },
    ],
  },
  {
    id: "dokumen-publik",
    title: "Mencari dan mengunduh dokumen publik",
    audience: "everyone",
    blocks: [
      {
        kind: "steps",
        items: [
          { title: "Buka 'Semua Dokumen'", text: "Menu 'Semua Dokumen' di sidebar (setelah login: 'Documents') menampilkan semua dokumen yang boleh Anda lihat, terbaru di atas." },
          { title: "Cari dan saring", text: "Ketik kata di kotak pencarian lalu tekan Enter atau 'Terapkan'. Di ponsel, pilihan kategori dan saringan lain ada di balik tombol 'Filter'." },
          { title: "Lihat dan unduh", text: "'Lihat' membuka halaman dokumen; 'Unduh' mengunduh filenya." },
        ],
      },
    ],
  },
  {
    id: "pencarian-isi",
    title: "Pencarian di dalam file",
    audience: "everyone",
    blocks: [
      {
        kind: "text",
        text: "Kotak pencarian mencari di judul, nomor, kata kunci, deskripsi, nama pengunggah dan di teks isi file (PDF yang memiliki lapisan teks, DOCX, XLSX, PPTX dan teks biasa). Cuplikan di bawah baris hasil menandai kata yang ditemukan.",
      },
      {
        kind: "terms",
        items: [
          { term: "Bentuk kata", text: "Kata dicari beserta bentuk turunannya: 'keputusan' juga menemukan 'memutuskan' dan 'diputuskan'. Kata umum seperti 'dan' atau 'yang' diabaikan." },
          { term: "\"Frasa persis\"", text: "Tulis beberapa kata di antara tanda kutip, misalnya \"surat keputusan rektor\", untuk mencari urutan kata itu persis." },
          { term: "Saringan hasil", text: "Setelah mencari, saring menurut tahun, unit kerja, tingkat akses dan tipe file; angka di samping pilihan adalah jumlah hasilnya." },
          { term: "Hak akses", text: "Dokumen yang hanya cocok pada isi filenya tampil hanya bagi yang boleh membuka file itu; pengunjung hanya mencari dokumen Public." },
        ],
      },
      {
        kind: "text",
        text: "'Status teks' di halaman dokumen: Menunggu (teks sedang dibaca), Terindeks (isi file dapat dicari), Tanpa teks (perlu OCR) — file tidak memiliki teks, misalnya hasil pindai atau foto, sehingga hanya keterangannya yang dapat dicari; unggah versi PDF yang memiliki teks (hasil OCR) agar isinya ikut dicari — dan Gagal (dengan alasannya; pemilik dapat menekan 'Indeks ulang').",
      },
    ],
  },
  {
    id: "verifikasi",
    title: "Memeriksa keaslian Berita Acara",
    audience: "everyone",
    blocks: [
      {
        kind: "text",
        text: "Setiap Berita Acara pemusnahan atau penyerahan arsip memuat kode QR menuju halaman publik /verifikasi/… . Halaman itu menampilkan nomor, tanggal, tempat, jumlah arsip dan dua sidik SHA-256: daftar arsip dan file PDF-nya. Cocokkan dengan yang tercetak; sidik file PDF dapat dihitung dari salinan digitalnya, misalnya dengan perintah sha256sum. Judul arsip tidak ditampilkan.",
      },
    ],
  },
];
