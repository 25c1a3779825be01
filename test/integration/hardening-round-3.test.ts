import { beforeAll, describe, expect, it, vi } from "vitest";
import { accessRequestMessages } from "~/i18n/access-requests";
import { userMessages } from "~/i18n/users";
import { createApiToken } from "~/server/api-tokens/service.server";
import { accessWorld, approvedRequest, getWith, requestRow, type AccessWorld } from "../support/worker/access-requests";
import { expectJson, send } from "../support/worker/admin";
import { serviceContext } from "../support/worker/context";
import { auditRowsFor, downloadBytes, uploadDocument, type Uploaded } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { createUser, type CreatedUser } from "../support/worker/factories";
import { call, type SignedIn } from "../support/worker/http";
import { pdfBytes } from "../support/worker/multipart";

/**
 * Hardening, round 3: RAHASIA files are never shown inline; a one-time token is used up only by
 * a GET that delivered the whole file; an admin's password reset ends the user's API tokens, and
 * 'Akhiri Sesi' offers to.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

const as = (session: SignedIn | null) => ({ cookie: session?.cookie, ip: session?.ip, csrfToken: session?.csrfToken });
const file = (fields: Record<string, string>, bytes?: Uint8Array<ArrayBuffer>) =>
  uploadDocument(world.owner.session, { categoryId: world.categoryId, fields, ...(bytes ? { bytes } : {}) });

describe("RAHASIA and SANGAT_RAHASIA files are download-only, whoever asks for inline", () => {
  const fileUrls = (doc: Uploaded) => [
    `/api/v1/archives/${doc.uuid}/download?disposition=inline`,
    `/api/v1/archives/${doc.uuid}/download/${doc.fileName}?disposition=inline`,
    `/api/v1/archives/${doc.uuid}/versions/1/download?disposition=inline`,
  ];

  it("answers `attachment` on the download, preview and version routes; a TERBATAS PDF still previews inline", async () => {
    for (const securityClass of ["RAHASIA", "SANGAT_RAHASIA"]) {
      const doc = await file({ securityClass });
      for (const session of [world.owner.session, world.admin.session]) {
        for (const url of fileUrls(doc)) {
          const response = await call(url, as(session));
          expect(response.status, `${securityClass} ${url}`).toBe(200);
          expect(response.headers.get("content-disposition"), `${securityClass} ${url}`).toMatch(/^attachment;/);
          await response.body?.cancel();
        }
      }
      // Recorded as the download it was, not as a preview.
      expect((await auditRowsFor(doc.uuid)).map((row) => row.action)).not.toContain("DOCUMENT_PREVIEW");
    }
    const open = await file({ securityClass: "TERBATAS" });
    for (const url of fileUrls(open)) {
      const response = await call(url, as(world.owner.session));
      expect(response.headers.get("content-disposition"), url).toMatch(/^inline;/);
      await response.body?.cancel();
    }
  });
});

describe("a RAHASIA one-time token is used up only by a GET that delivered the whole file", () => {
  it("a HEAD leaves it: the GET after it gets the file, and only then is it used up", async () => {
    const doc = await file({ securityClass: "RAHASIA" });
    const approved = await approvedRequest(world, doc.uuid);
    const head = await call(approved.downloadUrl!, { ...as(world.requester.session), method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(doc.bytes.byteLength));
    expect((await requestRow(approved.uuid))!.download_count).toBe(0);

    const get = await getWith(world.requester.session, approved.downloadUrl!);
    expect(get.status).toBe(200);
    expect((await downloadBytes(get)).byteLength).toBe(doc.bytes.byteLength);
    expect((await requestRow(approved.uuid))!.download_count).toBe(1);

    const again = await getWith(world.requester.session, approved.downloadUrl!);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ error: accessRequestMessages.download.tokenUsed });
    // A HEAD of a used token says so too.
    expect((await call(approved.downloadUrl!, { ...as(world.requester.session), method: "HEAD" })).status).toBe(403);
  });

  it("a GET broken off before the last byte gives the token back (audited), so the requester can try again", async () => {
    const doc = await file({ securityClass: "RAHASIA" }, pdfBytes(3 * 1024 * 1024));
    const approved = await approvedRequest(world, doc.uuid);
    const broken = await getWith(world.requester.session, approved.downloadUrl!);
    expect(broken.status).toBe(200);
    const reader = broken.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await reader.cancel();
    await vi.waitFor(async () => expect((await requestRow(approved.uuid))!.download_count).toBe(0), { timeout: 5_000 });
    const actions = (await auditRowsFor(approved.uuid)).map((row) => row.action);
    expect(actions).toContain("ACCESS_TOKEN_DOWNLOAD_INCOMPLETE");

    const retry = await getWith(world.requester.session, approved.downloadUrl!);
    expect(retry.status).toBe(200);
    expect((await downloadBytes(retry)).byteLength).toBe(doc.bytes.byteLength);
    expect((await getWith(world.requester.session, approved.downloadUrl!)).status).toBe(403);
  });
});

describe("a password reset ends the user's API tokens; 'Akhiri Sesi' offers to", () => {
  async function userWithToken(): Promise<{ user: CreatedUser; token: string }> {
    const user = await createUser({ role: "Viewer" });
    const { token } = await createApiToken(await serviceContext(user), { name: "Skrip", scope: "read", expiresInDays: 30 });
    expect((await tokenCall(token)).status).toBe(200);
    return { user, token };
  }
  const tokenCall = (token: string) => call("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } });

  it("an admin's new password for a user ends their tokens (one API_TOKEN_REVOKE row each)", async () => {
    const { user, token } = await userWithToken();
    await expectJson(await send(world.admin.session, "PUT", `/api/v1/users/${user.uuid}`, { json: { password: "kata-sandi-baru-1" } }), 200);
    expect((await tokenCall(token)).status).toBe(401);
    const revoked = await tokenAudit(user.id);
    expect(revoked).toContain("API_TOKEN_REVOKE");
  });

  it("'Akhiri Sesi' keeps the tokens unless asked to end them too", async () => {
    const { user, token } = await userWithToken();
    const kept = await expectJson<{ revoked: number; apiTokensRevoked: number }>(
      await send(world.admin.session, "POST", `/api/v1/users/${user.uuid}/sessions/revoke`),
      200,
    );
    expect(kept.apiTokensRevoked).toBe(0);
    expect((await tokenCall(token)).status).toBe(200);

    const ended = await expectJson<{ message: string; apiTokensRevoked: number }>(
      await send(world.admin.session, "POST", `/api/v1/users/${user.uuid}/sessions/revoke`, { json: { endApiTokens: true } }),
      200,
    );
    expect(ended.apiTokensRevoked).toBe(1);
    expect(ended.message).toBe(userMessages.sessionsAndTokensEnded(0, 1));
    expect((await tokenCall(token)).status).toBe(401);
  });
});

/** The audit actions about the API tokens of a user. */
async function tokenAudit(userId: number): Promise<string[]> {
  const rows = await testEnv.DB.prepare(
    "SELECT action FROM audit_logs WHERE target_type = 'api_token' AND target_id IN (SELECT uuid FROM api_tokens WHERE user_id = ?) ORDER BY id",
  )
    .bind(userId)
    .all<{ action: string }>();
  return rows.results.map((row) => row.action);
}
