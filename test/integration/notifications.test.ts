import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { notificationText as text } from "~/i18n/notification-messages";
import { commit } from "~/server/audit/commit.server";
import { inHandlingOrder } from "~/server/jobs/messages.server";
import { sendDailyDigests, sendQueuedEmail } from "~/server/notifications/email.server";
import { remindExpiringTokens } from "~/server/notifications/reminders.server";
import worker from "../../workers/app";
import { accessWorld, askedRequest, ownerDocument, respond, revoke, type AccessWorld } from "../support/worker/access-requests";
import { expectJson, send, signedIn } from "../support/worker/admin";
import { serviceContext, testClock, testJobContext } from "../support/worker/context";
import { uploadDocument } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { eventsAbout, notificationsAbout, settleEvents } from "../support/worker/events";
import { createAccessRequest, createArchive, createUser } from "../support/worker/factories";
import { pdfBytes } from "../support/worker/multipart";

/**
 * Events written with each change, dispatched once to their subscribers, and the notifications
 * (in the app and by email) they compose for exactly the people who may read their subject.
 */

vi.setConfig({ testTimeout: 40_000, hookTimeout: 60_000 });

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

const userIdsOf = (rows: { user_id: number }[]) => rows.map((row) => row.user_id).sort((a, b) => a - b);
const ids = (...people: { user: { id: number } }[]) => people.map((p) => p.user.id).sort((a, b) => a - b);

describe("the outbox", () => {
  it("a change writes its event in the same batch; a refused change writes none", async () => {
    const doc = await ownerDocument(world, "PRIVATE", "Surat Edaran Outbox Satu");
    expect(await eventsAbout(doc.uuid)).toEqual([expect.objectContaining({ kind: "DOCUMENT_CREATE", actor_id: world.owner.user.id })]);

    const asked = await askedRequest(world.requester.session, doc.uuid);
    expect((await respond(world.owner.session, asked.uuid)).status).toBe(200);
    const before = (await eventsAbout(asked.uuid)).length;
    // Answering twice is refused by the database's compare-and-set: no second event.
    expect((await respond(world.colleague.session, asked.uuid, { action: "reject", responseMessage: "Tidak" })).status).toBe(409);
    expect((await eventsAbout(asked.uuid)).length).toBe(before);

    // A batch that fails after its audit row leaves neither the row nor the event.
    const ctx = await serviceContext(world.owner.user);
    const marker = crypto.randomUUID();
    await expect(
      commit(ctx, [
        { action: "DOCUMENT_REINDEX", params: { title: "x" }, targetType: "archive", targetId: marker },
        ctx.db.insertInto("write_guards").values({ ok: 0 }),
      ]),
    ).rejects.toThrow();
    expect(await eventsAbout(marker)).toEqual([]);
    expect(await testEnv.DB.prepare("SELECT id FROM audit_logs WHERE target_id = ?").bind(marker).first()).toBeNull();
  });
});

