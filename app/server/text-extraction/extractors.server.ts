/**
 * Text out of a stored file's bytes: PDF text layers (unpdf, pdf.js' serverless build), the XML
 * of DOCX/XLSX/PPTX (fflate), plain text as UTF-8. Pure apart from the libraries: no D1, no R2.
 * The caps bound what one file costs the consumer and the index.
 */
import { unzipSync } from "fflate";

/** At most this many PDF pages are read; the rest is cut (`truncated`). */
export const MAX_PAGES = 200;
/** At most this many bytes of UTF-8 text are kept per file; the rest is cut (`truncated`). */
export const MAX_TEXT_BYTES = 1_000_000;
/** Larger files are not read at all (a Worker has 128 MB of memory): FAILED with the reason. */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** An office file whose entries would inflate past this is treated as unreadable (a zip bomb). */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

export type Extraction =
  | { kind: "text"; body: string; pages: number | null; truncated: boolean }
  /** No text layer (a scan, an image) or a type without text (audio, video): 'Tanpa teks (perlu OCR)'. */
  | { kind: "no_text"; pages: number | null };

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

const OFFICE = {
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
} as const;

export async function extractText(bytes: Uint8Array, mimeType: string, ocr: Ocr | null = null): Promise<Extraction> {
  if (mimeType === "application/pdf") {
    const pdf = await extractPdf(bytes);
    if (pdf.kind === "no_text" && ocr) return (await recognized(ocr, bytes, mimeType, pdf.pages)) ?? pdf;
    return pdf;
  }
  if (mimeType in OFFICE) return fromText(extractOffice(bytes, OFFICE[mimeType as keyof typeof OFFICE]), null, false);
  if (mimeType.startsWith("text/")) return fromText(new TextDecoder("utf-8").decode(bytes), null, false);
  if (mimeType.startsWith("image/") && ocr) return (await recognized(ocr, bytes, mimeType, null)) ?? { kind: "no_text", pages: null };
  // Images without OCR, audio, video, legacy binary office formats: nothing to read here.
  return { kind: "no_text", pages: null };
}

async function recognized(ocr: Ocr, bytes: Uint8Array, mimeType: string, pages: number | null): Promise<Extraction | null> {
  const text = await ocr.recognize(bytes, mimeType);
  return text && text.trim() ? fromText(text, pages, false) : null;
}

/** Normalised text within MAX_TEXT_BYTES; an empty result is 'no text'. */
function fromText(raw: string, pages: number | null, cut: boolean): Extraction {
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

async function extractPdf(bytes: Uint8Array): Promise<Extraction> {
  // Loaded here, not at the top: only the queue consumer pays for pdf.js.
  const { getDocumentProxy } = await import("unpdf");
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: true, verbosity: 0 });
  } catch (error) {
    throw new UnreadableFileError((error as { name?: string })?.name === "PasswordException" ? "encryptedPdf" : "unreadablePdf", error);
  }
  try {
    const pages = pdf.numPages;
    const read = Math.min(pages, MAX_PAGES);
    const parts: string[] = [];
    let bytesSoFar = 0;
    for (let number = 1; number <= read && bytesSoFar <= MAX_TEXT_BYTES; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");
      page.cleanup();
      parts.push(text);
      bytesSoFar += text.length;
    }
    return fromText(parts.join("\n\n"), pages, pages > MAX_PAGES);
  } catch (error) {
    throw new UnreadableFileError("unreadablePdf", error);
  } finally {
    await pdf.cleanup();
  }
}

/** Which entries of the package hold the text, in reading order. */
function officeEntries(kind: "docx" | "xlsx" | "pptx", name: string): boolean {
  if (kind === "docx") return /^word\/(document|footnotes|endnotes|header\d*|footer\d*)\.xml$/.test(name);
  if (kind === "xlsx") return name === "xl/sharedStrings.xml" || /^xl\/worksheets\/sheet\d+\.xml$/.test(name);
  return /^ppt\/(slides\/slide\d+|notesSlides\/notesSlide\d+)\.xml$/.test(name);
}

const entryOrder = (name: string) => {
  const main = /(document|sharedStrings)\.xml$/.test(name) ? 0 : 1;
  return [main, Number(name.match(/(\d+)\.xml$/)?.[1] ?? 0), name] as const;
};

function extractOffice(bytes: Uint8Array, kind: "docx" | "xlsx" | "pptx"): string {
  let files: Record<string, Uint8Array>;
  try {
    let inflated = 0;
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!officeEntries(kind, file.name)) return false;
        inflated += file.originalSize;
        if (inflated > MAX_UNZIPPED_BYTES) throw new Error("entries too large");
        return true;
      },
    });
  } catch (error) {
    throw new UnreadableFileError("unreadableOffice", error);
  }
  const names = Object.keys(files).sort((a, b) => {
    const [ma, na, sa] = entryOrder(a);
    const [mb, nb, sb] = entryOrder(b);
    return ma - mb || na - nb || sa.localeCompare(sb);
  });
  if (kind === "docx" && !names.includes("word/document.xml")) throw new UnreadableFileError("unreadableOffice");
  const decoder = new TextDecoder("utf-8");
  return names.map((name) => xmlText(decoder.decode(files[name]!))).join("\n\n");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    if (entity[0] !== "#") return ENTITIES[entity.toLowerCase()] ?? "";
    const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });

/**
 * The visible text of an Office Open XML part: the content of its text runs (`w:t`, `a:t`, `t`),
 * paragraphs, rows and cells as line breaks and tabs. Markup and attributes never reach the text.
 */
export function xmlText(xml: string): string {
  const out: string[] = [];
  const tokens = /<(\/?)([A-Za-z][\w.-]*:)?([A-Za-z][\w.-]*)\b[^>]*?(\/?)>|([^<]+)/g;
  let inText = false;
  for (const match of xml.matchAll(tokens)) {
    const [, closing, , local, selfClosing, content] = match;
    if (content !== undefined) {
      if (inText) out.push(decodeEntities(content));
      continue;
    }
    if (local === "t") inText = !closing && !selfClosing;
    else if (!closing && local === "tab") out.push("\t");
    else if (!closing && (local === "br" || local === "cr")) out.push("\n");
    else if (closing && (local === "p" || local === "si" || local === "row")) out.push("\n");
    else if (closing && (local === "tc" || local === "c")) out.push("\t");
  }
  return out.join("");
}
