// The document lists' retention filter, apart from the rest of the retention strings: a browser
// chunk carries a whole module, so the lists import this small one.

export const retentionFilterText = {
  label: "Status Retensi",
  all: "Semua status retensi",
  status: {
    AKTIF: "Aktif",
    INAKTIF: "Inaktif",
    JATUH_TEMPO: "Jatuh Tempo",
    DITAHAN: "Ditahan",
    STATIS: "Statis",
    TANPA_KODE: "Tanpa Kode",
  },
} as const;
