/**
 * Spreadsheets (.xlsx) built at test time, as Excel writes them: a ZIP of XML parts (fflate's
 * zipSync), never a binary file in the repository. Cells are strings (shared by default, inline
 * when asked), numbers, or dates stored as serial numbers in a date style, so the reader meets
 * every way a real workbook stores a value.
 */
import { strToU8, zipSync } from "fflate";

export type XlsxCell =
  | string
  | number
  | null
  | { inline: string }
  /** A serial number shown through a date style (the style's number format is `dateFormat`). */
  | { serial: number };

export type XlsxSheet = { name: string; rows: XlsxCell[][] };

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const columnName = (index: number): string => (index >= 26 ? columnName(Math.floor(index / 26) - 1) : "") + String.fromCharCode(65 + (index % 26));

/**
 * A workbook of `sheets` (the first is the one an import reads). Shared strings go in
 * sharedStrings.xml (one entry per distinct text, its first one a rich-text item of two runs);
 * dates use custom format 164 (`dateFormat`, default yyyy-mm-dd) at style index 1.
 */
export function xlsxBytes(sheets: XlsxSheet[], options: { dateFormat?: string; date1904?: boolean } = {}): Uint8Array {
  const shared: string[] = [];
  const sharedIndex = (text: string) => {
    const at = shared.indexOf(text);
    return at >= 0 ? at : shared.push(text) - 1;
  };
  const sheetXml = (sheet: XlsxSheet) => {
    const rows = sheet.rows
      .map((row, rowIndex) => {
        const cells = row
          .map((cell, columnIndex) => {
            const reference = `${columnName(columnIndex)}${rowIndex + 1}`;
            if (cell === null || cell === "") return "";
            if (typeof cell === "number") return `<c r="${reference}"><v>${cell}</v></c>`;
            if (typeof cell === "string") return `<c r="${reference}" t="s"><v>${sharedIndex(cell)}</v></c>`;
            if ("inline" in cell) return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${escape(cell.inline)}</t></is></c>`;
            return `<c r="${reference}" s="1"><v>${cell.serial}</v></c>`;
          })
          .join("");
        return cells ? `<row r="${rowIndex + 1}">${cells}</row>` : "";
      })
      .join("");
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
  };
  const worksheets = sheets.map(sheetXml);
  const sharedItems = shared
    .map((text, index) => {
      // The first item as rich text in two runs, with a phonetic guide that is not part of the text.
      if (index === 0 && text.length > 1) {
        const half = Math.ceil(text.length / 2);
        return `<si><r><rPr><b/></rPr><t xml:space="preserve">${escape(text.slice(0, half))}</t></r><r><t xml:space="preserve">${escape(text.slice(half))}</t></r><rPh sb="0" eb="1"><t>ヨミ</t></rPh></si>`;
      }
      return `<si><t xml:space="preserve">${escape(text)}</t></si>`;
    })
    .join("");
  const main = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const parts: Record<string, Uint8Array> = {
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    ),
    "xl/workbook.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${main} xmlns:r="${relationships}"><workbookPr${options.date1904 ? ' date1904="1"' : ""}/><sheets>${sheets
        .map((sheet, index) => `<sheet name="${escape(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
        .join("")}</sheets></workbook>`,
    ),
    // The sheets' files are numbered backwards, so only the workbook's own order says which is first.
    "xl/_rels/workbook.xml.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map((_, index) => `<Relationship Id="rId${index + 1}" Type="${relationships}/worksheet" Target="worksheets/sheet${sheets.length - index}.xml"/>`)
        .join("")}</Relationships>`,
    ),
    "xl/styles.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet ${main}><numFmts count="1"><numFmt numFmtId="164" formatCode="${escape(options.dateFormat ?? "yyyy-mm-dd")}"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ),
    "xl/sharedStrings.xml": strToU8(`<?xml version="1.0" encoding="UTF-8"?><sst ${main} count="${shared.length}" uniqueCount="${shared.length}">${sharedItems}</sst>`),
  };
  worksheets.forEach((xml, index) => (parts[`xl/worksheets/sheet${sheets.length - index}.xml`] = strToU8(xml)));
  return zipSync(parts, { level: 6 });
}

/** Arteri's export headers, as its spreadsheet has them in row 2. */
export const ARTERI_HEADERS = ["No.Arsip", "Tanggal", "Kode Klasifikasi", "Uraian", "Pencipta", "Pengolah", "Lokasi", "Media", "Ket", "Jumlah", "No.Box", "File"];
