import { InvalidError } from "~/domain/errors";
import { can, userActorOf } from "~/domain/policy";
import { retentionToday } from "~/domain/retention";
import { retentionStartIssues } from "~/domain/retention-start";
import { ROLES } from "~/domain/roles";
import { DocumentMetadataSchema, VersionNoteSchema, type DocumentMetadata } from "~/domain/document-schemas";
import { classMatchesAccess, resolveSecurityClass, type SecurityClass } from "~/domain/security-classes";
import { documentValidation as v } from "~/i18n/document-validation";
import { findClassificationByCode } from "../classification/queries.server";
import type { ServiceContext } from "../context.server";
import type { StagedFile } from "../files/staging.server";
import { findUnitKerja } from "../unit-kerja/queries.server";
import { categoryExists, type DocumentRow } from "./queries.server";

/**
 * A document's metadata as forms and API calls send it: parsed with the one schema, checked
 * against the categories and the classification scheme, and resolved into what the document is
 * filed as (code and security class).
 */

/**
 * The metadata, or one InvalidError listing every problem at once — a missing file included
 * when `requireFile` — so a form shows all its messages after a single post.
 */
export function parseMetadata(fields: Record<string, string>, requireFile?: { file: StagedFile | null }): DocumentMetadata {
  const parsed = DocumentMetadataSchema.safeParse(fields);
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error?.issues ?? []) (fieldErrors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  if (requireFile && !requireFile.file) fieldErrors.file = [v.fileRequired];
  const messages = Object.values(fieldErrors).flat();
  if (parsed.success && messages.length === 0) return parsed.data;
  const error = new InvalidError(messages[0]!, fieldErrors);
  error.values = fields;
  throw error;
}

/** What a document is filed as: its code (null: none) and its security class. */
export type Filing = { classificationId: number | null; securityClass: SecurityClass };

/**
 * Valid metadata whose category and code exist, a 'Tanggal mulai retensi' that can be (see
 * `retentionStartIssues`: none in the future, none before the year but by Super Admin), and the
 * filing it asks for: the code given (or, when the form carries none, the document's own), the
 * class from `resolveSecurityClass`, which must agree with the access level when given explicitly.
 */
export async function validMetadata(
  ctx: ServiceContext,
  fields: Record<string, string>,
  options: { requireFile?: { file: StagedFile | null }; current?: DocumentRow },
): Promise<{ metadata: DocumentMetadata; filing: Filing }> {
  const metadata = parseMetadata(fields, options.requireFile);
  const invalid = (field: string, message: string) => Object.assign(new InvalidError(message, { [field]: [message] }), { values: fields });
  if (!(await categoryExists(ctx, metadata.categoryId))) throw invalid("categoryId", v.categoryUnknown);
  // Absent: the document's own code stays; empty: filed under none.
  const given = metadata.classificationCode;
  const code = given ? await findClassificationByCode(ctx, given) : given === "" ? null : undefined;
  if (given && !code) throw invalid("classificationCode", v.classificationCodeUnknown);
  const start = metadata.retentionStartDate;
  // Checked when it is set or its year changes: a start someone else set earlier stays as it is.
  if (start && (start !== options.current?.retention_start_date || metadata.year !== options.current?.year)) {
    const { error } = retentionStartIssues({
      date: start,
      year: metadata.year,
      today: retentionToday(ctx.now()),
      mayPrecedeYear: can(ctx.actor, { type: "retention.startBeforeYear" }),
    });
    if (error) throw invalid("retentionStartDate", error);
  }
  const requested = metadata.securityClass || null;
  if (requested && !classMatchesAccess(requested, metadata.accessLevel)) throw invalid("securityClass", v.securityClassMismatch);
  const securityClass = resolveSecurityClass({
    accessLevel: metadata.accessLevel,
    requested,
    current: options.current?.security_class,
    // A code's class is the default of a new document only; an existing one changes on purpose.
    codeDefault: options.current ? null : code?.security_class,
  });
  const classificationId = code === undefined ? (options.current?.classification_id ?? null) : (code?.id ?? null);
  return { metadata, filing: { classificationId, securityClass } };
}

