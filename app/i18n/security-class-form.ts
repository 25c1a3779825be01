import { securityClassNames } from "./filing";

// Apart from `filing`: the lists and the document page name a class, only the forms explain it.

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
