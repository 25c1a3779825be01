import { FILING_ROLES, type GuideSection } from "../domain/guide";
import { ROLES } from "../domain/roles";
import { publicGuideSections } from "./panduan";

/**
 * The guide's sections for signed-in users and for roles, in reading order, after the public
 * ones (`publicGuideSections`). A signed-in reader's page loads them after its own code; a
 * visitor's never does. `{origin}` and `{trashDays}` are filled in on the page.
 */
export const staffGuideSections: readonly GuideSection[] = [
  {
    id: "mengunggah",
    title: "Mengunggah dokumen",
    audience: FILING_ROLES,
    blocks: [
      {
        kind: "steps",
        items: [
          { title: "Login melalui SSO", text: "Masuk ke E-Arsip menggunakan akun single sign-on (SSO) universitas melalui tombol 'Login SSO'." },
          { title: "Buka menu Documents", text: "Pilih menu Documents pada sidebar untuk melihat daftar dokumen." },
          { title: "Klik '+ Buat Baru'", text: "Klik tombol '+ Buat Baru' untuk membuka formulir dokumen baru." },
          { title: "Isi formulir dokumen", text: "Isi Kategori, Judul, Nomor Dokumen, Tahun, Kata Kunci, Deskripsi, pilih file, lalu tentukan Tingkat Akses (Private/Public)." },
          { title: "Periksa daftar dokumen", text: "Dokumen yang diunggah tampil di daftar. Kolom Aksi berisi tombol lihat, edit, dan hapus." },
          { title: "Lihat detail dan unduh", text: "Buka halaman detail dokumen untuk melihat informasinya dan mengunduh file." },
          {
            title: "Banyak file sekaligus: 'Unggah Banyak'",
            text: "Tombol 'Unggah Banyak' di daftar dokumen menerima hingga 20 file sekaligus. Isi Kategori, Tahun, Kata Kunci, tingkat akses dan kode sekali untuk semuanya; setiap file menjadi satu dokumen berjudul nama filenya. Hasilnya dilaporkan per file: dokumen yang dibuat, atau alasan file ditolak.",
          },
        ],
      },
    ],
  },
  {
    id: "data-arsip",
    title: "Mengisi data arsip",
    audience: FILING_ROLES,
    blocks: [
      {
        kind: "terms",
        items: [
          { term: "Judul, Nomor Dokumen, Tahun", text: "Judul minimal 5 karakter; Tahun adalah tahun dokumen dibuat." },
          { term: "Kata Kunci dan Deskripsi", text: "Lima kata kunci dipisahkan koma, dan deskripsi minimal 20 kata: keduanya membantu pencarian (saran, tidak menghalangi penyimpanan)." },
          { term: "Unit kerja pemilik", text: "Dokumen Satuan Kerja dimiliki unitnya. Super Admin memilih unit pemiliknya: unit itulah yang menjawab permintaan akses." },
          { term: "Kode Klasifikasi", text: "Kode dari skema klasifikasi arsip (misalnya PP.01). Kode menentukan jadwal retensi (aktif dan inaktif), nasib akhirnya (Musnah, Permanen, Dinilai Kembali) dan klasifikasi keamanan bawaan dokumen baru. Tanpa kode, retensi tidak berlaku." },
          { term: "Tingkat Akses dan Klasifikasi Keamanan", text: "Public sama dengan klasifikasi Biasa/Terbuka; Private adalah Terbatas, Rahasia atau Sangat Rahasia (lihat bagian Klasifikasi Keamanan). Mengubah dokumen yang sudah ada menjadi Public (turun ke Biasa) meminta konfirmasi, karena dokumen dan filenya lalu terbuka untuk siapa saja." },
          { term: "Tanggal mulai retensi", text: "Di formulir Update: tanggal kegiatan atau berkas selesai. Kosong berarti retensi dihitung sejak 31 Desember tahun dokumen. Paling lambat hari ini, atau 31 Desember tahun dokumen bila lebih lambat; tanggal sebelum tahun dokumen hanya dapat diisi Super Admin, karena arsip bisa langsung jatuh tempo." },
          { term: "File", text: "PDF, gambar, audio, video, dokumen Office dan teks. Nama dan isi file harus sesuai; file yang menyamar ditolak." },
        ],
      },
    ],
  },
  {
    id: "klasifikasi-keamanan",
    title: "Klasifikasi Keamanan",
    audience: "signedIn",
    blocks: [
      { kind: "text", text: "Klasifikasi keamanan menentukan siapa yang melihat keterangan dokumen dan siapa yang membuka filenya." },
      {
        kind: "terms",
        items: [
          { term: "Biasa/Terbuka", text: "Terbuka untuk umum: siapa saja, termasuk pengunjung tanpa login, melihat dan mengunduhnya. Sama dengan tingkat akses Public." },
          { term: "Terbatas", text: "Keterangannya terlihat oleh pengguna yang login; filenya hanya untuk unit kerja pemilik, pengunggah dan Super Admin. Yang lain dapat mengajukan permintaan akses. Bawaan dokumen Private." },
          { term: "Rahasia", text: "Seperti Terbatas, tetapi file tidak dapat dipratinjau di browser, dan token unduhan hasil permintaan akses hanya berlaku untuk satu kali unduh." },
          { term: "Sangat Rahasia", text: "Hanya unit kerja pemilik dan Super Admin yang mengetahui dokumen ini ada: tidak muncul di daftar, pencarian, hitungan atau statistik orang lain, dan tidak dapat diminta." },
        ],
      },
    ],
  },
  {
    id: "versi",
    title: "Versi file dan 'Riwayat Versi'",
    audience: "signedIn",
    blocks: [
      {
        kind: "list",
        items: [
          "Mengganti file lewat formulir Update menambah versi baru; versi lama tidak pernah hilang. Beri catatan versi agar alasannya tercatat.",
          "'Riwayat Versi' di halaman dokumen mendaftar semua versi (nomor, tanggal, pengunggah, ukuran, catatan) bagi yang boleh membuka filenya, dan setiap versi dapat diunduh.",
          "'Pulihkan' (pemilik atau Super Admin) menyalin versi lama menjadi versi terbaru; riwayatnya tetap utuh.",
        ],
      },
    ],
  },
  {
    id: "sampah",
    title: "Sampah",
    audience: FILING_ROLES,
    blocks: [
      {
        kind: "list",
        items: [
          "'Hapus' memindahkan dokumen ke Sampah: sejak itu dokumen hilang dari daftar, pencarian, statistik dan halaman publik, dan token unduhannya dicabut.",
          "Dokumen menunggu di Sampah selama {trashDays} hari. Satuan Kerja melihat Sampah unitnya dan dapat menekan 'Pulihkan'; Super Admin melihat semuanya dan dapat 'Pulihkan' atau 'Hapus Permanen'.",
          "Setelah {trashDays} hari dokumen dihapus permanen secara otomatis, kecuali sedang ditahan. Yang tersisa hanya catatan (nisan) dan jejak audit; file tidak dapat dipulihkan lagi.",
        ],
      },
    ],
  },
  {
    id: "permintaan-akses",
    title: "Permintaan akses dan token unduhan",
    audience: FILING_ROLES,
    blocks: [
      {
        kind: "steps",
        items: [
          { title: "Ajukan permintaan", text: "Di halaman dokumen Private unit lain, tekan 'Request Document' dan tulis alasannya (misalnya untuk penelitian akademik)." },
          { title: "Unit pemilik menjawab", text: "Permintaan masuk ke tab 'Masuk' di Access Request unit pemilik, yang memilih Terima atau Tolak dengan pesan. Permintaan ke dokumen tanpa unit pemilik dijawab Super Admin." },
          { title: "Unduh dalam 1x24 jam", text: "Setelah diterima, tombol Download muncul di tab 'Diajukan' milik pemohon. Token unduhan terikat pada pemohon dan dokumen itu, berlaku 1x24 jam (untuk dokumen Rahasia: satu kali unduh)." },
          { title: "Cabut bila perlu", text: "Unit pemilik dapat menekan 'Cabut' untuk mengakhiri persetujuan lebih awal." },
        ],
      },
    ],
  },
  {
    id: "retensi",
    title: "Retensi arsip (Jadwal Retensi Arsip)",
    audience: FILING_ROLES,
    blocks: [
      {
        kind: "text",
        text: "Retensi dihitung dari Tanggal mulai retensi (atau 31 Desember tahun dokumen) menurut kode klasifikasinya: Aktif selama masa aktif, lalu Inaktif selama masa inaktif, kemudian Jatuh Tempo untuk nasib akhirnya. Bagian 'Retensi' di halaman dokumen menampilkan tanggal-tanggalnya; daftar dokumen dapat disaring menurut status retensi.",
      },
      {
        kind: "terms",
        items: [
          { term: "Ditahan (Penahanan)", text: "Super Admin menahan dokumen, atau kode beserta semua kode di bawahnya, dengan alasan (misalnya perkara hukum). Arsip yang ditahan tidak pernah diusulkan, dilaksanakan atau dihapus permanen." },
          { term: "Dinilai Kembali", text: "Arsip yang jatuh tempo untuk dinilai kembali diputuskan Super Admin: diperpanjang sampai tanggal tertentu, atau dipindah ke Musnah atau Permanen, dengan alasan." },
          { term: "Statis", text: "Arsip yang sudah diserahkan melalui Berita Acara Penyerahan: hanya dapat dibaca, tidak pernah dimusnahkan." },
          { term: "Tanpa Kode", text: "Dokumen tanpa kode klasifikasi: retensi tidak berlaku sampai kodenya diisi." },
        ],
      },
    ],
  },
  {
    id: "berkas-daftar-arsip",
    title: "Berkas dan Daftar Arsip",
    audience: FILING_ROLES,
    blocks: [
      {
        kind: "text",
        text: "Berkas menghimpun dokumen satu masalah dengan satu kode klasifikasi dari satu unit kerja (pemberkasan). Berkas menjalani retensi sebagai satu kesatuan: masa aktifnya berakhir bersama dokumen terakhirnya, penahanan satu dokumen menahan seluruh berkas, dan berkas diusulkan, dipindahkan atau dimusnahkan utuh.",
      },
      {
        kind: "steps",
        items: [
          { title: "Buat berkas", text: "Di menu Berkas, tekan 'Buat Berkas': isi nomor berkas (unik di unit Anda), uraian masalah, kode klasifikasi dan tingkat perkembangan. Kurun waktu dan jumlah item dihitung dari dokumennya." },
          { title: "Masukkan dokumen", text: "Di halaman dokumen, bagian Berkas: pilih berkas unit dan kode yang sama lalu 'Masukkan ke Berkas', atau 'Buat berkas' dari dokumen itu. 'Keluarkan dari Berkas' melepas dokumen dari berkasnya; dokumen boleh tetap tanpa berkas." },
          { title: "Daftar Arsip", text: "Menu Daftar Arsip menampilkan Daftar Arsip Aktif dan Daftar Arsip Inaktif unit Anda dengan kolom nomor berkas, kode klasifikasi, uraian, kurun waktu, jumlah item, tingkat perkembangan, lokasi dan keterangan; unduh sebagai CSV atau PDF. Super Admin dapat memilih unit." },
          { title: "Usulkan pemindahan", text: "Di menu Pemindahan, pilih berkas yang masa aktifnya sudah lewat lalu tekan 'Usulkan Pemindahan' ke unit kearsipan (ditetapkan Super Admin di Unit Kerja)." },
          { title: "Terima pemindahan", text: "Unit kearsipan mencatat nomor boks dan rak arsip kertasnya lalu 'Terima dan Terbitkan Berita Acara': terbit Berita Acara Pemindahan Arsip Inaktif dengan Daftar Arsip yang Dipindahkan (PDF, dapat diperiksa di /verifikasi). Berkas kini disimpan unit kearsipan; unit pengolah tetap dapat membacanya." },
        ],
      },
    ],
  },
  {
    id: "arsip-vital",
    title: "Arsip vital dan ekspor SIKN",
    audience: [ROLES.superAdmin],
    blocks: [
      {
        kind: "terms",
        items: [
          { term: "Arsip vital", text: "Di halaman dokumen, bagian Arsip Vital: tetapkan dengan alasan dan masa tinjau (bulan). Salinan kedua filenya disimpan di penyimpanan terpisah dan diperiksa berkala; arsip vital tidak dapat dipindahkan ke Sampah dan tidak masuk daftar penyusutan sampai statusnya dicabut." },
          { term: "Uji Pemulihan", text: "Memulihkan file dari salinan kedua ke tempat uji, membandingkan SHA-256 dan mencatat hasilnya sebagai bukti. Kartu Arsip Vital di Dashboard menampilkan jumlah arsip vital, uji terakhir dan salinan yang hilang." },
          { term: "Ekspor EAD (SIKN)", text: "Di menu Penyusutan, 'Unduh EAD (arsip statis)' mengekspor arsip statis (hanya yang Biasa/Terbuka) sebagai EAD 2002 untuk diimpor ke SIKN/JIKN." },
        ],
      },
    ],
  },
  {
    id: "penyusutan",
    title: "Penyusutan arsip, langkah demi langkah",
    audience: FILING_ROLES,
    blocks: [
      {
        kind: "text",
        text: "Penyusutan dijalankan Super Admin di menu Penyusutan; Satuan Kerja melihat kandidat dan daftar unitnya tanpa dapat mengubahnya. Urutannya mengikuti ketentuan kearsipan:",
      },
      {
        kind: "steps",
        items: [
          { title: "Periksa kandidat", text: "Arsip yang Jatuh Tempo tampil per nasib akhir: Usul Musnah, Usul Serah (Permanen) dan Dinilai Kembali; saring menurut unit, kode dan tahun." },
          { title: "Buat daftar", text: "Pilih kandidat lalu 'Buat Daftar': Daftar Arsip Usul Musnah (UM/…) atau Usul Serah (US/…), paling banyak 100 arsip. Daftar mencatat keadaan arsip saat itu dan dapat diunduh sebagai CSV." },
          { title: "Keputusan panitia penilai", text: "Panitia Penilai Arsip memutuskan setiap arsip: Setujui, atau Tunda dengan alasan." },
          { title: "Persetujuan ANRI", text: "Daftar Usul Musnah yang memuat arsip dengan retensi 10 tahun atau lebih memerlukan surat persetujuan Kepala ANRI: catat nomor dan tanggal suratnya di halaman daftar." },
          { title: "Laksanakan", text: "'Laksanakan' baru dapat ditekan setelah semua arsip diputuskan dan surat ANRI (bila wajib) tercatat; sampai itu, halaman menyebutkan apa yang kurang. Pelaksanaan berjalan satu kali dan memeriksa ulang setiap arsip: yang ditahan, sedang diminta, berubah sejak didaftar atau ada di Sampah dilewati dengan alasannya." },
          { title: "Berita Acara", text: "Berita Acara Pemusnahan atau Penyerahan Arsip Statis diterbitkan sebagai PDF, dengan sidik daftar dan kode QR ke halaman /verifikasi. Arsip yang dimusnahkan dihapus filenya dan tersisa catatannya; arsip yang diserahkan menjadi Statis dan hanya dapat dibaca." },
        ],
      },
    ],
  },
  {
    id: "notifikasi",
    title: "Notifikasi, email dan Pekerjaan",
    audience: "signedIn",
    blocks: [
      {
        kind: "text",
        text: "Lonceng di kepala halaman menampilkan jumlah notifikasi yang belum dibaca. 'Notifikasi' mendaftar semuanya, terbaru di atas: judulnya membuka hal yang dimaksud dan menandainya dibaca; 'Tandai dibaca' dan 'Tandai semua dibaca' tersedia di daftar.",
      },
      {
        kind: "terms",
        items: [
          { term: "Yang diberitahukan", text: "Permintaan akses yang masuk ke unit Anda, jawabannya bagi pemohon, token unduhan yang akan berakhir, pencabutan, teks file yang gagal dibaca (perlu OCR), kegagalan pemeriksaan integritas file, arsip yang baru jatuh tempo, daftar penyusutan yang menunggu dan yang dilaksanakan, serta pekerjaan latar belakang Anda yang selesai atau gagal." },
          { term: "Email", text: "Di 'Pengaturan notifikasi', pilih per jenis: email segera, ringkasan harian, atau tidak ada email. Notifikasi di aplikasi selalu ada; ringkasan harian yang kosong tidak pernah dikirim." },
          { term: "Pekerjaan", text: "Pekerjaan panjang (misalnya 'Laksanakan' penyusutan atau 'Hitung Ulang' retensi) berjalan di latar belakang dan tercatat di menu Pekerjaan (Satuan Kerja dan Super Admin): statusnya, kemajuannya dan laporan per arsip. Anda diberi tahu saat pekerjaan selesai." },
        ],
      },
    ],
  },
  {
    id: "token-api",
    title: "Token API",
    audience: "signedIn",
    blocks: [
      {
        kind: "text",
        text: "Sistem lain (skrip, integrasi, migrasi) memanggil API E-Arsip dengan token pribadi. Buka 'Token API' di kepala halaman, beri nama, pilih cakupan (baca saja, atau baca & tulis) dan masa berlaku, lalu 'Buat Token'. Token hanya ditampilkan sekali: tekan 'Salin' dan simpan di tempat aman. Token bertindak atas nama Anda dan dapat dicabut kapan saja.",
      },
      { kind: "code", label: "Contoh pemanggilan API", text: 'curl -H "Authorization: Bearer <token>" {origin}/api/v1/archives' },
      { kind: "text", text: "Semua alamat, isian dan jawaban API ada di Referensi API: {origin}/api/docs" },
    ],
  },
];

/** Every section of the guide, in reading order (the server picks a reader's; the e2e test checks them all). */
export const guideSections: readonly GuideSection[] = [...publicGuideSections, ...staffGuideSections];
