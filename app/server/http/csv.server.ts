import { withoutInvisibleCharacters } from "~/domain/invisible-characters";

/** CSV in and out (RFC 4180): the exports (audit log, classification scheme, statistics) and the scheme's import. */

/**
 * CSV for spreadsheet programs (RFC 4180: CRLF lines, quoted fields), safe to open: a cell a
 * spreadsheet would run as a formula is prefixed with an apostrophe. Spreadsheets fold
 * compatibility forms (a full-width ＝ is read as =) and skip invisible characters, so the test
 * looks at the text after NFKC normalisation with every default-ignorable code point removed:
 * "\u200B=1+1" and "＝1+1" are defused like "=1+1". The cell itself keeps its characters.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;

export function spreadsheetSafe(text: string): string {
  const seen = withoutInvisibleCharacters(text.normalize("NFKC"));
  return FORMULA_START.test(seen) ? `'${text}` : text;
}

/** A cell always quoted (quotes doubled), formula-safe; null and undefined are empty. */
export function csvQuoted(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return `"${spreadsheetSafe(text).replace(/"/g, '""')}"`;
}

/** A cell quoted only when it must be (a comma, quote or line break), formula-safe. */
export function csvField(value: string): string {
  const safe = spreadsheetSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line (CRLF-terminated) of always-quoted cells. */
export const csvLine = (cells: unknown[]) => `${cells.map(csvQuoted).join(",")}\r\n`;

/**
 * The records of a CSV text: comma- (or semicolon-, as spreadsheets in Indonesian locales save)
 * separated, quoted fields with doubled quotes and line breaks inside quotes, CRLF or LF. A cell
 * an export defused with a leading apostrophe comes back without it.
 */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  let wasQuoted = false;
  const endCell = () => {
    record.push(wasQuoted && cell.startsWith("'") && spreadsheetSafe(cell.slice(1)) === cell ? cell.slice(1) : cell);
    cell = "";
    wasQuoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === "") {
      quoted = true;
      wasQuoted = true;
    } else if (char === separator) endCell();
    else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endCell();
      records.push(record);
      record = [];
    } else cell += char;
  }
  if (cell !== "" || record.length > 0) {
    endCell();
    records.push(record);
  }
  return records;
}
