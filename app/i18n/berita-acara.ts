/** Indonesian strings of the Berita Acara: its public verification page and its download. */
export const beritaAcara = {
  kinds: {
    PEMUSNAHAN: "Berita Acara Pemusnahan Arsip",
    PENYERAHAN: "Berita Acara Penyerahan Arsip Statis",
    PEMINDAHAN: "Berita Acara Pemindahan Arsip Inaktif",
  },
  verification: {
    title: "Verifikasi Berita Acara",
    description: "Halaman verifikasi keaslian Berita Acara penyusutan arsip.",
    registered: "Berita Acara ini tercatat dalam E-Arsip.",
    howTo:
      "Cocokkan nomor, tanggal dan sidik SHA-256 daftar arsip di bawah dengan yang tercetak pada Berita Acara. Sidik file PDF-nya dapat dihitung dari salinan digitalnya (misalnya dengan perintah sha256sum).",
    details: "Keterangan Berita Acara",
    columns: {
      kind: "Jenis",
      number: "Nomor",
      issuedOn: "Tanggal",
      place: "Tempat",
      itemCount: "Jumlah Arsip",
      listSha256: "SHA-256 Daftar Arsip",
      transferListSha256: "SHA-256 Daftar Arsip yang Dipindahkan",
      pdfSha256: "SHA-256 File PDF",
    },
    itemCount: (count: number) => `${count} arsip`,
    berkasCount: (count: number) => `${count} berkas`,
  },
  notFound: "Berita Acara tidak ditemukan.",
  downloadForbidden: "Anda tidak memiliki akses untuk mengunduh Berita Acara ini.",
} as const;
