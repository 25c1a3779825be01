/** Legal holds (Penahanan) on a document or a classification code: the forms, the trash's labels and the outcomes. Apart from `retention`, so the trash and the classification pages load only these. */
export const retentionHold = {
  heading: "Penahanan",
  place: "Tahan Dokumen",
  placeCode: "Tahan Kode Ini",
  release: "Lepas Penahanan",
  reason: "Alasan penahanan",
  releaseReason: "Alasan pelepasan",
  reasonHint: "Misalnya nomor perkara, audit, atau permintaan yang mengharuskan arsip disimpan.",
  codeHint: "Penahanan kode berlaku untuk kode ini dan semua kode di bawahnya.",
  codeActive: (code: string, reason: string) => `Kode ${code} sedang ditahan: ${reason}`,
  releaseTitle: "Lepas Penahanan",
  releaseConfirm: (title: string) => `Lepaskan penahanan dokumen "${title}"? Setelah dilepas, dokumen dapat dipulihkan atau dihapus permanen seperti dokumen lain di Sampah.`,
} as const;

/** What the server answers about holds: outcomes (toasts), refusals and the audit's wording (never in a page's browser bundle). */
export const retentionHoldMessages = {
  placed: "Penahanan dipasang. Dokumen tidak akan diusulkan musnah atau dihapus permanen.",
  placedCode: (code: string) => `Penahanan dipasang pada kode ${code} dan semua kode di bawahnya.`,
  released: "Penahanan dilepas.",
  releasedCode: (code: string) => `Penahanan pada kode ${code} dilepas.`,
  denied: "Hanya Super Admin yang dapat memasang atau melepas penahanan.",
  alreadyHeld: "Dokumen ini sudah ditahan.",
  alreadyHeldCode: "Kode ini sudah ditahan.",
  notHeld: "Dokumen ini tidak memiliki penahanan sendiri untuk dilepas.",
  notHeldCode: "Kode ini tidak sedang ditahan.",
  documentTarget: (title: string) => `dokumen "${title}"`,
  codeTarget: (code: string) => `kode klasifikasi ${code} (beserta kode di bawahnya)`,
  purgeBlocked: (title: string) => `Dokumen "${title}" sedang ditahan (Penahanan) sehingga tidak dapat dihapus permanen. Lepaskan penahanannya terlebih dahulu.`,
  trashBlocked: (title: string, reason: string) =>
    `Dokumen "${title}" sedang ditahan (Penahanan: ${reason}) dan harus disimpan apa adanya, sehingga tidak dapat dipindahkan ke Sampah. Lepaskan penahanannya terlebih dahulu.`,
  trashBlockedByCode: (title: string, code: string, reason: string) =>
    `Dokumen "${title}" ditahan melalui kode klasifikasi ${code} (Penahanan: ${reason}) dan harus disimpan apa adanya, sehingga tidak dapat dipindahkan ke Sampah. Penahanan dilepas pada kode tersebut.`,
};
