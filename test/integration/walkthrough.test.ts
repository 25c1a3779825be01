/**
 * What a new user tripped over (issue 24), on real D1/R2: who answers requests on a Super
 * Admin's documents (the owning unit chosen at upload or later, open requests following it, the
 * unowned ones counted for Super Admin), the revoked row's own explanation, metadata refused
 * before the file streams in, search by the uploader's name, the audit log's honest total, and
 * the preview URL named after the file.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AccessRequestView } from "~/domain/access-requests";
import { AuditLogQuerySchema } from "~/domain/audit-log";
import { parseListParams } from "~/domain/list-query";
import { documentValidation as v } from "~/i18n/document-validation";
import { unownedPendingRead } from "~/server/access-requests/service.server";
import { readTogether } from "~/server/db/prepared.server";
import { auditLogTotal } from "~/server/audit-log/service.server";
import { accessWorld, askedRequest, listRequests, respond, revoke, type AccessWorld } from "../support/worker/access-requests";
import { serviceContext } from "../support/worker/context";
import { archiveRow, documentBody, documentFields, expectError, postDocument, sendMultipart, uploadDocument, type DocumentView } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { createUser } from "../support/worker/factories";
import { call, login, unique } from "../support/worker/http";
import { formBody, pdfBytes } from "../support/worker/multipart";

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

const as = (session: { cookie: string; csrfToken: string; ip: string }) => ({ cookie: session.cookie, csrfToken: session.csrfToken, ip: session.ip });

/** PUT /api/v1/archives/{uuid} with the document's metadata and `extra` fields. */
function putDocument(session: AccessWorld["admin"]["session"], uuid: string, extra: Record<string, string>) {
  const body = formBody(documentFields(world.categoryId, extra));
  return call(`/api/v1/archives/${uuid}`, { method: "PUT", body: body.body, headers: { "content-type": body.contentType }, ...as(session) });
}

const requestOwner = async (uuid: string) =>
  (await testEnv.DB.prepare("SELECT owner_unit_kerja_id AS owner FROM access_requests WHERE uuid = ?").bind(uuid).first<{ owner: number | null }>())!.owner;

