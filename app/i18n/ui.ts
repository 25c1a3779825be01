/** Strings of the shared UI kits (lists, forms, error pages, breadcrumb). */
export const ui = {
  list: {
    searchLabel: "Cari",
    apply: "Terapkan",
    pageSize: "Tampilkan",
    previous: "Previous",
    next: "Next",
    showing: (shown: number, total: number) => `Showing ${shown} of ${total} entries`,
    empty: "Tidak ada data yang cocok.",
    pagination: "Pagination",
    sortBy: "Urutkan",
  },
  form: {
    required: "wajib",
  },
  dialog: {
    close: "Tutup",
  },
  errors: {
    notFoundTitle: "Tidak Ditemukan",
    badRequestTitle: "Permintaan Tidak Valid",
  },
  breadcrumbRoot: "Dashboard",
  publicDocument: {
    metadata: "Informasi dokumen",
    backToList: "Semua Dokumen",
    opensInNewTab: "(membuka tab baru)",
  },
  a11y: {
    skipToContent: "Lewati ke konten utama",
    menu: "Menu navigasi",
  },
} as const;
