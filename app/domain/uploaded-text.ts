import { uploadedText as t } from "../i18n/uploaded-text";
import { InvalidError } from "./errors";

/**
 * The one reader of uploaded text files (CSV, tab-separated text of a spreadsheet) for every
 * import: the classification scheme now, the bulk, ZIP and Arteri imports next. Pure: the same
 * bytes always give the same text, in the browser, in workerd and in Node.
 */

export const UPLOADED_TEXT_ENCODINGS = ["UTF-8", "UTF-16LE", "UTF-16BE", "Windows-1252"] as const;
export type UploadedTextEncoding = (typeof UPLOADED_TEXT_ENCODINGS)[number];
export type DecodedText = { text: string; encoding: UploadedTextEncoding };

const BOMS: { bytes: number[]; encoding: UploadedTextEncoding; label: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: "UTF-8", label: "utf-8" },
  { bytes: [0xff, 0xfe], encoding: "UTF-16LE", label: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "UTF-16BE", label: "utf-16be" },
];

/** The five bytes Windows-1252 leaves unassigned (WHATWG maps them to C1 controls). */
const UNASSIGNED_1252 = /[\u0081\u008d\u008f\u0090\u009d]/;

/**
 * The text of an uploaded file and the encoding it was read in:
 * - a byte order mark names it (UTF-8, UTF-16 LE or BE), and the text after it must be whole;
 * - without one, text that is valid UTF-8 is UTF-8 (ASCII included);
 * - anything else is read as Windows-1252, what Excel's "CSV" writes on an Indonesian (or any
 *   Western) Windows, so 'é' stays 'é' instead of becoming '�'. The caller shows which
 *   encoding it read, so a person can see that the letters came out right.
 * Refused (InvalidError naming the encoding): a file broken after its BOM, UTF-16 without a BOM
 * (NUL bytes: its byte order cannot be known), and bytes Windows-1252 does not assign.
 */
export function decodeUploadedText(bytes: Uint8Array): DecodedText {
  const bom = BOMS.find((candidate) => candidate.bytes.every((byte, index) => bytes[index] === byte));
  if (bom) {
    try {
      // The decoder drops the BOM itself.
      return { text: new TextDecoder(bom.label, { fatal: true }).decode(bytes), encoding: bom.encoding };
    } catch {
      throw new InvalidError(t.brokenAfterBom(bom.encoding));
    }
  }
  if (bytes.includes(0)) throw new InvalidError(t.utf16WithoutBom);
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "UTF-8" };
  } catch {
    const text = new TextDecoder("windows-1252").decode(bytes);
    if (UNASSIGNED_1252.test(text)) throw new InvalidError(t.unknownEncoding);
    return { text, encoding: "Windows-1252" };
  }
}
