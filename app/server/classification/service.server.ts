import { refreshDocumentsOfCode } from "../retention/service.server";
import {
  CSV_COLUMNS,
  ClassificationSchema,
  parentCodeOf,
  type ClassificationInput,
  type ClassificationListQuery,
  type ClassificationOption,
  type ClassificationView,
} from "~/domain/classification";
import { ConflictError, InvalidError, NotFoundError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import { decodeUploadedText, type UploadedTextEncoding } from "~/domain/uploaded-text";
import { listPage, type ListPage } from "~/domain/list-query";
import { assertCan } from "~/domain/policy";
import { classificationMessages } from "~/i18n/classification";
import { classificationValidation as v } from "~/i18n/classification-validation";
import { t } from "~/i18n/id";
import { commit, type AuditEntry } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import { csvLine, parseCsv } from "../http/csv.server";
import {
  allClassifications,
  findClassificationByCode,
  findClassificationById,
  listClassificationRows,
  type ClassificationRow,
} from "./queries.server";

const m = classificationMessages;

const assertManage = (ctx: ServiceContext) => assertCan(ctx.actor, { type: "classification.manage" }, t.denied.page);

export function toClassificationView(row: ClassificationRow): ClassificationView {
  return {
    id: row.id,
    code: row.code,
    parentCode: row.parent_code,
    name: row.name,
    description: row.description,
    securityClass: row.security_class,
    retentionActiveYears: row.retention_active_years,
    retentionInactiveYears: row.retention_inactive_years,
    finalDisposition: row.final_disposition,
    legalBasis: row.legal_basis,
    depth: row.code.split(".").length - 1,
    documents: Number(row.documents ?? 0),
    children: Number(row.children ?? 0),
    updatedAt: row.updated_at,
  };
}

const columnsOf = (input: ClassificationInput) => ({
  name: input.name,
  description: input.description ?? "",
  security_class: input.securityClass,
  retention_active_years: input.retentionActiveYears,
  retention_inactive_years: input.retentionInactiveYears,
  final_disposition: input.finalDisposition,
  legal_basis: input.legalBasis ?? "",
});

const codeAudit = (action: "CLASSIFICATION_CREATE" | "CLASSIFICATION_UPDATE" | "CLASSIFICATION_DELETE", input: { code: string; name: string }, details: Record<string, unknown> = {}): AuditEntry => ({
  action,
  params: { code: input.code, name: input.name },
  details: { code: input.code, ...details },
  targetType: "classification",
  targetId: input.code,
});

/** The scheme, searched and paged, in the tree's order by default. Needs `classification.manage`. */
export async function listClassifications(ctx: ServiceContext, query: ClassificationListQuery): Promise<ListPage<ClassificationView, ClassificationListQuery>> {
  assertManage(ctx);
  const { rows, total } = await listClassificationRows(ctx, query);
  return listPage(rows.map(toClassificationView), total, query);
}

/** One code (by its id, as it came in the URL). Needs `classification.manage`. */
export async function getClassification(ctx: ServiceContext, id: string): Promise<ClassificationView> {
  assertManage(ctx);
  const row = /^\d{1,9}$/.test(id) ? await findClassificationById(ctx, Number(id)) : undefined;
  if (!row) throw new NotFoundError(v.codeUnknown);
  return toClassificationView(row);
}

/**
 * The codes a document form offers: everyone who may create or edit documents reads them. Each
 * grouped under its top-level code (the select's optgroups).
 */
export async function classificationOptions(ctx: ServiceContext): Promise<ClassificationOption[]> {
  const rows = await allClassifications(ctx);
  const names = new Map(rows.map((row) => [row.code, row.name]));
  return rows.map((row) => {
    const top = row.code.split(".")[0]!;
    return { code: row.code, name: row.name, securityClass: row.security_class, group: `${top} — ${names.get(top) ?? top}` };
  });
}

/**
 * A new code. Needs `classification.manage`. Its parent is named by its shape ('PP.01.02' under
 * 'PP.01') and must exist. Side effects: the row and a CLASSIFICATION_CREATE audit row.
 */
export async function createClassification(ctx: ServiceContext, fields: unknown): Promise<ClassificationView> {
  assertManage(ctx);
  const input = parseOrInvalid(ClassificationSchema, fields);
  const parent = parentCodeOf(input.code);
  if (parent && !(await findClassificationByCode(ctx, parent))) throw new InvalidError(v.parentMissing(parent), { code: [v.parentMissing(parent)] });
  const now = ctx.now().toISOString();
  await commit(
    ctx,
    [
      ctx.db.insertInto("classification_codes").values({
        code: input.code,
        parent_id: parent ? ctx.db.selectFrom("classification_codes").select("id").where("code", "=", parent) : null,
        ...columnsOf(input),
        created_at: now,
        updated_at: now,
      }),
      codeAudit("CLASSIFICATION_CREATE", input),
    ],
    { UNIQUE: () => new InvalidError(v.codeTaken(input.code), { code: [v.codeTaken(input.code)] }) },
  );
  return toClassificationView((await findClassificationByCode(ctx, input.code))!);
}

/**
 * Change a code's name, description, class, retention, disposition and legal basis (its code
 * itself, which documents and children are filed by, stays). Needs `classification.manage`.
 * Documents already filed keep their own class: a code's class is only the default of new ones.
 */
export async function updateClassification(ctx: ServiceContext, id: string, fields: unknown): Promise<ClassificationView> {
  const current = await getClassification(ctx, id);
  const input = parseOrInvalid(ClassificationSchema, { ...(fields as object), code: current.code });
  await commit(ctx, [
    ctx.db.updateTable("classification_codes").set({ ...columnsOf(input), updated_at: ctx.now().toISOString() }).where("id", "=", current.id),
    codeAudit("CLASSIFICATION_UPDATE", input),
  ]);
  const clockChanged =
    input.retentionActiveYears !== current.retentionActiveYears ||
    input.retentionInactiveYears !== current.retentionInactiveYears ||
    input.finalDisposition !== current.finalDisposition;
  // Its documents' retention status follows at once (the list filter reads it).
  if (clockChanged) await refreshDocumentsOfCode(ctx, current.id);
  return getClassification(ctx, id);
}

/**
 * Delete a code. Needs `classification.manage`. Refused while documents are filed under it or
 * codes sit below it (the database refuses inside the batch, so a document filed meanwhile is
 * never orphaned).
 */
export async function deleteClassification(ctx: ServiceContext, id: string): Promise<{ code: string }> {
  const target = await getClassification(ctx, id);
  await commit(ctx, [codeAudit("CLASSIFICATION_DELETE", target), ctx.db.deleteFrom("classification_codes").where("id", "=", target.id)], {
    CLASSIFICATION_IN_USE: async () => {
      const fresh = await getClassification(ctx, id);
      return new ConflictError(m.inUse(fresh.code, fresh.documents, fresh.children));
    },
  });
  return { code: target.code };
}

// ---- CSV -------------------------------------------------------------------------------------

/** The scheme as CSV (the import's columns), UTF-8 with a byte-order mark for spreadsheets. */
export async function exportClassificationsCsv(ctx: ServiceContext): Promise<string> {
  assertManage(ctx);
  const rows = await allClassifications(ctx);
  const lines = [
    [...CSV_COLUMNS],
    ...rows.map((row) => [
      row.code,
      row.name,
      row.description,
      row.security_class,
      String(row.retention_active_years),
      String(row.retention_inactive_years),
      row.final_disposition,
      row.legal_basis,
    ]),
  ];
  return "\uFEFF" + lines.map(csvLine).join("");
}

export type ImportRow = { line: number; code: string; name: string; action: "create" | "update"; errors: string[] };
/** The check (or the import) of a file, with the encoding it was read in and its text as read. */
export type ImportReport = { rows: ImportRow[]; errors: number; created: number; updated: number; applied: boolean; encoding: UploadedTextEncoding; text: string };

/** Header names as a spreadsheet may write them ('Kode', ' kode ', 'retensi aktif'). */
const headerKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, "_");

