import { beforeAll, describe, expect, it, vi } from "vitest";
import { accessWorld, askedRequest, ownerDocument, type AccessWorld } from "../support/worker/access-requests";
import { testEnv } from "../support/worker/env";
import { call, type SignedIn } from "../support/worker/http";
import { formBody, pdfBytes } from "../support/worker/multipart";

/**
 * Every route that reads a request body, fed a wrong content type, a malformed body and an
 * oversized one: each answers a 4xx (never a 500) and writes nothing (no row in any table the
 * routes write, no audit row, no R2 object).
 */

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let world: AccessWorld;
let documentUuid: string;
let requestUuid: string;
let userUuid: string;
let unitId: number;

beforeAll(async () => {
  world = await accessWorld();
  documentUuid = (await ownerDocument(world)).uuid;
  requestUuid = (await askedRequest(world.requester.session, documentUuid)).uuid;
  userUuid = world.viewer.user.uuid;
  unitId = world.otherUnit.id;
});

const TABLES = ["users", "unit_kerja", "archives", "access_requests", "audit_logs", "file_staging", "archive_files", "sessions"];
async function snapshot() {
  const counts: Record<string, unknown> = {};
  for (const table of TABLES) counts[table] = (await testEnv.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  counts.rows = await testEnv.DB.prepare(
    `SELECT (SELECT group_concat(r2_key || updated_at || title) FROM archives WHERE uuid = ?1) AS document,
            (SELECT group_concat(status) FROM access_requests) AS requests,
            (SELECT nama FROM unit_kerja WHERE id = ?2) AS unit,
            (SELECT group_concat(full_name || role_id) FROM users WHERE uuid = ?3) AS user`,
  ).bind(documentUuid, unitId, userUuid).first();
  counts.objects = (await testEnv.FILES.list()).objects.length;
  return counts;
}

type Route = { label: string; method: string; path: () => string; as: () => SignedIn | null; upload?: boolean };
const ROUTES: Route[] = [
  { label: "API login", method: "POST", path: () => "/api/v1/auth/login", as: () => null },
  { label: "API create user", method: "POST", path: () => "/api/v1/users", as: () => world.admin.session },
  { label: "API update user", method: "PUT", path: () => `/api/v1/users/${userUuid}`, as: () => world.admin.session },
  { label: "API create unit kerja", method: "POST", path: () => "/api/v1/unit-kerja", as: () => world.admin.session },
  { label: "API update unit kerja", method: "PUT", path: () => `/api/v1/unit-kerja/${unitId}`, as: () => world.admin.session },
  { label: "API request access", method: "POST", path: () => `/api/v1/archives/${documentUuid}/request-access`, as: () => world.stranger.session },
  { label: "API respond to request", method: "POST", path: () => `/api/v1/access-requests/${requestUuid}/respond`, as: () => world.owner.session },
  { label: "API create document", method: "POST", path: () => "/api/v1/archives", as: () => world.owner.session, upload: true },
  { label: "API update document", method: "PUT", path: () => `/api/v1/archives/${documentUuid}`, as: () => world.owner.session, upload: true },
  { label: "API replace file", method: "POST", path: () => `/api/v1/archives/${documentUuid}/file`, as: () => world.owner.session, upload: true },
  { label: "page login", method: "POST", path: () => "/login", as: () => null },
  { label: "page delete document", method: "POST", path: () => `/app/documents/${documentUuid}`, as: () => world.owner.session },
  { label: "page create document", method: "POST", path: () => "/app/documents/create", as: () => world.owner.session, upload: true },
  { label: "page update document", method: "POST", path: () => `/app/documents/${documentUuid}/update`, as: () => world.owner.session, upload: true },
];

type Input = { label: string; body: () => BodyInit; contentType: string; env?: Record<string, string>; pagesToo: boolean };
const oversizedJson = () => JSON.stringify({ username: "a".repeat(70 * 1024), password: "x", nama: "y" });
const INPUTS: Input[] = [
  { label: "wrong content type", body: () => "username=admin&password=x&nama=Unit", contentType: "text/plain", pagesToo: false },
  { label: "malformed JSON", body: () => '{"username": "adm', contentType: "application/json", pagesToo: false },
  { label: "JSON that is not an object", body: () => "[1,2,3]", contentType: "application/json", pagesToo: false },
  { label: "broken multipart", body: () => '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc', contentType: "multipart/form-data; boundary=b", pagesToo: false },
  { label: "oversized JSON (70 KB)", body: oversizedJson, contentType: "application/json", pagesToo: true },
  { label: "oversized form (70 KB)", body: () => `title=${"a".repeat(70 * 1024)}`, contentType: "application/x-www-form-urlencoded", pagesToo: true },
];

// Page routes reach React Router's server build, which only the Vite build provides: here they
// are checked for what the Worker refuses before it (oversized bodies); their actions' own
// refusals of wrong types and broken forms are tested in hardening.test.ts and e2e.
const cases = ROUTES.flatMap((route) =>
  INPUTS.filter((input) => input.pagesToo || !route.label.startsWith("page")).map((input) => ({ route, input })),
);

describe("bad input on every route that reads a body: 4xx, nothing written", () => {
  it.each(cases.map(({ route, input }) => [`${route.label} (${route.method}) ← ${input.label}`, route, input] as const))("%s", async (_label, route, input) => {
    const session = route.as();
    const before = await snapshot();
    const response = await call(route.path(), {
      method: route.method,
      body: input.body(),
      cookie: session?.cookie,
      csrfToken: session?.csrfToken,
      ip: session?.ip,
      headers: { "content-type": input.contentType },
    });
    const text = await response.text();
    expect(response.status, text).toBeGreaterThanOrEqual(400);
    expect(response.status, text).toBeLessThan(500);
    expect(text).toMatch(/[a-z]/i);
    expect(await snapshot()).toEqual(before);
  });

  it("an oversized file upload is refused by the upload's own cap, nothing written", async () => {
    const session = world.owner.session;
    const before = await snapshot();
    const body = formBody({}, { filename: "besar.pdf", data: pdfBytes(200 * 1024), contentType: "application/pdf" });
    const { callWithEnv } = await import("../support/worker/http");
    const response = await callWithEnv({ MAX_UPLOAD_MB: "0.05" }, `/api/v1/archives/${documentUuid}/file`, {
      method: "POST",
      body: body.body,
      cookie: session.cookie,
      csrfToken: session.csrfToken,
      ip: session.ip,
      headers: { "content-type": body.contentType },
    });
    expect(response.status, await response.text()).toBe(413);
    expect(await snapshot()).toEqual(before);
  });
});
