/**
 * Imports ('Impor'): a ZIP of files with a manifest (CSV or XLSX; E-Arsip's columns or Arteri's
 * export as it is) becomes documents, all or nothing.
 * - The ZIP is staged in R2 like any upload, then read back by ranges (never whole).
 * - The dry run checks every line with the document form's own rules and stores the checked
 *   lines; nothing else is written. Only a clean dry run may run.
 * - The run is a job acting for the user: each line goes through the one intake service a
 *   person's upload uses (`createDocument`: document, version, retention row, text extraction
 *   queued, audit), with an idempotency key per line, so a slice killed half way and run again
 *   makes each document exactly once.
 * - A cancelled or failed run removes every document it made (files included), slice by slice.
 */
import { ConflictError, DomainError, InvalidError, NotFoundError } from "~/domain/errors";
import { fileTypeFromBuffer } from "file-type";
import { daysAfter } from "~/domain/time";
import { decodeUploadedText } from "~/domain/uploaded-text";
import { claimedFamily } from "~/domain/file-types";
import {
  IMPORT_ENDED,
  IMPORT_MAX_BYTES,
  IMPORT_UNRUN_KEPT_DAYS,
  MAX_IMPORT_LINES,
  MAX_STORED_ERRORS,
  manifestLines,
  type ManifestFormat,
  zipMatchName,
  type ImportError,
  type ImportStatus,
} from "~/domain/imports";
import { assertCan, can, userActorOf } from "~/domain/policy";
import { ROLES } from "~/domain/roles";
import { documentValidation } from "~/i18n/document-validation";
import { imports as t, importMessages } from "~/i18n/imports";
import { commit, type Step } from "../audit/commit.server";
import { requireUser, type ServiceContext } from "../context.server";
import { inListChunks } from "../db/in-list.server";
import { abortUnlessChanged } from "../db/write-guard.server";
import { createDocument, submittedBefore } from "../documents/service.server";
import { validDocumentFields } from "../documents/metadata.server";
import { assertRoomFor, countUpload } from "../documents/upload-limits.server";
import { drainFileDeletions } from "../files/deletion-queue.server";
import { discardFile, stageFileChunks, type StagedFile } from "../files/staging.server";
import { stageRequestUpload } from "../http/upload-body.server";
import { parseCsv } from "../http/csv.server";
import { insertJobStatement } from "../jobs/records.server";
import { runJob, type JobSlice, type RunningJob, type RunOptions } from "../jobs/runner.server";
import { sendWorkMessage } from "../jobs/messages.server";
import { readXlsxRows } from "../office/xlsx.server";
import { categoryExists } from "../documents/queries.server";
import { readZipDirectory, readZipEntry, zipEntryChunks, type ZipEntry } from "./zip.server";

/** Lines one slice of the run turns into documents (each a file copy and one D1 batch). */
const LINES_PER_SLICE = 10;
/** Documents one slice of a rollback removes (one D1 batch). */
const REMOVALS_PER_SLICE = 20;
/** Checked lines per insert statement (3 parameters each; D1 binds at most 100). */
const LINE_ROWS_PER_STATEMENT = 30;
/** The largest manifest read (it is read whole): far above 10,000 lines of any register. */
const MAX_MANIFEST_BYTES = 32 * 1024 * 1024;

/** A checked line as the run reads it: the form's fields, the ZIP entry of its file (none: a paper record). */
type CheckedLine = { line: number; fields: Record<string, string>; unitKerjaId: number | null; fileName: string | null; entry: ZipEntry | null };