describe("who is told", () => {
  it("a request received: the members of the owning unit, nobody else", async () => {
    const doc = await ownerDocument(world, "PRIVATE", "Laporan Keuangan Notifikasi Dua");
    const asked = await askedRequest(world.requester.session, doc.uuid);
    await settleEvents();
    const rows = (await notificationsAbout(asked.uuid)).filter((row) => row.kind === "ACCESS_REQUEST_RECEIVED");
    expect(userIdsOf(rows)).toEqual(ids(world.owner, world.colleague));
    expect(rows[0]!.title).toContain("Laporan Keuangan Notifikasi Dua");
    expect(rows[0]!.link).toBe(`/app/access-request?respond=${asked.uuid}`);
    // Dispatching again notifies nobody twice.
    await settleEvents();
    expect((await notificationsAbout(asked.uuid)).filter((row) => row.kind === "ACCESS_REQUEST_RECEIVED")).toHaveLength(2);
  });

  it("a request for a document no unit owns goes to Super Admin", async () => {
    const archive = await createArchive({ uploaderId: world.admin.user.id, categoryId: world.categoryId, unitKerjaId: null });
    const admins = await testEnv.DB.prepare("SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.name = 'Super Admin'").all<{ id: number }>();
    const request = await createAccessRequest({ archiveId: archive.id, requesterId: world.requester.user.id, status: "PENDING" });
    const ctx = testJobContext("events");
    await commit(ctx, [{ action: "ACCESS_REQUEST_CREATE", params: { title: "Dokumen uji integrasi" }, targetType: "access_request", targetId: request.uuid }]);
    await settleEvents();
    const rows = (await notificationsAbout(request.uuid)).filter((row) => row.kind === "ACCESS_REQUEST_RECEIVED");
    expect(userIdsOf(rows)).toEqual(admins.results.map((row) => row.id).sort((a, b) => a - b));
  });

  it("decided: the requester, with the expiry; a requester demoted since asking is told nothing", async () => {
    const doc = await ownerDocument(world, "PRIVATE", "Notulen Rapat Notifikasi Tiga");
    const asked = await askedRequest(world.requester.session, doc.uuid);
    expect((await respond(world.owner.session, asked.uuid)).status).toBe(200);
    await settleEvents();
    const decided = (await notificationsAbout("Notulen Rapat Notifikasi Tiga")).filter((row) => row.kind === "ACCESS_REQUEST_DECIDED");
    expect(userIdsOf(decided)).toEqual(ids(world.requester));
    expect(decided[0]!.title).toContain("disetujui");
    expect(decided[0]!.body).toMatch(/Unduh dokumen sebelum \d{2} \w+ \d{4} \d{2}:\d{2} WIB/);
    expect(decided[0]!.link).toBe(`/app/access-request?q=${encodeURIComponent("Notulen Rapat Notifikasi Tiga")}`);

    // Asked as Satuan Kerja, a Viewer by the time the answer is dispatched: not told.
    const other = await createUser({ role: "Satuan Kerja", unitKerjaId: world.otherUnit.id });
    const doc2 = await ownerDocument(world, "PRIVATE", "Notulen Rapat Notifikasi Empat");
    const request = await createAccessRequest({ archiveId: (await testEnv.DB.prepare("SELECT id FROM archives WHERE uuid = ?").bind(doc2.uuid).first<{ id: number }>())!.id, requesterId: other.id, status: "REJECTED", ownerUnitKerjaId: world.ownerUnit.id });
    await testEnv.DB.prepare("UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'Viewer'), unit_kerja_id = NULL WHERE id = ?").bind(other.id).run();
    await commit(await serviceContext(world.owner.user), [{ action: "ACCESS_REQUEST_REJECT", params: { title: "x" } as never, targetType: "access_request", targetId: request.uuid }]);
    await settleEvents();
    expect(await notificationsAbout("Notulen Rapat Notifikasi Empat")).toEqual([]);
  });

  it("revoked: the requester; a live token two hours before it lapses, once", async () => {
    const doc = await ownerDocument(world, "PRIVATE", "Kontrak Pengadaan Notifikasi Lima");
    const asked = await askedRequest(world.requester.session, doc.uuid);
    expect((await respond(world.owner.session, asked.uuid)).status).toBe(200);
    const nearlyOver = testClock(new Date(Date.now() + 23 * 3600_000));
    expect(await remindExpiringTokens(testJobContext("notifications", nearlyOver))).toBeGreaterThanOrEqual(1);
    expect(await remindExpiringTokens(testJobContext("notifications", nearlyOver))).toBe(0);
    await settleEvents();
    const expiring = (await notificationsAbout("Kontrak Pengadaan Notifikasi Lima")).filter((row) => row.kind === "ACCESS_TOKEN_EXPIRING");
    expect(userIdsOf(expiring)).toEqual(ids(world.requester));

    expect((await revoke(world.owner.session, asked.uuid)).status).toBe(200);
    await settleEvents();
    const revoked = (await notificationsAbout("Kontrak Pengadaan Notifikasi Lima")).filter((row) => row.kind === "ACCESS_REQUEST_REVOKED");
    expect(userIdsOf(revoked)).toEqual(ids(world.requester));
  });

  it("a failed text extraction: the uploader only", async () => {
    const doc = await uploadDocument(world.owner.session, { categoryId: world.categoryId, bytes: pdfBytes(4096), fileName: "rusak.pdf", fields: { title: "Berkas Rusak Notifikasi Enam" } });
    for (let attempt = 0; attempt < 250; attempt++) {
      const row = await testEnv.DB.prepare("SELECT t.status FROM archive_texts t JOIN archives a ON a.id = t.archive_id WHERE a.uuid = ?").bind(doc.uuid).first<{ status: string }>();
      if (row?.status === "FAILED") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await settleEvents();
    const rows = (await notificationsAbout(doc.uuid)).filter((row) => row.kind === "TEXT_EXTRACTION_PROBLEM");
    expect(userIdsOf(rows)).toEqual(ids(world.owner));
    expect(rows[0]!.link).toBe(`/app/documents/${doc.uuid}`);
  });

  it("a fixity mismatch: Super Admin only", async () => {
    const doc = await ownerDocument(world, "PRIVATE", "Sertifikat Fixity Notifikasi Tujuh");
    const key = (await testEnv.DB.prepare("SELECT r2_key FROM archives WHERE uuid = ?").bind(doc.uuid).first<{ r2_key: string }>())!.r2_key;
    await testEnv.FILES.put(key, new TextEncoder().encode("isi yang diubah"));
    const { checkDocumentFixity } = await import("~/server/fixity/service.server");
    await checkDocumentFixity(await serviceContext(world.admin.user), doc.uuid);
    await settleEvents();
    const rows = (await notificationsAbout(doc.uuid)).filter((row) => row.kind === "FIXITY_FAILURE");
    const admins = await testEnv.DB.prepare("SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.name = 'Super Admin'").all<{ id: number }>();
    expect(userIdsOf(rows)).toEqual(admins.results.map((row) => row.id).sort((a, b) => a - b));
    expect(rows.some((row) => row.user_id === world.owner.user.id)).toBe(false);
  });
});

describe("the bell and /api/v1/notifications", () => {
  it("lists the caller's own, newest first, with the unread count; read one, read all", async () => {
    const reader = await signedIn("Satuan Kerja", world.ownerUnit.id);
    const doc = await ownerDocument(world, "PRIVATE", "Pedoman Bell Notifikasi Delapan");
    await askedRequest(world.requester.session, doc.uuid);
    const doc2 = await ownerDocument(world, "PRIVATE", "Pedoman Bell Notifikasi Sembilan");
    await askedRequest(world.requester.session, doc2.uuid);
    await settleEvents();
    type Page = { data: { id: string; title: string; readAt: string | null }[]; total: number; unreadCount: number };
    const page = await expectJson<Page>(await send(reader.session, "GET", "/api/v1/notifications"), 200);
    expect(page.unreadCount).toBe(2);
    expect(page.data.map((n) => n.title)).toEqual([expect.stringContaining("Sembilan"), expect.stringContaining("Delapan")]);

    // Another user's notification is not found for them.
    expect((await send(world.requester.session, "POST", `/api/v1/notifications/${page.data[0]!.id}/read`)).status).toBe(404);
    const read = await expectJson<{ data: { readAt: string } }>(await send(reader.session, "POST", `/api/v1/notifications/${page.data[0]!.id}/read`), 200);
    expect(read.data.readAt).toBeTruthy();
    expect((await expectJson<Page>(await send(reader.session, "GET", "/api/v1/notifications"), 200)).unreadCount).toBe(1);
    const all = await expectJson<{ data: { marked: number } }>(await send(reader.session, "POST", "/api/v1/notifications/read-all"), 200);
    expect(all.data.marked).toBe(1);
    const after = await expectJson<Page>(await send(reader.session, "GET", "/api/v1/notifications?status=all"), 200);
    expect(after.unreadCount).toBe(0);
    expect(after.total).toBe(2);
    expect((await send(null, "GET", "/api/v1/notifications")).status).toBe(401);
  });
});

describe("email", () => {
  it("goes out at once through the local send_email binding, escaped, with the deep link", async () => {
    const owner = await signedIn("Satuan Kerja", world.ownerUnit.id);
    const archive = await createArchive({ uploaderId: owner.user.id, categoryId: world.categoryId, unitKerjaId: world.ownerUnit.id });
    await testEnv.DB.prepare("UPDATE archives SET title = ? WHERE id = ?").bind('<script>alert("x")</script> Surat Rahasia', archive.id).run();
    const request = await createAccessRequest({ archiveId: archive.id, requesterId: world.requester.user.id, status: "PENDING", ownerUnitKerjaId: world.ownerUnit.id });
    await commit(await serviceContext(world.requester.user), [{ action: "ACCESS_REQUEST_CREATE", params: { title: "x" }, targetType: "access_request", targetId: request.uuid }]);
    await settleEvents();
    const email = await testEnv.DB.prepare("SELECT * FROM email_messages WHERE user_id = ? AND dedupe_key LIKE ? ORDER BY id DESC")
      .bind(owner.user.id, "notification:%")
      .first<{ id: number; to_address: string; subject: string; text_body: string; html_body: string; status: string; message_id: string | null }>();
    expect(email).toBeTruthy();
    expect(email!.to_address).toBe(`${owner.user.username}@example.test`);
    expect(email!.html_body).not.toContain("<script>");
    expect(email!.html_body).toContain("&lt;script&gt;");
    expect(email!.text_body).toContain(`/app/access-request?respond=${request.uuid}`);
    expect(email!.html_body).toContain(`href="http://localhost/app/access-request?respond=${request.uuid}"`);
    // The consumer may have sent it already; either way it ends SENT through the local binding, once.
    if (email!.status === "PENDING") expect(await sendQueuedEmail(testJobContext("notifications"), email!.id)).toBe("sent");
    const sent = await testEnv.DB.prepare("SELECT status, message_id FROM email_messages WHERE id = ?").bind(email!.id).first<{ status: string; message_id: string | null }>();
    expect(sent).toMatchObject({ status: "SENT" });
    expect(sent!.message_id).toBeTruthy();
    expect(await sendQueuedEmail(testJobContext("notifications"), email!.id)).toBe("skipped");
  });

  it("respects preferences: OFF sends nothing; DIGEST waits for the daily digest, and an empty digest is never sent", async () => {
    const quiet = await signedIn("Satuan Kerja", world.ownerUnit.id);
    const digest = await signedIn("Satuan Kerja", world.ownerUnit.id);
    await expectJson(await send(quiet.session, "PUT", "/api/v1/notifications/preferences", { json: { ACCESS_REQUEST_RECEIVED: "OFF" } }), 200);
    await expectJson(await send(digest.session, "PUT", "/api/v1/notifications/preferences", { json: { ACCESS_REQUEST_RECEIVED: "DIGEST" } }), 200);
    expect((await send(digest.session, "PUT", "/api/v1/notifications/preferences", { json: { ACCESS_REQUEST_RECEIVED: "LOUD" } })).status).toBe(400);
    const doc = await ownerDocument(world, "PRIVATE", "Rencana Strategis Notifikasi Sepuluh");
    const asked = await askedRequest(world.requester.session, doc.uuid);
    await settleEvents();
    const rows = await notificationsAbout(asked.uuid);
    expect(rows.find((row) => row.user_id === quiet.user.id)?.email_status).toBe("NONE");
    expect(rows.find((row) => row.user_id === digest.user.id)?.email_status).toBe("DIGEST");
    const emailsOf = async (userId: number) => (await testEnv.DB.prepare("SELECT subject, text_body FROM email_messages WHERE user_id = ?").bind(userId).all<{ subject: string; text_body: string }>()).results;
    expect(await emailsOf(quiet.user.id)).toEqual([]);
    expect(await emailsOf(digest.user.id)).toEqual([]);

    await sendDailyDigests(testJobContext("notifications"));
    const digests = await emailsOf(digest.user.id);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toContain(text.email.digestSubject(1));
    expect(digests[0]!.text_body).toContain("Rencana Strategis Notifikasi Sepuluh");
    // Nothing new waits: the next digest run sends nobody anything.
    await sendDailyDigests(testJobContext("notifications"));
    expect(await emailsOf(digest.user.id)).toHaveLength(1);
    expect(await emailsOf(quiet.user.id)).toEqual([]);
  });
});

describe("the queue consumer", () => {
  it("handles a batch's outbox dispatch before its job slices and emails, the rest as they came, unknown messages kept", () => {
    const batch = [
      { id: "job-1", body: { type: "job.run", jobId: 7 } },
      { id: "email", body: { type: "email.send", emailId: 3 } },
      { id: "dispatch-1", body: { type: "events.dispatch" } },
      { id: "mystery", body: { type: "mystery" } },
      { id: "job-2", body: { type: "job.run", jobId: 8 } },
      { id: "dispatch-2", body: { type: "events.dispatch" } },
    ];
    const ordered = inHandlingOrder(batch);
    expect(ordered.map((item) => item.message.id)).toEqual(["dispatch-1", "dispatch-2", "job-1", "email", "mystery", "job-2"]);
    expect(ordered.map((item) => item.work?.type ?? null)).toEqual(["events.dispatch", "events.dispatch", "job.run", "email.send", null, "job.run"]);
  });

  it("moves a message of an unknown type to the dead-letter queue, which records it as a failed job", async () => {
    const moved: unknown[] = [];
    const deadLetters = { send: async (body: unknown) => void moved.push(body), sendBatch: async (messages: { body: unknown }[]) => void moved.push(...messages.map((m) => m.body)) } as unknown as Queue;
    const env = { ...testEnv, DEAD_LETTER_QUEUE: deadLetters };
    const marker = crypto.randomUUID();
    const batch = createMessageBatch("e-arsip-work", [{ id: "m1", timestamp: new Date(), attempts: 1, body: { type: "mystery", marker } }]);
    const execution = createExecutionContext();
    await worker.queue!(batch, env, execution);
    const result = await getQueueResult(batch, execution);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(moved).toEqual([{ queue: "e-arsip-work", body: { type: "mystery", marker }, attempts: 1 }]);

    const dead = createMessageBatch("e-arsip-dead-letter", [{ id: "d1", timestamp: new Date(), attempts: 1, body: moved[0] }]);
    const deadExecution = createExecutionContext();
    await worker.queue!(dead, testEnv, deadExecution);
    expect((await getQueueResult(dead, deadExecution)).explicitAcks).toEqual(["d1"]);
    const job = await testEnv.DB.prepare("SELECT kind, status, params, error FROM jobs WHERE params LIKE ?").bind(`%${marker}%`).first<{ kind: string; status: string; params: string; error: string }>();
    expect(job).toMatchObject({ kind: "queue.dead-letter", status: "FAILED" });
    expect(JSON.parse(job!.params)).toMatchObject({ source: "e-arsip-work" });
  });
});
