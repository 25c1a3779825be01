/**
 * `npm run admin:create` against a real local D1 (a fresh, migrated state folder): it creates a
 * Super Admin whose password the app's own hashing accepts, refuses input the user form refuses
 * and an existing username without --reset, and a reset replaces the password, makes the account
 * Super Admin and ends its sessions. Both paths are run: wrangler's platform proxy (the local
 * default) and `wrangler d1 execute` (what --remote runs), the latter against the local folder.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../support/node/run-script";
import { migrateLocalFolder } from "../../scripts/ops/local-migrations.ts";
import type { SqlRunner } from "../../scripts/ops/sql.ts";
import { withD1File } from "../support/node/d1-file";
import { verifyPassword } from "~/server/auth/password.server";

const run = (args: string[], stdin?: string) => runScript(args, stdin ?? "");

let state: string;
const adminCreate = (args: string[], stdin?: string) => run(["scripts/admin-create.ts", ...args, "--persist-to", state], stdin);

/** The test's own reads and setup writes go straight to the state's D1 file (the script under test uses wrangler). */
const withDb = <T>(use: (db: SqlRunner) => Promise<T>) => withD1File(state, use);

type UserRow = { id: number; role: string; unit_kerja_id: number | null; password_hash: string; password_salt: string; password_iterations: number };
const userRow = (username: string) =>
  withDb(async (db) =>
    (
      await db.query<UserRow>(
        `SELECT u.id, r.name AS role, u.unit_kerja_id, u.password_hash, u.password_salt, u.password_iterations FROM users u JOIN roles r ON r.id = u.role_id WHERE u.username = '${username}'`,
      )
    )[0],
  );
const passwordOk = (row: UserRow, password: string) =>
  verifyPassword(password, { hash: row.password_hash, salt: row.password_salt, iterations: row.password_iterations });

beforeAll(async () => {
  state = await mkdtemp(join(tmpdir(), "e-arsip-admin-create-"));
  await migrateLocalFolder(state);
}, 180_000);

afterAll(async () => {
  if (state) await rm(state, { recursive: true, force: true });
});

describe("npm run admin:create", () => {
  it("creates a Super Admin with a generated password, shown once, that the app's hashing accepts", async () => {
    const result = await adminCreate(["--username", "rektorat.admin", "--full-name", "Admin Rektorat", "--generate"]);
    expect(result.code, result.stderr).toBe(0);
    const password = /Password \(shown once, store it now\): (\S+)/.exec(result.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const row = await userRow("rektorat.admin");
    expect(row).toMatchObject({ role: "Super Admin", unit_kerja_id: null });
    expect(await passwordOk(row!, password!)).toBe(true);
    expect(await passwordOk(row!, "not-the-password")).toBe(false);
    const audit = await withDb((db) => db.query<{ action: string; user_agent: string }>("SELECT action, user_agent FROM audit_logs ORDER BY id DESC LIMIT 1"));
    expect(audit[0]).toEqual({ action: "USER_CREATE", user_agent: "npm run admin:create" });
  });

  it("refuses what the user form refuses, and an existing username without --reset", async () => {
    const badName = await adminCreate(["--username", "a b", "--generate"]);
    expect(badName.code).toBe(2);
    expect(badName.stderr + badName.stdout).toContain("username");
    const shortPassword = await adminCreate(["--username", "admin.pendek", "--password-stdin"], "abc\n");
    expect(shortPassword.code).toBe(2);
    expect(await userRow("admin.pendek")).toBeUndefined();

    const again = await adminCreate(["--username", "rektorat.admin", "--generate"]);
    expect(again.code).toBe(2);
    expect(again.stderr + again.stdout).toContain("--reset");
  });

  it("--reset (through wrangler d1 execute, the --remote path) sets the new password, makes the account Super Admin and ends its sessions", async () => {
    const staff = await adminCreate(["--username", "staf.lama", "--password-stdin"], "kata-sandi-lama-2026\n");
    expect(staff.code, staff.stderr).toBe(0);
    const before = (await userRow("staf.lama"))!;
    await withDb((db) =>
      db.batch([
        `UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'Viewer') WHERE id = ${before.id}`,
        `INSERT INTO sessions (id_hash, user_id, csrf_token, created_at, last_seen_at, expires_at) VALUES ('uji-sesi', ${before.id}, 'uji-csrf', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z')`,
      ]),
    );

    const reset = await adminCreate(["--username", "staf.lama", "--password-stdin", "--reset", "--via-wrangler"], "kata-sandi-baru-2026\n");
    expect(reset.code, reset.stderr).toBe(0);
    const after = (await userRow("staf.lama"))!;
    expect(after.id).toBe(before.id);
    expect(after.role).toBe("Super Admin");
    expect(await passwordOk(after, "kata-sandi-baru-2026")).toBe(true);
    expect(await passwordOk(after, "kata-sandi-lama-2026")).toBe(false);
    const open = await withDb((db) => db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM sessions WHERE user_id = ${before.id} AND revoked_at IS NULL`));
    expect(open[0]!.n).toBe(0);
  });
});
