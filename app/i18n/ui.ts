/** Strings of the shared UI every page may show (form kit, dialog, error pages, breadcrumb, skip link). */
export const ui = {
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
  /** The crumb of an id no page named (an unknown document, a page that failed to load): never the raw id. */
  breadcrumbRecord: "Detail",
  a11y: {
    skipToContent: "Lewati ke konten utama",
    menu: "Menu navigasi",
  },
} as const;
