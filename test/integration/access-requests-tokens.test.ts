import { createScheduledController } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DOWNLOAD_WINDOW_MS } from "~/domain/access-requests";
import { fileResponse } from "~/server/http/file-response.server";
import { downloadWithToken, TokenDownloadError } from "~/server/access-requests/download.server";
import { expireLapsedApprovals, getAccessRequest, requestAccess, respondToAccessRequest } from "~/server/access-requests/service.server";
import worker from "../../workers/app";
import { testEnv } from "../support/worker/env";
import { documentFields, downloadBytes, sendMultipart, type Uploaded } from "../support/worker/documents";
import { call } from "../support/worker/http";
import { formBody } from "../support/worker/multipart";
import { serviceContext, testClock, testJobContext } from "../support/worker/context";
import {
  accessWorld,
  approvedRequest,
  askedRequest,
  auditFor,
  expectDownloadRefused,
  getWith,
  ownerDocument,
  requestRow,
  revoke,
  type AccessWorld,
} from "../support/worker/access-requests";

const r = {
  invalid: "Token unduhan tidak valid.",
  otherDocument: "Token unduhan ini tidak berlaku untuk dokumen ini.",
  expired: "Token unduhan sudah kedaluwarsa (berlaku 1x24 jam setelah disetujui).",
  revoked: "Izin unduhan telah dicabut oleh pemilik dokumen.",
};
const SECOND = 1000;
const noRange = { range: null, ifNoneMatch: null };

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

/** Ask and approve through the services at `approvedAt`; returns the request and its token. */
async function approveAt(doc: Uploaded, approvedAt: Date) {
  const clock = testClock(approvedAt);
  const asked = await requestAccess(await serviceContext(world.requester.user, clock), doc.uuid, { requestMessage: "Penelitian" });
  await respondToAccessRequest(await serviceContext(world.owner.user, clock), asked.uuid, { action: "accept", responseMessage: "Silakan" });
  const view = await getAccessRequest(await serviceContext(world.requester.user, clock), asked.uuid);
  return { uuid: asked.uuid, token: view.token!, view };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(TokenDownloadError);
  return (error as TokenDownloadError).message;
}

describe("24-hour window (injected clock)", () => {
  it("valid 1 s before 24 h after approval, refused 1 s after; the view shows EXPIRED without a token", async () => {
    const doc = await ownerDocument(world);
    const approvedAt = new Date();
    const { uuid, token, view } = await approveAt(doc, approvedAt);
    expect(Date.parse(view.expiresAt!)).toBe(approvedAt.getTime() + DOWNLOAD_WINDOW_MS);

    const justBefore = testClock(new Date(approvedAt.getTime() + DOWNLOAD_WINDOW_MS - SECOND));
    const response = await fileResponse(testEnv.FILES, await downloadWithToken(await serviceContext(world.requester.user, justBefore), doc.uuid, token, noRange), noRange);
    expect(response.status).toBe(200);
    expect(await downloadBytes(response)).toEqual(doc.bytes);

    const justAfter = testClock(new Date(approvedAt.getTime() + DOWNLOAD_WINDOW_MS + SECOND));
    const requesterLater = await serviceContext(world.requester.user, justAfter);
    expect(await refusal(downloadWithToken(requesterLater, doc.uuid, token, noRange))).toBe(r.expired);
    expect(await getAccessRequest(requesterLater, uuid)).toMatchObject({ status: "EXPIRED", token: null, downloadUrl: null, canDownload: false });
    // A late answer by another member cannot extend it: the request is no longer PENDING.
    await expect(
      respondToAccessRequest(await serviceContext(world.colleague.user, justAfter), uuid, { action: "accept", responseMessage: "lagi" }),
    ).rejects.toThrow("Permintaan akses ini sudah direspon sebelumnya.");
  });

  it("a lapsed approval no longer blocks a new request (it is expired in the same batch, audited)", async () => {
    const doc = await ownerDocument(world);
    const approvedAt = new Date(Date.now() - DOWNLOAD_WINDOW_MS - 60 * SECOND);
    const { uuid } = await approveAt(doc, approvedAt);
    const again = await requestAccess(await serviceContext(world.requester.user), doc.uuid, { requestMessage: "Sekali lagi" });
    expect(again.status).toBe("PENDING");
    expect(await requestRow(uuid)).toMatchObject({ status: "EXPIRED", token_hash: null, token_seed: null });
    expect((await auditFor(uuid)).map((a) => a.action)).toContain("ACCESS_REQUEST_EXPIRE");
  });
});

