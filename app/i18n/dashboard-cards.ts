/**
 * The Super Admin dashboard's cards beyond the statistics: the retention schedule's state, the
 * vital records and the access requests nobody's unit answers. Only the dashboard shows them, so
 * they are a module of their own: the page does not load the retention, vital-record and
 * access-request catalogues whole for a dozen labels.
 */
export const dashboardCards = {
  retention: {
    heading: "Retensi Arsip",
    refresh: "Hitung Ulang",
    destroyed: "Dimusnahkan",
    checkedAt: (when: string) => `Pemeriksaan harian terakhir: ${when}. Status dokumen yang diubah atau diimpor diperbarui saat itu juga.`,
    neverChecked: "Belum pernah diperiksa",
  },
  vital: {
    heading: "Arsip Vital",
    description: "Arsip vital, salinan keduanya, dan uji pemulihan terakhir.",
    records: "Arsip vital",
    reviewDue: "Perlu ditinjau",
    copiesMissing: "Salinan hilang/rusak",
    lastDrill: "Uji pemulihan terakhir",
    noDrill: "Belum ada uji pemulihan.",
  },
  unownedRequests: {
    title: "Permintaan Akses Tanpa Unit Pemilik",
    text: (count: number) =>
      count === 0
        ? "Tidak ada permintaan akses yang menunggu untuk dokumen tanpa unit kerja pemilik."
        : `${count} permintaan akses menunggu jawaban Super Admin karena dokumennya belum memiliki unit kerja pemilik.`,
    link: "Jawab permintaan",
    linkNone: "Lihat permintaan",
  },
} as const;
