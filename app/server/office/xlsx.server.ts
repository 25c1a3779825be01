/**
 * The cells of a spreadsheet (.xlsx) as text, the way a person sees them in Excel: the first
 * sheet of the workbook, shared and inline strings, numbers without binary noise, and dates
 * (stored as serial numbers in a date format) as YYYY-MM-DD. An .xlsx is a ZIP of XML, which
 * fflate opens; nothing heavier is needed, so it runs in the page Worker.
 */
import { unzipSync } from "fflate";
import { InvalidError } from "~/domain/errors";
import { excelSerialDate } from "~/domain/imports";
import { importMessages } from "~/i18n/imports";
import { decodeXmlEntities } from "./xml.server";

/** A workbook whose parts would inflate past this is refused (a manifest is a few megabytes at most). */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

/** Excel's built-in number formats that show a date or time (ECMA-376 §18.8.30, and the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

const unreadable = () => new InvalidError(importMessages.xlsxUnreadable, { file: [importMessages.xlsxUnreadable] });

/** The elements `<name …>…</name>` or `<name …/>` of a part (any namespace prefix): their attributes and content. */
const elementPatterns = new Map<string, RegExp>();
function* elements(xml: string, name: string): Generator<{ attributes: string; content: string }> {
  let pattern = elementPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`<(?:[\\w.-]+:)?${name}\\b([^>]*?)(?:\\/>|>([\\s\\S]*?)<\\/(?:[\\w.-]+:)?${name}>)`, "g");
    elementPatterns.set(name, pattern);
  }
  for (const match of xml.matchAll(pattern)) yield { attributes: match[1] ?? "", content: match[2] ?? "" };
}

const attributePatterns = new Map<string, RegExp>();
const attribute = (attributes: string, name: string): string | null => {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*("([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const match = pattern.exec(attributes);
  return match ? decodeXmlEntities(match[2] ?? match[3] ?? "") : null;
};

/** The text of a string item (`<si>`, `<is>`): its runs' `<t>`, leaving out phonetic guides (`<rPh>`). */
function stringItemText(xml: string): string {
  const withoutPhonetics = xml.replace(/<(?:[\w.-]+:)?rPh\b[\s\S]*?<\/(?:[\w.-]+:)?rPh>/g, "");
  let text = "";
  for (const run of elements(withoutPhonetics, "t")) text += decodeXmlEntities(run.content);
  return text;
}

/** A custom number format shows a date when, its literals and colours aside, it has a day, month, year or hour part. */
function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/\[(?!h\]|m\]|s\])[^\]]*\]/gi, "")
    .split(";")[0]!;
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** For each cell style (`s`, an index into cellXfs) whether it shows its number as a date. */
function dateStyles(styles: string | undefined): boolean[] {
  if (!styles) return [];
  const custom = new Map<number, string>();
  const numFmts = [...elements(styles, "numFmts")][0]?.content ?? "";
  for (const format of elements(numFmts, "numFmt")) custom.set(Number(attribute(format.attributes, "numFmtId")), attribute(format.attributes, "formatCode") ?? "");
  const cellXfs = [...elements(styles, "cellXfs")][0]?.content ?? "";
  return [...elements(cellXfs, "xf")].map((xf) => {
    const id = Number(attribute(xf.attributes, "numFmtId") ?? 0);
    return BUILT_IN_DATE_FORMATS.has(id) || (custom.has(id) && isDateFormatCode(custom.get(id)!));
  });
}

/** A stored number as Excel shows it at most: 15 significant digits, so 0.1 + 0.2 reads 0.3. */
const numberText = (raw: string) => {
  const value = Number(raw);
  return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : raw.trim();
};

/** Column letters of a cell reference (`AB12`) as a 0-based index. */
const columnIndex = (reference: string) => {
  let index = 0;
  for (const letter of reference.toUpperCase().match(/^[A-Z]+/)?.[0] ?? "") index = index * 26 + letter.charCodeAt(0) - 64;
  return index - 1;
};

