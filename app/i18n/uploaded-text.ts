/** Indonesian strings about the text encoding of an uploaded CSV or spreadsheet text. */
export const uploadedText = {
  /** How the dry run names the encoding a file was read in. */
  encodingNames: {
    "UTF-8": "UTF-8",
    "UTF-16LE": "UTF-16 (Unicode, little endian)",
    "UTF-16BE": "UTF-16 (Unicode, big endian)",
    "Windows-1252": "Windows-1252 (ANSI, simpanan 'CSV' Excel di Windows berbahasa Indonesia)",
  },
  readAs: (name: string) =>
    `Berkas dibaca sebagai ${name}. Periksa huruf beraksen (mis. é) dan tanda kutip pada laporan di bawah sebelum mengimpor; bila salah, simpan ulang berkas sebagai "CSV UTF-8".`,
  brokenAfterBom: (encoding: string) =>
    `Berkas diawali penanda ${encoding} (BOM), tetapi isinya bukan teks ${encoding} yang utuh. Simpan ulang berkas sebagai "CSV UTF-8" lalu unggah lagi.`,
  utf16WithoutBom:
    'Berkas tampaknya teks UTF-16 tanpa penanda BOM, sehingga urutan bita-nya tidak dapat dipastikan. Simpan ulang berkas sebagai "CSV UTF-8" lalu unggah lagi.',
  unknownEncoding:
    'Pengodean teks berkas tidak dikenali (bukan UTF-8, UTF-16, maupun Windows-1252); mungkin berkas ini bukan CSV. Simpan ulang berkas sebagai "CSV UTF-8" lalu unggah lagi.',
} as const;
