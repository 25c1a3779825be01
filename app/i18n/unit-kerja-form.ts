/** What the work-unit form pages (create, update) say, whose outcomes the API answers too; apart from the list's strings, which these pages do not load. */
export const unitKerjaForm = {
  createTitle: "Tambah Unit Kerja",
  updateTitle: "Ubah Unit Kerja",
  fields: { nama: "Nama", jenis: "Jenis", email: "Email", namaPejabat: "Nama Pejabat", isRecordsCentre: "Unit kearsipan (pusat arsip)" },
  recordsCentreHint:
    "Unit kearsipan menerima pemindahan arsip inaktif dari unit pengolah. Hanya satu unit; menandai unit ini mencabut tanda dari unit lain. Nama Pejabat dicetak pada Berita Acara Pemindahan.",
  created: "Unit kerja berhasil dibuat.",
  updated: "Unit kerja berhasil diperbarui.",
  createFailed: "Gagal membuat unit kerja.",
  updateFailed: "Gagal memperbarui unit kerja.",
  submit: "Simpan",
  saving: "Menyimpan...",
  success: "Sukses!",
  backToList: "Kembali ke Daftar",
  notFound: "Unit kerja tidak ditemukan.",
} as const;
