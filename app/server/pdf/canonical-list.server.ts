/**
 * The hash that fixes an official record's list (a Berita Acara's, a Daftar Arsip yang
 * Dipindahkan's): pure and free of any PDF library, so the page Worker computes the hash that
 * the PDF, rendered in the processor Worker, prints.
 */

/**
 * The canonical text of a list that an official record's hash covers: one JSON array per item in
 * ascending `position` (JSON.stringify: no spaces, strings NFC-normalized and JSON-escaped), each
 * line ended by "\n". Anyone holding the list can write it again and recompute the hash.
 */
export function canonicalLines<Item extends { position: number }>(items: readonly Item[], fields: (item: Item) => (string | number)[]): string {
  return [...items]
    .sort((a, b) => a.position - b.position)
    .map((item) => `${JSON.stringify(fields(item).map((value) => (typeof value === "string" ? value.normalize("NFC") : value)))}\n`)
    .join("");
}

/** SHA-256 (lowercase hex) of `text` as UTF-8. */
export async function sha256OfText(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
