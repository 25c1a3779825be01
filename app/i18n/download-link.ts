/** What a download link says when a download ends (the lists' and the document page's 'Unduh'). */
export const downloadLinkText = {
  downloaded: "Dokumen berhasil diunduh!",
  downloadedPublic: (title: string) => `Dokumen "${title}" berhasil diunduh!`,
  downloadFailed: "Gagal mengunduh file",
  networkFailed: "Gagal terhubung ke server. Periksa koneksi internet Anda.",
} as const;
