import { z } from "zod";
import { classificationValidation as v } from "../i18n/classification-validation";
import { createListQuerySchema } from "./list-query";
import { SECURITY_CLASSES } from "./security-classes";
import { CLASSIFICATION_SORTS, CODE_PATTERN, FINAL_DISPOSITIONS } from "./classification-view";
import { blankToUndefined } from "./form-input";

export { CODE_PATTERN, FINAL_DISPOSITIONS, parentCodeOf, CLASSIFICATION_SORTS, SUBTREE_END, codeSubtree, isInSubtree, codeAndAncestors, type CodeRange, type FinalDisposition, type ClassificationView, type ClassificationOption } from "./classification-view";

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
