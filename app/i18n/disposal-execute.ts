/** A disposal list's 'Laksanakan' confirmation, loaded with its dialog when the URL opens it (`?dialog=execute`). */
export const disposalExecuteText = {
  title: "Laksanakan daftar?",
  question: (kind: string) =>
    kind === "MUSNAH"
      ? "File arsip yang disetujui akan dimusnahkan secara permanen dan Berita Acara Pemusnahan diterbitkan. Tindakan ini tidak dapat dibatalkan."
      : "Arsip yang disetujui akan menjadi Statis (hanya baca) dan Berita Acara Penyerahan Arsip Statis diterbitkan.",
  confirm: "Laksanakan",
  executing: "Melaksanakan…",
  cancel: "Batal",
} as const;
