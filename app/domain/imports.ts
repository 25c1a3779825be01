/**
 * Imports of an existing archive: the manifest's columns and how one of its lines becomes the
 * fields of the document form. Pure: the service checks the fields against the database.
 */
import { importMessages } from "../i18n/imports";
import { DAY_MS } from "./time";

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

/** The largest ZIP an import takes (R2's multipart limit is far above; this is the product's). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024 * 1024;
const MIB = 1024 * 1024;
/** R2's smallest part (every part but the last). */
const MIN_PART_BYTES = 5 * MIB;
/** Parts an upload is cut into at most (R2 takes 10,000; fewer, larger parts mean fewer requests). */
const MAX_PARTS = 1_000;
/** The part size for a ZIP of `size` bytes sent in parts: 5 MiB, or whole MiB enough to stay within MAX_PARTS. */
export const importPartSize = (size: number) => Math.max(MIN_PART_BYTES, Math.ceil(size / MAX_PARTS / MIB) * MIB);
/** The largest part any upload asks for (the body cap of the part route). */
export const IMPORT_MAX_PART_BYTES = importPartSize(IMPORT_MAX_BYTES);
/**
 * The largest ZIP one post carries: a request body over 100 MB is refused at Cloudflare's edge,
 * so a larger ZIP goes in parts (which needs JavaScript).
 */
export const IMPORT_POST_MAX_MB = 95;
/**
 * With JavaScript, a ZIP above this goes in parts, with a progress bar and a cancel button
 * (far below the post limit: one post shows no progress worth the name and cannot resume).
 */
export const IMPORT_PARTS_ABOVE_BYTES = 10 * 1024 * 1024;
/** Errors kept in the import's row (the count says how many in all). */
export const MAX_STORED_ERRORS = 1_000;

export type ImportError = { line: number; message: string };

/** MANIFEST: E-Arsip's own columns, header in line 1; ARTERI: Arteri's export as it is, header in line 2. */
export const MANIFEST_FORMATS = ["MANIFEST", "ARTERI"] as const;
export type ManifestFormat = (typeof MANIFEST_FORMATS)[number];

/** One line of the manifest as a document: the form's fields, the owning unit's name, the file's name in the ZIP. */
export type ManifestLine = {
  line: number;
  fields: Record<string, string>;
  /** A category named by its name rather than its id. */
  categoryName: string | null;
  /** The owning unit by name (Super Admin's imports). */
  unitName: string | null;
  file: string | null;
  /** What the line itself says is wrong before any lookup (an Arteri date that is not a date). */
  issues: string[];
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
  physicallocation: "physicalLocation",
  lokasisimpan: "physicalLocation",
  file: "file",
};

const normalized = (header: string) => header.replace(/[\s_.-]/g, "").toLowerCase();

/**
 * Arteri's columns that become fields of their own (see `arteriLineOf`; header names, case and
 * spaces ignored). Arteri has no category: the import's chosen category stands in, or a
 * `Kategori` column added by hand.
 */
const ARTERI_FIELDS = ["noarsip", "kodeklasifikasi", "uraian", "lokasi", "nobox", "kategori", "file"];
/** The headers a file column goes by (Arteri's export names files bare). */
const FILE_HEADERS = ["file", "namafile", "filename", "berkas", "namaberkas", "lampiran"];
/** Headers only Arteri's export has; three of them in line 1 or 2 make a sheet Arteri's. */
const ARTERI_MARKS = ["noarsip", "kodeklasifikasi", "uraian", "pencipta", "pengolah", "lokasi", "nobox"];
/** Kept in the notes with these labels (in this order), then any other column under its own header. */
const ARTERI_NOTES: [string, string][] = [
  ["tanggal", "Tanggal"],
  ["pencipta", "Pencipta"],
  ["pengolah", "Pengolah"],
  ["media", "Media"],
  ["jumlah", "Jumlah"],
  ["ket", "Ket"],
];

/**
 * The lines of a manifest (its rows, as CSV or the first sheet of an XLSX gives them) as document
 * fields, or the header's problem. E-Arsip's columns have their header in line 1; Arteri's
 * export is recognised by its headers (in line 2 as it exports them, or line 1). Line numbers are
 * those a spreadsheet shows.
 */
export function manifestLines(records: string[][]): { lines: ManifestLine[]; headerError: string | null; format: ManifestFormat } {
  const arteriHeader = [0, 1].find((at) => (records[at] ?? []).filter((cell) => ARTERI_MARKS.includes(normalized(cell))).length >= 3);
  if (arteriHeader !== undefined) return { ...arteriLines(records, arteriHeader), format: "ARTERI" };
  const header = (records[0] ?? []).map((cell) => COLUMNS[normalized(cell)] ?? null);
  const missing = ["documentNumber", "title"].filter((column) => !header.includes(column));
  if (!header.includes("year") && !header.includes("date")) missing.push("year");
  if (!header.includes("categoryId") && !header.includes("category")) missing.push("categoryId");
  if (missing.length > 0) return { lines: [], headerError: importMessages.headerMissing(missing), format: "MANIFEST" };
  const lines: ManifestLine[] = [];
  records.slice(1).forEach((record, index) => {
    if (record.every((cell) => cell.trim() === "")) return;
    const cell: Record<string, string> = {};
    header.forEach((column, at) => {
      if (column && !(column in cell)) cell[column] = (record[at] ?? "").trim();
    });
    lines.push(lineOf(index + 2, cell));
  });
  return { lines, headerError: null, format: "MANIFEST" };
}

