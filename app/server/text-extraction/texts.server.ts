import type { ServiceContext } from "../context.server";

/**
 * Where extracted texts live: R2, one object per extraction (migration 0027), named in
 * `archive_texts.text_key`. The catalogue's D1 keeps only the full-text index of a text, never
 * the text itself, so a million documents fit one database; snippets read the texts of a page's
 * rows only.
 */

/** A fresh key per extraction: a late write of an older extraction can never overwrite a newer text. */
export const textKeyOf = (archiveId: number, fileId: number) => `texts/${archiveId}/${fileId}/${crypto.randomUUID()}.txt`;

export async function storeText(ctx: Pick<ServiceContext, "files">, key: string, body: string): Promise<void> {
  await ctx.files.put(key, body, { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
}

/** How much of a text a snippet looks at: its first 256 KiB (a page of rows stays cheap, whatever their size). */
export const SNIPPET_SCAN_BYTES = 256 * 1024;

/** The start of a stored text (null when the object is gone), for a snippet. */
export async function readStoredText(ctx: Pick<ServiceContext, "files">, key: string): Promise<string | null> {
  const object = await ctx.files.get(key, { range: { offset: 0, length: SNIPPET_SCAN_BYTES } });
  return object ? object.text() : null;
}
