import { beforeAll, describe, expect, it, vi } from "vitest";
import { berkasMessages } from "~/i18n/berkas";
import { bulkEdit as t } from "~/i18n/bulk-edit";
import { disposalMessages } from "~/i18n/disposal";
import { deniedMessages } from "~/i18n/id";
import { accessWorld, type AccessWorld } from "../support/worker/access-requests";
import { uploadDocument } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { createCategory } from "../support/worker/factories";
import { call, unique, type SignedIn } from "../support/worker/http";

/**
 * Bulk edit from the documents list: a job acting for the user, each document changed as by its
 * own edit or skipped with the reason (Statis, held, another unit's), a report per document;
 * 'Masukkan ke Berkas' files what the berkas takes and skips the rest with the berkas's reason.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

type Report = { status: string; counts: Record<string, number>; report: { subject: string; outcome: string; reason: string | null }[] };

const bulk = (session: SignedIn, body: unknown) =>
  call("/api/v1/archives/bulk", { method: "POST", json: body, cookie: session.cookie, ip: session.ip, csrfToken: session.csrfToken });

/** The job's report once the queue has run it. */
async function finished(session: SignedIn, jobId: string): Promise<Report> {
  for (let attempt = 0; attempt < 240; attempt++) {
    const job = await (await call(`/api/v1/jobs/${jobId}`, { cookie: session.cookie, ip: session.ip })).json<Report>();
    if (job.status === "DONE" || job.status === "FAILED") return job;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${jobId} did not end`);
}

/** Start a bulk edit, wait for its job, and read its report by document. */
async function ranToEnd(session: SignedIn, body: unknown) {
  const response = await bulk(session, body);
  expect(response.status).toBe(202);
  const { jobId } = await response.json<{ jobId: string }>();
  const job = await finished(session, jobId);
  expect(job.status).toBe("DONE");
  return { jobId, job, bySubject: Object.fromEntries(job.report.map((item) => [item.subject, item])) };
}

const row = (uuid: string) =>
  testEnv.DB.prepare("SELECT category_id, keywords, deleted_at FROM archives WHERE uuid = ?").bind(uuid).first<{ category_id: number; keywords: string; deleted_at: string | null }>();

async function ownDocument(title = "Surat Keputusan Dekan tentang Bulk Edit") {
  return uploadDocument(world.owner.session, { categoryId: world.categoryId, fields: { title } });
}

describe("bulk edit", () => {
  it("changes what the user may change and reports a Statis and another unit's document as skipped, with the reason", async () => {
    const [mine, statis] = [await ownDocument(), await ownDocument()];
    const others = await uploadDocument(world.requester.session, { categoryId: world.categoryId });
    await testEnv.DB.prepare("UPDATE archives SET archival_state = 'STATIS' WHERE uuid = ?").bind(statis.uuid).run();
    const category = await createCategory();
    const { jobId, job, bySubject } = await ranToEnd(world.owner.session, {
      uuids: [mine.uuid, statis.uuid, others.uuid],
      set: { categoryId: category.id, addKeywords: ["massal"], removeKeywords: ["kalender"] },
    });
    expect(job.counts).toEqual({ changed: 1, skipped: 2 });
    expect(bySubject[mine.uuid]).toMatchObject({ outcome: "CHANGED", reason: null });
    expect(bySubject[statis.uuid]).toMatchObject({ outcome: "SKIPPED", reason: disposalMessages.statisReadOnly });
    expect(bySubject[others.uuid]).toMatchObject({ outcome: "SKIPPED", reason: deniedMessages.editDocument });
    const changed = await row(mine.uuid);
    expect(changed!.category_id).toBe(category.id);
    expect(changed!.keywords).toBe("surat, keputusan, rektor, akademik, massal");
    expect((await row(statis.uuid))!.category_id).toBe(world.categoryId);
    expect((await row(others.uuid))!.category_id).toBe(world.categoryId);
    // One audit row for the run, plus each document's own.
    const run = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM audit_logs WHERE action = 'DOCUMENT_BULK_EDIT' AND target_id = ?").bind(jobId).first<{ n: number }>();
    expect(run!.n).toBe(1);
    const updates = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM audit_logs WHERE action = 'DOCUMENT_UPDATE' AND target_id = ?").bind(mine.uuid).first<{ n: number }>();
    expect(updates!.n).toBe(1);
  });

  it("bulk trash skips a held document with the reason", async () => {
    const [free, held] = [await ownDocument(), await ownDocument()];
    const heldId = (await testEnv.DB.prepare("SELECT id FROM archives WHERE uuid = ?").bind(held.uuid).first<{ id: number }>())!.id;
    await testEnv.DB.prepare("INSERT INTO retention_holds (archive_id, reason, created_at) VALUES (?, 'Sengketa', ?)").bind(heldId, new Date().toISOString()).run();
    const response = await bulk(world.owner.session, { uuids: [free.uuid, held.uuid], action: "trash" });
    expect(response.status).toBe(202);
    const { jobId } = await response.json<{ jobId: string }>();
    const job = await finished(world.owner.session, jobId);
    expect(job.report.find((item) => item.subject === free.uuid)).toMatchObject({ outcome: "CHANGED" });
    expect(job.report.find((item) => item.subject === held.uuid)).toMatchObject({ outcome: "SKIPPED", reason: expect.stringContaining("Sengketa") });
    expect((await row(free.uuid))!.deleted_at).not.toBeNull();
    expect((await row(held.uuid))!.deleted_at).toBeNull();
    const run = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM audit_logs WHERE action = 'DOCUMENT_BULK_EDIT' AND target_id = ?").bind(jobId).first<{ n: number }>();
    expect(run!.n).toBe(1);
  });

  it("'semua yang cocok' is the list's filter itself, resolved when the job runs", async () => {
    const word = unique("Massalcocok").replace(/[^A-Za-z]/g, "");
    const docs = [await ownDocument(`Laporan ${word} Pertama Fakultas`), await ownDocument(`Laporan ${word} Kedua Fakultas`)];
    const category = await createCategory();
    const response = await bulk(world.owner.session, { filter: { q: word }, set: { categoryId: category.id } });
    expect(response.status).toBe(202);
    const job = await finished(world.owner.session, (await response.json<{ jobId: string }>()).jobId);
    expect(job.report.map((item) => item.subject).sort()).toEqual(docs.map((doc) => doc.uuid).sort());
    for (const doc of docs) expect((await row(doc.uuid))!.category_id).toBe(category.id);
  });

  it("refuses before it starts: nothing matching, more than 1,000, nothing to do, a Viewer", async () => {
    const none = await bulk(world.owner.session, { filter: { q: "zzqqxxnothingmatches" }, action: "trash" });
    expect(none.status).toBe(400);
    expect((await none.json<{ message: string }>()).message).toBe(t.nothingChosen);
    const tooMany = await bulk(world.owner.session, { uuids: Array.from({ length: 1001 }, () => crypto.randomUUID()), action: "trash" });
    expect(tooMany.status).toBe(400);
    const nothing = await bulk(world.owner.session, { uuids: [crypto.randomUUID()], set: {} });
    expect(nothing.status).toBe(400);
    expect((await nothing.json<{ message: string }>()).message).toBe(t.nothingToDo);
    expect((await bulk(world.viewer.session, { uuids: [crypto.randomUUID()], action: "trash" })).status).toBe(403);
  });

  describe("'Masukkan ke Berkas'", () => {
    let code: string;
    let otherCode: string;
    let berkas: { id: number; number: string };

    /** A classification code of its own (the berkas takes only documents of its code). */
    async function newCode(): Promise<string> {
      const value = unique("BB").replace(/[^A-Za-z0-9]/g, "").toUpperCase().slice(-10);
      const stamp = new Date().toISOString();
      await testEnv.DB.prepare(
        `INSERT INTO classification_codes (code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at)
         VALUES (?, NULL, ?, '', 'TERBATAS', 2, 3, 'MUSNAH', '', ?, ?)`,
      )
        .bind(value, `Kode ${value}`, stamp, stamp)
        .run();
      return value;
    }

    const coded = (session: SignedIn, classificationCode: string, title = unique("Notula Rapat Senat Berkas")) =>
      uploadDocument(session, { categoryId: world.categoryId, fields: { title, classificationCode } });
    const berkasOf = async (uuid: string) => (await testEnv.DB.prepare("SELECT berkas_id FROM archives WHERE uuid = ?").bind(uuid).first<{ berkas_id: number | null }>())!.berkas_id;

    beforeAll(async () => {
      [code, otherCode] = [await newCode(), await newCode()];
      const response = await call("/api/v1/berkas", {
        method: "POST",
        json: { number: unique("BM"), title: "Notula Rapat Senat Fakultas", classificationCode: code },
        cookie: world.owner.session.cookie,
        ip: world.owner.session.ip,
        csrfToken: world.owner.session.csrfToken,
      });
      expect(response.status, await response.clone().text()).toBe(201);
      berkas = (await response.json<{ data: { id: number; number: string } }>()).data;
    });

    it("files what the berkas takes and skips another code's and another unit's document with the reason", async () => {
      const mine = await coded(world.owner.session, code);
      const wrongCode = await coded(world.owner.session, otherCode);
      const otherUnit = await coded(world.requester.session, code);
      const { jobId, job, bySubject } = await ranToEnd(world.owner.session, { uuids: [mine.uuid, wrongCode.uuid, otherUnit.uuid], action: "berkas", berkasId: berkas.id });
      expect(job.counts).toEqual({ changed: 1, skipped: 2 });
      expect(bySubject[mine.uuid]).toMatchObject({ outcome: "CHANGED", reason: null });
      expect(bySubject[wrongCode.uuid]).toMatchObject({ outcome: "SKIPPED", reason: berkasMessages.otherCode(wrongCode.view.title) });
      expect(bySubject[otherUnit.uuid]).toMatchObject({ outcome: "SKIPPED", reason: berkasMessages.otherUnit(otherUnit.view.title) });
      expect(await berkasOf(mine.uuid)).toBe(berkas.id);
      expect(await berkasOf(wrongCode.uuid)).toBeNull();
      expect(await berkasOf(otherUnit.uuid)).toBeNull();
      const filed = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM audit_logs WHERE action = 'BERKAS_FILE' AND target_id = ?").bind(mine.uuid).first<{ n: number }>();
      expect(filed!.n).toBe(1);
      const run = await testEnv.DB.prepare("SELECT message FROM audit_logs WHERE action = 'DOCUMENT_BULK_EDIT' AND target_id = ?").bind(jobId).first<{ message: string }>();
      expect(run!.message).toBe(`Pemasukan massal 3 dokumen ke berkas ${berkas.number} dimulai`);
    });

    it("files everything the list's filter matches; one already in the berkas is said so", async () => {
      const word = unique("Berkasmassal").replace(/[^A-Za-z]/g, "");
      const docs = [await coded(world.owner.session, code, `Notula ${word} Pertama Senat`), await coded(world.owner.session, code, `Notula ${word} Kedua Senat`)];
      await testEnv.DB.prepare("UPDATE archives SET berkas_id = ? WHERE uuid = ?").bind(berkas.id, docs[1]!.uuid).run();
      const { job } = await ranToEnd(world.owner.session, { filter: { q: word }, action: "berkas", berkasId: berkas.id });
      expect(job.report.map((item) => [item.subject, item.outcome, item.reason]).sort()).toEqual(
        [
          [docs[0]!.uuid, "CHANGED", null],
          [docs[1]!.uuid, "SKIPPED", t.alreadyInBerkas],
        ].sort(),
      );
      for (const doc of docs) expect(await berkasOf(doc.uuid)).toBe(berkas.id);
    });

    it("refuses before it starts without a berkas, or one the user may not file into", async () => {
      const doc = await coded(world.owner.session, code);
      const none = await bulk(world.owner.session, { uuids: [doc.uuid], action: "berkas" });
      expect(none.status).toBe(400);
      expect((await none.json<{ message: string }>()).message).toBe(t.berkasRequired);
      expect((await bulk(world.owner.session, { uuids: [doc.uuid], action: "berkas", berkasId: 999_999_999 })).status).toBe(404);
      // Another unit's berkas is not even visible to this member.
      expect((await bulk(world.requester.session, { uuids: [doc.uuid], action: "berkas", berkasId: berkas.id })).status).toBe(404);
      expect(await berkasOf(doc.uuid)).toBeNull();
    });
  });
});
