import { beforeAll, describe, expect, it, vi } from "vitest";
import { deniedMessages, t } from "~/i18n/id";
import { session as sessionText } from "~/i18n/session";
import { send, signedIn } from "../support/worker/admin";
import { expectError } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { createUser, type CreatedUser } from "../support/worker/factories";
import type { SignedIn } from "../support/worker/http";

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

/**
 * Users, work units and the audit log are Super Admin only: every route refuses Satuan Kerja and
 * Viewer (403, SPEC denial text) and visitors (401), and refused writes change nothing.
 */
const sessions = {} as Record<"Satuan Kerja" | "Viewer", SignedIn>;
let target: CreatedUser;
let unitId: number;

beforeAll(async () => {
  sessions["Satuan Kerja"] = (await signedIn("Satuan Kerja")).session;
  sessions.Viewer = (await signedIn("Viewer")).session;
  target = await createUser();
  unitId = (await testEnv.DB.prepare("SELECT id FROM unit_kerja ORDER BY id LIMIT 1").first<{ id: number }>())!.id;
});

const userJson = { fullName: "Penyusup", username: "penyusup", password: "rahasia-baru-1", roleName: "Super Admin" };
const unitJson = { nama: "Unit Penyusup", jenis: "Fakultas" };

const routes = (): [method: string, path: string, json: unknown, denial: string][] => [
  ["GET", "/api/v1/users", undefined, t.denied.page],
  ["POST", "/api/v1/users", userJson, t.denied.page],
  ["GET", `/api/v1/users/${target.uuid}`, undefined, t.denied.page],
  ["PUT", `/api/v1/users/${target.uuid}`, { roleName: "Super Admin" }, t.denied.page],
  ["DELETE", `/api/v1/users/${target.uuid}`, undefined, t.denied.page],
  ["POST", `/api/v1/users/${target.uuid}/sessions/revoke`, undefined, t.denied.page],
  ["GET", "/api/v1/unit-kerja", undefined, t.denied.page],
  ["POST", "/api/v1/unit-kerja", unitJson, t.denied.page],
  ["GET", "/api/v1/unit-kerja/options", undefined, t.denied.page],
  ["GET", `/api/v1/unit-kerja/${unitId}`, undefined, t.denied.page],
  ["PUT", `/api/v1/unit-kerja/${unitId}`, unitJson, t.denied.page],
  ["DELETE", `/api/v1/unit-kerja/${unitId}`, undefined, t.denied.page],
  ["GET", "/api/v1/audit-logs", undefined, deniedMessages.auditLog],
  ["GET", "/api/v1/audit-logs/export.csv", undefined, deniedMessages.auditLog],
];

/** Row counts and the latest change of everything a refused call could have touched. */
const snapshot = async () =>
  (
    await testEnv.DB.batch([
      testEnv.DB.prepare("SELECT COUNT(*) AS n, MAX(updated_at) AS latest FROM users"),
      testEnv.DB.prepare("SELECT COUNT(*) AS n, MAX(updated_at) AS latest FROM unit_kerja"),
      // Refusals are audited (ACCESS_DENIED): what must not appear is a row of a change.
      testEnv.DB.prepare("SELECT COUNT(*) AS n, MAX(id) AS latest FROM audit_logs WHERE action <> 'ACCESS_DENIED'"),
    ])
  ).map((result) => result.results);

describe("administration is Super Admin only", () => {
  for (const role of ["Satuan Kerja", "Viewer"] as const) {
    it(`${role}: 403 with the SPEC denial text on every route, nothing written`, async () => {
      const before = await snapshot();
      const revokedBefore = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE revoked_at IS NOT NULL").first<{ n: number }>();
      for (const [method, path, json, denial] of routes()) {
        await expectError(await send(sessions[role], method, path, json === undefined ? undefined : { json }), 403, denial, `${role} ${method} ${path}`);
      }
      expect(await snapshot()).toEqual(before);
      expect(await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE revoked_at IS NOT NULL").first<{ n: number }>()).toEqual(revokedBefore);
    });
  }

  it("visitor: 401 'sign in' on every route (writes are refused before anything else)", async () => {
    const before = await snapshot();
    for (const [method, path, json] of routes()) {
      await expectError(await send(null, method, path, json === undefined ? undefined : { json }), 401, sessionText.required, `visitor ${method} ${path}`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a signed-in write without the CSRF token is refused before the service runs", async () => {
    const admin = (await signedIn("Super Admin")).session;
    const response = await send({ ...admin, csrfToken: "" }, "DELETE", `/api/v1/users/${target.uuid}`);
    await expectError(response, 403, sessionText.csrfInvalid);
    expect(await testEnv.DB.prepare("SELECT id FROM users WHERE id = ?").bind(target.id).first()).not.toBeNull();
  });
});
