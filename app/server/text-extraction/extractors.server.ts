/**
 * Text out of a stored file's bytes: PDF text layers (unpdf, pdf.js' serverless build), the XML
 * of DOCX/XLSX/PPTX (fflate), plain text as UTF-8. Pure apart from the libraries: no D1, no R2.
 * It runs in the processor Worker (workers/processor.ts), never in the page Worker: pdf.js is
 * heavy. The caps and the text's normalisation live in extracted-text.server.ts, which both use.
 */
import { unzipSync } from "fflate";
import { decodeXmlEntities } from "../office/xml.server.ts";
import { fromText, MAX_PAGES, MAX_TEXT_BYTES, OFFICE, UnreadableFileError, type Extraction } from "./extracted-text.server.ts";

export { capBytes, MAX_FILE_BYTES, MAX_PAGES, MAX_TEXT_BYTES, UnreadableFileError, type Extraction, type Ocr } from "./extracted-text.server.ts";

/** An office file whose entries would inflate past this is treated as unreadable (a zip bomb). */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

export async function extractText(bytes: Uint8Array, mimeType: string): Promise<Extraction> {
  if (mimeType === "application/pdf") return extractPdf(bytes);
  if (mimeType in OFFICE) return fromText(extractOffice(bytes, OFFICE[mimeType as keyof typeof OFFICE]), null, false);
  if (mimeType.startsWith("text/")) return fromText(new TextDecoder("utf-8").decode(bytes), null, false);
  return { kind: "no_text", pages: null };
}

/**
 * What the processor answers for one file: its text (or that it has none), or that the file cannot
 * be read (corrupt, encrypted; as a value, since an error's class does not cross a Worker boundary).
 */
export type ProcessedText = Extraction | { kind: "unreadable"; reason: UnreadableFileError["reason"] };

/** `extractText` without OCR, its refusals as values: the processor Worker's method. */
export async function processText(bytes: Uint8Array, mimeType: string): Promise<ProcessedText> {
  try {
    return await extractText(bytes, mimeType);
  } catch (error) {
    if (error instanceof UnreadableFileError) return { kind: "unreadable", reason: error.reason };
    throw error;
  }
}

async function extractPdf(bytes: Uint8Array): Promise<Extraction> {
  // Loaded here, not at the top: an office or text file never pays for pdf.js.
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
      if (inText) out.push(decodeXmlEntities(content));
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
