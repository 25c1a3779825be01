/**
 * An illustrative classification scheme (klasifikasi arsip) with security classes and retention
 * for the demo data: modelled on how Indonesian universities lay out their JRA tables, NOT an
 * official table of any institution or of ANRI. Each university adopts its own by rector
 * regulation; import it through /app/klasifikasi (CSV).
 */
export type DemoCode = {
  code: string;
  name: string;
  description?: string;
  securityClass: "BIASA" | "TERBATAS" | "RAHASIA" | "SANGAT_RAHASIA";
  active: number;
  inactive: number;
  disposition: "MUSNAH" | "PERMANEN" | "DINILAI_KEMBALI";
  legalBasis?: string;
};

const JRA = "Peraturan Rektor tentang Jadwal Retensi Arsip (contoh)";

export const DEMO_CLASSIFICATION: DemoCode[] = [
  { code: "OT", name: "Organisasi dan Tata Laksana", securityClass: "TERBATAS", active: 2, inactive: 3, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "OT.01", name: "Statuta dan Peraturan Universitas", securityClass: "BIASA", active: 5, inactive: 5, disposition: "PERMANEN", legalBasis: JRA },
  { code: "OT.02", name: "Struktur Organisasi dan Tata Kerja", securityClass: "BIASA", active: 3, inactive: 5, disposition: "PERMANEN", legalBasis: JRA },
  { code: "OT.03", name: "Tata Naskah Dinas dan Kearsipan", securityClass: "TERBATAS", active: 2, inactive: 5, disposition: "PERMANEN", legalBasis: JRA },
  { code: "HK", name: "Hukum", securityClass: "TERBATAS", active: 2, inactive: 3, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "HK.01", name: "Keputusan Rektor", securityClass: "TERBATAS", active: 5, inactive: 5, disposition: "PERMANEN", legalBasis: JRA },
  { code: "HK.02", name: "Keputusan Dekan", securityClass: "TERBATAS", active: 3, inactive: 5, disposition: "PERMANEN", legalBasis: JRA },
  { code: "HK.03", name: "Perjanjian Kerja Sama", securityClass: "TERBATAS", active: 3, inactive: 7, disposition: "PERMANEN", legalBasis: JRA },
  { code: "HK.04", name: "Perkara dan Bantuan Hukum", securityClass: "RAHASIA", active: 5, inactive: 10, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "PP", name: "Pendidikan dan Pengajaran", securityClass: "TERBATAS", active: 2, inactive: 3, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "PP.01", name: "Kalender dan Penyelenggaraan Akademik", securityClass: "BIASA", active: 1, inactive: 2, disposition: "MUSNAH", legalBasis: JRA },
  { code: "PP.02", name: "Kurikulum dan Pedoman Akademik", securityClass: "BIASA", active: 5, inactive: 5, disposition: "PERMANEN", legalBasis: JRA },
  { code: "PP.02.01", name: "Penyusunan Kurikulum", securityClass: "TERBATAS", active: 3, inactive: 2, disposition: "MUSNAH", legalBasis: JRA },
  { code: "PP.03", name: "Penerimaan Mahasiswa Baru", securityClass: "TERBATAS", active: 2, inactive: 3, disposition: "MUSNAH", legalBasis: JRA },
  { code: "PP.04", name: "Evaluasi dan Ujian", securityClass: "TERBATAS", active: 2, inactive: 3, disposition: "MUSNAH", legalBasis: JRA },
  { code: "PP.04.01", name: "Soal dan Berkas Ujian", securityClass: "RAHASIA", active: 1, inactive: 1, disposition: "MUSNAH", legalBasis: JRA },
  { code: "PP.05", name: "Wisuda dan Ijazah", securityClass: "TERBATAS", active: 5, inactive: 10, disposition: "PERMANEN", legalBasis: JRA },
  { code: "PN", name: "Penelitian", securityClass: "TERBATAS", active: 2, inactive: 3, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "PN.01", name: "Proposal dan Kontrak Penelitian", securityClass: "TERBATAS", active: 3, inactive: 5, disposition: "MUSNAH", legalBasis: JRA },
  { code: "PN.02", name: "Laporan Hasil Penelitian", securityClass: "BIASA", active: 5, inactive: 5, disposition: "PERMANEN", legalBasis: JRA },
  { code: "PM", name: "Pengabdian kepada Masyarakat", securityClass: "TERBATAS", active: 2, inactive: 3, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "PM.01", name: "Laporan Pengabdian kepada Masyarakat", securityClass: "BIASA", active: 3, inactive: 5, disposition: "PERMANEN", legalBasis: JRA },
  { code: "KM", name: "Kemahasiswaan", securityClass: "TERBATAS", active: 2, inactive: 3, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "KM.01", name: "Kegiatan dan Organisasi Mahasiswa", securityClass: "BIASA", active: 2, inactive: 3, disposition: "MUSNAH", legalBasis: JRA },
  { code: "KM.02", name: "Beasiswa", securityClass: "TERBATAS", active: 3, inactive: 5, disposition: "MUSNAH", legalBasis: JRA },
  { code: "KM.03", name: "Pelanggaran Disiplin Mahasiswa", securityClass: "RAHASIA", active: 3, inactive: 7, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "KP", name: "Kepegawaian", securityClass: "TERBATAS", active: 2, inactive: 3, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "KP.01", name: "Pengangkatan dan Penempatan", securityClass: "TERBATAS", active: 5, inactive: 10, disposition: "PERMANEN", legalBasis: JRA },
  { code: "KP.02", name: "Jabatan Fungsional Dosen", securityClass: "TERBATAS", active: 5, inactive: 10, disposition: "PERMANEN", legalBasis: JRA },
  { code: "KP.03", name: "Berkas Perseorangan Pegawai", securityClass: "RAHASIA", active: 5, inactive: 20, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "KP.04", name: "Hukuman Disiplin Pegawai", securityClass: "SANGAT_RAHASIA", active: 5, inactive: 10, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "KU", name: "Keuangan", securityClass: "TERBATAS", active: 2, inactive: 8, disposition: "MUSNAH", legalBasis: JRA },
  { code: "KU.01", name: "Rencana Kerja dan Anggaran", securityClass: "TERBATAS", active: 2, inactive: 8, disposition: "PERMANEN", legalBasis: JRA },
  { code: "KU.02", name: "Pelaksanaan Anggaran", securityClass: "TERBATAS", active: 2, inactive: 8, disposition: "MUSNAH", legalBasis: JRA },
  { code: "KU.03", name: "Laporan Keuangan", securityClass: "TERBATAS", active: 2, inactive: 10, disposition: "PERMANEN", legalBasis: JRA },
  { code: "KU.04", name: "Pemeriksaan dan Audit Keuangan", securityClass: "RAHASIA", active: 3, inactive: 10, disposition: "PERMANEN", legalBasis: JRA },
  { code: "RT", name: "Kerumahtanggaan", securityClass: "TERBATAS", active: 1, inactive: 2, disposition: "MUSNAH", legalBasis: JRA },
  { code: "RT.01", name: "Penggunaan Gedung dan Fasilitas", securityClass: "BIASA", active: 1, inactive: 1, disposition: "MUSNAH", legalBasis: JRA },
  { code: "RT.02", name: "Pemeliharaan Sarana dan Laboratorium", securityClass: "TERBATAS", active: 2, inactive: 3, disposition: "MUSNAH", legalBasis: JRA },
  { code: "HM", name: "Hubungan Masyarakat", securityClass: "BIASA", active: 1, inactive: 2, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "HM.01", name: "Publikasi dan Dokumentasi Kegiatan", securityClass: "BIASA", active: 2, inactive: 3, disposition: "PERMANEN", legalBasis: JRA },
  { code: "HM.02", name: "Undangan dan Korespondensi Dinas", securityClass: "TERBATAS", active: 1, inactive: 1, disposition: "MUSNAH", legalBasis: JRA },
  { code: "PJ", name: "Penjaminan Mutu", securityClass: "TERBATAS", active: 2, inactive: 3, disposition: "DINILAI_KEMBALI", legalBasis: JRA },
  { code: "PJ.01", name: "Akreditasi Program Studi dan Institusi", securityClass: "BIASA", active: 5, inactive: 5, disposition: "PERMANEN", legalBasis: JRA },
  { code: "PJ.02", name: "Audit Mutu Internal", securityClass: "TERBATAS", active: 3, inactive: 5, disposition: "MUSNAH", legalBasis: JRA },
];
