/**
 * Data an e2e test makes for itself through the JSON API (never the seed's rows, which other
 * files read): an API session, a document with a real file, an access request and its answer.
 */
import { DEMO_PASSWORD, baseURL } from "./browser";
import { pdfFile, type FilePayload } from "./files";

export type ApiSession = { cookie: string; csrfToken: string };
export type TestDocument = { uuid: string; title: string; word: string };

export const api = (path: string, init?: RequestInit) => fetch(new URL(path, baseURL()), { redirect: "manual", ...init });

export async function apiSession(username: string): Promise<ApiSession> {
  const response = await api("/api/v1/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`API sign-in of ${username}: ${response.status}`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie: response.headers.getSetCookie()[0]!.split(";")[0]!, csrfToken };
}

const write = (session: ApiSession) => ({ cookie: session.cookie, "x-csrf-token": session.csrfToken, origin: baseURL() });

/** A word no other document contains (lists can be searched for it). */
export const uniqueWord = (prefix = "uji") =>
  `${prefix}${Array.from({ length: 8 }, () => "bcdfghjkmnpqrstvwxz"[Math.floor(Math.random() * 19)]).join("")}`;

/** A document uploaded through the API by `session` (extra multipart fields in `fields`). */
export async function createTestDocument(
  session: ApiSession,
  options: { title?: string; accessLevel?: "PRIVATE" | "PUBLIC"; fields?: Record<string, string>; file?: FilePayload } = {},
): Promise<TestDocument> {
  const categories = (await (await api("/api/v1/archives/categories", { headers: { cookie: session.cookie } })).json()) as { id: number }[];
  const word = uniqueWord();
  const title = options.title ?? `Arsip Uji ${word}`;
  const file = options.file ?? pdfFile(`${word}.pdf`, word);
  const form = new FormData();
  const fields = {
    categoryId: String(categories[0]!.id),
    title,
    documentNumber: `UJI/${word}`,
    year: "2025",
    keywords: "uji, arsip, dokumen, e2e, walkthrough",
    description: "Dokumen uji yang dibuat oleh pengujian end-to-end untuk satu skenario saja.",
    accessLevel: options.accessLevel ?? "PRIVATE",
    ...options.fields,
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("file", new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await api("/api/v1/archives", { method: "POST", headers: write(session), body: form });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${text}`);
  return { uuid: (JSON.parse(text) as { data: { uuid: string } }).data.uuid, title, word };
}

/** A new version of a document's file (`POST /api/v1/archives/{uuid}/file`): it then has a history. */
export async function replaceTestFile(session: ApiSession, documentUuid: string, file: FilePayload = pdfFile("versi-baru.pdf", uniqueWord())): Promise<void> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await api(`/api/v1/archives/${documentUuid}/file`, { method: "POST", headers: write(session), body: form });
  if (response.status !== 200) throw new Error(`file replacement answered ${response.status}: ${await response.text()}`);
}

/** A document moved to the trash (`DELETE /api/v1/archives/{uuid}`). */
export async function trashTestDocument(session: ApiSession, documentUuid: string): Promise<void> {
  const response = await api(`/api/v1/archives/${documentUuid}`, { method: "DELETE", headers: write(session) });
  if (response.status !== 200) throw new Error(`delete answered ${response.status}: ${await response.text()}`);
}

/** `session` asks for access to a document; returns the request's uuid. */
export async function requestTestAccess(session: ApiSession, documentUuid: string, message = "untuk penelitian akademik"): Promise<string> {
  const response = await api(`/api/v1/archives/${documentUuid}/request-access`, {
    method: "POST",
    headers: { ...write(session), "content-type": "application/json" },
    body: JSON.stringify({ requestMessage: message }),
  });
  const text = await response.text();
  if (response.status !== 201 && response.status !== 200) throw new Error(`request-access answered ${response.status}: ${text}`);
  const body = JSON.parse(text) as { uuid?: string; data?: { uuid: string } };
  return body.data?.uuid ?? body.uuid!;
}

/** `session` answers a request ('accept' or 'reject'). */
export async function answerTestRequest(session: ApiSession, requestUuid: string, action: "accept" | "reject", responseMessage = "Silakan diunduh."): Promise<void> {
  const response = await api(`/api/v1/access-requests/${requestUuid}/respond`, {
    method: "POST",
    headers: { ...write(session), "content-type": "application/json" },
    body: JSON.stringify({ action, responseMessage }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`respond answered ${response.status}: ${text}`);
}