describe("scheduled expiry", () => {
  it("marks the approval EXPIRED only once its window has passed, clears the token hash, audits once (idempotent)", async () => {
    const doc = await ownerDocument(world);
    const approvedAt = new Date();
    const { uuid, token } = await approveAt(doc, approvedAt);
    const at = (offset: number) => testClock(new Date(approvedAt.getTime() + DOWNLOAD_WINDOW_MS + offset));
    const cron = (offset: number) => expireLapsedApprovals(testJobContext("maintenance", at(offset)));

    await cron(-SECOND);
    expect((await requestRow(uuid))!.status).toBe("APPROVED");

    await cron(SECOND);
    const row = await requestRow(uuid);
    expect(row).toMatchObject({ status: "EXPIRED", token_hash: null, token_seed: null });
    await cron(2 * SECOND);
    const expiries = (await auditFor(uuid)).filter((a) => a.action === "ACCESS_REQUEST_EXPIRE");
    expect(expiries).toHaveLength(1);
    expect(expiries[0]!.actor_id).toBeNull();
    // The hash is gone; the requester is still told why.
    const later = await serviceContext(world.requester.user, at(3 * SECOND));
    expect(await refusal(downloadWithToken(later, doc.uuid, token, noRange))).toBe(r.expired);
  });

  it("the cron handler itself expires lapsed approvals, audited once across two runs", async () => {
    const doc = await ownerDocument(world);
    const { uuid } = await approveAt(doc, new Date(Date.now() - DOWNLOAD_WINDOW_MS - 60 * SECOND));
    const live = await approveAt(await ownerDocument(world), new Date());
    const cron = () => worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/30 * * * *" }), testEnv);
    await cron();
    await cron();
    expect(await requestRow(uuid)).toMatchObject({ status: "EXPIRED", token_hash: null });
    expect((await auditFor(uuid)).filter((a) => a.action === "ACCESS_REQUEST_EXPIRE")).toHaveLength(1);
    expect((await requestRow(live.uuid))!.status).toBe("APPROVED");
  });
});

