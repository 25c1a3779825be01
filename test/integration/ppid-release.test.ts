import { beforeAll, describe, expect, it, vi } from "vitest";
import { ppidMessages } from "~/i18n/ppid";
import { RELEASE_DAYS } from "~/domain/ppid/requests-view";
import { fileResponse } from "~/server/http/file-response.server";
import { downloadReleasedFile } from "~/server/ppid/released-files.server";
import { answerRequest, getRequest, recordRequest, requestByStatusCode, statusCodeOf } from "~/server/ppid/service.server";
import { createConsequenceTest } from "~/server/ppid/consequence-tests.server";
import { expectJson, send, signedIn } from "../support/worker/admin";
import { serviceContext, testClock, type TestClock } from "../support/worker/context";
import { settleEvents } from "../support/worker/events";
import { testEnv } from "../support/worker/env";
import { createArchive, createCategory, createUser, type CreatedUser } from "../support/worker/factories";

/**
 * A document's file released to one requester (decision 0280): who may release what, and a
 * download only with that request's code and the file's token, until it expires, counted and
 * audited.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let admin: CreatedUser;
let officer: CreatedUser;
let viewer: CreatedUser;
let categoryId: number;

const at = (date: string) => new Date(`${date}T02:00:00Z`);
const NO_RANGE = { range: null, ifNoneMatch: null };
const FILE_BYTES = "isi berkas yang dirilis";

beforeAll(async () => {
  admin = await createUser({ role: "Super Admin" });
  // A designated officer who is a Viewer: may answer, may not open a TERBATAS file.
  officer = await createUser({ role: "Viewer" });
  await testEnv.DB.prepare("UPDATE users SET ppid_role = 'PETUGAS' WHERE id = ?").bind(officer.id).run();
  viewer = await createUser({ role: "Viewer" });
  categoryId = (await createCategory()).id;
});

async function terbatas(securityClass: "TERBATAS" | "RAHASIA" | "SANGAT_RAHASIA" = "TERBATAS") {
  const archive = await createArchive({ uploaderId: admin.id, categoryId, accessLevel: "PRIVATE" });
  await testEnv.DB.prepare("UPDATE archives SET security_class = ? WHERE id = ?").bind(securityClass, archive.id).run();
  await testEnv.FILES.put(`archives/${archive.uuid}`, FILE_BYTES);
  return archive;
}

/** A request recorded by the desk, with the code its receipt would print. */
async function requestWithCode(clock: TestClock) {
  const desk = await serviceContext(admin, clock);
  const request = await recordRequest(desk, {
    requesterName: "Budi Pemohon",
    email: `pemohon-${crypto.randomUUID().slice(0, 8)}@example.test`,
    information: "Salinan notulen rapat senat 2031",
    purpose: "Penelitian",
    format: "SALINAN_SOFTCOPY",
    delivery: "EMAIL",
    channel: "EMAIL",
  });
  const seed = await testEnv.DB.prepare("SELECT secret_seed FROM ppid_requests WHERE uuid = ?").bind(request.id).first<string>("secret_seed");
  return { request, number: request.registrationNumber!, code: await statusCodeOf(desk.config.sessionSecret, request.id, seed!) };
}

const given = { outcome: "DIBERIKAN" as const, message: "Salinan dirilis untuk Anda.", archiveUuids: [] };

