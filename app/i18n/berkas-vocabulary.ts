/** Berkas words that pages and the server share: where a moved berkas is kept, its level of development. */
export const berkasVocabulary = {
  location: { box: "Boks", rack: "Rak" },
  developmentLevels: { ASLI: "Asli", SALINAN: "Salinan", TEMBUSAN: "Tembusan", PETIKAN: "Petikan" } as Record<string, string>,
} as const;