describe("token binding", () => {
  it("another signed-in user with the right token is refused; the requester on another document too", async () => {
    const doc = await ownerDocument(world);
    const other = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    const token = encodeURIComponent(approved.token!);
    await expectDownloadRefused(await getWith(world.stranger.session, approved.downloadUrl!), 403, r.invalid);
    await expectDownloadRefused(await getWith(world.requester.session, `/api/v1/archives/${other.uuid}/download?token=${token}`), 403, r.otherDocument);
    expect((await requestRow(approved.uuid))!.download_count).toBe(0);
    expect((await auditFor(approved.uuid)).map((a) => a.action)).not.toContain("ACCESS_TOKEN_DOWNLOAD");
  });

  it("tampered, truncated, empty and made-up tokens are refused as invalid", async () => {
    const doc = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    const token = approved.token!;
    const flipped = token.slice(0, -1) + (token.endsWith("0") ? "1" : "0");
    const madeUp = `${crypto.randomUUID()}.${"a".repeat(64)}`;
    for (const bad of [flipped, token.slice(0, -2), "", "x", madeUp, `${approved.uuid}.${"0".repeat(64)}`]) {
      await expectDownloadRefused(
        await getWith(world.requester.session, `/api/v1/archives/${doc.uuid}/download?token=${encodeURIComponent(bad)}`),
        403,
        r.invalid,
      );
    }
    // The real one still works.
    expect((await getWith(world.requester.session, approved.downloadUrl!)).status).toBe(200);
  });

  it("a revoked token is refused with its reason", async () => {
    const doc = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    expect((await revoke(world.owner.session, approved.uuid)).status).toBe(200);
    await expectDownloadRefused(await getWith(world.requester.session, approved.downloadUrl!), 403, r.revoked);
  });

  it("deleting the document (to the trash) revokes its live tokens, audited; a restore does not bring them back", async () => {
    const doc = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    const s = world.owner.session;
    expect((await call(`/api/v1/archives/${doc.uuid}`, { method: "DELETE", cookie: s.cookie, csrfToken: s.csrfToken, ip: s.ip })).status).toBe(200);
    expect(await requestRow(approved.uuid)).toMatchObject({ status: "REVOKED", token_hash: null, token_seed: null });
    expect(JSON.parse((await auditFor(approved.uuid)).at(-1)!.details!)).toMatchObject({ reason: "trashed" });
    await expectDownloadRefused(await getWith(world.requester.session, approved.downloadUrl!), 403, r.invalid);
    expect((await call(`/api/v1/archives/${doc.uuid}/restore`, { method: "POST", cookie: s.cookie, csrfToken: s.csrfToken, ip: s.ip })).status).toBe(200);
    expect((await requestRow(approved.uuid))!.status).toBe("REVOKED");
    await expectDownloadRefused(await getWith(world.requester.session, approved.downloadUrl!), 403, r.revoked);
  });

  it("a class change revokes only what the new class forbids (in the update's batch, audited); a lower class revokes nothing", async () => {
    const doc = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    const pendingUuid = (await askedRequest(world.stranger.session, doc.uuid)).uuid;
    const put = (fields: Record<string, string>) =>
      sendMultipart(`/api/v1/archives/${doc.uuid}`, world.owner.session, formBody(documentFields(world.categoryId, fields)), { method: "PUT" });

    // Saving metadata without a level change keeps the approval.
    expect((await put({ accessLevel: "PRIVATE" })).status).toBe(200);
    expect((await requestRow(approved.uuid))!.status).toBe("APPROVED");
    // Lowering to PUBLIC (BIASA) takes nothing back: the file is open to everyone anyway.
    expect((await put({ accessLevel: "PUBLIC" })).status).toBe(200);
    expect((await requestRow(approved.uuid))!.status).toBe("APPROVED");
    expect((await put({ accessLevel: "PRIVATE" })).status).toBe(200);
    expect((await requestRow(approved.uuid))!.status).toBe("APPROVED");
    // RAHASIA allows one download per token: an approval not used yet stays.
    expect((await put({ accessLevel: "PRIVATE", securityClass: "RAHASIA" })).status).toBe(200);
    expect((await requestRow(approved.uuid))!.status).toBe("APPROVED");

    // SANGAT_RAHASIA cannot be requested at all: the approval is revoked, the open request closed.
    expect((await put({ accessLevel: "PRIVATE", securityClass: "SANGAT_RAHASIA" })).status).toBe(200);
    expect(await requestRow(approved.uuid)).toMatchObject({ status: "REVOKED", token_hash: null, token_seed: null });
    expect((await requestRow(pendingUuid))!.status).toBe("REJECTED");
    const revocation = (await auditFor(approved.uuid)).at(-1)!;
    expect(revocation.action).toBe("ACCESS_REQUEST_REVOKE");
    expect(JSON.parse(revocation.details!)).toMatchObject({ reason: "class_raised", from: "RAHASIA", to: "SANGAT_RAHASIA" });
    expect((await auditFor(pendingUuid)).at(-1)!.action).toBe("ACCESS_REQUEST_REJECT");
    await expectDownloadRefused(await getWith(world.requester.session, approved.downloadUrl!), 403, r.revoked);
  });
});
