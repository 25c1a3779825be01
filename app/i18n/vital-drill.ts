/** How a restore drill ended: the document's vital-record section and the dashboard's card both say it. */
export const vitalDrillOutcome: Record<string, string> = { OK: "Berhasil", MISMATCH: "Gagal (SHA-256 tidak cocok)", MISSING: "Gagal (salinan tidak ada)" };
