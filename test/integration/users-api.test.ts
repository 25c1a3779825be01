import { beforeAll, describe, expect, it, vi } from "vitest";
import type { UserDetail, UserView } from "~/domain/users";
import type { ListPage } from "~/domain/list-query";
import { api as apiText } from "~/i18n/api";
import { userForm } from "~/i18n/user-form";
import { users as usersText, userMessages } from "~/i18n/users";
import { expectJson, expectNoSecrets, send, sessionWorks, signedIn } from "../support/worker/admin";
import { expectError } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { createArchive, createCategory, createUnitKerja, createUser } from "../support/worker/factories";
import { login, unique, type SignedIn } from "../support/worker/http";
import { verifyPassword } from "~/server/auth/password.server";

// PBKDF2 at 100,000 iterations per created user and sign-in.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const m = { ...usersText, ...userMessages };
let admin: SignedIn;
let adminId: number;

type Saved = { message: string; data: UserView };

const userRow = (uuid: string) =>
  testEnv.DB.prepare("SELECT * FROM users WHERE uuid = ?").bind(uuid).first<Record<string, unknown> & { id: number; password_hash: string; password_salt: string; password_iterations: number }>();

const auditFor = async (uuid: string) =>
  (
    await testEnv.DB.prepare("SELECT action, message, details, actor_id FROM audit_logs WHERE target_type = 'user' AND target_id = ? ORDER BY id")
      .bind(uuid)
      .all<{ action: string; message: string; details: string; actor_id: number }>()
  ).results;