/** The path of the workbook's first sheet (its order in workbook.xml, through the workbook's relationships). */
function firstSheetPath(files: Record<string, Uint8Array>, text: (name: string) => string | undefined): string | undefined {
  const workbook = text("xl/workbook.xml");
  const relations = text("xl/_rels/workbook.xml.rels");
  const first = workbook ? [...elements(workbook, "sheet")][0] : undefined;
  const id = first ? attribute(first.attributes, "id") : null;
  if (relations && id) {
    for (const relation of elements(relations, "Relationship")) {
      if (attribute(relation.attributes, "Id") !== id) continue;
      const target = attribute(relation.attributes, "Target") ?? "";
      const path = target.startsWith("/") ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, "/");
      if (files[path]) return path;
    }
  }
  // A workbook without usable relationships: the lowest-numbered sheet.
  return Object.keys(files)
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort((a, b) => Number(a.match(/(\d+)\.xml$/)![1]) - Number(b.match(/(\d+)\.xml$/)![1]))[0];
}

/**
 * The first sheet's rows, each an array of its cells' text, at the index of the row a
 * spreadsheet shows minus one (rows without a value are empty arrays, so line numbers stay
 * those the person sees). Refused (InvalidError): not an .xlsx, or a sheet with a value below
 * row `maxRows`.
 */
export function readXlsxRows(bytes: Uint8Array, maxRows: number): string[][] {
  let files: Record<string, Uint8Array>;
  try {
    let inflated = 0;
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!/^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|styles\.xml|worksheets\/[^/]+\.xml)$/.test(file.name)) return false;
        inflated += file.originalSize;
        if (inflated > MAX_UNZIPPED_BYTES) throw new Error("parts too large");
        return true;
      },
    });
  } catch {
    throw unreadable();
  }
  const decoder = new TextDecoder("utf-8");
  const text = (name: string) => (files[name] ? decoder.decode(files[name]) : undefined);
  const sheetPath = firstSheetPath(files, text);
  if (!sheetPath) throw unreadable();
  const workbookPr = [...elements(text("xl/workbook.xml") ?? "", "workbookPr")][0];
  const date1904 = /^(1|true)$/i.test((workbookPr && attribute(workbookPr.attributes, "date1904")) ?? "");
  const sharedStrings = text("xl/sharedStrings.xml");
  const strings = sharedStrings ? [...elements(sharedStrings, "si")].map((item) => stringItemText(item.content)) : [];
  const dates = dateStyles(text("xl/styles.xml"));
  const sheetData = [...elements(text(sheetPath)!, "sheetData")][0]?.content ?? "";

  const rows: string[][] = [];
  let rowNumber = 0;
  for (const row of elements(sheetData, "row")) {
    rowNumber = Number(attribute(row.attributes, "r") ?? rowNumber + 1);
    const cells: string[] = [];
    let column = -1;
    for (const cell of elements(row.content, "c")) {
      const reference = attribute(cell.attributes, "r");
      column = reference ? columnIndex(reference) : column + 1;
      const type = attribute(cell.attributes, "t") ?? "n";
      const raw = [...elements(cell.content, "v")][0]?.content;
      let value: string;
      if (type === "inlineStr") value = stringItemText([...elements(cell.content, "is")][0]?.content ?? "");
      else if (raw === undefined) continue;
      else if (type === "s") value = strings[Number(raw)] ?? "";
      else if (type === "b") value = raw.trim() === "1" ? "TRUE" : "FALSE";
      else if (type === "n") {
        const style = Number(attribute(cell.attributes, "s") ?? 0);
        value = dates[style] && raw.trim() !== "" && Number.isFinite(Number(raw)) ? excelSerialDate(Number(raw), date1904) : numberText(raw);
      } else if (type === "d") value = raw.trim().replace(/T00:00:00(\.0+)?Z?$/, "");
      else value = decodeXmlEntities(raw); // str (a formula's text), e (an error such as #N/A)
      if (value === "") continue;
      cells[column] = value;
    }
    if (cells.length === 0) continue;
    if (rowNumber > maxRows) throw new InvalidError(importMessages.sheetTooLong(maxRows), { file: [importMessages.sheetTooLong(maxRows)] });
    while (rows.length < rowNumber - 1) rows.push([]);
    rows[rowNumber - 1] = Array.from(cells, (value) => value ?? "");
  }
  return rows;
}
