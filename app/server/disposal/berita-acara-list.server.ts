/**
 * What a Berita Acara lists and the hash that fixes it: pure, so the execution (in the page
 * Worker's queue consumer) computes the hash the PDF (rendered in the processor Worker) prints.
 */
import { canonicalLines, sha256OfText } from "../pdf/canonical-list.server";

/** One listed record, as the list recorded it (and as `listSha256Of` hashes it). */
export type BeritaAcaraItem = {
  position: number;
  classificationCode: string;
  title: string;
  documentNumber: string;
  year: number;
  fileCount: number;
};

/**
 * The canonical serialization of a list that `listSha256Of` hashes: the items in ascending
 * `position`, each written as the JSON array
 * `[position, classificationCode, title, documentNumber, year, fileCount]` (JSON.stringify: no
 * spaces, strings NFC-normalized and JSON-escaped), one item per line, every line ended by "\n",
 * the whole encoded as UTF-8. Anyone holding the list (e.g. its CSV) can recompute the hash.
 */
export function canonicalListText(items: readonly BeritaAcaraItem[]): string {
  return canonicalLines(items, (item) => [item.position, item.classificationCode, item.title, item.documentNumber, item.year, item.fileCount]);
}

/** SHA-256 (lowercase hex) of `canonicalListText(items)`: the hash the PDF and the verification page show. */
export function listSha256Of(items: readonly BeritaAcaraItem[]): Promise<string> {
  return sha256OfText(canonicalListText(items));
}
