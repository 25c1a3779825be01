/** The berkas form ('Buat Berkas', 'Ubah Berkas'): only what those pages load. */
export const berkasFormText = {
  createTitle: "Buat Berkas",
  updateTitle: "Ubah Berkas",
  submit: "Simpan",
  saving: "Menyimpan...",
  chooseCode: "Pilih kode klasifikasi",
  chooseUnit: "Pilih unit kerja",
  fields: {
    number: "Nomor Berkas",
    title: "Uraian Masalah (judul berkas)",
    classificationCode: "Kode Klasifikasi",
    unitKerja: "Unit Kerja",
    developmentLevel: "Tingkat Perkembangan",
    note: "Keterangan",
  },
  hints: {
    number: "Nomor urut berkas di unit kerja, mis. 12 atau 2026/12; unik per unit.",
    code: "Hanya dokumen dengan kode klasifikasi ini yang dapat dimasukkan ke berkas.",
    unit: "Super Admin memilih unit pemilik berkas; berkas Satuan Kerja selalu milik unitnya.",
  },
} as const;
