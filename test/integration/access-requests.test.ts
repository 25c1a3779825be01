import { beforeAll, describe, expect, it } from "vitest";
import type { AccessRequestView } from "~/domain/access-requests";
import { pendingForUnitRead } from "~/server/access-requests/service.server";
import { readTogether } from "~/server/db/prepared.server";
import { serviceContext } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { downloadBytes, expectError } from "../support/worker/documents";
import { call } from "../support/worker/http";
import {
  accessWorld,
  approvedRequest,
  askAccess,
  askedRequest,
  auditFor,
  getWith,
  listRequests,
  ownerDocument,
  requestRow,
  requestRowsFor,
  requesterView,
  respond,
  revoke,
  type AccessWorld,
} from "../support/worker/access-requests";

const DUPLICATE = "Anda sudah memiliki permintaan akses yang masih terbuka (menunggu respon atau sudah disetujui) untuk dokumen ini.";

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

describe("request -> respond -> download", () => {
  it("asks with a trimmed message, the owner approves, the requester downloads the exact bytes under the title", async () => {
    const doc = await ownerDocument(world, "PRIVATE", "Laporan Keuangan Fakultas 2025");
    const asked = await askedRequest(world.requester.session, doc.uuid);
    expect(asked).toMatchObject({
      archiveId: doc.uuid,
      archiveTitle: "Laporan Keuangan Fakultas 2025",
      status: "PENDING",
      requestMessage: "Untuk penelitian akademik",
      responseMessage: null,
      requester: world.requester.user.fullName,
      owner: world.ownerUnit.nama,
      token: null,
      downloadUrl: null,
      expiresAt: null,
      isRequester: true,
      canRespond: false,
      canDownload: false,
    });

    const ownerSees = (await (await listRequests(world.owner.session, "?size=50")).json<AccessRequestView[]>()).find((r) => r.uuid === asked.uuid);
    expect(ownerSees).toMatchObject({ status: "PENDING", canRespond: true, token: null, isRequester: false });

    const before = Date.now();
    const answered = await respond(world.owner.session, asked.uuid, { action: "accept", responseMessage: "  Silakan, berlaku 1x24 jam  " });
    expect(answered.status).toBe(200);
    const answer = await answered.json<{ message: string; data: AccessRequestView }>();
    expect(answer.message).toBe("Respon berhasil dikirim!");
    // The owner never sees the token.
    expect(answer.data).toMatchObject({ status: "APPROVED", responseMessage: "Silakan, berlaku 1x24 jam", token: null, downloadUrl: null, canRevoke: true });
    const expires = Date.parse(answer.data.expiresAt!);
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3600_000 - 5);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const mine = await requesterView(world, asked.uuid);
    expect(mine.token).toMatch(/^[0-9a-f-]{36}\.[0-9a-f]{64}$/);
    expect(mine.downloadUrl).toBe(`/api/v1/archives/${doc.uuid}/download?token=${encodeURIComponent(mine.token!)}`);
    expect(mine.canDownload).toBe(true);
    // Shown again on the next visit: the same token.
    expect((await requesterView(world, asked.uuid)).token).toBe(mine.token);

    const row = await requestRow(asked.uuid);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(mine.token!.split(".")[1]);

    const download = await getWith(world.requester.session, mine.downloadUrl!);
    expect(download.status).toBe(200);
    expect(download.headers.get("referrer-policy")).toBe("no-referrer");
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    expect(download.headers.get("content-disposition")).toContain(`filename="Laporan Keuangan Fakultas 2025.pdf"`);
    expect(await downloadBytes(download)).toEqual(doc.bytes);

    expect((await requestRow(asked.uuid))!.download_count).toBe(1);
    expect((await requesterView(world, asked.uuid)).downloadCount).toBe(1);

    const audit = await auditFor(asked.uuid);
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ["ACCESS_REQUEST_CREATE", world.requester.user.id],
      ["ACCESS_REQUEST_APPROVE", world.owner.user.id],
      ["ACCESS_TOKEN_DOWNLOAD", world.requester.user.id],
    ]);
    const downloadDetails = JSON.parse(audit[2]!.details!) as { tokenHashPrefix: string };
    expect(row!.token_hash!.startsWith(downloadDetails.tokenHashPrefix)).toBe(true);
    const secret = mine.token!.split(".")[1]!;
    const { results } = await testEnv.DB.prepare("SELECT id FROM audit_logs WHERE instr(coalesce(details, '') || message, ?) > 0")
      .bind(secret)
      .all();
    expect(results).toEqual([]);
  });

  it("rejects with a message: no token, REJECTED, audited", async () => {
    const doc = await ownerDocument(world);
    const asked = await askedRequest(world.requester.session, doc.uuid);
    const response = await respond(world.colleague.session, asked.uuid, { action: "reject", responseMessage: "Dokumen bersifat rahasia" });
    expect(response.status).toBe(200);
    const mine = await requesterView(world, asked.uuid);
    expect(mine).toMatchObject({ status: "REJECTED", responseMessage: "Dokumen bersifat rahasia", token: null, canDownload: false });
    expect((await requestRow(asked.uuid))!.token_hash).toBeNull();
    expect((await auditFor(asked.uuid)).map((a) => a.action)).toEqual(["ACCESS_REQUEST_CREATE", "ACCESS_REQUEST_REJECT"]);
  });
});

