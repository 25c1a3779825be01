/**
 * The project's own Indonesian root words (kata dasar), written for this project from the
 * vocabulary of university administration: decrees, letters, SOPs, reports, accreditation and
 * curricula. The stemmer's dictionary is LibreOffice's Hunspell list (dictionary/hunspell-id.ts);
 * these roots join it, and take every affix, because that list lacks many words archives use
 * ("akreditasi", "kurikulum", "universitas" carry no affix flags there; "validasi" is missing) or
 * because they settle a reading for the words of this domain. Adding a root here only makes the
 * forms derived from it agree with each other.
 *
 * Kept as one string so the bundle holds a few kilobytes of text rather than a large array
 * literal; split once at module load.
 */
const ROOT_TEXT = `
abdi abad acara ada adat adil administrasi adu agama agenda ahli aju ajar akademik akal akhir
akreditasi akses aksi aktif aktivitas akuntansi alam alamat alat alih alumni aman amanat
ambil anak analisis anggap anggar anggota angka angkat antar anugerah apresiasi arah arsip
asal asas asisten aset asing asli asrama atur awal awas ayat

baca badan bagi bahas bahasa baik baku balas bangun banding bantu barang baru batas bawa
bayar bebas beda bekal beli benar bentuk beri berita beritahu berkas bersih besar biaya bidang
bijak bimbing bina bisnis buat budaya buka bukti buku bulan bunyi buruh butuh

cabut cakup calon capai catat cegah cepat cerita cetak cipta cuti

daftar dampak dana dapat darurat dasar data datang dekan demokrasi desa desain deskripsi detail
diam didik digital dimensi dinamika dinas diploma direktorat direktur diri disiplin diskusi
doktor dokumen dokumentasi dorong dosen duduk dukung dunia

edar edisi edukasi efektif efisien ejaan ekonomi eksternal eksekutif elektronik etika evaluasi

fakta fakultas fasilitas fisik fokus format formulir forum fungsi

gaji ganti gedung gelar gerak giat golong guna gugat guru

hadap hadiah hadir hak hal halaman hambat hapus harap harga hari hasil hati hemat henti hibah
hidup hilang hitung hormat hubung hukum hutan

ikut ilmu ilmiah imbang indeks informasi infrastruktur ingat inovasi instansi institut
integritas internal internasional isi istilah izin

jabat jadwal jalan jalur jamin jangka jawab jelas jenis jenjang jumlah jurnal 

kabar kaji kampus kantor karya kata kelas kelola kelompok keluar keluarga kembali
kembang kemuka kena kenal kepala kerja kertas kesan ketua khusus kirim kolaborasi komisi
komite komitmen kompetensi komputer komunikasi komunitas konferensi konsultasi kontrak
koordinasi kopi kritik kualitas kuasa kuat kuliah kumpul kunjung kurang kurikulum kutip

lahir laku laksana lalu lampir landas langkah langsung lanjut lapor latih layak layan lebih lembaga
lengkap lepas lestari lewat libat lindung lingkung lisan lulus luar luas

magang mahasiswa makan maksud maju makna malam manfaat masa masalah masuk masyarakat materi
media medis mekanisme menteri metode milik minat mitra modal modul mohon muat mudah mulai
musyawarah mutasi mutu

naik nama nasional negara negeri nikah nilai nomor normal nyata

objek olah operasional organisasi orang otonomi

pagi pakai paket paksa panggil panitia panjang pantau partisipasi pasal pasang pegawai
peka penting perintah perlu pesan peserta pikir pilih pimpin pindah pinjam pisah pokok posisi
prestasi prioritas produk profesi profesional program proposal proses prosedur publik publikasi
pulih pulang punya pusat pustaka putus

ragam rancang rapat rasa rata rawat redaksi regulasi rekam rekomendasi rektor rektorat
rencana resmi revisi ringkas risalah riset ruang rumus rupa

saing saksi salah salin sama sampai sandang sarana saran sarjana satu sebar
sedia sehat sekolah sekretariat sekretaris selenggara selesai seleksi semester seminar sepakat
serah sertifikat sesuai setuju sidang sifat sikap simpan sistem skripsi sosial sosialisasi
staf standar status strategi struktur studi suara sumber sunting surat susun syarat

tahap tahu tahun tambah tanda tanggal tanggap tanggung tanya tangguh tangan tata tatap tawar teknik
teknologi teliti temu tentu terang terap terbit terima tertib tesis tetap tidur tim timbang
tinggal tinggi tingkat tinjau tolak tugas tuju tukar tulis tunda tunjuk tunjang turun tuntut

ubah uji ukur umum undang unggah unggul universitas unit unjuk untung upacara upaya urus
usaha usul utama

validasi verifikasi visi

waktu wajib wakil wawancara wenang wilayah wisuda

yakin yayasan
`;

export const INDONESIAN_ROOTS: ReadonlySet<string> = new Set(ROOT_TEXT.split(/\s+/).filter(Boolean));

/**
 * Dictionary entries that are derived forms of another root, which the stemmer gives instead:
 * "belajar" and "pelajar" are ber- and per- before "ajar" (Tala's rules know them too), so
 * "pembelajaran", "pelajaran" and "mengajar" meet on "ajar"; Hunspell files "diketahui" under
 * "ketahu" but "mengetahui" and "pengetahuan" under "tahu".
 */
export const ROOT_ALIASES: ReadonlyMap<string, string> = new Map([
  ["belajar", "ajar"],
  ["pelajar", "ajar"],
  ["ketahu", "tahu"],
]);
