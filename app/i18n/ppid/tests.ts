/** The PPID consequence tests (uji konsekuensi). */
export const ppidTests = {
  created: "Uji konsekuensi ditandatangani.",
  title: "Uji Konsekuensi",
  description: "Setiap pengecualian informasi bersandar pada uji konsekuensi yang ditandatangani petugas PPID; yang masih berlaku menjadi Daftar Informasi yang Dikecualikan (DIK) dan diumumkan di halaman DIP.",
  formTitle: "Tandatangani Uji Konsekuensi",
  formNote: "Ditandatangani atas nama Anda. Uji konsekuensi tidak dapat diubah; bila pertimbangannya berubah, tandatangani uji baru.",
  submit: "Tandatangani",
  failed: "Uji konsekuensi belum tersimpan. Periksa isian.",
  empty: "Belum ada uji konsekuensi.",
  fields: {
    information: "Informasi yang dikecualikan",
    legalBasis: "Dasar hukum (mis. Pasal 17 huruf h UU 14/2008)",
    consequences: "Konsekuensi yang timbul bila informasi dibuka",
    validUntil: "Berlaku sampai",
  },
  columns: { information: "Informasi", legalBasis: "Dasar Hukum", validUntil: "Berlaku Sampai", signedBy: "Ditandatangani", status: "Status" },
  inForce: "Berlaku",
  lapsed: "Tidak berlaku",
  signed: (name: string, date: string) => `${name}, ${date}`,
} as const;