describe("who answers a request on a Super Admin's document", () => {
  it("a Super Admin names the owning unit at upload (the API keeps it optional); a Satuan Kerja cannot pick another unit", async () => {
    const owned = await uploadDocument(world.admin.session, { categoryId: world.categoryId, fields: { unitKerjaId: String(world.ownerUnit.id) } });
    expect((await archiveRow(owned.uuid))!.unit_kerja_id).toBe(world.ownerUnit.id);
    expect(owned.view).toMatchObject({ unitKerjaId: world.ownerUnit.id, unitKerjaName: world.ownerUnit.nama });

    const unowned = await uploadDocument(world.admin.session, { categoryId: world.categoryId });
    expect((await archiveRow(unowned.uuid))!.unit_kerja_id).toBeNull();

    const staffsOwn = await uploadDocument(world.owner.session, { categoryId: world.categoryId, fields: { unitKerjaId: String(world.otherUnit.id) } });
    expect((await archiveRow(staffsOwn.uuid))!.unit_kerja_id).toBe(world.ownerUnit.id);

    const unknown = await postDocument(world.admin.session, { fields: documentFields(world.categoryId, { unitKerjaId: "999999" }) });
    const body = await expectError(unknown, 400, v.ownerUnitUnknown);
    expect(body.errors).toEqual([v.ownerUnitUnknown]);
  });

  it("requests on a document without a unit are Super Admin's: counted for the dashboard, listed under owner=none, answerable by no unit", async () => {
    const unownedPendingCount = async (ctx: Awaited<ReturnType<typeof serviceContext>>) => (await readTogether(ctx.d1, unownedPendingRead(ctx)))[0];
    const adminCtx = await serviceContext(world.admin.user);
    const before = (await unownedPendingCount(adminCtx))!;
    const doc = await uploadDocument(world.admin.session, { categoryId: world.categoryId });
    const asked = await askedRequest(world.requester.session, doc.uuid);
    expect(asked.owner).toBeNull();
    expect(await unownedPendingCount(adminCtx)).toBe(before + 1);
    // Only Super Admin has that panel.
    expect(await unownedPendingCount(await serviceContext(world.owner.user))).toBeNull();

    const listed = await (await listRequests(world.admin.session, "?owner=none&size=50")).json<AccessRequestView[]>();
    expect(listed.map((row) => row.uuid)).toContain(asked.uuid);
    expect(listed.every((row) => row.owner === null)).toBe(true);

    expect((await respond(world.owner.session, asked.uuid)).status).toBe(404);
    expect((await respond(world.admin.session, asked.uuid)).status).toBe(200);
    expect(await unownedPendingCount(adminCtx)).toBe(before);
  });

  it("giving a document a unit later moves its open requests to that unit; answered ones keep their history", async () => {
    const doc = await uploadDocument(world.admin.session, { categoryId: world.categoryId });
    const pending = await askedRequest(world.requester.session, doc.uuid);
    const otherAsker = await createUser({ role: "Satuan Kerja", unitKerjaId: world.otherUnit.id });
    const rejected = await askedRequest(await login(otherAsker.username, otherAsker.password), doc.uuid);
    expect((await respond(world.admin.session, rejected.uuid, { action: "reject", responseMessage: "Tidak relevan." })).status).toBe(200);

    const moved = await putDocument(world.admin.session, doc.uuid, { unitKerjaId: String(world.ownerUnit.id) });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await moved.json<{ data: DocumentView }>()).data.unitKerjaName).toBe(world.ownerUnit.nama);
    expect(await requestOwner(pending.uuid)).toBe(world.ownerUnit.id);
    expect(await requestOwner(rejected.uuid)).toBeNull();
    // Now the unit answers it.
    expect((await respond(world.owner.session, pending.uuid)).status).toBe(200);

    const audit = await testEnv.DB.prepare("SELECT details FROM audit_logs WHERE target_id = ? AND action = 'DOCUMENT_UPDATE' ORDER BY id DESC").bind(doc.uuid).first<{ details: string }>();
    expect(JSON.parse(audit!.details)).toMatchObject({ unitKerjaId: { from: null, to: world.ownerUnit.id } });
  });

  it("a Satuan Kerja's update cannot move the document to another unit", async () => {
    const doc = await uploadDocument(world.owner.session, { categoryId: world.categoryId });
    const response = await putDocument(world.owner.session, doc.uuid, { unitKerjaId: String(world.otherUnit.id) });
    expect(response.status).toBe(200);
    expect((await archiveRow(doc.uuid))!.unit_kerja_id).toBe(world.ownerUnit.id);
  });
});

describe("a revoked approval explains itself", () => {
  it("REVOKED with who revoked it and when; no expiry left to show", async () => {
    const doc = await uploadDocument(world.owner.session, { categoryId: world.categoryId });
    const asked = await askedRequest(world.requester.session, doc.uuid);
    expect((await respond(world.owner.session, asked.uuid)).status).toBe(200);
    const response = await revoke(world.owner.session, asked.uuid);
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: AccessRequestView }>();
    expect(data).toMatchObject({ status: "REVOKED", revokedBy: world.owner.user.fullName, canRevoke: false, token: null });
    expect(Date.parse(data.revokedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("metadata is checked before the file streams in", () => {
  it("a wrong year before a file that never ends is refused at once, nothing stored", async () => {
    const head = formBody(documentFields(world.categoryId, { year: "1800" }));
    // The fields, then the start of a file part whose body never ends: only an early check answers.
    const boundary = /boundary=(.+)$/.exec(head.contentType)![1]!;
    const fieldsPart = head.body.slice(0, head.body.byteLength - `--${boundary}--\r\n`.length);
    const fileHead = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="besar.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const staged = async () => (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM file_staging").first<{ n: number }>())!.n;
    const stagedBefore = await staged();
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(fieldsPart);
        controller.enqueue(fileHead);
        controller.enqueue(pdfBytes(64 * 1024));
      },
      // Never closes: a server that waited for the whole body would time out here.
      pull: () => {
        pulls += 1;
        return new Promise(() => {});
      },
    });
    const response = await sendMultipart("/api/v1/archives", world.owner.session, { body: stream, contentType: head.contentType });
    const body = await expectError(response, 400, v.yearRange(new Date().getUTCFullYear() + 1));
    expect(body.errors).toEqual([v.yearRange(new Date().getUTCFullYear() + 1)]);
    expect(pulls).toBeLessThanOrEqual(1);
    expect(await staged()).toBe(stagedBefore);
  });

  it("a document body sends the file last, and its fields in order", () => {
    const text = new TextDecoder().decode(documentBody(null, { fields: { title: "Judul" } }).body);
    expect(text.indexOf('name="title"')).toBeLessThan(text.indexOf('name="file"'));
  });
});