describe("a file released to one requester", () => {
  it("downloads with that request's code and token only, as an attachment, counted and audited, until it expires", async () => {
    const clock = testClock(at("2031-11-03"));
    const document = await terbatas();
    const { request, number, code } = await requestWithCode(clock);
    const answered = await answerRequest(await serviceContext(admin, clock), request.id, { ...given, releasedArchiveUuids: [document.uuid] });
    expect(answered.files).toEqual([
      { kind: "RILIS", title: "Dokumen uji integrasi", link: `/app/documents/${document.uuid}`, expiresAt: new Date(at("2031-11-03").getTime() + RELEASE_DAYS * 86_400_000).toISOString(), downloadCount: 0 },
    ]);

    const visitor = await serviceContext(null, clock);
    const status = await requestByStatusCode(visitor, number, code);
    expect(status.files).toEqual([]);
    expect(status.released).toHaveLength(1);
    const token = status.released[0]!.token;

    const grant = await downloadReleasedFile(visitor, { number, code, token }, NO_RANGE);
    const response = await fileResponse(testEnv.FILES, grant, NO_RANGE);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(new TextDecoder().decode(await response.arrayBuffer())).toBe(FILE_BYTES);
    expect((await getRequest(await serviceContext(admin, clock), request.id)).files[0]!.downloadCount).toBe(1);
    const audit = await testEnv.DB.prepare("SELECT action, actor_id, details FROM audit_logs WHERE target_id = ? AND action = 'PPID_RELEASE_DOWNLOAD'")
      .bind(request.id)
      .all<{ actor_id: number | null; details: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]!.actor_id).toBeNull();
    expect(JSON.parse(audit.results[0]!.details)).toMatchObject({ archive: document.uuid });

    // Another request's code with this token, this code with an altered token: refused alike.
    const other = await requestWithCode(clock);
    await expect(downloadReleasedFile(visitor, { number: other.number, code: other.code, token }, NO_RANGE)).rejects.toMatchObject({ status: 403, message: ppidMessages.download.invalid });
    const altered = `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
    await expect(downloadReleasedFile(visitor, { number, code, token: altered }, NO_RANGE)).rejects.toMatchObject({ status: 403, message: ppidMessages.download.invalid });
    // The number without its code is nothing.
    await expect(downloadReleasedFile(visitor, { number, code: "AAAAAAAAAAAA", token }, NO_RANGE)).rejects.toMatchObject({ status: 400, message: ppidMessages.errors.statusInvalid });

    // The last minute of the window works; after it, refused with the date, and nothing counted.
    clock.set(new Date(at("2031-11-03").getTime() + RELEASE_DAYS * 86_400_000 - 60_000));
    await downloadReleasedFile(visitor, { number, code, token }, NO_RANGE);
    clock.advance(60_000);
    await expect(downloadReleasedFile(visitor, { number, code, token }, NO_RANGE)).rejects.toMatchObject({ status: 403, message: expect.stringContaining("telah berakhir") });
    expect((await requestByStatusCode(visitor, number, code)).released[0]!.expired).toBe(true);
    expect((await getRequest(await serviceContext(admin, clock), request.id)).files[0]!.downloadCount).toBe(2);
  });

  it("is refused for RAHASIA and SANGAT_RAHASIA, a PUBLIC document, a refusal, and an officer who may not open the file; nothing is written", async () => {
    const clock = testClock(at("2031-11-04"));
    const desk = await serviceContext(admin, clock);
    const { request } = await requestWithCode(clock);
    for (const securityClass of ["RAHASIA", "SANGAT_RAHASIA"] as const) {
      const secret = await terbatas(securityClass);
      await expect(answerRequest(desk, request.id, { ...given, releasedArchiveUuids: [secret.uuid] })).rejects.toMatchObject({
        status: 400,
        message: ppidMessages.errors.releaseSecret("Dokumen uji integrasi", securityClass),
      });
    }
    const open = await createArchive({ uploaderId: admin.id, categoryId, accessLevel: "PUBLIC" });
    await expect(answerRequest(desk, request.id, { ...given, releasedArchiveUuids: [open.uuid] })).rejects.toMatchObject({ status: 400 });
    const document = await terbatas();
    const test = await createConsequenceTest(desk, { information: "Data pribadi", legalBasis: "Pasal 17 huruf h", consequences: "Privasi", validUntil: "2032-12-31" });
    await expect(
      answerRequest(desk, request.id, { outcome: "DITOLAK", message: "Ditolak.", exemptionGround: "h", consequenceTestId: test.id, archiveUuids: [], releasedArchiveUuids: [document.uuid] }),
    ).rejects.toMatchObject({ status: 400, message: ppidMessages.validation.releaseNeedsGiving });
    await expect(answerRequest(await serviceContext(officer, clock), request.id, { ...given, releasedArchiveUuids: [document.uuid] })).rejects.toMatchObject({
      status: 403,
      message: ppidMessages.errors.releaseNotReadable("Dokumen uji integrasi"),
    });
    await expect(answerRequest(await serviceContext(viewer, clock), request.id, { ...given, releasedArchiveUuids: [document.uuid] })).rejects.toMatchObject({ status: 403 });
    expect((await getRequest(desk, request.id)).status).toBe("DITERIMA");
    const files = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM ppid_answer_files f JOIN ppid_requests r ON r.id = f.request_id WHERE r.uuid = ?").bind(request.id).first<number>("n");
    expect(files).toBe(0);
  });

  it("never serves a document the answer does not name, nor one trashed since", async () => {
    const clock = testClock(at("2031-11-05"));
    const named = await terbatas();
    const unnamed = await terbatas();
    const { request, number, code } = await requestWithCode(clock);
    await answerRequest(await serviceContext(admin, clock), request.id, { ...given, releasedArchiveUuids: [named.uuid] });
    const visitor = await serviceContext(null, clock);
    const token = (await requestByStatusCode(visitor, number, code)).released[0]!.token;
    // A token naming another answer file's uuid (here: the unnamed document's) does not exist.
    const forged = `${crypto.randomUUID()}.${token.split(".")[1]}`;
    await expect(downloadReleasedFile(visitor, { number, code, token: forged }, NO_RANGE)).rejects.toMatchObject({ status: 403 });
    const grant = await downloadReleasedFile(visitor, { number, code, token }, NO_RANGE);
    expect(grant.file.key).toBe(`archives/${named.uuid}`);
    expect(grant.file.key).not.toBe(`archives/${unnamed.uuid}`);
    await testEnv.DB.prepare("UPDATE archives SET deleted_at = ? WHERE id = ?").bind(clock.now.toISOString(), named.id).run();
    await expect(downloadReleasedFile(visitor, { number, code, token }, NO_RANGE)).rejects.toMatchObject({ status: 403, message: ppidMessages.download.gone });
  });

  it("is released through the API (releasedArchiveUuids) and the requester's answer email names the files without a link", async () => {
    const { session } = await signedIn("Super Admin");
    const document = await terbatas();
    const { request } = await requestWithCode(testClock());
    const answered = await expectJson<{ data: { files: { kind: string; title: string }[] } }>(
      await send(session, "POST", `/api/v1/ppid/requests/${request.id}/answer`, { json: { ...given, releasedArchiveUuids: [document.uuid] } }),
      200,
    );
    expect(answered.data.files).toMatchObject([{ kind: "RILIS", title: "Dokumen uji integrasi" }]);
    const secret = await terbatas("RAHASIA");
    const another = await requestWithCode(testClock());
    await expectJson(await send(session, "POST", `/api/v1/ppid/requests/${another.request.id}/answer`, { json: { ...given, releasedArchiveUuids: [secret.uuid] } }), 400);
    await settleEvents();
    const mail = await testEnv.DB.prepare("SELECT text_body FROM email_messages WHERE to_address = ? ORDER BY id DESC").bind(request.email).first<string>("text_body");
    expect(mail).toContain("- Dokumen uji integrasi");
    expect(mail).toContain("halaman status permohonan");
    expect(mail).not.toMatch(/unduh\?|token/i);
  });
});
