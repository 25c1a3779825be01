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