/** The most rows one import takes (one batch; D1 runs it as one transaction). */
const MAX_IMPORT_ROWS = 2000;

/**
 * Import a scheme from CSV (the export's columns, any order, a header row first; the file in
 * UTF-8, UTF-16 or Windows-1252, read by `decodeUploadedText` and named in the report). Every row is
 * checked — bad values, a code twice in the file, a parent neither in the file nor in the
 * database — and the report lists each problem by line. With `apply` and no problem at all, the
 * whole file is written as ONE batch (new codes inserted parents first, existing ones updated):
 * all or nothing. Needs `classification.manage`. Side effects when applied: the rows and one
 * CLASSIFICATION_IMPORT audit row.
 */
export async function importClassificationsCsv(ctx: ServiceContext, csv: Uint8Array | string, options: { apply: boolean }): Promise<ImportReport> {
  assertManage(ctx);
  // An uploaded file's bytes in whatever encoding its spreadsheet wrote (the report names it);
  // text the page posts back for 'Impor Sekarang' is already decoded.
  const { text, encoding } = typeof csv === "string" ? { text: csv.replace(/^\uFEFF/, ""), encoding: "UTF-8" as const } : decodeUploadedText(csv);
  const records = parseCsv(text);
  const [header, ...body] = records;
  if (!header || body.length === 0) throw new InvalidError(m.csvEmpty, { file: [m.csvEmpty] });
  const keys = header.map(headerKey);
  const missing = CSV_COLUMNS.filter((column) => !["deskripsi", "dasar_hukum"].includes(column) && !keys.includes(column));
  if (missing.length > 0) throw new InvalidError(m.csvColumnsMissing(missing.join(", ")), { file: [m.csvColumnsMissing(missing.join(", "))] });
  if (body.length > MAX_IMPORT_ROWS) throw new InvalidError(m.csvTooManyRows(MAX_IMPORT_ROWS), { file: [m.csvTooManyRows(MAX_IMPORT_ROWS)] });

  const existing = new Map((await allClassifications(ctx)).map((row) => [row.code, row]));
  const seen = new Map<string, number>();
  const parsed: { line: number; input: ClassificationInput | null; row: ImportRow }[] = [];
  body.forEach((record, index) => {
    const line = index + 2;
    if (record.every((cell) => cell.trim() === "")) return;
    const value = (column: string) => record[keys.indexOf(column)] ?? "";
    const fields = {
      code: value("kode"),
      name: value("nama"),
      description: value("deskripsi"),
      securityClass: value("klasifikasi_keamanan").trim().toUpperCase().replace(/\s+/g, "_"),
      retentionActiveYears: value("retensi_aktif"),
      retentionInactiveYears: value("retensi_inaktif"),
      finalDisposition: value("keterangan_akhir").trim().toUpperCase().replace(/\s+/g, "_"),
      legalBasis: value("dasar_hukum"),
    };
    const result = ClassificationSchema.safeParse(fields);
    const code = result.success ? result.data.code : fields.code.trim().toUpperCase();
    const errors = result.success ? [] : result.error.issues.map((issue) => issue.message);
    if (code && seen.has(code)) errors.push(m.csvDuplicate(code, seen.get(code)!));
    else if (code) seen.set(code, line);
    parsed.push({
      line,
      input: result.success ? result.data : null,
      row: { line, code, name: fields.name.trim(), action: existing.has(code) ? "update" : "create", errors },
    });
  });
  // A parent must exist before its child: in the database, or in this file.
  for (const entry of parsed) {
    const parent = entry.input && parentCodeOf(entry.input.code);
    if (parent && !existing.has(parent) && !seen.has(parent)) entry.row.errors.push(v.parentMissing(parent));
  }
  const rows = parsed.map((entry) => entry.row);
  const errors = rows.reduce((sum, row) => sum + row.errors.length, 0);
  const created = rows.filter((row) => row.action === "create").length;
  const updated = rows.length - created;
  if (!options.apply || errors > 0) return { rows, errors, created, updated, applied: false, encoding, text };

  const now = ctx.now().toISOString();
  // Parents first: a code sorts after every code it extends.
  const ordered = parsed.map((entry) => entry.input!).sort((a, b) => a.code.localeCompare(b.code));
  await commit(ctx, [
    ...ordered.map((input) => {
      const parent = parentCodeOf(input.code);
      return ctx.db
        .insertInto("classification_codes")
        .values({
          code: input.code,
          parent_id: parent ? ctx.db.selectFrom("classification_codes").select("id").where("code", "=", parent) : null,
          ...columnsOf(input),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("code").doUpdateSet({ ...columnsOf(input), updated_at: now }));
    }),
    { action: "CLASSIFICATION_IMPORT", params: { created, updated }, details: { created, updated, rows: rows.length }, targetType: "classification" },
  ]);
  return { rows, errors, created, updated, applied: true, encoding, text };
}
