/**
 * What a Daftar Arsip yang Dipindahkan lists and the hash that fixes it: pure, so the acceptance
 * (in the page Worker) computes the hash that the Berita Acara Pemindahan, rendered in the
 * processor Worker, prints.
 */
import { canonicalLines, sha256OfText } from "../pdf/canonical-list.server";

/** One moved berkas as the Daftar Arsip yang Dipindahkan lists it (and `transferListSha256Of` hashes it). */
export type MovedBerkas = {
  position: number;
  berkasNumber: string;
  classificationCode: string;
  title: string;
  /** Kurun waktu, e.g. "2019–2021". */
  period: string;
  itemCount: number;
  developmentLevel: string;
  /** "Boks 12, Rak B-3", or "" for a berkas without paper. */
  location: string;
};

/**
 * The canonical text the list hash covers: one JSON array per berkas in position order,
 * `[position, berkasNumber, classificationCode, title, period, itemCount, developmentLevel,
 * location]` (strings NFC), each line ended by "\n"; anyone holding the list can recompute it.
 */
export function canonicalTransferList(items: readonly MovedBerkas[]): string {
  return canonicalLines(items, (item) => [
    item.position,
    item.berkasNumber,
    item.classificationCode,
    item.title,
    item.period,
    item.itemCount,
    item.developmentLevel,
    item.location,
  ]);
}

export const transferListSha256Of = (items: readonly MovedBerkas[]): Promise<string> => sha256OfText(canonicalTransferList(items));