describe("input", () => {
  it("refuses a blank message with 'Pesan request tidak boleh kosong.' and writes nothing", async () => {
    const doc = await ownerDocument(world);
    for (const body of [{ requestMessage: "   " }, { requestMessage: "" }, {}, { requestMessage: 42 }]) {
      await expectError(await askAccess(world.requester.session, doc.uuid, body), 400, "Pesan request tidak boleh kosong.", JSON.stringify(body));
    }
    await expectError(await askAccess(world.requester.session, doc.uuid, { requestMessage: "x".repeat(1001) }), 400, "Pesan request maksimal 1000 karakter.");
    expect(await requestRowsFor(doc.uuid)).toEqual([]);
  });

  it("answers bad JSON with a 400 in Indonesian, and an oversized body with 413", async () => {
    const doc = await ownerDocument(world);
    const s = world.requester.session;
    const bad = await call(`/api/v1/archives/${doc.uuid}/request-access`, {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json" },
      cookie: s.cookie,
      csrfToken: s.csrfToken,
      ip: s.ip,
    });
    await expectError(bad, 400, "Data permintaan tidak dapat dibaca: kirim JSON yang valid.");
    await expectError(await askAccess(s, doc.uuid, { requestMessage: "x".repeat(20_000) }), 413, "Data permintaan terlalu besar.");
    expect(await requestRowsFor(doc.uuid)).toEqual([]);
  });

  it("respond needs an action and a non-blank message", async () => {
    const doc = await ownerDocument(world);
    const asked = await askedRequest(world.requester.session, doc.uuid);
    await expectError(await respond(world.owner.session, asked.uuid, { responseMessage: "ok" }), 400, "Pilih Terima atau Tolak.");
    await expectError(await respond(world.owner.session, asked.uuid, { action: "approve", responseMessage: "ok" }), 400, "Pilih Terima atau Tolak.");
    await expectError(await respond(world.owner.session, asked.uuid, { action: "accept", responseMessage: "  " }), 400, "Pesan respon tidak boleh kosong.");
    expect((await requestRow(asked.uuid))!.status).toBe("PENDING");
  });

  it("unknown document or request: 404", async () => {
    await expectError(await askAccess(world.requester.session, crypto.randomUUID()), 404, "Dokumen tidak ditemukan.");
    await expectError(await respond(world.owner.session, crypto.randomUUID()), 404, "Permintaan akses tidak ditemukan.");
    await expectError(await revoke(world.owner.session, "not-a-uuid"), 404, "Permintaan akses tidak ditemukan.");
  });
});