describe("search finds documents by their uploader's name", () => {
  it("by name, again after a rename, and never by the old name", async () => {
    const surname = unique("Wirasaputra").replace(/[^A-Za-z]/g, "");
    const uploader = await createUser({ role: "Satuan Kerja", unitKerjaId: world.ownerUnit.id, fullName: `Ratna ${surname}` });
    const session = await login(uploader.username, uploader.password);
    const doc = await uploadDocument(session, { categoryId: world.categoryId });
    const search = async (q: string) =>
      (await (await call(`/api/v1/archives?q=${encodeURIComponent(q)}&size=50`, as(session))).json<{ data: DocumentView[] }>()).data.map((row) => row.uuid);
    expect(await search(surname)).toEqual([doc.uuid]);

    const renamed = unique("Kusumawardani").replace(/[^A-Za-z]/g, "");
    await testEnv.DB.prepare("UPDATE users SET full_name = ? WHERE id = ?").bind(`Ratna ${renamed}`, uploader.id).run();
    expect(await search(surname)).toEqual([]);
    expect(await search(renamed)).toEqual([doc.uuid]);
    // The index still agrees with its content (a wrong 'delete' would corrupt it).
    await testEnv.DB.prepare("INSERT INTO archives_fts (archives_fts) VALUES ('integrity-check')").run();
  });
});

describe("the audit log's total", () => {
  const count = async (where = "", ...params: unknown[]) =>
    (await testEnv.DB.prepare(`SELECT COUNT(*) AS n FROM audit_logs ${where}`).bind(...params).first<{ n: number }>())!.n;
  const query = (params: string) => parseListParams(AuditLogQuerySchema, new URLSearchParams(params));

  it("is exact from the kept counts for no filter, one action and one actor; an estimate for dates; not counted for a mix", async () => {
    const ctx = await serviceContext(world.admin.user);
    expect(await auditLogTotal(ctx, query(""))).toEqual({ count: await count(), exact: true });
    expect(await auditLogTotal(ctx, query("action=LOGIN"))).toEqual({ count: await count("WHERE action = ?", "LOGIN"), exact: true });
    expect(await auditLogTotal(ctx, query(`actor=${world.owner.user.username}`))).toEqual({ count: await count("WHERE actor_id = ?", world.owner.user.id), exact: true });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(new Date());
    const dated = await auditLogTotal(ctx, query(`from=${today}`));
    expect(dated).toMatchObject({ exact: false });
    expect(dated!.count).toBeGreaterThan(0);
    expect(await auditLogTotal(ctx, query(`action=LOGIN&actor=${world.owner.user.username}`))).toBeNull();
    expect(await auditLogTotal(ctx, query("actor=tidak-ada-pengguna-ini"))).toEqual({ count: 0, exact: true });
  });

  it("needs the audit log's permission", async () => {
    await expect(auditLogTotal(await serviceContext(world.owner.user), query(""))).rejects.toThrow();
  });
});

describe("the preview is named after the file", () => {
  it("previewUrl ends in the file name and serves the file inline; the same rules as the download", async () => {
    const doc = await uploadDocument(world.owner.session, { categoryId: world.categoryId, fileName: "laporan tahunan.pdf" });
    expect(doc.view.previewUrl).toBe(`/api/v1/archives/${doc.uuid}/download/laporan%20tahunan.pdf?disposition=inline`);
    const preview = await call(doc.view.previewUrl!, as(world.owner.session));
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(new Uint8Array(await preview.arrayBuffer())).toEqual(doc.bytes);
    // A PRIVATE document's file stays closed to another unit, under any name.
    const refused = await call(doc.view.previewUrl!, as(world.requester.session));
    expect(refused.status).toBe(403);
    await refused.arrayBuffer();
  });
});
