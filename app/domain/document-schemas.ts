import { z } from "zod";
import { documentValidation } from "../i18n/document-validation";
import { DOCUMENT_LIST_DEFAULTS, DOCUMENT_SORTS, type DocumentSort } from "./document-list";
import { FILE_TYPE_GROUPS } from "./search/facets";
import { CURSOR_PARAMS, createListQuerySchema, parseListParams } from "./list-query";
import { CODE_PATTERN } from "./classification";
import { SECURITY_CLASSES } from "./security-classes";
import { TEXT_FILTER_VALUES } from "./text-extraction";
import { isIsoDate, RETENTION_STATUSES } from "./retention";
import { bulkUpload as bulkUploadText } from "../i18n/bulk-upload";

export const ACCESS_LEVELS = ["PRIVATE", "PUBLIC"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

const v = documentValidation;
export const MIN_YEAR = 1900;
export const maxYear = () => new Date().getUTCFullYear() + 1;

/** A string that must be present: absent and blank give the same message. */
const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** Decimal digits only: "2e3", "0x7E9" and "12.5" are not a year or an id. */
const toInteger = (value: unknown) => {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return undefined;
  if (typeof value === "string") return /^\s*-?\d{1,9}\s*$/.test(value) ? Number(value) : Number.NaN;
  return value;
};
const requiredInt = (required: string, notNumber: string) =>
  z.preprocess(
    toInteger,
    z.number({ error: (issue) => (issue.input === undefined ? required : notNumber) }).int(notNumber),
  );

/**
 * Document metadata, shared by the create and update forms and their API calls.
 * The keyword and description hints are advisory and never block (see `documentHints`).
 */
export const DocumentMetadataSchema = z.object({
  categoryId: requiredInt(v.categoryRequired, v.categoryRequired).pipe(z.number().positive(v.categoryRequired)),
  title: requiredText(v.titleRequired, 255, v.titleMax).pipe(z.string().min(5, v.titleMin)),
  documentNumber: requiredText(v.documentNumberRequired, 100, v.documentNumberMax),
  // The upper bound is computed per parse: Workers see the epoch as "now" at module load.
  year: requiredInt(v.yearRequired, v.yearNumber).pipe(
    z.number().refine((year) => year >= MIN_YEAR && year <= maxYear(), { error: () => v.yearRange(maxYear()) }),
  ),
  keywords: requiredText(v.keywordsRequired, 500, v.keywordsMax),
  description: requiredText(v.descriptionRequired, 5000, v.descriptionMax),
  accessLevel: z.enum(ACCESS_LEVELS, { error: v.accessLevelRequired }),
  // Beyond the SPEC: absent keeps what the document has (a SPEC client never sends them); an
  // empty code files it under none; an empty class follows the access level and the code.
  classificationCode: z.string().trim().toUpperCase().refine((code) => code === "" || CODE_PATTERN.test(code), v.classificationCodeUnknown).optional(),
  securityClass: z.union([z.literal(""), z.enum(SECURITY_CLASSES)], { error: v.securityClassInvalid }).optional(),
  // 'Tanggal mulai retensi' (YYYY-MM-DD): absent keeps the document's own, empty clears it (the
  // clock then starts on 31 December of the year).
  retentionStartDate: z
    .string()
    .trim()
    .refine((date) => date === "" || (isIsoDate(date) && date >= `${MIN_YEAR}-01-01` && date <= "2199-12-31"), v.retentionStartDateInvalid)
    .optional(),
  // 'Lokasi Simpan' (where the paper is kept): absent keeps the document's own, empty clears it.
  physicalLocation: z.string().trim().max(255, v.physicalLocationMax).optional(),
});
export type DocumentMetadata = z.infer<typeof DocumentMetadataSchema>;

/** The file as the browser sees it; on the server the upload is streamed and checked apart. */
const browserFile = z.custom<File>(
  (value) => typeof File !== "undefined" && value instanceof File && value.size > 0,
  v.fileRequired,
);

/** The create form (browser validation): metadata plus a required file. */
export const DocumentCreateSchema = DocumentMetadataSchema.extend({ file: browserFile });
/**
 * The shared fields of the form 'Unggah Banyak' (browser constraints; the server checks the same through the
 * document's own rules). Title and document number come from each file; the description may be
 * left empty (each document then describes itself by its title).
 */
export const BulkUploadSchema = DocumentMetadataSchema.pick({
  categoryId: true,
  year: true,
  keywords: true,
  accessLevel: true,
  classificationCode: true,
  securityClass: true,
}).extend({
  description: z.string().trim().max(5000).optional(),
  unitKerjaId: z.string().optional(),
  // The files as the browser sees them (the server streams and checks each one apart).
  files: z.custom<File>((value) => typeof File !== "undefined" && value instanceof File && value.size > 0, bulkUploadText.noFiles),
});

/** The optional note that goes with a new version of the file (the server reads it with the file). */
export const VersionNoteSchema = z.string().trim().max(500, v.versionNoteMax).optional();

/** The update form (browser validation): metadata plus an optional new version of the file and its note. */
export const DocumentUpdateSchema = DocumentMetadataSchema.extend({
  file: browserFile.optional(),
  versionNote: VersionNoteSchema,
  // The checkbox that confirms lowering the class to BIASA (the page asks for it; see updateDocument).
  confirmLowering: z.literal("on").optional(),
});

export { documentHints } from "./document-hints";

export { PAGE_SIZES, DEFAULT_PAGE_SIZE } from "./list-query";
export { DOCUMENT_SORTS, DOCUMENT_LIST_DEFAULTS, documentListDefaults, type DocumentSort } from "./document-list";

/** List query parameters (?q=&category=&klasifikasi=&teks=&sort=&dir=&page=&size=); anything odd falls back to defaults. */
export const DocumentListQuerySchema = createListQuerySchema({
  sorts: DOCUMENT_SORTS,
  defaultSort: DOCUMENT_LIST_DEFAULTS.sort,
  defaultDir: DOCUMENT_LIST_DEFAULTS.dir,
  filters: {
    category: z.coerce.number().int().positive().optional().catch(undefined),
    // A classification code: the list shows documents filed under it or any code below it.
    klasifikasi: z.string().trim().toUpperCase().regex(CODE_PATTERN).optional().catch(undefined),
    // Super Admin: documents whose text extraction stands here (ignored for anyone else).
    teks: z.enum(TEXT_FILTER_VALUES).optional().catch(undefined),
    // Facets (see ~/domain/search/facets): year, owning work unit, access level, file type.
    tahun: z.coerce.number().int().min(1900).max(2100).optional().catch(undefined),
    unit: z.coerce.number().int().positive().optional().catch(undefined),
    akses: z.enum(ACCESS_LEVELS).optional().catch(undefined),
    tipe: z.enum(FILE_TYPE_GROUPS).optional().catch(undefined),
    // A retention status (AKTIF, INAKTIF, JATUH_TEMPO, DITAHAN, STATIS, TANPA_KODE), as the
    // daily refresh and every change of a document left it.
    retensi: z.enum(RETENTION_STATUSES).optional().catch(undefined),
  },
});
export type DocumentListQuery = z.infer<typeof DocumentListQuerySchema>;

export function parseListQuery(params: URLSearchParams): DocumentListQuery {
  return withSearchOrder(parseListParams(DocumentListQuerySchema, params), params.get("sort"));
}

/**
 * A search (`q`) lists by relevance unless the URL names another order; relevance without a
 * search is the catalogue's default order. `rawSort` is the URL's own `sort` (null: none).
 */
export function withSearchOrder<Query extends { q: string; sort: DocumentSort; dir: "asc" | "desc" }>(query: Query, rawSort: string | null | undefined): Query {
  if (query.q && !rawSort) return { ...query, sort: "relevance", dir: "desc" };
  if (!query.q && query.sort === "relevance") return { ...query, sort: DOCUMENT_LIST_DEFAULTS.sort };
  return query;
}

/**
 * The list pages' query: the API's plus the keyset cursors of their Previous/Next links
 * (`after`/`before`). The API pages by number only, so its contract stays as it is.
 */
export const DocumentPageQuerySchema = DocumentListQuerySchema.extend(CURSOR_PARAMS);
export type DocumentPageQuery = z.infer<typeof DocumentPageQuerySchema>;

export function parsePageQuery(params: URLSearchParams): DocumentPageQuery {
  return withSearchOrder(parseListParams(DocumentPageQuerySchema, params), params.get("sort"));
}