export type ImportView = {
  id: string;
  status: ImportStatus;
  sourceName: string;
  lines: number;
  files: number;
  errorCount: number;
  errors: ImportError[];
  warnings: ImportError[];
  encoding: string | null;
  manifestFormat: ManifestFormat | null;
  manifestName: string | null;
  createdDocuments: number;
  jobId: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

type ImportRow = {
  id: number;
  uuid: string;
  created_by: number;
  source_name: string;
  source_key: string | null;
  status: ImportStatus;
  lines: number;
  files: number;
  error_count: number;
  errors: string;
  warnings: string;
  encoding: string | null;
  manifest_format: ManifestFormat | null;
  manifest_name: string | null;
  created_documents: number;
  cancel_requested_at: string | null;
  error: string | null;
  job_id: number | null;
  created_at: string;
  finished_at: string | null;
};

const IMPORT_COLUMNS = [
  "id",
  "uuid",
  "created_by",
  "source_name",
  "source_key",
  "status",
  "lines",
  "files",
  "error_count",
  "errors",
  "warnings",
  "encoding",
  "manifest_format",
  "manifest_name",
  "created_documents",
  "cancel_requested_at",
  "error",
  "job_id",
  "created_at",
  "finished_at",
] as const;

/** A ZIP from its first bytes (a local file header, or the end record of an empty ZIP); an XLSX is one too. */
const isZipHead = (head: Uint8Array) => head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
/** UTF-16's byte order marks: such a CSV has NUL bytes and is still text. */
const isUtf16Head = (head: Uint8Array) => (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
/** A control byte no text file has (tab, line feed, form feed and carriage return are text). */
const isBinaryByte = (byte: number) => byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1a);

/**
 * What was posted, from its first bytes, whatever its name says: a ZIP (the files and their
 * manifest, or an XLSX alone — told apart by its directory), else a CSV alone if the bytes read
 * as text (paper records: lines that name no file).
 */
async function sniffSource(head: Uint8Array): Promise<string> {
  if (isZipHead(head)) return "application/zip";
  const binary = isUtf16Head(head) ? false : head.some(isBinaryByte) || (await fileTypeFromBuffer(head).catch(() => undefined)) !== undefined;
  if (binary) throw new InvalidError(importMessages.sourceType, { file: [importMessages.sourceType] });
  return "text/csv";
}

/** A ZIP from its first bytes (what an upload sent in parts must be). */
export async function sniffZip(head: Uint8Array): Promise<string> {
  if (!isZipHead(head)) throw new InvalidError(importMessages.sourceType, { file: [importMessages.sourceType] });
  return "application/zip";
}

/**
 * 'Periksa (Uji Coba)' / `POST /api/v1/imports`: stage the posted ZIP in R2 (it counts as one
 * upload against the user's rate), check every line of its manifest and record the result. A
 * clean dry run keeps the ZIP for the run; one with errors keeps only its report.
 */
export async function createImport(ctx: ServiceContext, request: Request): Promise<ImportView> {
  assertCan(ctx.actor, { type: "import.manage" }, importMessages.denied);
  const user = requireUser(ctx);
  const upload = await stageRequestUpload(ctx, request, {
    maxBytes: IMPORT_MAX_BYTES,
    sniff: sniffSource,
    shouldStore: async () => {
      await countUpload(ctx, user.userId);
      return true;
    },
  });
  if (!upload.file) throw new InvalidError(importMessages.sourceType, { file: [importMessages.sourceType] });
  const source = upload.file;
  let categoryId: number | undefined;
  try {
    categoryId = await defaultCategory(ctx, upload.fields.categoryId);
  } catch (error) {
    await discardFile(ctx, source.key);
    throw error;
  }
  return checkStoredSource(ctx, source, categoryId);
}

/** A source stored in R2 (a ZIP posted whole or sent in parts, or a CSV/XLSX posted alone), as the dry run reads it. */
export type StoredSource = Pick<StagedFile, "key" | "fileName" | "size" | "mimeType">;

/**
 * The dry run of a source already in R2 and its record. A clean dry run keeps the source for the run;
 * one with errors, or a check that throws, removes it.
 */
export async function checkStoredSource(ctx: ServiceContext, source: StoredSource, categoryId: number | undefined): Promise<ImportView> {
  try {
    const checked = await dryRun(ctx, source, categoryId);
    return await recordImport(ctx, source, checked);
  } catch (error) {
    await discardFile(ctx, source.key);
    throw error;
  }
}

/**
 * The category of lines that name none (Arteri's export has no category column), chosen on the
 * form (`categoryId`); undefined when none was chosen.
 */
export async function defaultCategory(ctx: ServiceContext, raw: string | undefined): Promise<number | undefined> {
  const value = (raw ?? "").trim();
  if (!value) return undefined;
  const id = /^\d{1,9}$/.test(value) ? Number(value) : 0;
  if (id > 0 && (await categoryExists(ctx, id))) return id;
  throw new InvalidError(documentValidation.categoryUnknown, { categoryId: [documentValidation.categoryUnknown] });
}

type DryRun = {
  lines: CheckedLine[];
  lineCount: number;
  files: number;
  errors: ImportError[];
  warnings: ImportError[];
  encoding: string | null;
  format: ManifestFormat;
  kind: SourceKind;
  manifestName: string;
};

/** A manifest in the ZIP: a CSV, or an XLSX (Excel's lock files `~$…` and macOS's `._…` shadows are not). */
const isManifest = (name: string) => /\.(csv|xlsx)$/i.test(name) && !zipMatchName(name).startsWith("~$") && !zipMatchName(name).startsWith("._");

/** The manifest's rows: a CSV decoded by the one rule for uploaded text, or an XLSX's first sheet. */
async function manifestRecords(ctx: ServiceContext, source: StoredSource, manifest: ZipEntry): Promise<{ records: string[][]; encoding: string | null }> {
  if (manifest.size > MAX_MANIFEST_BYTES) throw new InvalidError(importMessages.manifestTooLarge, { file: [importMessages.manifestTooLarge] });
  const bytes = await readZipEntry(ctx.files, source.key, manifest);
  // Arteri's header is its second row, so two rows above the lines at most.
  if (/\.xlsx$/i.test(manifest.name)) return { records: readXlsxRows(bytes, MAX_IMPORT_LINES + 2), encoding: null };
  const decoded = decodeUploadedText(bytes);
  return { records: parseCsv(decoded.text), encoding: decoded.encoding };
}

/** What the dry run reads from the posted source: the manifest's rows and the files beside it. */
type SourceContents = { kind: SourceKind; manifestName: string; records: string[][]; encoding: string | null; files: Map<string, ZipEntry> };
type SourceKind = "ZIP" | "CSV" | "XLSX";

/** An XLSX is a ZIP whose directory holds a workbook (a ZIP of files and a manifest has none). */
const isXlsxDirectory = (entries: ZipEntry[]) => entries.some((entry) => entry.name === "[Content_Types].xml") && entries.some((entry) => entry.name === "xl/workbook.xml");

/** A CSV or XLSX posted alone, read whole (a manifest's size limit applies). */
async function loneManifestBytes(ctx: ServiceContext, source: StoredSource): Promise<Uint8Array> {
  if (source.size > MAX_MANIFEST_BYTES) throw new InvalidError(importMessages.manifestTooLarge, { file: [importMessages.manifestTooLarge] });
  const object = await ctx.files.get(source.key);
  if (!object) throw new InvalidError(importMessages.sourceGone);
  return new Uint8Array(await object.arrayBuffer());
}

/**
 * The manifest and the files of the posted source. A ZIP holds files and one manifest; a CSV or
 * an XLSX posted alone is the manifest, and has no files: its lines describe paper records.
 */
async function readSource(ctx: ServiceContext, source: StoredSource): Promise<SourceContents> {
  const files = new Map<string, ZipEntry>();
  if (source.mimeType !== "application/zip") {
    const decoded = decodeUploadedText(await loneManifestBytes(ctx, source));
    return { kind: "CSV", manifestName: source.fileName, records: parseCsv(decoded.text), encoding: decoded.encoding, files };
  }
  const entries = (await readZipDirectory(ctx.files, source.key, source.size)).filter(
    (entry) => !entry.name.endsWith("/") && !entry.name.startsWith("__MACOSX/") && zipMatchName(entry.name) !== ".ds_store",
  );
  if (isXlsxDirectory(entries)) {
    const records = readXlsxRows(await loneManifestBytes(ctx, source), MAX_IMPORT_LINES + 2);
    return { kind: "XLSX", manifestName: source.fileName, records, encoding: null, files };
  }
  const manifests = entries.filter((entry) => isManifest(entry.name));
  if (manifests.length === 0) throw new InvalidError(importMessages.noManifest, { file: [importMessages.noManifest] });
  if (manifests.length > 1) throw new InvalidError(importMessages.manyManifests(manifests.map((entry) => entry.name)));
  const manifest = manifests[0]!;
  const { records, encoding } = await manifestRecords(ctx, source, manifest);
  for (const entry of entries) if (entry !== manifest && !files.has(zipMatchName(entry.name))) files.set(zipMatchName(entry.name), entry);
  return { kind: "ZIP", manifestName: manifest.name, records, encoding, files };
}

/**
 * Every line checked: the form's rules, known category, code and unit, duplicates, and its file
 * in the ZIP when it names one. A line naming no file is a paper record (arsip fisik): a document
 * without a digital file; a line naming a file the ZIP lacks (or naming one when no ZIP was
 * posted) is an error.
 */
async function dryRun(ctx: ServiceContext, source: StoredSource, categoryId: number | undefined): Promise<DryRun> {
  const user = requireUser(ctx);
  const superAdmin = user.role === ROLES.superAdmin;
  const { kind, manifestName, records, encoding, files } = await readSource(ctx, source);
  const { lines, headerError, format } = manifestLines(records);
  if (headerError) throw new InvalidError(headerError, { file: [headerError] });
  if (lines.length > MAX_IMPORT_LINES) throw new InvalidError(importMessages.tooManyLines(MAX_IMPORT_LINES));
  if (lines.length === 0) throw new InvalidError(importMessages.emptyManifest, { file: [importMessages.emptyManifest] });

  const categories = new Map((await ctx.db.selectFrom("categories").select(["id", "category_name"]).execute()).map((row) => [row.category_name.trim().toLowerCase(), row.id]));
  const units = superAdmin ? new Map((await ctx.db.selectFrom("unit_kerja").select(["id", "nama"]).execute()).map((row) => [row.nama.trim().toLowerCase(), row.id])) : null;

  const errors: ImportError[] = [];
  const checked: CheckedLine[] = [];
  const numberSeen = new Map<string, number>();
  const fileSeen = new Map<string, number>();
  const numberKey = (unitKerjaId: number | null, documentNumber: string) => `${unitKerjaId ?? ""}\u0000${documentNumber}`;
  for (const line of lines) {
    const problems: string[] = [...line.issues];
    const fields = { ...line.fields };
    if (!fields.categoryId && !line.categoryName && categoryId !== undefined) fields.categoryId = String(categoryId);
    if (line.categoryName) {
      const id = categories.get(line.categoryName.toLowerCase());
      if (id) fields.categoryId = String(id);
      else problems.push(importMessages.categoryUnknown(line.categoryName));
    }
    let unitKerjaId = user.unitKerjaId;
    if (units) {
      const id = line.unitName ? (units.get(line.unitName.toLowerCase()) ?? null) : null;
      if (!line.unitName) problems.push(format === "ARTERI" ? importMessages.arteriUnitRequired : importMessages.unitRequired);
      else if (id === null) problems.push(importMessages.unitUnknown(line.unitName));
      else fields.unitKerjaId = String(id);
      unitKerjaId = id;
    }
    try {
      await validDocumentFields(ctx, fields, undefined, {});
    } catch (error) {
      if (!(error instanceof InvalidError)) throw error;
      const fieldErrors = { ...(error.fieldErrors ?? { form: [error.message] }) };
      // A category named but unknown was said above; "choose a category" would repeat it.
      if (line.categoryName && !fields.categoryId) delete fieldErrors.categoryId;
      // Likewise a date that is not one: "the year is required" would only repeat it.
      if (line.issues.length > 0) delete fieldErrors.year;
      problems.push(...Object.values(fieldErrors).flat());
    }
    const entry = line.file ? files.get(zipMatchName(line.file)) : undefined;
    if (line.file) {
      const name = zipMatchName(line.file);
      if (kind !== "ZIP") problems.push(importMessages.fileWithoutZip(line.file));
      else if (!entry) problems.push(importMessages.fileMissing(line.file));
      else if (fileSeen.has(name)) problems.push(importMessages.fileUsedTwice(line.file, fileSeen.get(name)!));
      else if (!claimedFamily(entry.name)) problems.push(importMessages.fileTypeNotAllowed(line.file));
      fileSeen.set(name, fileSeen.get(name) ?? line.line);
    }
    const documentNumber = fields.documentNumber ?? "";
    if (documentNumber) {
      const earlier = numberSeen.get(numberKey(unitKerjaId, documentNumber));
      if (earlier !== undefined) problems.push(importMessages.duplicateInFile(earlier));
      else numberSeen.set(numberKey(unitKerjaId, documentNumber), line.line);
    }
    for (const message of problems) errors.push({ line: line.line, message });
    if (problems.length === 0) checked.push({ line: line.line, fields, unitKerjaId, fileName: entry ? entry.name.split("/").pop()! : null, entry: entry ?? null });
  }

  // Against what the archive holds already: the same number in the same unit is the same record
  // (a manifest imported before), never a second one.
  const existing = await existingNumbers(ctx, [...new Set(checked.map((line) => line.fields.documentNumber!))]);
  for (const line of checked) {
    if (existing.has(numberKey(line.unitKerjaId, line.fields.documentNumber!))) errors.push({ line: line.line, message: importMessages.duplicateExisting });
  }
  const failedLines = new Set(errors.map((error) => error.line));
  const used = new Set(lines.flatMap((line) => (line.file ? [zipMatchName(line.file)] : [])));
  const warnings = [...files.entries()].filter(([name]) => !used.has(name)).map(([, entry]) => ({ line: 0, message: importMessages.fileExtra(entry.name) }));
  errors.sort((a, b) => a.line - b.line);
  return {
    lines: checked.filter((line) => !failedLines.has(line.line)),
    lineCount: lines.length,
    files: files.size,
    errors,
    warnings,
    encoding,
    format,
    kind,
    manifestName,
  };
}

/** The (unit, number) pairs of live or trashed documents among `numbers`. */
async function existingNumbers(ctx: ServiceContext, numbers: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of inListChunks(numbers)) {
    const rows = await ctx.db.selectFrom("archives").select(["document_number", "unit_kerja_id"]).where("document_number", "in", chunk).execute();
    for (const row of rows) found.add(`${row.unit_kerja_id ?? ""}\u0000${row.document_number}`);
  }
  return found;
}