/** The archives columns the metadata form sets. */
export const metadataColumns = (metadata: DocumentMetadata, filing: Filing) => ({
  title: metadata.title,
  document_number: metadata.documentNumber,
  year: metadata.year,
  description: metadata.description,
  keywords: metadata.keywords,
  access_level: metadata.accessLevel,
  category_id: metadata.categoryId,
  classification_id: filing.classificationId,
  security_class: filing.securityClass,
  // Absent (a client that never sends it): the document keeps its own start date.
  ...(metadata.retentionStartDate !== undefined ? { retention_start_date: metadata.retentionStartDate || null } : {}),
  ...(metadata.physicalLocation !== undefined ? { physical_location: metadata.physicalLocation || null } : {}),
});

/** The optional note of a new version (`versionNote` on the forms, `note` on the API). */
export function versionNoteOf(fields: Record<string, string>): string | null {
  const parsed = VersionNoteSchema.safeParse(fields.versionNote ?? fields.note);
  if (!parsed.success) throw new InvalidError(v.versionNoteMax, { versionNote: [v.versionNoteMax] });
  return parsed.data || null;
}

/**
 * How the owning unit of a document is chosen (`unitKerjaId` on the forms and the API). A
 * Satuan Kerja's documents belong to their unit, whatever the body says. A Super Admin names the
 * unit: the page forms require it (`required`), so every document they upload there has a unit
 * that answers its access requests; the API leaves it optional (the SPEC's clients do not send
 * it), and an upload without a unit is answered by Super Admin (the dashboard's panel).
 */
export type OwnerUnitRule = { required: boolean };

/**
 * The unit a Super Admin chose: its id, or undefined when the body names none (and may not).
 * InvalidError for a missing required choice or a unit that does not exist. Anyone else: undefined.
 */
async function chosenOwnerUnit(ctx: ServiceContext, fields: Record<string, string>, rule: OwnerUnitRule | undefined): Promise<number | undefined> {
  if (userActorOf(ctx.actor)?.role !== ROLES.superAdmin) return undefined;
  const raw = (fields.unitKerjaId ?? "").trim();
  if (!raw) {
    if (rule?.required) throw new InvalidError(v.ownerUnitRequired, { unitKerjaId: [v.ownerUnitRequired] });
    return undefined;
  }
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(id) || !(await findUnitKerja(ctx, id))) throw new InvalidError(v.ownerUnitUnknown, { unitKerjaId: [v.ownerUnitUnknown] });
  return id;
}

/**
 * The fields that came before the file, checked as the file starts: a field that is there and
 * wrong refuses the upload before a byte of the file is stored; a field not sent yet may still
 * come after the file (a client that sends the file first), so a missing field alone does not
 * refuse it yet. Returns the owner unit a Super Admin named, if any.
 */
export async function checkFieldsSoFar(ctx: ServiceContext, fields: Record<string, string>, rule: OwnerUnitRule | undefined): Promise<number | undefined> {
  try {
    return (await validDocumentFields(ctx, fields, rule, {})).ownerUnit;
  } catch (error) {
    if (!(error instanceof InvalidError) || !error.fieldErrors) throw error;
    const sentWrong = Object.keys(error.fieldErrors).some((name) => name in fields);
    if (!sentWrong) return (fields.unitKerjaId ?? "").trim() ? chosenOwnerUnit(ctx, fields, rule) : undefined;
    // Refused anyway: every problem at once (the missing fields too), as after a full post.
    throw error;
  }
}

/**
 * The metadata, its filing and the owner unit together: one InvalidError with every field's
 * message, so a form shows all its problems after a single post.
 */
export async function validDocumentFields(
  ctx: ServiceContext,
  fields: Record<string, string>,
  rule: OwnerUnitRule | undefined,
  options: { requireFile?: { file: StagedFile | null }; current?: DocumentRow },
): Promise<{ metadata: DocumentMetadata; filing: Filing; ownerUnit: number | undefined }> {
  const [filed, ownerUnit] = await Promise.allSettled([validMetadata(ctx, fields, options), chosenOwnerUnit(ctx, fields, rule)]);
  if (filed.status === "fulfilled" && ownerUnit.status === "fulfilled") return { ...filed.value, ownerUnit: ownerUnit.value };
  const errors = [filed, ownerUnit].flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
  const unexpected = errors.find((error) => !(error instanceof InvalidError));
  if (unexpected) throw unexpected;
  const fieldErrors = Object.assign({}, ...errors.map((error) => (error as InvalidError).fieldErrors ?? {})) as Record<string, string[]>;
  const error = new InvalidError((errors[0] as InvalidError).message, fieldErrors);
  error.values = fields;
  throw error;
}