const countRows = async (table: string) => (await testEnv.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

beforeAll(async () => {
  const signed = await signedIn("Super Admin");
  admin = signed.session;
  adminId = signed.user.id;
});

describe("POST /api/v1/users", () => {
  it("creates a Viewer by default, hashes the password with PBKDF2, audits, and never returns secrets", async () => {
    const username = unique("baru");
    const response = await send(admin, "POST", "/api/v1/users", {
      json: { fullName: "Budi Santoso", username, email: "budi@univ.ac.id", password: "rahasia-baru-1" },
    });
    const text = await response.clone().text();
    const body = await expectJson<Saved>(response, 201);
    expect(body.message).toBe(userForm.created);
    expect(body.data).toStrictEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fullName: "Budi Santoso",
      username,
      email: "budi@univ.ac.id",
      role: { roleName: "Viewer" },
      unitKerjaId: null,
      unitKerja: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      active: true,
      deactivatedAt: null,
    });
    const row = (await userRow(body.data.uuid))!;
    expectNoSecrets(text, [row.password_hash, row.password_salt]);
    expect(row.password_iterations).toBe(100_000);
    expect(await verifyPassword("rahasia-baru-1", { hash: row.password_hash, salt: row.password_salt, iterations: row.password_iterations })).toBe(true);
    // The new account signs in with that password.
    expect((await login(username, "rahasia-baru-1")).body.user.role).toBe("Viewer");
    const audit = await auditFor(body.data.uuid);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "USER_CREATE", actor_id: adminId });
    expect(audit[0]!.details).not.toContain(row.password_hash);
  });

  it("stores the unit of a Satuan Kerja and returns its name", async () => {
    const unit = await createUnitKerja();
    const response = await send(admin, "POST", "/api/v1/users", {
      json: { fullName: "Sari", username: unique("sk"), password: "rahasia-baru-1", roleName: "Satuan Kerja", unitKerjaId: unit.id },
    });
    const body = await expectJson<Saved>(response, 201);
    expect(body.data).toMatchObject({ role: { roleName: "Satuan Kerja" }, unitKerjaId: unit.id, unitKerja: { nama: unit.nama } });
  });

  it("ignores a unit sent for a role that has none (a no-JS form posts the hidden select too)", async () => {
    const unit = await createUnitKerja();
    const response = await send(admin, "POST", "/api/v1/users", {
      json: { fullName: "Vera", username: unique("v"), password: "rahasia-baru-1", roleName: "Viewer", unitKerjaId: String(unit.id) },
    });
    expect((await expectJson<Saved>(response, 201)).data).toMatchObject({ unitKerjaId: null, unitKerja: null });
  });

  it("refuses bad input with a clear 400 and writes nothing", async () => {
    const unit = await createUnitKerja();
    const valid = { fullName: "Nama Lengkap", username: unique("x"), password: "rahasia-baru-1" };
    const users = await countRows("users");
    const audits = await countRows("audit_logs");
    const cases: [string, unknown, string][] = [
      ["invalid email", { ...valid, email: "bukan-email" }, m.validation.emailInvalid],
      ["missing unit for Satuan Kerja", { ...valid, roleName: "Satuan Kerja" }, m.validation.unitKerjaRequired],
      ["unknown unit", { ...valid, roleName: "Satuan Kerja", unitKerjaId: 99_999_999 }, m.validation.unitKerjaUnknown],
      ["non-numeric unit", { ...valid, roleName: "Satuan Kerja", unitKerjaId: "1e2" }, m.validation.unitKerjaInvalid],
      ["unknown role", { ...valid, roleName: "Dewa" }, m.validation.roleInvalid],
      ["missing password", { ...valid, password: "" }, m.validation.passwordRequired],
      ["short password", { ...valid, password: "pendek" }, m.validation.passwordMin],
      ["missing full name", { ...valid, fullName: "   " }, m.validation.fullNameRequired],
      ["bad username", { ...valid, username: "a b" }, m.validation.usernameFormat],
      ["array body", [valid], apiText.invalidJson],
    ];
    for (const [label, json, message] of cases) {
      const body = await expectError(await send(admin, "POST", "/api/v1/users", { json }), 400, message, label);
      if (message !== apiText.invalidJson) expect(body.errors, label).toContain(message);
    }
    await expectError(await send(admin, "POST", "/api/v1/users", { raw: '{"fullName": "x",' }), 400, apiText.invalidJson, "bad JSON");
    await expectError(await send(admin, "POST", "/api/v1/users", { raw: "" }), 400, apiText.invalidJson, "empty body");
    expect(unit.id).toBeGreaterThan(0);
    expect(await countRows("users")).toBe(users);
    expect(await countRows("audit_logs")).toBe(audits);
  });

  it("refuses a duplicate username whatever its case with 409", async () => {
    const existing = await createUser({ username: unique("Dupe") });
    for (const username of [existing.username, existing.username.toUpperCase(), existing.username.toLowerCase()]) {
      await expectError(
        await send(admin, "POST", "/api/v1/users", { json: { fullName: "Kembar", username, password: "rahasia-baru-1" } }),
        409,
        m.usernameTaken(username),
        username,
      );
    }
  });
});

describe("GET /api/v1/users", () => {
  it("lists newest change first with SPEC fields, searches, pages, and carries no secrets", async () => {
    const tag = unique("cari");
    const first = await createUser({ username: `${tag}-a`, fullName: `Pertama ${tag}` });
    const second = await createUser({ username: `${tag}-b`, fullName: `Kedua ${tag}` });
    await testEnv.DB.prepare("UPDATE users SET updated_at = ? WHERE id = ?").bind("2030-01-01T00:00:00.000Z", first.id).run();

    const response = await send(admin, "GET", `/api/v1/users?q=${encodeURIComponent(tag)}`);
    const text = await response.clone().text();
    const page = await expectJson<ListPage<UserView, { sort: string }>>(response, 200);
    expect(page.data.map((user) => user.username)).toEqual([first.username, second.username]);
    expect(page).toMatchObject({ total: 2, page: 1, size: 10, totalPages: 1, query: { sort: "updatedAt", dir: "desc" } });
    expectNoSecrets(text);

    const sorted = await expectJson<ListPage<UserView, unknown>>(
      await send(admin, "GET", `/api/v1/users?q=${encodeURIComponent(tag)}&sort=username&dir=asc&size=5`),
      200,
    );
    expect(sorted.data.map((user) => user.username)).toEqual([first.username, second.username]);

    // LIKE wildcards in the search are literal characters.
    const wildcard = await expectJson<ListPage<UserView, unknown>>(await send(admin, "GET", "/api/v1/users?q=%25%25%25"), 200);
    expect(wildcard.total).toBe(0);
  });

  it("GET /:uuid shows one user with their live sessions; unknown or malformed uuid is 404", async () => {
    const unit = await createUnitKerja();
    const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    await login(user.username, user.password);
    const response = await send(admin, "GET", `/api/v1/users/${user.uuid}`);
    const text = await response.clone().text();
    const detail = await expectJson<UserDetail>(response, 200);
    expect(detail).toMatchObject({ uuid: user.uuid, username: user.username, unitKerja: { nama: unit.nama }, activeSessions: 1 });
    expectNoSecrets(text);
    await expectError(await send(admin, "GET", `/api/v1/users/${crypto.randomUUID()}`), 404, m.notFound);
    await expectError(await send(admin, "GET", "/api/v1/users/bukan-uuid"), 404, m.notFound);
  });
});

