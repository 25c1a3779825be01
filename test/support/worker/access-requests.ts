import { expect } from "vitest";
import type { AccessRequestView } from "~/domain/access-requests";
import { testEnv } from "./env";
import { uploadDocument, type Uploaded } from "./documents";
import { createCategory, createUnitKerja, createUser, type CreatedUser, type RoleName } from "./factories";
import { call, login, type SignedIn } from "./http";

export type Person = { user: CreatedUser; session: SignedIn };
export type AccessWorld = {
  categoryId: number;
  ownerUnit: { id: number; nama: string };
  otherUnit: { id: number; nama: string };
  admin: Person;
  /** Satuan Kerja of the owning unit who uploads the documents. */
  owner: Person;
  /** Another Satuan Kerja member of the owning unit (answers too, never uploads). */
  colleague: Person;
  /** Satuan Kerja of another unit: the one who asks. */
  requester: Person;
  /** Satuan Kerja of the same other unit, not the requester. */
  stranger: Person;
  viewer: Person;
};

async function person(role: RoleName, unitKerjaId: number | null = null): Promise<Person> {
  const user = await createUser({ role, unitKerjaId });
  return { user, session: await login(user.username, user.password) };
}

/** Two units, their staff, an admin and a viewer, each signed in through the API. */
export async function accessWorld(): Promise<AccessWorld> {
  const [ownerUnit, otherUnit, category] = await Promise.all([createUnitKerja(), createUnitKerja(), createCategory()]);
  return {
    categoryId: category.id,
    ownerUnit,
    otherUnit,
    admin: await person("Super Admin"),
    owner: await person("Satuan Kerja", ownerUnit.id),
    colleague: await person("Satuan Kerja", ownerUnit.id),
    requester: await person("Satuan Kerja", otherUnit.id),
    stranger: await person("Satuan Kerja", otherUnit.id),
    viewer: await person("Viewer"),
  };
}

/** A document uploaded by the owner through the API (real R2 bytes). */
export function ownerDocument(world: AccessWorld, accessLevel: "PRIVATE" | "PUBLIC" = "PRIVATE", title?: string): Promise<Uploaded> {
  return uploadDocument(world.owner.session, { categoryId: world.categoryId, fields: { accessLevel, ...(title ? { title } : {}) } });
}

const as = (session: SignedIn | null) => ({ cookie: session?.cookie, ip: session?.ip, csrfToken: session?.csrfToken });

export function askAccess(session: SignedIn | null, archiveUuid: string, body: unknown = { requestMessage: "Untuk penelitian akademik" }) {
  return call(`/api/v1/archives/${archiveUuid}/request-access`, { method: "POST", json: body, ...as(session) });
}

export function respond(session: SignedIn | null, requestUuid: string, body: unknown = { action: "accept", responseMessage: "Silakan diunduh" }) {
  return call(`/api/v1/access-requests/${requestUuid}/respond`, { method: "POST", json: body, ...as(session) });
}

export function revoke(session: SignedIn | null, requestUuid: string) {
  return call(`/api/v1/access-requests/${requestUuid}/revoke`, { method: "POST", ...as(session) });
}

export function listRequests(session: SignedIn | null, query = "") {
  return call(`/api/v1/access-requests${query}`, as(session));
}

export function getWith(session: SignedIn | null, path: string) {
  return call(path, as(session));
}

/** Ask as `session` and return the new request (201 expected). */
export async function askedRequest(session: SignedIn, archiveUuid: string): Promise<AccessRequestView> {
  const response = await askAccess(session, archiveUuid);
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return (JSON.parse(text) as { data: AccessRequestView }).data;
}

/** The requester's row after an approval by `approver`, with its token. */
export async function approvedRequest(world: AccessWorld, archiveUuid: string, approver: SignedIn = world.owner.session): Promise<AccessRequestView> {
  const asked = await askedRequest(world.requester.session, archiveUuid);
  const response = await respond(approver, asked.uuid);
  expect(response.status, await response.clone().text()).toBe(200);
  return requesterView(world, asked.uuid);
}

/** One request as the requester's list shows it. */
export async function requesterView(world: AccessWorld, requestUuid: string): Promise<AccessRequestView> {
  const rows = await (await listRequests(world.requester.session, "?size=50")).json<AccessRequestView[]>();
  const row = rows.find((r) => r.uuid === requestUuid);
  if (!row) throw new Error(`request ${requestUuid} not in the requester's list`);
  return row;
}

export type RequestRow = {
  id: number;
  uuid: string;
  status: string;
  token_hash: string | null;
  token_seed: string | null;
  download_count: number;
  expires_at: string | null;
  responded_at: string | null;
  response_message: string | null;
  revoked_at: string | null;
  revoked_by: number | null;
};

export function requestRow(uuid: string): Promise<RequestRow | null> {
  return testEnv.DB.prepare("SELECT * FROM access_requests WHERE uuid = ?").bind(uuid).first<RequestRow>();
}

export async function requestRowsFor(archiveUuid: string): Promise<RequestRow[]> {
  const { results } = await testEnv.DB.prepare(
    "SELECT r.* FROM access_requests r JOIN archives a ON a.id = r.archive_id WHERE a.uuid = ? ORDER BY r.id",
  )
    .bind(archiveUuid)
    .all<RequestRow>();
  return results;
}

export type AuditOf = { action: string; actor_id: number | null; message: string; details: string | null };
export async function auditFor(requestUuid: string): Promise<AuditOf[]> {
  const { results } = await testEnv.DB.prepare(
    "SELECT action, actor_id, message, details FROM audit_logs WHERE target_type = 'access_request' AND target_id = ? ORDER BY id",
  )
    .bind(requestUuid)
    .all<AuditOf>();
  return results;
}

/** The refusal body of a token download. */
export async function expectDownloadRefused(response: Response, status: number, reason: string) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(JSON.parse(text)).toEqual({ message: "Gagal mengunduh file", error: reason });
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(response.headers.get("content-disposition")).toBeNull();
}
