/**
 * What a file's extracted text is, and the caps that bound it: shared by the extractors (in the
 * processor Worker) and the queue consumer (in the page Worker), which must not load pdf.js.
 * Pure: no library, no binding.
 */

/** At most this many PDF pages are read; the rest is cut (`truncated`). */
export const MAX_PAGES = 200;
/** At most this many bytes of UTF-8 text are kept per file; the rest is cut (`truncated`). */
export const MAX_TEXT_BYTES = 1_000_000;
/** Larger files are not read at all (a Worker has 128 MB of memory): FAILED with the reason. */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

export type Extraction =
  | { kind: "text"; body: string; pages: number | null; truncated: boolean }
  /** No text layer (a scan, an image) or a type without text (audio, video): 'Tanpa teks (perlu OCR)'. */
  | { kind: "no_text"; pages: number | null };

/** The Office Open XML types whose text is read. */
export const OFFICE = {
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
} as const;

/** Does a file of this type hold text to read (the rest: images, audio, video, legacy binary office)? */
export const hasReadableText = (mimeType: string) => mimeType === "application/pdf" || mimeType in OFFICE || mimeType.startsWith("text/");

/** The file itself cannot be read (corrupt, encrypted): retrying will not help. */
export class UnreadableFileError extends Error {
  // A plain field, not a parameter property: the extraction bench loads this module in Node's
  // type-stripping mode, which has no parameter properties.
  readonly reason: "unreadablePdf" | "encryptedPdf" | "unreadableOffice";
  constructor(reason: UnreadableFileError["reason"], cause?: unknown) {
    super(reason, { cause });
    this.reason = reason;
  }
}

/** Optional OCR for files without a text layer (see ocr.server.ts); null when none is configured. */
export type Ocr = { recognize(bytes: Uint8Array, mimeType: string): Promise<string | null> };

/** OCR's reading of a file without a text layer, as an extraction (null: it read nothing). */
export async function recognized(ocr: Ocr, bytes: Uint8Array, mimeType: string, pages: number | null): Promise<Extraction | null> {
  const text = await ocr.recognize(bytes, mimeType);
  return text && text.trim() ? fromText(text, pages, false) : null;
}

/** Normalised text within MAX_TEXT_BYTES; an empty result is 'no text'. */
export function fromText(raw: string, pages: number | null, cut: boolean): Extraction {
  const text = raw.replace(/\r\n?/g, "\n").replace(/[ \t\f\v\u00a0]+/g, " ").replace(/ *\n */g, "\n").replace(/\n{3,}/g, "\n\n").trim();
  if (!text) return { kind: "no_text", pages };
  const { body, truncated } = capBytes(text);
  return { kind: "text", body, pages, truncated: truncated || cut };
}

/** The longest prefix of `text` within MAX_TEXT_BYTES of UTF-8, never splitting a character. */
export function capBytes(text: string): { body: string; truncated: boolean } {
  const encoded = new TextEncoder().encode(text);
  if (encoded.length <= MAX_TEXT_BYTES) return { body: text, truncated: false };
  let end = MAX_TEXT_BYTES;
  while (end > 0 && (encoded[end]! & 0xc0) === 0x80) end--;
  return { body: new TextDecoder().decode(encoded.subarray(0, end)), truncated: true };
}
