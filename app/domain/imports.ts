/**
 * Imports of an existing archive: the manifest's columns and how one of its lines becomes the
 * fields of the document form. Pure: the service checks the fields against the database.
 */
import { imports as t } from "../i18n/imports";

export const IMPORT_STATUSES = ["UPLOADING", "CHECKED", "INVALID", "RUNNING", "ROLLING_BACK", "DONE", "FAILED", "CANCELLED"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Statuses after which nothing more happens to an import. */
export const IMPORT_ENDED: readonly ImportStatus[] = ["DONE", "FAILED", "CANCELLED"];

/**
 * Days a dry-run import that was never run keeps its ZIP (counted from the dry run); then the
 * maintenance job deletes the ZIP and ends the import CANCELLED, saying it expired.
 */
export const IMPORT_UNRUN_KEPT_DAYS = 7;

/** Most lines one manifest may have (a bigger archive comes in several imports). */
export const MAX_IMPORT_LINES = 10_000;
/** Errors kept in the import's row (the count says how many in all). */
export const MAX_STORED_ERRORS = 1_000;

export type ImportError = { line: number; message: string };

/** One line of the manifest as a document: the form's fields, the owning unit's name, the file's name in the ZIP. */
export type ManifestLine = {
  line: number;
  fields: Record<string, string>;
  /** A category named by its name rather than its id. */
  categoryName: string | null;
  /** The owning unit by name (Super Admin's imports). */
  unitName: string | null;
  file: string | null;
};

/** The manifest's columns (header names, case and spaces ignored) and the form field each fills. */
const COLUMNS: Record<string, string> = {
  documentnumber: "documentNumber",
  title: "title",
  description: "description",
  year: "year",
  tanggal: "date",
  categoryid: "categoryId",
  category: "category",
  classificationcode: "classificationCode",
  securityclass: "securityClass",
  accesslevel: "accessLevel",
  keywords: "keywords",
  unitkerja: "unitKerja",
  file: "file",
};

const normalized = (header: string) => header.replace(/[\s_.-]/g, "").toLowerCase();

/**
 * The lines of a CSV manifest (its records, the header first) as document fields, or the
 * header's problem. Line numbers are those a spreadsheet shows (the header is line 1).
 */
export function manifestLines(records: string[][]): { lines: ManifestLine[]; headerError: string | null } {
  const header = (records[0] ?? []).map((cell) => COLUMNS[normalized(cell)] ?? null);
  const missing = ["documentNumber", "title"].filter((column) => !header.includes(column));
  if (!header.includes("year") && !header.includes("date")) missing.push("year");
  if (!header.includes("categoryId") && !header.includes("category")) missing.push("categoryId");
  if (missing.length > 0) return { lines: [], headerError: t.headerMissing(missing) };
  const lines: ManifestLine[] = [];
  records.slice(1).forEach((record, index) => {
    if (record.every((cell) => cell.trim() === "")) return;
    const cell: Record<string, string> = {};
    header.forEach((column, at) => {
      if (column && !(column in cell)) cell[column] = (record[at] ?? "").trim();
    });
    lines.push(lineOf(index + 2, cell));
  });
  return { lines, headerError: null };
}

/** A line's cells as the document form's fields (the same defaults an archivist would fill in). */
function lineOf(line: number, cell: Record<string, string>): ManifestLine {
  const date = cell.date ?? "";
  const year = cell.year || (/^\d{4}-\d{2}-\d{2}$/.test(date) ? date.slice(0, 4) : date);
  const securityClass = (cell.securityClass ?? "").toUpperCase().replace(/\s+/g, "_");
  const accessLevel = (cell.accessLevel ?? "").toUpperCase() || (securityClass === "BIASA" ? "PUBLIC" : "PRIVATE");
  const title = cell.title ?? "";
  const categoryId = cell.categoryId ?? "";
  const fields: Record<string, string> = {
    documentNumber: cell.documentNumber ?? "",
    title,
    // The form requires both; a register rarely has them, so the title stands in.
    description: cell.description || title,
    keywords: cell.keywords || title,
    year,
    accessLevel,
    classificationCode: cell.classificationCode ?? "",
    ...(securityClass ? { securityClass } : {}),
    ...(categoryId ? { categoryId } : {}),
  };
  return {
    line,
    fields,
    categoryName: categoryId ? null : cell.category || null,
    unitName: cell.unitKerja || null,
    file: cell.file || null,
  };
}

/** The name a file has inside the ZIP, matched without its folders and case (`scans/SK 01.PDF` is `sk 01.pdf`). */
export const zipMatchName = (path: string) => (path.split("/").pop() ?? path).trim().toLowerCase();
