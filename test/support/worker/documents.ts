import { expect } from "vitest";
import type { DocumentView } from "~/server/documents/service.server";
import { testEnv } from "./env";
import { call, callWithEnv, type CallOptions, type SignedIn } from "./http";
import { formBody, pdfBytes, type Bytes, type FilePart, type MultipartBody } from "./multipart";
import type { Selectable } from "kysely";
import type { Database } from "~/server/db/schema";

export type { DocumentView };

/** Metadata that passes every rule (SPEC section 5), with unique searchable words. */
export function documentFields(categoryId: number, overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    categoryId: String(categoryId),
    title: "Surat Keputusan Rektor tentang Kalender Akademik",
    documentNumber: `SK/${crypto.randomUUID().slice(0, 8)}/2025`,
    year: "2025",
    keywords: "surat, keputusan, rektor, kalender, akademik",
    description: "Keputusan rektor yang menetapkan kalender akademik tahun ajaran baru bagi seluruh fakultas dan program studi di lingkungan universitas.",
    accessLevel: "PRIVATE",
    ...overrides,
  };
}

export type SendOptions = Omit<CallOptions, "body" | "json" | "cookie" | "csrfToken" | "ip"> & {
  /** How a signed-in caller proves CSRF: the x-csrf-token header (default), a `_csrf` field first, or nothing. */
  csrf?: "header" | "field" | "none";
  /** Bindings to replace for this request (see `callWithEnv`). */
  env?: Record<string, string>;
};

/** Send a multipart body (bytes or a stream without a length) as `session` (null: a visitor). */
export function sendMultipart(
  path: string,
  session: SignedIn | null,
  body: MultipartBody | { body: ReadableStream<Uint8Array>; contentType: string },
  options: SendOptions = {},
): Promise<Response> {
  const { csrf = "header", headers, env, ...rest } = options;
  const callOptions: CallOptions = {
    method: "POST",
    ...rest,
    body: body.body,
    cookie: session?.cookie,
    ip: session?.ip,
    csrfToken: session && csrf === "header" ? session.csrfToken : undefined,
    headers: { "content-type": body.contentType, ...headers },
  };
  return env ? callWithEnv(env, path, callOptions) : call(path, callOptions);
}

export type UploadInput = {
  fields?: Record<string, string | undefined>;
  file?: Omit<FilePart, "name"> | null;
  csrf?: "header" | "field" | "none";
  method?: string;
  headers?: Record<string, string>;
};

/** The multipart body of a document form: `_csrf` first when asked, then the fields, the file last. */
export function documentBody(session: SignedIn | null, input: UploadInput): MultipartBody {
  const fields = { ...(session && input.csrf === "field" ? { _csrf: session.csrfToken } : {}), ...input.fields };
  return formBody(fields, input.file === null ? undefined : (input.file ?? { filename: "dokumen.pdf", data: pdfBytes(), contentType: "application/pdf" }));
}

/** POST /api/v1/archives as `session`. */
export function postDocument(session: SignedIn | null, input: UploadInput & { categoryId?: number; env?: Record<string, string> }): Promise<Response> {
  const fields = input.fields ?? documentFields(input.categoryId ?? 1);
  return sendMultipart("/api/v1/archives", session, documentBody(session, { ...input, fields }), {
    csrf: input.csrf,
    headers: input.headers,
    method: input.method,
    env: input.env,
  });
}

export type Uploaded = { uuid: string; view: DocumentView; bytes: Bytes; fileName: string };

/** A document created through the real API (201 expected), with the bytes that were sent. */
export async function uploadDocument(
  session: SignedIn,
  options: { categoryId: number; fields?: Record<string, string | undefined>; bytes?: Bytes; fileName?: string },
): Promise<Uploaded> {
  const bytes = options.bytes ?? pdfBytes();
  const fileName = options.fileName ?? "dokumen.pdf";
  const response = await postDocument(session, {
    fields: documentFields(options.categoryId, options.fields),
    file: { filename: fileName, data: bytes, contentType: "application/pdf" },
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const view = (JSON.parse(text) as { data: DocumentView }).data;
  return { uuid: view.uuid, view, bytes, fileName };
}

/** An `archives` row as D1 answers `SELECT *` (the id is a plain number once read). */
export type ArchiveRow = Selectable<Database["archives"]>;

export async function archiveRow(uuid: string): Promise<ArchiveRow | null> {
  return testEnv.DB.prepare("SELECT * FROM archives WHERE uuid = ?").bind(uuid).first<ArchiveRow>();
}

export type DocumentAuditRow = { action: string; actor_id: number | null; target_type: string | null; target_id: string | null; message: string; details: string | null };

export async function auditRowsFor(uuid: string): Promise<DocumentAuditRow[]> {
  const { results } = await testEnv.DB.prepare(
    "SELECT action, actor_id, target_type, target_id, message, details FROM audit_logs WHERE target_id = ? ORDER BY id",
  )
    .bind(uuid)
    .all<DocumentAuditRow>();
  return results;
}

/** Every key in the bucket (the tests store far fewer than one page). */
export async function r2Keys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await testEnv.FILES.list({ cursor, limit: 1000 });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

export type StorageSnapshot = { archives: number; versions: number; audit: number; staged: number; keys: string[] };

const countOf = async (table: string, where = "") => (await testEnv.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} ${where}`).first<{ n: number }>())!.n;

/**
 * Counts of everything a document write touches; tests in one file run one at a time. The audit
 * rows of refusals (ACCESS_DENIED, test/integration/audit-windows.test.ts) record that nothing
 * was done: they are not counted.
 */
export async function storageSnapshot(): Promise<StorageSnapshot> {
  return {
    archives: await countOf("archives"),
    versions: await countOf("archive_files"),
    audit: await countOf("audit_logs", "WHERE action <> 'ACCESS_DENIED'"),
    staged: await countOf("file_staging"),
    keys: await r2Keys(),
  };
}

/** Nothing was written since `before`: no archives row, version, audit row, staged upload or R2 object. */
export async function expectNothingWritten(before: StorageSnapshot, label?: string): Promise<void> {
  expect(await storageSnapshot(), label).toEqual(before);
}

/** The API's error body: message and error always, errors[] for form validation. */
export type ErrorBody = { message: string; error: string; errors?: string[] };

export async function expectError(response: Response, status: number, message: string, label?: string): Promise<ErrorBody> {
  const text = await response.text();
  expect(response.status, `${label ?? ""} ${text}`).toBe(status);
  const body = JSON.parse(text) as ErrorBody;
  expect(body.message, label).toBe(message);
  expect(body.error, label).toBe(message);
  return body;
}

export async function downloadBytes(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}