describe("PUT /api/v1/users/:uuid", () => {
  it("applies only non-empty fields; the password hint case (blank) keeps the password", async () => {
    const user = await createUser({ fullName: "Nama Lama" });
    const before = (await userRow(user.uuid))!;
    const response = await send(admin, "PUT", `/api/v1/users/${user.uuid}`, {
      json: { fullName: "Nama Baru", username: "", email: "", password: "", roleName: "" },
    });
    const body = await expectJson<Saved>(response, 200);
    expect(body.message).toBe(userForm.updated);
    expect(body.data).toMatchObject({ fullName: "Nama Baru", username: user.username, email: `${user.username}@example.test`, role: { roleName: "Viewer" } });
    const after = (await userRow(user.uuid))!;
    expect(after.password_hash).toBe(before.password_hash);
    const audit = await auditFor(user.uuid);
    expect(audit.map((row) => row.action)).toEqual(["USER_UPDATE"]);
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ changed: ["fullName"], sessionsEnded: false });
    // Nothing to change: no write, no audit row.
    await expectJson(await send(admin, "PUT", `/api/v1/users/${user.uuid}`, { json: { fullName: "Nama Baru" } }), 200);
    expect(await auditFor(user.uuid)).toHaveLength(1);
  });

  it("a role change ends the user's sessions at once (the old cookie stops working)", async () => {
    const unit = await createUnitKerja();
    const user = await createUser({ role: "Viewer" });
    const session = await login(user.username, user.password);
    expect(await sessionWorks(session)).toBe(true);
    const body = await expectJson<Saved>(
      await send(admin, "PUT", `/api/v1/users/${user.uuid}`, { json: { roleName: "Satuan Kerja", unitKerjaId: String(unit.id) } }),
      200,
    );
    expect(body.data).toMatchObject({ role: { roleName: "Satuan Kerja" }, unitKerjaId: unit.id });
    expect(await sessionWorks(session)).toBe(false);
    const audit = await auditFor(user.uuid);
    expect(JSON.parse(audit.at(-1)!.details)).toMatchObject({ roleFrom: "Viewer", roleTo: "Satuan Kerja", sessionsEnded: true });
    // A fresh sign-in works and carries the new role.
    expect((await login(user.username, user.password)).body.user).toMatchObject({ role: "Satuan Kerja", unitKerjaId: unit.id });
  });

  it("a unit change and a password change end sessions; the new password works, the old one not", async () => {
    const [unitA, unitB] = [await createUnitKerja(), await createUnitKerja()];
    const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unitA.id });
    const first = await login(user.username, user.password);
    await expectJson(await send(admin, "PUT", `/api/v1/users/${user.uuid}`, { json: { unitKerjaId: unitB.id } }), 200);
    expect(await sessionWorks(first)).toBe(false);

    const second = await login(user.username, user.password);
    const before = (await userRow(user.uuid))!;
    await expectJson(await send(admin, "PUT", `/api/v1/users/${user.uuid}`, { json: { password: "sandi-baru-2026" } }), 200);
    expect(await sessionWorks(second)).toBe(false);
    const after = (await userRow(user.uuid))!;
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(after.password_salt).not.toBe(before.password_salt);
    await expect(login(user.username, user.password)).rejects.toThrow(/401/);
    await login(user.username, "sandi-baru-2026");
  });

  it("a name or e-mail change keeps sessions; demoting a Satuan Kerja clears the unit", async () => {
    const unit = await createUnitKerja();
    const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const session = await login(user.username, user.password);
    await expectJson(await send(admin, "PUT", `/api/v1/users/${user.uuid}`, { json: { fullName: "Nama Lain", email: "lain@univ.ac.id" } }), 200);
    expect(await sessionWorks(session)).toBe(true);
    const body = await expectJson<Saved>(await send(admin, "PUT", `/api/v1/users/${user.uuid}`, { json: { roleName: "Viewer" } }), 200);
    expect(body.data).toMatchObject({ role: { roleName: "Viewer" }, unitKerjaId: null, unitKerja: null });
  });

  it("refuses bad updates with clear messages", async () => {
    const other = await createUser();
    const user = await createUser();
    await expectError(
      await send(admin, "PUT", `/api/v1/users/${user.uuid}`, { json: { username: other.username.toUpperCase() } }),
      409,
      m.usernameTaken(other.username.toUpperCase()),
    );
    await expectError(await send(admin, "PUT", `/api/v1/users/${user.uuid}`, { json: { email: "x@" } }), 400, m.validation.emailInvalid);
    await expectError(
      await send(admin, "PUT", `/api/v1/users/${user.uuid}`, { json: { roleName: "Satuan Kerja" } }),
      400,
      m.validation.unitKerjaRequired,
    );
    await expectError(
      await send(admin, "PUT", `/api/v1/users/${user.uuid}`, { json: { roleName: "Satuan Kerja", unitKerjaId: 99_999_999 } }),
      400,
      m.validation.unitKerjaUnknown,
    );
    await expectError(await send(admin, "PUT", `/api/v1/users/${user.uuid}`, { raw: "nope" }), 400, apiText.invalidJson);
    await expectError(await send(admin, "PUT", `/api/v1/users/${crypto.randomUUID()}`, { json: { fullName: "X" } }), 404, m.notFound);
    expect(await auditFor(user.uuid)).toHaveLength(0);
  });
});

