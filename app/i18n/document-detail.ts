/** What a document's page says beyond the shared document strings: its buttons (the delete dialog's words are `document-delete`), the owner unit, and what a record that has left answers (the signed-in and the public page; its tombstone's own words are `tombstone`). */
export const documentDetailText = {
  update: "Update",
  delete: "Delete",
  noAccess: "Anda tidak memiliki Akses terhadap dokumen ini.",
  noOwnerUnit: "Belum ada (permintaan akses dijawab Super Admin)",
  ownerUnit: "Unit Kerja Pemilik",
  notFound: "Dokumen tidak ditemukan.",
  /** The public document page. */
  publicDocument: {
    metadata: "Informasi dokumen",
    backToList: "Semua Dokumen",
  },
  /** The button that opens the access-request dialog (the dialog says the rest: `access-request-dialogs`). */
  requestAccess: "Request Document",
  gone: "Dokumen ini sudah tidak ada di arsip.",
} as const;

/** What the server says on a document's page (never in a page's browser bundle): why a signed-in user sees no file on a PRIVATE document (the file row shows it). */
export const documentDetailMessages = {
  /** Why a signed-in user sees no file on a PRIVATE document (the file row says so). */
  fileClosed: {
    base: (owner: string | null) =>
      `File dokumen PRIVATE hanya dapat dibuka oleh ${owner ? `unit kerja pemiliknya (${owner})` : "unit kerja pemiliknya"} dan Super Admin.`,
    viewer: "Akun Viewer tidak dapat mengajukan permintaan akses; hubungi unit kerja pemilik bila Anda memerlukan file ini.",
    request: "Ajukan permintaan akses dengan tombol 'Request Document'; setelah disetujui, file dapat diunduh dalam 1x24 jam.",
    pending: "Permintaan akses Anda sudah tercatat; statusnya ada di bawah.",
    other: "Akun Anda tidak dapat mengajukan permintaan akses untuk dokumen ini.",
  },
} as const;