/** Arteri's rows below its header (at index `headerAt`) as document lines. */
function arteriLines(records: string[][], headerAt: number): { lines: ManifestLine[]; headerError: string | null } {
  const headers = (records[headerAt] ?? []).map((cell) => cell.trim());
  const keys = headers.map((header) => (FILE_HEADERS.includes(normalized(header)) ? "file" : normalized(header)));
  const missing = [
    ["noarsip", "No.Arsip"],
    ["tanggal", "Tanggal"],
    ["uraian", "Uraian"],
  ].flatMap(([key, name]) => (keys.includes(key!) ? [] : [name!]));
  if (missing.length > 0) return { lines: [], headerError: importMessages.headerMissing(missing) };
  const lines: ManifestLine[] = [];
  records.slice(headerAt + 1).forEach((record, index) => {
    if (record.every((cell) => (cell ?? "").trim() === "")) return;
    const cell: Record<string, string> = {};
    const others: string[] = [];
    keys.forEach((key, at) => {
      const value = (record[at] ?? "").trim();
      if (key in cell || !key) return;
      cell[key] = value;
      if (value && !ARTERI_FIELDS.includes(key) && !ARTERI_NOTES.some(([noted]) => noted === key)) others.push(`${headers[at]}: ${value}`);
    });
    lines.push(arteriLineOf(index + headerAt + 2, cell, others));
  });
  return { lines, headerError: null };
}

/** Uraian cut to a title's 255 characters, at a word where it can be. */
function titleOf(uraian: string): string {
  const oneLine = uraian.replace(/\s+/g, " ").trim();
  if (oneLine.length <= 255) return oneLine;
  const cut = oneLine.slice(0, 254);
  const space = cut.lastIndexOf(" ");
  return `${space > 200 ? cut.slice(0, space) : cut}…`;
}

/** One Arteri row as the document form's fields: see the mapping in the README's import section. */
function arteriLineOf(line: number, cell: Record<string, string>, others: string[]): ManifestLine {
  const issues: string[] = [];
  const date = arteriDate(cell.tanggal ?? "");
  if (date === null) issues.push(importMessages.dateInvalid(cell.tanggal ?? ""));
  const uraian = cell.uraian ?? "";
  const title = titleOf(uraian);
  const notes = [
    ...ARTERI_NOTES.flatMap(([key, label]) => {
      const value = key === "tanggal" ? (date ?? cell.tanggal) : cell[key];
      return value ? [`${label}: ${value}`] : [];
    }),
    ...others,
  ];
  const box = cell.nobox ?? "";
  const physicalLocation = [cell.lokasi ?? "", box ? importMessages.box(box) : ""].filter(Boolean).join(", ");
  return {
    line,
    fields: {
      documentNumber: cell.noarsip ?? "",
      title,
      // Uraian whole, then what has no field of its own: all of it searchable and on the page.
      description: [uraian, notes.join("\n")].filter(Boolean).join("\n\n"),
      keywords: title,
      year: date ? date.slice(0, 4) : "",
      accessLevel: "PRIVATE",
      classificationCode: cell.kodeklasifikasi ?? "",
      physicalLocation,
    },
    categoryName: cell.kategori || null,
    // The unit that processes (keeps) the record owns it; the creating unit when none is named.
    unitName: cell.pengolah || cell.pencipta || null,
    file: cell.file || null,
    issues,
  };
}

/**
 * Arteri's Tanggal as YYYY-MM-DD: as it exports it (YYYY-MM-DD, a time after it ignored), as a
 * person retypes it (DD-MM-YYYY or DD/MM/YYYY), or an Excel serial left in a plain number format.
 * Null when it is none of these, or not a real day.
 */
export function arteriDate(value: string): string | null {
  const text = value.trim();
  let year: number, month: number, day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(text);
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) [year, month, day] = [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])];
  else if (/^\d{5}(\.\d+)?$/.test(text)) return excelSerialDate(Number(text)).slice(0, 10);
  else return null;
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return at.toISOString().slice(0, 10);
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * An Excel serial date as YYYY-MM-DD (with HH:MM:SS when it has a time of day). The 1900 system
 * counts a 29 February 1900 that never was (Lotus' bug, kept by Excel): serials from 61 are one
 * day ahead of the calendar. The 1904 system (old Mac workbooks) counts from 1 January 1904.
 */
export function excelSerialDate(serial: number, date1904 = false): string {
  const days = Math.floor(serial);
  const seconds = Math.round((serial - days) * 86_400);
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : days >= 61 ? Date.UTC(1899, 11, 30) : Date.UTC(1899, 11, 31);
  const at = new Date(epoch + days * DAY_MS + seconds * 1000);
  const date = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  return seconds === 0 ? date : `${date} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
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
    ...(cell.physicalLocation ? { physicalLocation: cell.physicalLocation } : {}),
  };
  return {
    line,
    fields,
    categoryName: categoryId ? null : cell.category || null,
    unitName: cell.unitKerja || null,
    file: cell.file || null,
    issues: [],
  };
}

/** The name a file has inside the ZIP, matched without its folders and case (`scans/SK 01.PDF` is `sk 01.pdf`). */
export const zipMatchName = (path: string) => (path.split("/").pop() ?? path).trim().toLowerCase();
