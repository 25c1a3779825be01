import { applyD1Migrations } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ListPage } from "~/domain/list-query";
import type { UserView } from "~/domain/users";
import { login as loginText } from "~/i18n/auth";
import { userMessages } from "~/i18n/users";
import { createApiToken } from "~/server/api-tokens/service.server";
import { signInWithSso, SsoUserNotFoundError } from "~/server/auth/sso.server";
import { accessWorld, approvedRequest, ownerDocument, requestRow, type AccessWorld } from "../support/worker/access-requests";
import { expectJson, send, sessionWorks, signedIn } from "../support/worker/admin";
import { serviceContext } from "../support/worker/context";
import { expectError } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { createArchive, createUser } from "../support/worker/factories";
import { call, login, type SignedIn } from "../support/worker/http";

/**
 * Departing staff: 'Nonaktifkan' instead of a deletion the archive cannot allow. A deactivated
 * account cannot sign in (password or SSO, with a clear message), its sessions, API tokens and
 * the download approvals it holds end, its name stays on every record and audit row, the users
 * list shows and filters it, and every step is audited; 'Aktifkan' lets it sign in again.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

const deactivate = (session: SignedIn, uuid: string, active = false) => send(session, "PUT", `/api/v1/users/${uuid}`, { json: { active } });
const userAudit = async (uuid: string) =>
  (await testEnv.DB.prepare("SELECT action, message, actor_id FROM audit_logs WHERE target_type = 'user' AND target_id = ? ORDER BY id").bind(uuid).all<{ action: string; message: string }>())
    .results;
const listed = async (query: string) =>
  (await expectJson<ListPage<UserView, unknown>>(await send(world.admin.session, "GET", `/api/v1/users?size=50${query}`), 200)).data.map((user) => user.uuid);

describe("'Nonaktifkan' a departing staff member", () => {
  it("ends their sessions, API tokens and the approvals they hold; they cannot sign in; their name stays; audited", async () => {
    // A Satuan Kerja member of another unit who uploaded a document and holds an approval.
    const leaver = world.requester;
    const uploaded = await ownerDocument(world);
    const approved = await approvedRequest(world, uploaded.uuid);
    const { token } = await createApiToken(await serviceContext(leaver.user), { name: "Skrip", scope: "read", expiresInDays: 30 });
    await testEnv.DB.prepare("UPDATE users SET sso_subject = ? WHERE id = ?").bind(`sub-${leaver.user.uuid}`, leaver.user.id).run();

    const saved = await expectJson<{ message: string; data: UserView }>(await deactivate(world.admin.session, leaver.user.uuid), 200);
    expect(saved.message).toBe(userMessages.deactivated);
    expect(saved.data).toMatchObject({ active: false, deactivatedAt: expect.any(String) });

    expect(await sessionWorks(leaver.session)).toBe(false);
    expect((await call("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect(await requestRow(approved.uuid)).toMatchObject({ status: "REVOKED", token_hash: null });

    // The right password says why; a wrong one says no more than for anyone.
    await expectError(await call("/api/v1/auth/login", { json: { username: leaver.user.username, password: leaver.user.password } }), 401, loginText.deactivated);
    await expectError(await call("/api/v1/auth/login", { json: { username: leaver.user.username, password: "salah-sama-sekali" } }), 401, loginText.failed);
    const sso = signInWithSso(await serviceContext(null), { subject: `sub-${leaver.user.uuid}`, preferredUsername: null, email: null, emailVerified: false, name: null, claims: {} });
    await expect(sso).rejects.toBeInstanceOf(SsoUserNotFoundError);
    await expect(sso).rejects.toMatchObject({ reason: "deactivated" });

    // The name stays on the records and audit rows it is named by.
    const requests = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM audit_logs WHERE actor_id = ? AND actor_username = ?").bind(leaver.user.id, leaver.user.username).first<{ n: number }>();
    expect(requests!.n).toBeGreaterThan(0);
    expect(await testEnv.DB.prepare("SELECT full_name FROM users WHERE id = ?").bind(leaver.user.id).first()).toEqual({ full_name: leaver.user.fullName });

    expect((await userAudit(leaver.user.uuid)).map((row) => row.action)).toEqual(["USER_DEACTIVATE"]);
    expect(await listed("&status=NONAKTIF")).toContain(leaver.user.uuid);
    expect(await listed("&status=AKTIF")).not.toContain(leaver.user.uuid);
    expect(await listed("")).toContain(leaver.user.uuid);

    // 'Aktifkan': signs in again; what ended stays ended.
    const back = await expectJson<{ message: string; data: UserView }>(await deactivate(world.admin.session, leaver.user.uuid, true), 200);
    expect(back).toMatchObject({ message: userMessages.activated, data: { active: true, deactivatedAt: null } });
    expect(await sessionWorks(await login(leaver.user.username, leaver.user.password))).toBe(true);
    expect((await call("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await userAudit(leaver.user.uuid)).map((row) => row.action)).toEqual(["USER_DEACTIVATE", "USER_ACTIVATE"]);
  });

  it("a deletion refused because records name the user points to 'Nonaktifkan'", async () => {
    const uploader = await createUser({ role: "Satuan Kerja", unitKerjaId: world.ownerUnit.id });
    const archive = await createArchive({ uploaderId: uploader.id, categoryId: world.categoryId, unitKerjaId: world.ownerUnit.id });
    // In the trash, it still names its uploader.
    await testEnv.DB.prepare("UPDATE archives SET deleted_at = ?, deleted_by = ? WHERE id = ?").bind(new Date().toISOString(), uploader.id, archive.id).run();
    await expectError(await send(world.admin.session, "DELETE", `/api/v1/users/${uploader.uuid}`), 409, userMessages.hasDocuments(1));
    expect(userMessages.hasDocuments(1)).toContain("Nonaktifkan");
    expect(userMessages.hasDocuments(1)).not.toContain("Hapus dokumen tersebut");
  });

  it("refuses one's own account, and leaves at least one active Super Admin when two deactivate each other at once", async () => {
    const a = await signedIn("Super Admin");
    const b = await signedIn("Super Admin");
    await expectError(await deactivate(a.session, a.user.uuid), 409, userMessages.cannotDeactivateSelf);
    // Only these two are active Super Admins in this file's database.
    await testEnv.DB.prepare("UPDATE users SET deactivated_at = ? WHERE role_id = 1 AND id NOT IN (?, ?)").bind(new Date().toISOString(), a.user.id, b.user.id).run();
    const results = await Promise.all([deactivate(a.session, b.user.uuid), deactivate(b.session, a.user.uuid)]);
    const statuses = results.map((response) => response.status).sort();
    // The first wins; the second is the last active Super Admin's own session, ended with it, or the guard's 409.
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const active = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE role_id = 1 AND deactivated_at IS NULL").first<{ n: number }>();
    expect(active!.n).toBe(1);
  });
});

describe("migration 0024 on a database that holds users", () => {
  it("keeps every account active, and the last active Super Admin can be neither deactivated nor deleted", async () => {
    const DB = testEnv.UPGRADE_DB;
    await applyD1Migrations(DB, testEnv.TEST_MIGRATIONS.filter((migration) => migration.name < "0024"));
    const now = "2026-03-01T08:00:00.000Z";
    for (const [id, role] of [[1, 1], [2, 1], [3, 3]] as const) {
      await DB.prepare("INSERT INTO users (id, uuid, full_name, username, role_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .bind(id, crypto.randomUUID(), `Pengguna ${id}`, `pengguna${id}`, role, now, now)
        .run();
    }
    await applyD1Migrations(DB, testEnv.TEST_MIGRATIONS);
    expect((await DB.prepare("SELECT COUNT(*) AS n FROM users WHERE deactivated_at IS NULL").first<{ n: number }>())!.n).toBe(3);
    await DB.prepare("UPDATE users SET deactivated_at = ? WHERE id = 2").bind(now).run();
    await expect(DB.prepare("UPDATE users SET deactivated_at = ? WHERE id = 1").bind(now).run()).rejects.toThrow("LAST_SUPER_ADMIN");
    await expect(DB.prepare("UPDATE users SET role_id = 3 WHERE id = 1").run()).rejects.toThrow("LAST_SUPER_ADMIN");
    await expect(DB.prepare("DELETE FROM users WHERE id = 1").run()).rejects.toThrow("LAST_SUPER_ADMIN");
    // A deactivated Super Admin no longer counts, and may go.
    await DB.prepare("DELETE FROM users WHERE id = 2").run();
    await DB.prepare("UPDATE users SET deactivated_at = NULL WHERE id = 1").run();
  });
});
