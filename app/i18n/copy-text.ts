/** Strings of the copy button. */
export const copyText = {
  copy: "Salin",
  copied: "Tersalin",
  copiedStatus: "Disalin ke clipboard.",
  selectedStatus: "Teks dipilih: tekan Ctrl+C untuk menyalin.",
} as const;
