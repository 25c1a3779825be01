/** What a berkas's page says: its facts, contents, retention and delete dialog; the shared berkas catalogue spreads it in for the server. */
export const berkasDetailText = {
  detailTitle: "Detail Berkas",
  update: "Ubah",
  delete: "Hapus Berkas",
  cancel: "Batal",
  confirmDelete: "Ya, Hapus",
  deleting: "Menghapus...",
  deleteTitle: "Konfirmasi Hapus",
  deleteConfirm: (number: string) => `Apakah Anda yakin ingin menghapus berkas "${number}"? Berkas hanya dapat dihapus bila tidak berisi dokumen.`,
  facts: "Keterangan Berkas",
  closedNote: (reason: string) => `Berkas ditutup untuk perubahan: ${reason}`,
  itemsHeading: "Isi Berkas",
  noItems: "Berkas ini belum berisi dokumen.",
  /** The badge beside a vital record in the berkas's list. */
  vitalBadge: "Vital",
  hiddenItems: (count: number) => `${count} dokumen lain di berkas ini bersifat sangat rahasia dan tidak ditampilkan.`,
  removeItem: "Keluarkan",
  removeItemLabel: (title: string) => `Keluarkan ${title} dari berkas`,
  retentionHeading: "Retensi Berkas",
  retentionLabels: { status: "Status", activeUntil: "Aktif sampai", inactiveUntil: "Inaktif sampai", disposition: "Keterangan akhir" },
  retentionEmpty: "Berkas kosong belum memiliki jadwal retensi.",
  retentionNote: "Jadwal retensi berlaku untuk berkas secara utuh: periode berakhir bersama dokumen terakhirnya, dan penahanan pada satu dokumen menahan seluruh berkas.",
} as const;