describe("state machine", () => {
  it("one open request per requester and document: a second gets 409, no second row; after a rejection one may ask again", async () => {
    const doc = await ownerDocument(world);
    const first = await askedRequest(world.requester.session, doc.uuid);
    const duplicate = await askAccess(world.requester.session, doc.uuid);
    await expectError(duplicate, 409, DUPLICATE);
    // Another requester is not blocked.
    await askedRequest(world.stranger.session, doc.uuid);
    // Approved is still open.
    await respond(world.owner.session, first.uuid);
    await expectError(await askAccess(world.requester.session, doc.uuid), 409, DUPLICATE);
    expect((await requestRowsFor(doc.uuid)).length).toBe(2);

    const doc2 = await ownerDocument(world);
    const rejected = await askedRequest(world.requester.session, doc2.uuid);
    await respond(world.owner.session, rejected.uuid, { action: "reject", responseMessage: "Tidak" });
    await askedRequest(world.requester.session, doc2.uuid);
    expect((await requestRowsFor(doc2.uuid)).map((r) => r.status)).toEqual(["REJECTED", "PENDING"]);
  });

  it("the unique index holds even if the service check is raced: 10 parallel asks make one row", async () => {
    const doc = await ownerDocument(world);
    const responses = await Promise.all(Array.from({ length: 10 }, () => askAccess(world.requester.session, doc.uuid)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await requestRowsFor(doc.uuid)).length).toBe(1);
  });

  it("an answered request cannot be answered again, and accepting never extends the expiry", async () => {
    const doc = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    const before = await requestRow(approved.uuid);
    for (const body of [
      { action: "accept", responseMessage: "lagi" },
      { action: "reject", responseMessage: "berubah pikiran" },
    ]) {
      await expectError(await respond(world.colleague.session, approved.uuid, body), 409, "Permintaan akses ini sudah direspon sebelumnya.");
    }
    const after = await requestRow(approved.uuid);
    expect(after).toEqual(before);
    expect((await auditFor(approved.uuid)).filter((a) => a.action === "ACCESS_REQUEST_APPROVE").length).toBe(1);
  });

  it("50 parallel answers: exactly one changes the state and writes one audit row", async () => {
    const doc = await ownerDocument(world);
    const asked = await askedRequest(world.requester.session, doc.uuid);
    const answerers = [world.owner.session, world.colleague.session, world.admin.session];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        respond(answerers[i % 3]!, asked.uuid, { action: i % 2 ? "reject" : "accept", responseMessage: `jawaban ${i}` }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(1);
    expect(statuses.filter((s) => s === 409).length).toBe(49);
    const winner = responses[statuses.indexOf(200)]!;
    const won = (await winner.json<{ data: AccessRequestView }>()).data;
    const row = await requestRow(asked.uuid);
    expect(row!.status).toBe(won.status);
    expect(row!.response_message).toBe(won.responseMessage);
    const answers = (await auditFor(asked.uuid)).filter((a) => a.action !== "ACCESS_REQUEST_CREATE");
    expect(answers.length).toBe(1);
  });

  it("revoke: the owning unit ends a live approval, the token dies, the requester sees REVOKED; a second revoke is 409", async () => {
    const doc = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    const response = await revoke(world.colleague.session, approved.uuid);
    expect(response.status).toBe(200);
    expect((await response.json<{ message: string }>()).message).toBe("Izin unduhan berhasil dicabut.");
    const row = await requestRow(approved.uuid);
    expect(row).toMatchObject({ status: "REVOKED", token_hash: null, token_seed: null, revoked_by: world.colleague.user.id });
    expect(await requesterView(world, approved.uuid)).toMatchObject({ status: "REVOKED", token: null, downloadUrl: null, canDownload: false });
    await expectError(await revoke(world.owner.session, approved.uuid), 409, "Hanya permintaan yang disetujui dan masih berlaku yang dapat dicabut.");
    expect((await auditFor(approved.uuid)).map((a) => a.action)).toEqual(["ACCESS_REQUEST_CREATE", "ACCESS_REQUEST_APPROVE", "ACCESS_REQUEST_REVOKE"]);
    // After a revocation the requester may ask again.
    await askedRequest(world.requester.session, doc.uuid);
  });

  it("a PENDING request cannot be revoked", async () => {
    const doc = await ownerDocument(world);
    const asked = await askedRequest(world.requester.session, doc.uuid);
    await expectError(await revoke(world.owner.session, asked.uuid), 409, "Hanya permintaan yang disetujui dan masih berlaku yang dapat dicabut.");
  });
});

describe("list", () => {
  it("searches, sorts, filters and pages on the server; paging figures in headers; badge count of PENDING for the unit", async () => {
    const local = await accessWorld();
    const titles = ["Alfa Dokumen Rahasia", "Bravo Dokumen Rahasia", "Charlie Dokumen Rahasia"];
    const docs = [];
    for (const title of titles) docs.push(await ownerDocument(local, "PRIVATE", title));
    const asked = [];
    for (const doc of docs) asked.push(await askedRequest(local.requester.session, doc.uuid));
    await respond(local.owner.session, asked[1]!.uuid, { action: "reject", responseMessage: "Tidak" });

    const all = await listRequests(local.requester.session, "?sort=archiveTitle&dir=asc&size=5");
    expect(all.headers.get("x-total-count")).toBe("3");
    expect(all.headers.get("x-total-pages")).toBe("1");
    expect((await all.json<AccessRequestView[]>()).map((r) => r.archiveTitle)).toEqual(titles);

    const paged = await listRequests(local.requester.session, "?sort=archiveTitle&dir=desc&size=5&page=1");
    expect((await paged.json<AccessRequestView[]>())[0]!.archiveTitle).toBe("Charlie Dokumen Rahasia");

    const searched = await (await listRequests(local.owner.session, "?q=bravo")).json<AccessRequestView[]>();
    expect(searched.map((r) => r.archiveTitle)).toEqual(["Bravo Dokumen Rahasia"]);
    const byStatus = await (await listRequests(local.owner.session, "?status=PENDING")).json<AccessRequestView[]>();
    expect(byStatus.map((r) => r.archiveTitle).sort()).toEqual(["Alfa Dokumen Rahasia", "Charlie Dokumen Rahasia"]);
    // LIKE wildcards in q are literal.
    expect(await (await listRequests(local.owner.session, "?q=%25")).json()).toEqual([]);
    // Bad parameters fall back to defaults instead of failing.
    const odd = await listRequests(local.owner.session, "?sort=drop&dir=sideways&size=7&page=-3");
    expect(odd.status).toBe(200);
    expect(odd.headers.get("x-page-size")).toBe("10");

    const pendingForUnit = async (user: typeof local.owner.user) => {
      const ctx = await serviceContext(user);
      return (await readTogether(ctx.d1, pendingForUnitRead(ctx)))[0];
    };
    expect(await pendingForUnit(local.owner.user)).toBe(2);
    expect(await pendingForUnit(local.requester.user)).toBe(0);
    expect(await pendingForUnit(local.admin.user)).toBe(0);
  });
});
