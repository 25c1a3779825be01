import { z } from "zod";
import { classificationValidation as v } from "../i18n/classification-validation";
import { createListQuerySchema } from "./list-query";
import { SECURITY_CLASSES, type SecurityClass } from "./security-classes";
import { blankToUndefined } from "./form-input";

/**
 * Classification codes (klasifikasi arsip): segments of capital letters and digits joined by
 * '.', a child extending its parent's code ('PP' > 'PP.01' > 'PP.01.02'). The shape is what lets
 * a code and everything below it be one range of the code index.
 */
export const CODE_PATTERN = /^[A-Z0-9]{1,10}(\.[A-Z0-9]{1,10}){0,5}$/;

export const FINAL_DISPOSITIONS = ["MUSNAH", "PERMANEN", "DINILAI_KEMBALI"] as const;
export type FinalDisposition = (typeof FINAL_DISPOSITIONS)[number];

/** The parent a code names by its shape ('PP.01.02' → 'PP.01'), or null for a top-level code. */
export const parentCodeOf = (code: string): string | null => (code.includes(".") ? code.slice(0, code.lastIndexOf(".")) : null);

/**
 * The subtree rule, written once: a code and every code below it are one range of the code
 * index, from the code up to (not including) the code followed by '/'. Inside the subtree what
 * follows the code is '.', which sorts before '/'; any other continuation ('PP.010' is not below
 * 'PP.01', 'PP.01A' neither) sorts at or after it. The SQL reading is `inCodeSubtree`
 * (app/server/classification/queries.server.ts).
 */
export const SUBTREE_END = "/";
export type CodeRange = { from: string; to: string };
export const codeSubtree = (code: string): CodeRange => ({ from: code, to: `${code}${SUBTREE_END}` });
/** Is `code` the code `root` or a code below it? */
export const isInSubtree = (code: string, root: string): boolean => {
  const range = codeSubtree(root);
  return code >= range.from && code < range.to;
};
/** The codes whose subtree holds `code`: the code and every code above it ('PP.01.02' → PP, PP.01, PP.01.02). */
export const codeAndAncestors = (code: string): string[] => code.split(".").map((_, i, parts) => parts.slice(0, i + 1).join("."));

/** A classification code as the pages and the API show it. */
export type ClassificationView = {
  id: number;
  code: string;
  parentCode: string | null;
  name: string;
  description: string;
  securityClass: SecurityClass;
  retentionActiveYears: number;
  retentionInactiveYears: number;
  finalDisposition: FinalDisposition;
  legalBasis: string;
  depth: number;
  documents: number;
  children: number;
  updatedAt: string;
};

/** A code as a document form's select offers it (grouped by its top-level code). */
export type ClassificationOption = { code: string; name: string; securityClass: SecurityClass; group: string };

/** Whole years 0..100; blank is "missing", anything else that is not a whole number is out of range. */
const years = (required: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN) : value),
    z.number({ error: (issue) => (issue.input === undefined ? required : v.yearsRange) }).int(v.yearsRange).min(0, v.yearsRange).max(100, v.yearsRange),
  );

/** The code form (create and update) and one CSV row: the same rules. */
export const ClassificationSchema = z.object({
  code: z.string({ error: v.codeRequired }).trim().toUpperCase().min(1, v.codeRequired).regex(CODE_PATTERN, v.codeFormat),
  name: z.string({ error: v.nameRequired }).trim().min(1, v.nameRequired).max(200, v.nameMax),
  description: z.preprocess(blankToUndefined, z.string().trim().max(1000, v.descriptionMax).optional()),
  securityClass: z.enum(SECURITY_CLASSES, { error: v.securityClassInvalid }),
  retentionActiveYears: years(v.retentionActiveRequired),
  retentionInactiveYears: years(v.retentionInactiveRequired),
  finalDisposition: z.enum(FINAL_DISPOSITIONS, { error: v.finalDispositionInvalid }),
  legalBasis: z.preprocess(blankToUndefined, z.string().trim().max(500, v.legalBasisMax).optional()),
});
export type ClassificationInput = z.infer<typeof ClassificationSchema>;

export const CLASSIFICATION_SORTS = ["code", "name", "updatedAt"] as const;
/** `/app/klasifikasi`: `?q=` (code or name), sorted by code (the tree's order) by default. */
export const ClassificationListQuerySchema = createListQuerySchema({ sorts: CLASSIFICATION_SORTS, defaultSort: "code", defaultDir: "asc" });
export type ClassificationListQuery = z.infer<typeof ClassificationListQuerySchema>;

/** The CSV columns of import and export, in order (a university's JRA table's own words). */
export const CSV_COLUMNS = [
  "kode",
  "nama",
  "deskripsi",
  "klasifikasi_keamanan",
  "retensi_aktif",
  "retensi_inaktif",
  "keterangan_akhir",
  "dasar_hukum",
] as const;