describe("DELETE /api/v1/users/:uuid and 'Akhiri Sesi'", () => {
  it("deletes: SPEC reply, sessions gone, audit row kept", async () => {
    const user = await createUser();
    const session = await login(user.username, user.password);
    const body = await expectJson<{ success: boolean; message: string }>(await send(admin, "DELETE", `/api/v1/users/${user.uuid}`), 200);
    expect(body).toStrictEqual({ success: true, message: "Pengguna berhasil dihapus!" });
    expect(await userRow(user.uuid)).toBeNull();
    expect(await sessionWorks(session)).toBe(false);
    expect((await auditFor(user.uuid)).map((row) => row.action)).toEqual(["USER_DELETE"]);
    await expectError(await send(admin, "DELETE", `/api/v1/users/${user.uuid}`), 404, m.notFound);
  });

  it("refuses to delete a user who uploaded documents, naming the count; nothing is written", async () => {
    const unit = await createUnitKerja();
    const uploader = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const categoryId = (await createCategory()).id;
    for (let i = 0; i < 3; i++) await createArchive({ uploaderId: uploader.id, categoryId, unitKerjaId: unit.id });
    await expectError(await send(admin, "DELETE", `/api/v1/users/${uploader.uuid}`), 409, m.hasDocuments(3));
    expect(await userRow(uploader.uuid)).not.toBeNull();
    expect(await auditFor(uploader.uuid)).toHaveLength(0);
  });

  it("'Akhiri Sesi' ends every session of the user and reports how many", async () => {
    const user = await createUser();
    const sessions = [await login(user.username, user.password), await login(user.username, user.password)];
    const body = await expectJson<{ success: boolean; message: string; revoked: number }>(
      await send(admin, "POST", `/api/v1/users/${user.uuid}/sessions/revoke`),
      200,
    );
    expect(body).toStrictEqual({ success: true, message: m.sessionsEnded(2), revoked: 2, apiTokensRevoked: 0 });
    for (const session of sessions) expect(await sessionWorks(session)).toBe(false);
    expect((await auditFor(user.uuid)).map((row) => row.action)).toEqual(["USER_SESSIONS_REVOKE"]);
    // The user signs in again normally.
    expect(await sessionWorks(await login(user.username, user.password))).toBe(true);
  });

  it("an admin cannot delete themselves; the last Super Admin can be neither deleted nor demoted", async () => {
    await expectError(await send(admin, "DELETE", `/api/v1/users/${await adminUuid()}`), 409, m.cannotDeleteSelf);

    // Make `admin` the only Super Admin of this file's database, then another admin tries.
    const second = await signedIn("Super Admin");
    const others = await testEnv.DB.prepare("SELECT uuid FROM users WHERE role_id = 1 AND id NOT IN (?, ?)").bind(adminId, second.user.id).all<{ uuid: string }>();
    for (const other of others.results) {
      await expectJson(await send(admin, "PUT", `/api/v1/users/${other.uuid}`, { json: { roleName: "Viewer" } }), 200, "demote other");
    }
    // Two admins: demoting one is fine; then the remaining one is the last.
    await expectJson(await send(second.session, "PUT", `/api/v1/users/${await adminUuid()}`, { json: { roleName: "Viewer" } }), 200);
    expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE role_id = 1").first<{ n: number }>())!.n).toBe(1);

    const auditBefore = await countRows("audit_logs");
    // Self-demotion of the last Super Admin (the only way left to reach them): refused.
    await expectError(
      await send(second.session, "PUT", `/api/v1/users/${second.user.uuid}`, { json: { roleName: "Viewer" } }),
      409,
      m.lastSuperAdmin,
    );
    expect(await countRows("audit_logs")).toBe(auditBefore);
    expect(await sessionWorks(second.session)).toBe(true);

    // The database refuses the delete too, whoever asks (here straight in D1, as a racing writer would).
    await expect(testEnv.DB.prepare("DELETE FROM users WHERE id = ?").bind(second.user.id).run()).rejects.toThrow(/LAST_SUPER_ADMIN/);
    await expect(testEnv.DB.prepare("UPDATE users SET role_id = 3 WHERE id = ?").bind(second.user.id).run()).rejects.toThrow(/LAST_SUPER_ADMIN/);

    // Restore `admin` for the other tests (its session ended with the role change).
    await expectJson(await send(second.session, "PUT", `/api/v1/users/${await adminUuid()}`, { json: { roleName: "Super Admin" } }), 200);
    const adminUser = (await testEnv.DB.prepare("SELECT username FROM users WHERE id = ?").bind(adminId).first<{ username: string }>())!;
    admin = await login(adminUser.username, "rahasia-Benar-123");
    // With two Super Admins again, the service refuses deleting the last one only via the trigger:
    // deleting `second` now works.
    await expectJson(await send(admin, "DELETE", `/api/v1/users/${second.user.uuid}`), 200);
  });
});

describe("last Super Admin under concurrent requests", () => {
  it("two Super Admins demoting each other at once: exactly one wins, one Super Admin remains", async () => {
    // After the test above, `admin` is this database's only Super Admin; add a second one.
    const other = await signedIn("Super Admin");
    expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE role_id = 1").first<{ n: number }>())!.n).toBe(2);
    const responses = await Promise.all([
      send(admin, "PUT", `/api/v1/users/${other.user.uuid}`, { json: { roleName: "Viewer" } }),
      send(other.session, "PUT", `/api/v1/users/${await adminUuid()}`, { json: { roleName: "Viewer" } }),
    ]);
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = responses.find((response) => response.status === 409)!;
    expect((await refused.json<{ message: string }>()).message).toBe(m.lastSuperAdmin);
    expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE role_id = 1").first<{ n: number }>())!.n).toBe(1);
  });
});

async function adminUuid(): Promise<string> {
  return (await testEnv.DB.prepare("SELECT uuid FROM users WHERE id = ?").bind(adminId).first<{ uuid: string }>())!.uuid;
}
