// What the document pages say of filing and security classes, apart from the classification
// scheme's admin strings: a browser chunk carries a whole module, so the lists and forms of
// documents import this small one.

/** What the document pages say of filing . */
export const filingText = {
  documentCode: "Kode Klasifikasi",
  securityClass: "Klasifikasi Keamanan",
  noCode: "Tanpa kode klasifikasi",
  filterAll: "Semua Klasifikasi",
} as const;

/** The four classes of SKKAAD by name (badges). */
export const securityClassNames = { BIASA: "Biasa/Terbuka", TERBATAS: "Terbatas", RAHASIA: "Rahasia", SANGAT_RAHASIA: "Sangat Rahasia" } as const;

/** The class on the forms: each with a one-line explanation. */
export const securityClassText = {
  label: "Klasifikasi Keamanan",
  followDefault: "Ikuti tingkat akses dan kode klasifikasi",
  followDefaultHint: "Public menjadi Biasa; Private mengikuti klasifikasi kode (Terbatas bila kode tidak menentukan).",
  keepCurrent: (current: string) => `Tetap ${current}`,
  keepCurrentHint: "Berubah hanya bila tingkat akses berpindah: Public menjadi Biasa, dari Public ke Private menjadi Terbatas.",
  names: securityClassNames,
  hints: {
    BIASA: "Terbuka untuk publik: sama dengan tingkat akses Public.",
    TERBATAS: "Metadata untuk pengguna yang login; file untuk unit pemilik dan Super Admin, dapat diminta.",
    RAHASIA: "Seperti Terbatas, tetapi file hanya diunduh (tanpa pratinjau) dan token permintaan berlaku satu kali unduh.",
    SANGAT_RAHASIA: "Hanya unit pemilik dan Super Admin yang mengetahui dokumen ini; tidak dapat diminta.",
  },
  confirmLowering: "Saya mengerti: dokumen dan filenya menjadi terbuka untuk publik.",
  confirmLoweringTitle: "Turunkan ke Biasa?",
} as const;
