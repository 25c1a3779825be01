import type { SecurityClass } from "./security-classes";

// The zod-free half of the classification domain (code shape, dispositions, view types, sorts):
// page components import it without pulling zod into the browser.

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

export const CLASSIFICATION_SORTS = ["code", "name", "updatedAt"] as const;
