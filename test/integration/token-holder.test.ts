import { beforeEach, describe, expect, it } from "vitest";
import type { AccessRequestView } from "~/domain/access-requests";
import { testEnv } from "../support/worker/env";
import { send } from "../support/worker/admin";
import { login } from "../support/worker/http";
import {
  accessWorld,
  approvedRequest,
  askedRequest,
  auditFor,
  expectDownloadRefused,
  getWith,
  ownerDocument,
  requestRow,
  respond,
  revoke,
  type AccessWorld,
} from "../support/worker/access-requests";

/**
 * Who may use a download token: only its holder — the requester, as they were when they asked.
 * Anything a non-holder gets wrong reads the same (no answer confirms a request id), and a
 * requester whose role or unit changed since (or who was deleted) holds nothing any more.
 */

const INVALID = "Token unduhan tidak valid.";
const CHANGED = "Izin unduhan tidak berlaku lagi karena peran atau unit kerja akun Anda telah berubah.";

let world: AccessWorld;
beforeEach(async () => {
  world = await accessWorld();
});

const madeUpFor = (requestUuid: string) => `${requestUuid}.${"ab".repeat(32)}`;

describe("one answer for every failure a non-holder can cause", () => {
  it("a made-up token for a revoked, approved, pending, rejected or unknown request reads the same", async () => {
    const revokedDoc = await ownerDocument(world);
    const revoked = await approvedRequest(world, revokedDoc.uuid);
    expect((await revoke(world.owner.session, revoked.uuid)).status).toBe(200);
    const approvedDoc = await ownerDocument(world);
    const approved = await approvedRequest(world, approvedDoc.uuid);
    const pendingDoc = await ownerDocument(world);
    const pending = await askedRequest(world.requester.session, pendingDoc.uuid);
    const rejectedDoc = await ownerDocument(world);
    const rejected = await askedRequest(world.requester.session, rejectedDoc.uuid);
    await respond(world.owner.session, rejected.uuid, { action: "reject", responseMessage: "Tidak" });

    const cases: [string, string][] = [
      [revokedDoc.uuid, madeUpFor(revoked.uuid)],
      [approvedDoc.uuid, madeUpFor(approved.uuid)],
      [pendingDoc.uuid, madeUpFor(pending.uuid)],
      [rejectedDoc.uuid, madeUpFor(rejected.uuid)],
      [approvedDoc.uuid, madeUpFor(crypto.randomUUID())],
      // The holder's real token, in someone else's hands.
      [approvedDoc.uuid, approved.token!],
    ];
    for (const who of [world.stranger, world.owner, world.admin, world.viewer, world.colleague]) {
      for (const [documentUuid, token] of cases) {
        const response = await getWith(who.session, `/api/v1/archives/${documentUuid}/download?token=${encodeURIComponent(token)}`);
        await expectDownloadRefused(response, 403, INVALID);
      }
    }
  });
});

/** The requester's list entry for one request. */
async function listed(session: AccessWorld["requester"]["session"], uuid: string): Promise<AccessRequestView | undefined> {
  const response = await getWith(session, "/api/v1/access-requests?size=50");
  return response.status === 200 ? (await response.json<AccessRequestView[]>()).find((row) => row.uuid === uuid) : undefined;
}

describe("a token follows the requester's current role and unit", () => {
  it("demoted to Viewer by an admin: the approval is revoked in the same batch and the old token no longer downloads", async () => {
    const doc = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    const update = await send(world.admin.session, "PUT", `/api/v1/users/${world.requester.user.uuid}`, { json: { roleName: "Viewer" } });
    expect(update.status, await update.clone().text()).toBe(200);

    expect(await requestRow(approved.uuid)).toMatchObject({ status: "REVOKED", token_hash: null, token_seed: null });
    const revocation = (await auditFor(approved.uuid)).at(-1)!;
    expect(revocation.action).toBe("ACCESS_REQUEST_REVOKE");
    expect(revocation.message).toContain(doc.view.title);
    expect(JSON.parse(revocation.details!)).toMatchObject({ reason: "requester_changed" });

    const again = await login(world.requester.user.username, world.requester.user.password);
    const response = await getWith(again, approved.downloadUrl!);
    expect(response.status).toBe(403);
    await response.body?.cancel();
  });

  it("moved to another unit: the approval ends", async () => {
    const doc = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    const update = await send(world.admin.session, "PUT", `/api/v1/users/${world.requester.user.uuid}`, { json: { unitKerjaId: world.ownerUnit.id } });
    expect(update.status).toBe(200);
    expect((await requestRow(approved.uuid))!.status).toBe("REVOKED");
  });

  it("a role changed by any other path (a script, a sign-in mapping) is caught at download time", async () => {
    const doc = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    // Straight in the database: no service revoked anything.
    await testEnv.DB.prepare("UPDATE users SET role_id = 3, unit_kerja_id = NULL WHERE id = ?").bind(world.requester.user.id).run();
    expect((await requestRow(approved.uuid))!.status).toBe("APPROVED");

    const again = await login(world.requester.user.username, world.requester.user.password);
    await expectDownloadRefused(await getWith(again, approved.downloadUrl!), 403, CHANGED);
    expect((await requestRow(approved.uuid))!.download_count).toBe(0);

    // Back to who they were when they asked: the approval (never revoked) is theirs again.
    await testEnv.DB.prepare("UPDATE users SET role_id = 2, unit_kerja_id = ? WHERE id = ?").bind(world.otherUnit.id, world.requester.user.id).run();
    const restored = await login(world.requester.user.username, world.requester.user.password);
    expect((await listed(restored, approved.uuid))?.canDownload).toBe(true);
    const file = await getWith(restored, approved.downloadUrl!);
    expect(file.status).toBe(200);
    await file.body?.cancel();
  });

  it("a changed requester's list shows no download link", async () => {
    const doc = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    await testEnv.DB.prepare("UPDATE users SET unit_kerja_id = ? WHERE id = ?").bind(world.ownerUnit.id, world.requester.user.id).run();
    const again = await login(world.requester.user.username, world.requester.user.password);
    expect(await listed(again, approved.uuid)).toMatchObject({ canDownload: false, token: null, downloadUrl: null });
  });

  it("deleting the requester kills the token with the request", async () => {
    const doc = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    expect((await send(world.admin.session, "DELETE", `/api/v1/users/${world.requester.user.uuid}`)).status).toBe(200);
    expect(await requestRow(approved.uuid)).toBeNull();
  });
});
