import { describe, expect, it } from "vitest";
import { ApiTokenCreateSchema } from "~/domain/api-tokens";
import { TooManyRequestsError } from "~/domain/errors";
import { countUpload } from "~/server/documents/upload-limits.server";
import { createUser as createUserThroughService, deleteUser } from "~/server/users/service.server";
import { createApiToken } from "~/server/api-tokens/service.server";
import { serviceContext } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { createUser, type CreatedUser } from "../support/worker/factories";

/**
 * Ids are never handed out twice (issue 23, migration 0016): deleting the newest user and
 * creating another gives the new one an id never used before, so it inherits neither the
 * deleted user's audit rows nor their upload count; and the counters keyed by the deleted
 * user's id go with them.
 */

const DB = testEnv.DB;
const UPLOAD_LIMIT = 3;

const asUser = (id: number, uuid: string, username: string): CreatedUser => ({ id, uuid, username, fullName: username, role: "Viewer", unitKerjaId: null, password: "" });

const uploadsAs = async (user: CreatedUser) => {
  const ctx = await serviceContext(user);
  return { ...ctx, config: { ...ctx.config, uploadsPer15Min: UPLOAD_LIMIT } };
};

async function newUser(admin: CreatedUser, username: string) {
  const view = await createUserThroughService(await serviceContext(admin), {
    fullName: `Pengguna ${username}`,
    username,
    email: undefined,
    password: "rahasia-Benar-123",
    roleName: "Viewer",
    unitKerjaId: undefined,
  });
  const row = (await DB.prepare("SELECT id, uuid FROM users WHERE uuid = ?").bind(view.uuid).first<{ id: number; uuid: string }>())!;
  return asUser(row.id, row.uuid, username);
}

describe("user ids after a deletion", () => {
  it("the newest user deleted, the next one gets an id never used before and no inherited upload count", async () => {
    const admin = await createUser({ role: "Super Admin" });
    const leaving = await newUser(admin, `pergi${Date.now()}`);
    // The leaving user is the newest: without AUTOINCREMENT their id would be the next one.
    expect((await DB.prepare("SELECT MAX(id) AS id FROM users").first<{ id: number }>())!.id).toBe(leaving.id);

    // They used up their uploads and wrote audit rows (an API token: one audit row, one more counter).
    const ctx = await uploadsAs(leaving);
    for (let n = 0; n < UPLOAD_LIMIT; n++) await countUpload(ctx, leaving.id);
    await expect(countUpload(ctx, leaving.id)).rejects.toBeInstanceOf(TooManyRequestsError);
    await createApiToken(await serviceContext(leaving), ApiTokenCreateSchema.parse({ name: "Skrip", scope: "read" }));
    const leavingAuditRows = (await DB.prepare("SELECT COUNT(*) AS n FROM audit_logs WHERE actor_ref = ?").bind(leaving.id).first<{ n: number }>())!.n;
    expect(leavingAuditRows).toBeGreaterThan(0);

    await deleteUser(await serviceContext(admin), leaving.uuid);
    // What was keyed by their id went with them.
    expect((await DB.prepare("SELECT key FROM rate_limits WHERE key IN (?, ?)").bind(`upload:${leaving.id}`, `api-token-create:${leaving.id}`).all()).results).toEqual([]);
    expect(await DB.prepare("SELECT total FROM audit_log_counts WHERE dimension = 'actor' AND value = ?").bind(String(leaving.id)).first()).toBeNull();
    // Their audit rows still name them (and only them).
    expect((await DB.prepare("SELECT DISTINCT actor_username FROM audit_logs WHERE actor_ref = ?").bind(leaving.id).all()).results).toEqual([
      { actor_username: leaving.username },
    ]);

    const next = await newUser(admin, `baru${Date.now()}`);
    expect(next.id).toBeGreaterThan(leaving.id);
    expect((await DB.prepare("SELECT COUNT(*) AS n FROM audit_logs WHERE actor_ref = ? OR actor_id = ?").bind(next.id, next.id).first<{ n: number }>())!.n).toBe(0);
    expect(await DB.prepare("SELECT key FROM rate_limits WHERE key = ?").bind(`upload:${next.id}`).first()).toBeNull();
    // A full allowance of their own.
    const nextCtx = await uploadsAs(next);
    for (let n = 0; n < UPLOAD_LIMIT; n++) await countUpload(nextCtx, next.id);
    await expect(countUpload(nextCtx, next.id)).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it("a user deleted by plain SQL (any path) takes their counters along too", async () => {
    const user = await createUser();
    await DB.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES (?, 2, ?)").bind(`upload:${user.id}`, new Date().toISOString()).run();
    await DB.prepare("DELETE FROM users WHERE id = ?").bind(user.id).run();
    expect(await DB.prepare("SELECT key FROM rate_limits WHERE key = ?").bind(`upload:${user.id}`).first()).toBeNull();
    const next = await createUser();
    expect(next.id).toBeGreaterThan(user.id);
  });
});
