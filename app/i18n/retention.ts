/** The retention clock (Jadwal Retensi Arsip), legal holds (Penahanan) and reappraisal (Dinilai Kembali). */
export const retention = {
  status: {
    AKTIF: "Aktif",
    INAKTIF: "Inaktif",
    JATUH_TEMPO: "Jatuh Tempo",
    DITAHAN: "Ditahan",
    STATIS: "Statis",
    TANPA_KODE: "Tanpa Kode",
  },
  /** JATUH_TEMPO names what it is due for. */
  dueFor: { MUSNAH: "Jatuh Tempo (Musnah)", PERMANEN: "Jatuh Tempo (Serah)", DINILAI_KEMBALI: "Jatuh Tempo (Dinilai Kembali)" },
  disposition: { MUSNAH: "Musnah", PERMANEN: "Permanen", DINILAI_KEMBALI: "Dinilai Kembali" },
  destroyed: "Dimusnahkan",
  refreshDenied: "Anda tidak berhak menghitung ulang status retensi.",
} as const;
