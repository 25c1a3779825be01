import { beforeAll, describe, expect, it, vi } from "vitest";
import { apiTokenMessages } from "~/i18n/api-tokens";
import { session as sessionText } from "~/i18n/session";
import { ApiTokenListQuerySchema, type ApiTokenCreateInput } from "~/domain/api-tokens";
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from "~/domain/errors";
import { bearerActorOf } from "~/server/context.server";
import { createApiToken, listApiTokens, MAX_LIVE_TOKENS, revokeApiToken, TOKEN_CREATE_LIMIT } from "~/server/api-tokens/service.server";
import { BEARER_FAILURE_LIMIT } from "~/server/auth/bearer.server";
import { documentBody, documentFields } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { createCategory, createUnitKerja, createUser, type CreatedUser } from "../support/worker/factories";
import { call, login, uniqueIp, type CallOptions, type SignedIn } from "../support/worker/http";
import { serviceContext, testClock } from "../support/worker/context";

/**
 * Personal API tokens: `Authorization: Bearer` on /api/v1 acts as the token's owner, narrowed by
 * its scope; no CSRF token is needed and no cookie is read on such a call; tokens die when they
 * expire, are revoked, or their owner is deleted or changes role or unit; every change is audited;
 * bad tokens are throttled per address like sign-ins.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const DAY = 24 * 60 * 60 * 1000;
let unit: { id: number };
let otherUnit: { id: number };
let categoryId: number;
let admin: CreatedUser;
let adminSession: SignedIn;

beforeAll(async () => {
  [unit, otherUnit] = await Promise.all([createUnitKerja(), createUnitKerja()]);
  categoryId = (await createCategory()).id;
  admin = await createUser({ role: "Super Admin" });
  adminSession = await login(admin.username, admin.password);
});

async function tokenFor(user: CreatedUser, input: Partial<ApiTokenCreateInput> = {}, clock = testClock()): Promise<{ token: string; uuid: string }> {
  const { token, view } = await createApiToken(await serviceContext(user, clock), { name: "Integrasi", scope: "read", expiresInDays: 30, ...input });
  return { token, uuid: view.uuid };
}

const bearer = (token: string, path: string, options: CallOptions = {}) =>
  call(path, { ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });

const tokenRow = (uuid: string) =>
  testEnv.DB.prepare("SELECT * FROM api_tokens WHERE uuid = ?").bind(uuid).first<Record<string, string | number | null>>();

const auditOf = (uuid: string) =>
  testEnv.DB.prepare("SELECT action, actor_id, message, details FROM audit_logs WHERE target_type = 'api_token' AND target_id = ? ORDER BY id")
    .bind(uuid)
    .all<{ action: string; actor_id: number | null; message: string; details: string }>()
    .then((result) => result.results);

async function expectRefused(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ message, error: message });
}

describe("a bearer call acts as the token's owner, narrowed by the scope", () => {
  it("a read token reads as its owner (no CSRF token in the session check) and is refused every change with 403", async () => {
    const owner = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const { token } = await tokenFor(owner, { scope: "read" });
    const me = await bearer(token, "/api/v1/users/me");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ userId: owner.id, role: "Satuan Kerja", unitKerjaId: unit.id, x_csrf_token: null });
    expect((await bearer(token, "/api/v1/archives")).status).toBe(200);

    const before = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM archives WHERE uploader_id = ?").bind(owner.id).first<{ n: number }>();
    const body = documentBody(null, { fields: documentFields(categoryId) });
    await expectRefused(
      await bearer(token, "/api/v1/archives", { method: "POST", body: body.body, headers: { "content-type": body.contentType } }),
      403,
      apiTokenMessages.readOnly,
    );
    await expectRefused(await bearer(token, `/api/v1/archives/${crypto.randomUUID()}`, { method: "DELETE" }), 403, apiTokenMessages.readOnly);
    const after = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM archives WHERE uploader_id = ?").bind(owner.id).first<{ n: number }>();
    expect(after).toEqual(before);
  });

  it("a read+write token changes what its owner may change, with no CSRF token, and the audit row names the token", async () => {
    const owner = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const { token, uuid } = await tokenFor(owner, { scope: "read_write" });
    const body = documentBody(null, { fields: documentFields(categoryId, { title: "Diunggah lewat token API" }) });
    const response = await bearer(token, "/api/v1/archives", { method: "POST", body: body.body, headers: { "content-type": body.contentType } });
    expect(response.status, await response.clone().text()).toBe(201);
    const { data } = await response.json<{ data: { uuid: string; uploader: string } }>();
    expect(data.uploader).toBe(owner.fullName);
    const audit = await testEnv.DB.prepare("SELECT actor_id, details FROM audit_logs WHERE action = 'DOCUMENT_CREATE' AND target_id = ?")
      .bind(data.uuid)
      .first<{ actor_id: number; details: string }>();
    expect(audit!.actor_id).toBe(owner.id);
    expect(JSON.parse(audit!.details)).toMatchObject({ apiToken: uuid });

    // The owner's permissions, no more: a Satuan Kerja cannot manage users.
    expect((await bearer(token, "/api/v1/users")).status).toBe(403);
    expect((await bearer(token, "/api/v1/users", { method: "POST", json: { fullName: "X", username: "xyz-token", password: "rahasia-123" } })).status).toBe(403);
  });

  it("cookies are not read on a bearer call: an admin's cookie neither lifts a Viewer's token nor rescues a bad one", async () => {
    const viewer = await createUser({ role: "Viewer" });
    const { token } = await tokenFor(viewer, { scope: "read_write" });
    expect((await bearer(token, "/api/v1/users", { cookie: adminSession.cookie, csrfToken: adminSession.csrfToken })).status).toBe(403);
    const me = await bearer(token, "/api/v1/users/me", { cookie: adminSession.cookie });
    expect(await me.json()).toMatchObject({ userId: viewer.id, x_csrf_token: null });
    await expectRefused(await bearer("earsip_" + "A".repeat(43), "/api/v1/users", { cookie: adminSession.cookie }), 401, apiTokenMessages.invalid);
    // On a change too: the admin's cookie and CSRF token do not make the Viewer's call an admin's.
    const adminWrite = { method: "POST", cookie: adminSession.cookie, csrfToken: adminSession.csrfToken };
    expect((await bearer(token, "/api/v1/audit-logs/verify", adminWrite)).status).toBe(403);
    const { token: readOnly } = await tokenFor(viewer, { scope: "read" });
    await expectRefused(await bearer(readOnly, "/api/v1/audit-logs/verify", adminWrite), 403, apiTokenMessages.readOnly);
    await expectRefused(await bearer("earsip_" + "B".repeat(43), "/api/v1/audit-logs/verify", adminWrite), 401, apiTokenMessages.invalid);
    // The same admin cookie on its own still works (and still needs its CSRF token for a change).
    expect((await call("/api/v1/users", { cookie: adminSession.cookie })).status).toBe(200);
    await expectRefused(await call("/api/v1/audit-logs/verify", { method: "POST", cookie: adminSession.cookie }), 403, sessionText.csrfInvalid);
  });

  it("an admin's read+write token needs no CSRF token on a change, even when a foreign Origin is sent", async () => {
    const { token } = await tokenFor(admin, { scope: "read_write" });
    const response = await bearer(token, "/api/v1/audit-logs/verify", { method: "POST", headers: { origin: "https://integrasi.example" } });
    expect(response.status).toBe(200);
  });
});

describe("a token dies", () => {
  it("when it expires", async () => {
    const owner = await createUser({ role: "Viewer" });
    const clock = testClock(new Date(Date.now() - 8 * DAY));
    const { token } = await tokenFor(owner, { expiresInDays: 7 }, clock);
    const response = await bearer(token, "/api/v1/users/me");
    await expectRefused(response, 401, apiTokenMessages.invalid);
    expect(response.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
  });

  it("when its owner revokes it, or a Super Admin does; anyone else does not even see it", async () => {
    const owner = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const colleague = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const mine = await tokenFor(owner);
    const theirs = await tokenFor(owner, { name: "Kedua" });
    await expect(revokeApiToken(await serviceContext(colleague), mine.uuid)).rejects.toBeInstanceOf(NotFoundError);
    expect((await bearer(mine.token, "/api/v1/users/me")).status).toBe(200);

    await revokeApiToken(await serviceContext(owner), mine.uuid);
    await expectRefused(await bearer(mine.token, "/api/v1/users/me"), 401, apiTokenMessages.invalid);
    await expect(revokeApiToken(await serviceContext(owner), mine.uuid)).rejects.toBeInstanceOf(ConflictError);
    expect(await tokenRow(mine.uuid)).toMatchObject({ revoked_by: owner.id, revoked_reason: "OWNER" });

    await revokeApiToken(await serviceContext(admin), theirs.uuid);
    await expectRefused(await bearer(theirs.token, "/api/v1/users/me"), 401, apiTokenMessages.invalid);
    expect(await tokenRow(theirs.uuid)).toMatchObject({ revoked_by: admin.id, revoked_reason: "ADMIN" });
    expect((await auditOf(theirs.uuid)).map((row) => [row.action, row.actor_id])).toEqual([
      ["API_TOKEN_CREATE", owner.id],
      ["API_TOKEN_REVOKE", admin.id],
    ]);
  });

  it("when its owner's role or unit changes (through the API or any other path), or the owner is deleted", async () => {
    const byRole = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const byUnit = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const bySql = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const deleted = await createUser({ role: "Viewer" });
    const [roleToken, unitToken, sqlToken, deletedToken] = await Promise.all([tokenFor(byRole), tokenFor(byUnit), tokenFor(bySql), tokenFor(deleted)]);
    for (const token of [roleToken, unitToken, sqlToken, deletedToken]) expect((await bearer(token.token, "/api/v1/users/me")).status).toBe(200);

    const put = (user: CreatedUser, json: unknown) => call(`/api/v1/users/${user.uuid}`, { method: "PUT", json, cookie: adminSession.cookie, csrfToken: adminSession.csrfToken });
    expect((await put(byRole, { roleName: "Viewer" })).status).toBe(200);
    expect((await put(byUnit, { unitKerjaId: otherUnit.id })).status).toBe(200);
    await testEnv.DB.prepare("UPDATE users SET role_id = 3, unit_kerja_id = NULL WHERE id = ?").bind(bySql.id).run();
    expect((await call(`/api/v1/users/${deleted.uuid}`, { method: "DELETE", cookie: adminSession.cookie, csrfToken: adminSession.csrfToken })).status).toBe(200);

    for (const token of [roleToken, unitToken, sqlToken, deletedToken]) {
      await expectRefused(await bearer(token.token, "/api/v1/users/me"), 401, apiTokenMessages.invalid);
    }
    for (const token of [roleToken, unitToken]) {
      expect(await tokenRow(token.uuid)).toMatchObject({ revoked_reason: "OWNER_CHANGED" });
      expect((await auditOf(token.uuid)).map((row) => row.action)).toEqual(["API_TOKEN_CREATE", "API_TOKEN_REVOKE"]);
    }
    // Changed back, the old tokens stay dead.
    expect((await put(byRole, { roleName: "Satuan Kerja", unitKerjaId: unit.id })).status).toBe(200);
    await expectRefused(await bearer(roleToken.token, "/api/v1/users/me"), 401, apiTokenMessages.invalid);
    expect(await tokenRow(deletedToken.uuid)).toBeNull();
  });
});

describe("tokens are made with a session, stored as a hash, listed, limited", () => {
  it("only an HMAC of the token is stored; the list shows a prefix, never the token", async () => {
    const owner = await createUser({ role: "Viewer" });
    const { token, uuid } = await tokenFor(owner, { name: "Skrip migrasi" });
    expect(token).toMatch(/^earsip_[A-Za-z0-9_-]{43}$/);
    const row = (await tokenRow(uuid))!;
    expect(JSON.stringify(row)).not.toContain(token.slice(13));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const page = await listApiTokens(await serviceContext(owner), ApiTokenListQuerySchema.parse({}));
    expect(page.data).toEqual([expect.objectContaining({ uuid, name: "Skrip migrasi", prefix: token.slice(0, 13), status: "active", canRevoke: true })]);
    expect(JSON.stringify(page)).not.toContain(token.slice(13));
    const [audit] = await auditOf(uuid);
    expect(audit!.message).toContain("Skrip migrasi");
    expect(audit!.details).not.toContain(token.slice(13));
  });

  it("each user lists their own tokens; a Super Admin lists everyone's", async () => {
    const [first, second] = [await createUser({ role: "Viewer" }), await createUser({ role: "Viewer" })];
    const a = await tokenFor(first);
    const b = await tokenFor(second);
    const uuids = async (user: CreatedUser) =>
      (await listApiTokens(await serviceContext(user), ApiTokenListQuerySchema.parse({ size: "50" }))).data.map((token) => token.uuid);
    expect(await uuids(first)).toEqual([a.uuid]);
    expect(await uuids(second)).toEqual([b.uuid]);
    expect(await uuids(admin)).toEqual(expect.arrayContaining([a.uuid, b.uuid]));
  });

  it("a token cannot make or revoke tokens (its caller has no session)", async () => {
    const owner = await createUser({ role: "Viewer" });
    const { uuid } = await tokenFor(owner, { scope: "read_write" });
    const ctx = await serviceContext(owner);
    const viaToken = { ...ctx, session: null, actor: bearerActorOf({ tokenId: 0, uuid, scope: "read_write", user: ctx.session!.user }) };
    await expect(createApiToken(viaToken, { name: "x", scope: "read", expiresInDays: 7 })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(revokeApiToken(viaToken, uuid)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it(`at most ${MAX_LIVE_TOKENS} live tokens per user, and ${TOKEN_CREATE_LIMIT.max} new ones an hour`, async () => {
    const busy = await createUser({ role: "Viewer" });
    const ctx = await serviceContext(busy);
    for (let i = 0; i < TOKEN_CREATE_LIMIT.max; i++) await createApiToken(ctx, { name: `t${i}`, scope: "read", expiresInDays: 7 });
    await expect(createApiToken(ctx, { name: "satu lagi", scope: "read", expiresInDays: 7 })).rejects.toBeInstanceOf(TooManyRequestsError);

    const hoarder = await createUser({ role: "Viewer" });
    const now = Date.now();
    const statements = Array.from({ length: MAX_LIVE_TOKENS }, (_, i) =>
      testEnv.DB.prepare(
        `INSERT INTO api_tokens (uuid, user_id, name, scope, token_hash, token_prefix, role_id, unit_kerja_id, created_at, expires_at)
         VALUES (?, ?, ?, 'read', ?, 'earsip_x', 3, NULL, ?, ?)`,
      ).bind(crypto.randomUUID(), hoarder.id, `lama ${i}`, crypto.randomUUID(), new Date(now).toISOString(), new Date(now + DAY).toISOString()),
    );
    await testEnv.DB.batch(statements);
    await expect(createApiToken(await serviceContext(hoarder), { name: "x", scope: "read", expiresInDays: 7 })).rejects.toBeInstanceOf(ConflictError);
  });
});

describe("bad tokens are throttled per address, like sign-ins", () => {
  it(`past ${BEARER_FAILURE_LIMIT.max} unknown tokens an address gets 429 with Retry-After for its bad tokens, while a good token from there keeps working`, async () => {
    const owner = await createUser({ role: "Viewer" });
    const { token } = await tokenFor(owner);
    const ip = uniqueIp();
    for (let i = 0; i < BEARER_FAILURE_LIMIT.max; i++) {
      expect((await bearer(`earsip_${crypto.randomUUID().replace(/-/g, "")}abcdefghijk`, "/api/v1/users/me", { ip })).status).toBe(401);
    }
    const throttled = await bearer("garbage", "/api/v1/users/me", { ip });
    await expectRefused(throttled, 429, apiTokenMessages.throttled);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    // A campus NAT: the guesser shares the address with every valid script.
    expect((await bearer(token, "/api/v1/users/me", { ip })).status).toBe(200);
    expect((await bearer(token, "/api/v1/users/me")).status).toBe(200);
    // The guesser stays throttled.
    await expectRefused(await bearer(`earsip_${"x".repeat(43)}`, "/api/v1/users/me", { ip }), 429, apiTokenMessages.throttled);
  });

  it("a percent-encoded API path is a bearer call too: a bad token is refused, not taken for the cookie's session", async () => {
    await expectRefused(await bearer("earsip_" + "C".repeat(43), "/api/v%31/users", { cookie: adminSession.cookie }), 401, apiTokenMessages.invalid);
  });

  it("a malformed Authorization header of another scheme is not a bearer call; an empty bearer token is a bad one", async () => {
    expect((await call("/api/v1/statistics", { headers: { authorization: "Basic YWRtaW46eA==" } })).status).toBe(200);
    await expectRefused(await call("/api/v1/statistics", { headers: { authorization: "Bearer " } }), 401, apiTokenMessages.invalid);
  });
});

describe("the contract names bearer tokens", () => {
  it("the OpenAPI document declares the bearer scheme beside the session cookie and CSRF header", async () => {
    const document = await (await call("/api/v1/openapi.json")).json<{ components: { securitySchemes: Record<string, { type: string; scheme?: string }> } }>();
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: "http", scheme: "bearer" },
      sessionCookie: { type: "apiKey" },
      csrfHeader: { type: "apiKey" },
    });
  });
});