/** The import's row, its checked lines (a clean run only) and the source's hand-over from staging to the import. */
async function recordImport(ctx: ServiceContext, source: StoredSource, run: DryRun): Promise<ImportView> {
  const user = requireUser(ctx);
  const now = ctx.now().toISOString();
  const uuid = crypto.randomUUID();
  const clean = run.errors.length === 0;
  const inserted = await ctx.db
    .insertInto("imports")
    .values({
      uuid,
      created_by: user.userId,
      unit_kerja_id: user.role === ROLES.superAdmin ? null : user.unitKerjaId,
      source_name: source.fileName,
      source_key: clean ? source.key : null,
      source_size: source.size,
      upload_id: null,
      source_kind: run.kind,
      manifest_format: run.format,
      manifest_name: run.manifestName,
      encoding: run.encoding,
      // Lines are written first; the row says CHECKED only once they all are.
      status: clean ? "UPLOADING" : "INVALID",
      lines: run.lineCount,
      files: run.files,
      error_count: run.errors.length,
      errors: JSON.stringify(run.errors.slice(0, MAX_STORED_ERRORS)),
      warnings: JSON.stringify(run.warnings.slice(0, MAX_STORED_ERRORS)),
      job_id: null,
      cancel_requested_at: null,
      error: null,
      created_at: now,
      updated_at: now,
      finished_at: clean ? null : now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (!clean) {
    await discardFile(ctx, source.key);
    return getImport(ctx, uuid);
  }
  const rows = run.lines.map((line) => ({
    import_id: inserted.id,
    line: line.line,
    data: JSON.stringify({ fields: line.fields, unitKerjaId: line.unitKerjaId, fileName: line.fileName, entry: line.entry }),
  }));
  const statements = [...inListChunks(rows, LINE_ROWS_PER_STATEMENT)].map((chunk) => ctx.db.insertInto("import_lines").values(chunk));
  for (const group of inListChunks(statements, 50)) await commit(ctx, group);
  // The ZIP now belongs to the import (removed when it ends), no longer to the staging sweep.
  await commit(ctx, [
    ctx.db.updateTable("imports").set({ status: "CHECKED", updated_at: now }).where("id", "=", inserted.id),
    ctx.db.deleteFrom("file_staging").where("r2_key", "=", source.key),
  ]);
  return getImport(ctx, uuid);
}

async function importRow(ctx: ServiceContext, uuid: string): Promise<ImportRow> {
  const row = await ctx.db.selectFrom("imports").select(IMPORT_COLUMNS).where("uuid", "=", uuid).executeTakeFirst();
  if (!row || !userActorOf(ctx.actor) || !can(ctx.actor, { type: "import.view", ownerId: row.created_by })) throw new NotFoundError(importMessages.notFound);
  return row as ImportRow;
}

/** An import's status, counts and dry-run report (who made it, and Super Admin). */
export async function getImport(ctx: ServiceContext, uuid: string): Promise<ImportView> {
  const row = await importRow(ctx, uuid);
  const job = row.job_id === null ? null : await ctx.db.selectFrom("jobs").select("uuid").where("id", "=", row.job_id).executeTakeFirst();
  return toImportView(row, job?.uuid ?? null);
}

function toImportView(row: ImportRow, jobUuid: string | null): ImportView {
  return {
    id: row.uuid,
    // Cancelled while its job runs: it is undoing what it made.
    status: row.status === "RUNNING" && row.cancel_requested_at ? "ROLLING_BACK" : row.status,
    sourceName: row.source_name,
    lines: row.lines,
    files: row.files,
    errorCount: row.error_count,
    errors: JSON.parse(row.errors) as ImportError[],
    warnings: JSON.parse(row.warnings) as ImportError[],
    encoding: row.encoding,
    manifestFormat: row.manifest_format,
    manifestName: row.manifest_name,
    createdDocuments: row.created_documents,
    jobId: jobUuid,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** The user's recent imports (Super Admin: everyone's), newest first. */
export async function listImports(ctx: ServiceContext, limit = 10): Promise<ImportView[]> {
  assertCan(ctx.actor, { type: "import.manage" }, importMessages.denied);
  const user = requireUser(ctx);
  const rows = await ctx.db
    .selectFrom("imports as i")
    .leftJoin("jobs as j", "j.id", "i.job_id")
    .select([...IMPORT_COLUMNS.map((column) => `i.${column}` as const), "j.uuid as job_uuid"])
    .$if(user.role !== ROLES.superAdmin, (qb) => qb.where("i.created_by", "=", user.userId))
    .orderBy("i.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => toImportView(row as ImportRow, row.job_uuid));
}

/**
 * 'Impor Sekarang' / `POST /api/v1/imports/{id}/run`: only a clean dry run (409 otherwise).
 * The units' quotas are checked for the whole batch before a byte is copied; then the job starts
 * (its progress on /app/pekerjaan, its owner notified when it ends). Returns the job's uuid.
 */
export async function runImport(ctx: ServiceContext, uuid: string): Promise<{ jobId: string }> {
  assertCan(ctx.actor, { type: "import.manage" }, importMessages.denied);
  const row = await importRow(ctx, uuid);
  if (row.status !== "CHECKED") throw new ConflictError(importMessages.notRunnable);
  await assertRoomForImport(ctx, row.id);
  const jobUuid = crypto.randomUUID();
  const user = requireUser(ctx);
  const now = ctx.now().toISOString();
  await commit(
    ctx,
    [
      ctx.db.updateTable("imports").set({ status: "RUNNING", updated_at: now }).where("id", "=", row.id).where("status", "=", "CHECKED"),
      abortUnlessChanged(ctx),
      insertJobStatement(ctx, { uuid: jobUuid, kind: "import.run", actorUserId: user.userId, params: { importId: row.id }, total: row.lines, singletonKey: `import:${row.uuid}` }),
      ctx.db
        .updateTable("imports")
        .set((eb) => ({ job_id: eb.selectFrom("jobs").select("id").where("uuid", "=", jobUuid) }))
        .where("id", "=", row.id),
      { action: "IMPORT_START", params: { source: row.source_name, lines: row.lines }, targetType: "import", targetId: row.uuid },
    ],
    { STALE_WRITE: () => new ConflictError(importMessages.notRunnable) },
  );
  const job = await ctx.db.selectFrom("jobs").select("id").where("uuid", "=", jobUuid).executeTakeFirstOrThrow();
  await sendWorkMessage(ctx.env, { type: "job.run", jobId: job.id });
  return { jobId: jobUuid };
}

/** 413 before any byte is copied when a unit would pass its quota with the whole import. */
async function assertRoomForImport(ctx: ServiceContext, importId: number): Promise<void> {
  const bytesByUnit = new Map<number, number>();
  for (const row of await ctx.db.selectFrom("import_lines").select("data").where("import_id", "=", importId).execute()) {
    const line = JSON.parse(row.data) as Pick<CheckedLine, "unitKerjaId" | "entry">;
    if (line.unitKerjaId !== null && line.entry) bytesByUnit.set(line.unitKerjaId, (bytesByUnit.get(line.unitKerjaId) ?? 0) + line.entry.size);
  }
  for (const [unitKerjaId, bytes] of bytesByUnit) await assertRoomFor(ctx, unitKerjaId, bytes);
}

/**
 * 'Batalkan Impor' / `POST /api/v1/imports/{id}/cancel`: an import not yet run ends at once; a
 * running one removes what it made (the job does it, slice by slice; what fits runs now).
 */
export async function cancelImport(ctx: ServiceContext, uuid: string, options: RunOptions = {}): Promise<ImportView> {
  assertCan(ctx.actor, { type: "import.manage" }, importMessages.denied);
  const row = await importRow(ctx, uuid);
  if (IMPORT_ENDED.includes(row.status)) throw new ConflictError(importMessages.notCancellable);
  const now = ctx.now().toISOString();
  if (row.status === "CHECKED" || row.status === "INVALID" || row.status === "UPLOADING") {
    await ctx.db.updateTable("imports").set({ status: "CANCELLED", source_key: null, updated_at: now, finished_at: now }).where("id", "=", row.id).execute();
    await ctx.db.deleteFrom("import_lines").where("import_id", "=", row.id).execute();
    if (row.source_key) await ctx.files.delete(row.source_key);
    return getImport(ctx, uuid);
  }
  await ctx.db.updateTable("imports").set({ cancel_requested_at: now, updated_at: now }).where("id", "=", row.id).where("cancel_requested_at", "is", null).execute();
  if (row.job_id !== null) await runJob(ctx, row.job_id, { budgetMs: 5_000, ...options });
  return getImport(ctx, uuid);
}

/** Expired imports one maintenance run ends (one `IN` list). */
const EXPIRY_LIMIT = 50;

/**
 * The maintenance job: an import dry-run but never run (CHECKED, or stuck writing its lines)
 * IMPORT_UNRUN_KEPT_DAYS after its dry run gives up its ZIP. In one batch per run the import
 * ends CANCELLED with the expiry as its error, its checked lines go and its ZIP is queued for
 * deletion (the deletion queue removes it from R2, retried until R2 confirms); each statement
 * re-checks the status, so an import started meanwhile keeps its ZIP and a second run finds
 * nothing to do.
 */
export async function expireUnrunImports(ctx: ServiceContext): Promise<number> {
  assertCan(ctx.actor, { type: "files.sweep" }, "files.sweep");
  const now = ctx.now();
  const cutoff = daysAfter(now, -IMPORT_UNRUN_KEPT_DAYS);
  const idle = await ctx.db
    .selectFrom("imports")
    .select("id")
    .where("status", "in", ["CHECKED", "UPLOADING"])
    .where("source_key", "is not", null)
    .where("updated_at", "<=", cutoff)
    .orderBy("updated_at")
    .limit(EXPIRY_LIMIT)
    .execute();
  if (idle.length === 0) return 0;
  const ids = idle.map((row) => row.id);
  const stillIdle = () =>
    ctx.db.selectFrom("imports").where("id", "in", ids).where("status", "in", ["CHECKED", "UPLOADING"]).where("source_key", "is not", null);
  const stamp = now.toISOString();
  const results = await commit(ctx, [
    ctx.db
      .insertInto("file_deletions")
      .columns(["r2_key", "queued_at"])
      .expression(
        stillIdle()
          .select((eb) => ["source_key as r2_key", eb.val(stamp).as("queued_at")])
          .$narrowType<{ r2_key: string }>(),
      )
      .onConflict((oc) => oc.column("r2_key").doNothing()),
    ctx.db.deleteFrom("import_lines").where("import_id", "in", stillIdle().select("id")),
    ctx.db
      .updateTable("imports")
      .set({ status: "CANCELLED", source_key: null, error: importMessages.expired(IMPORT_UNRUN_KEPT_DAYS), finished_at: stamp, updated_at: stamp })
      .where("id", "in", ids)
      .where("status", "in", ["CHECKED", "UPLOADING"])
      .where("source_key", "is not", null),
  ]);
  return results[2]?.meta.changes ?? 0;
}

/** The run's cursor: the last line done, and (once rolling back) why. */
type RunCursor = { line: number; rollback?: { status: "CANCELLED" | "FAILED"; error: string | null } };

/** One slice of an import's run (the `import.run` job). */
export async function importSlice(ctx: ServiceContext, job: RunningJob): Promise<JobSlice> {
  const importId = Number(job.params.importId);
  const row = (await ctx.db.selectFrom("imports").select(IMPORT_COLUMNS).where("id", "=", importId).executeTakeFirstOrThrow()) as ImportRow;
  const cursor = (job.cursor as RunCursor | null) ?? { line: 0 };
  const rollback = cursor.rollback ?? (row.cancel_requested_at ? { status: "CANCELLED" as const, error: null } : null);
  if (rollback) return rollbackSlice(ctx, job, row, { ...cursor, rollback });

  const lines = await ctx.db
    .selectFrom("import_lines")
    .select(["line", "data"])
    .where("import_id", "=", importId)
    .where("line", ">", cursor.line)
    .orderBy("line")
    .limit(LINES_PER_SLICE)
    .execute();
  if (lines.length === 0) return finishImport(ctx, job, row);
  const items: JobSlice["items"] = [];
  let last = cursor.line;
  try {
    for (const stored of lines) {
      const line = JSON.parse(stored.data) as CheckedLine;
      const key = `import:${row.uuid}:${stored.line}`;
      // Made before a kill cut the slice short: reported, never made twice.
      const earlier = await submittedBefore(ctx, key);
      if (earlier) {
        items.push({ subject: earlier, label: line.fields.title, outcome: "CREATED" });
      } else {
        const file = line.entry ? await stageFileChunks(ctx, zipEntryChunks(ctx.files, row.source_key!, line.entry), line.fileName!) : null;
        const { document } = await createDocument(ctx, { fields: line.fields, file, idempotencyKey: key }, { importId: row.id, withoutFile: !line.entry });
        items.push({ subject: document.uuid, label: document.title, outcome: "CREATED" });
      }
      last = stored.line;
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // A line refused at run time (a file whose bytes are not its type, a number taken meanwhile):
    // the whole import goes back.
    const message = `${t.errorLine(lines.find((line) => line.line > last)?.line ?? last)}: ${error.message}`;
    return { cursor: { line: last, rollback: { status: "FAILED", error: message } } satisfies RunCursor, items, done: items.length, counts: { created: items.length }, finished: false };
  }
  return { cursor: { line: last } satisfies RunCursor, items, done: items.length, counts: { created: items.length }, finished: false };
}

/** Every line done: the import is DONE, its lines and its ZIP go. */
function finishImport(ctx: ServiceContext, job: RunningJob, row: ImportRow): JobSlice {
  const now = ctx.now().toISOString();
  return {
    cursor: job.cursor,
    finished: true,
    steps: [
      ctx.db
        .updateTable("imports")
        .set((eb) => ({
          status: "DONE",
          source_key: null,
          finished_at: now,
          updated_at: now,
          created_documents: eb.selectFrom("archives").select((inner) => inner.fn.countAll<number>().as("n")).where("import_id", "=", row.id),
        }))
        .where("id", "=", row.id),
      ctx.db.deleteFrom("import_lines").where("import_id", "=", row.id),
    ],
    after: async () => {
      if (row.source_key) await ctx.files.delete(row.source_key);
    },
  };
}

/** The documents (and their files) an import made, removed in one batch. */
async function removalSteps(ctx: ServiceContext, importId: number, limit: number): Promise<{ steps: Step[]; removed: number }> {
  const ids = (await ctx.db.selectFrom("archives").select("id").where("import_id", "=", importId).limit(limit).execute()).map((row) => row.id);
  if (ids.length === 0) return { steps: [], removed: 0 };
  const now = ctx.now().toISOString();
  return {
    removed: ids.length,
    steps: [
      ctx.db
        .insertInto("file_deletions")
        .columns(["r2_key", "queued_at"])
        .expression(ctx.db.selectFrom("archive_files").select((eb) => ["r2_key", eb.val(now).as("queued_at")]).distinct().where("archive_id", "in", ids))
        .onConflict((oc) => oc.column("r2_key").doNothing()),
      // The pointer first: the document and its current version refer to each other.
      ctx.db.updateTable("archives").set({ current_file_id: null }).where("id", "in", ids),
      ctx.db.deleteFrom("archive_files").where("archive_id", "in", ids),
      ctx.db.deleteFrom("archives").where("id", "in", ids),
    ],
  };
}

/** One slice of a rollback; the last one ends the import CANCELLED or FAILED (and the job with it). */
async function rollbackSlice(ctx: ServiceContext, job: RunningJob, row: ImportRow, cursor: RunCursor & { rollback: NonNullable<RunCursor["rollback"]> }): Promise<JobSlice> {
  const { steps, removed } = await removalSteps(ctx, row.id, REMOVALS_PER_SLICE);
  const now = ctx.now().toISOString();
  const drain = async () => {
    await drainFileDeletions(ctx);
  };
  if (removed > 0) {
    return {
      cursor,
      steps: [ctx.db.updateTable("imports").set({ status: "ROLLING_BACK", updated_at: now }).where("id", "=", row.id), ...steps],
      counts: { removed },
      finished: false,
      after: drain,
    };
  }
  const { status, error } = cursor.rollback;
  return {
    cursor,
    steps: [
      ctx.db.updateTable("imports").set({ status, error, source_key: null, created_documents: 0, finished_at: now, updated_at: now }).where("id", "=", row.id),
      ctx.db.deleteFrom("import_lines").where("import_id", "=", row.id),
      { action: "IMPORT_ROLLBACK", params: { source: row.source_name, removed: job.counts.removed ?? 0 }, details: { reason: status, error }, targetType: "import", targetId: row.uuid },
    ],
    finished: true,
    failed: status === "FAILED" ? (error ?? importMessages.notRunnable) : t.cancelled,
    after: async () => {
      if (row.source_key) await ctx.files.delete(row.source_key);
      await drain();
    },
  };
}

/** A job that gave up (retries spent): what it made is removed all the same. */
export async function abandonImport(ctx: ServiceContext, job: RunningJob): Promise<void> {
  const importId = Number(job.params.importId);
  for (;;) {
    const { steps, removed } = await removalSteps(ctx, importId, REMOVALS_PER_SLICE);
    if (removed === 0) break;
    await commit(ctx, steps);
  }
  const row = await ctx.db.selectFrom("imports").select("source_key").where("id", "=", importId).executeTakeFirst();
  const now = ctx.now().toISOString();
  await ctx.db.updateTable("imports").set({ status: "FAILED", source_key: null, created_documents: 0, finished_at: now, updated_at: now }).where("id", "=", importId).execute();
  await ctx.db.deleteFrom("import_lines").where("import_id", "=", importId).execute();
  if (row?.source_key) await ctx.files.delete(row.source_key);
  await drainFileDeletions(ctx);
}
