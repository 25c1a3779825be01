import type { TextStatus } from "~/domain/text-extraction";
import { textFilterText } from "./text-filter";

/** Text extraction: the status on the detail page, 'Indeks ulang', the list filter, failure reasons. */
export const textExtraction = {
  heading: "Status teks",
  status: {
    PENDING: "Menunggu",
    INDEXED: "Terindeks",
    NO_TEXT: "Tanpa teks (perlu OCR)",
    FAILED: "Gagal",
  } satisfies Record<TextStatus, string>,
  hint: {
    PENDING: "Teks file sedang menunggu diekstrak; dokumen tetap dapat dibuka seperti biasa.",
    INDEXED: "Teks file sudah diekstrak dan dapat dicari.",
    NO_TEXT: "File ini tidak memiliki lapisan teks (misalnya hasil pindaian); isinya perlu OCR agar dapat dicari.",
    FAILED: "Teks file tidak dapat diekstrak.",
  } satisfies Record<TextStatus, string>,
  pages: (pages: number) => `${pages} halaman`,
  truncated: "Teks dipotong pada batas ekstraksi.",
  reason: (error: string) => `Alasan: ${error}`,
  reindex: "Indeks ulang",
  reindexBusy: "Mengantrekan...",
  reindexed: "Dokumen diantrekan untuk ekstraksi teks ulang.",
  reindexFailed: "Dokumen gagal diantrekan ulang.",
  denied: "Anda tidak memiliki izin untuk mengindeks ulang dokumen ini.",
  filter: textFilterText,
  // Short reasons stored in archive_texts.error (shown after 'Alasan:').
  errors: {
    missingObject: "File tidak ditemukan di penyimpanan.",
    tooLarge: (mb: number) => `File lebih besar dari ${mb} MB, batas ekstraksi teks.`,
    unreadablePdf: "PDF rusak atau tidak dapat dibaca.",
    encryptedPdf: "PDF terkunci kata sandi.",
    unreadableOffice: "File Office rusak atau tidak dapat dibaca.",
    unexpected: "Ekstraksi gagal setelah beberapa percobaan.",
  },
} as const;
