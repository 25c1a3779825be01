// The zod-free half of the berkas domain (its enumerations and the helpers pages render with):
// page components import it without pulling zod into the browser.
import { berkasVocabulary } from "../i18n/berkas-vocabulary";

/** Tingkat perkembangan: what the berkas holds of its records (ANRI's Daftar Arsip column). */
export const DEVELOPMENT_LEVELS = ["ASLI", "SALINAN", "TEMBUSAN", "PETIKAN"] as const;
export type DevelopmentLevel = (typeof DEVELOPMENT_LEVELS)[number];

/** The Daftar Arsip: `?jenis=aktif|inaktif`, Super Admin's `unit`, paged. */
export const DAFTAR_JENIS = ["aktif", "inaktif"] as const;
export type DaftarJenis = (typeof DAFTAR_JENIS)[number];

/** "2019–2021", "2020", or "–" for an empty berkas. */
export function kurunWaktu(startYear: number | null, endYear: number | null): string {
  if (startYear === null || endYear === null) return "–";
  return startYear === endYear ? String(startYear) : `${startYear}–${endYear}`;
}

/** "Boks 12, Rak B-3" from what the records centre recorded; null when nothing was. */
export function locationText(box: string | null, rack: string | null): string | null {
  const parts = [box ? `${berkasVocabulary.location.box} ${box}` : null, rack ? `${berkasVocabulary.location.rack} ${rack}` : null].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}
