import { beforeAll, describe, expect, it, vi } from "vitest";
import { DecisionSchema, needsAnriLetter } from "~/domain/disposal";
import { disposalMessages } from "~/i18n/disposal";
import { walkAuditChain } from "~/server/audit/integrity.server";
import { sealAuditChain } from "~/server/audit/chain.server";
import type { RequestContext } from "~/server/context.server";
import { createDb } from "~/server/db/db.server";
import {
  approveUndecided,
  createDisposalList,
  startDisposalExecution,
  decideItem,
  disposalListCsv,
  getDisposalList,
  listCandidates,
  listDisposalLists,
  recordAnriLetter,
} from "~/server/disposal/service.server";
import { parseCandidateQuery } from "~/domain/disposal";
import { getDocumentRetention, refreshRetentionStates } from "~/server/retention/service.server";
import { executeDisposalList } from "~/server/jobs/system.server";
import { KilledForTest, runJob } from "~/server/jobs/runner.server";
import type { ExecutionResult } from "~/server/disposal/service.server";
import { getBeritaAcaraVerification } from "~/server/disposal/berita-acara.server";
import { extractText } from "unpdf";
import { accessWorld, askedRequest, ownerDocument, type AccessWorld } from "../support/worker/access-requests";
import { serviceContext, testClock } from "../support/worker/context";
import { archiveRow, auditRowsFor, documentFields, expectError, r2Keys, sendMultipart } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { call, unique, type SignedIn } from "../support/worker/http";
import { formBody, pdfBytes } from "../support/worker/multipart";

/**
 * Penyusutan: candidates due for their final disposition become a numbered list, the committee
 * decides per item, the execution re-checks every item, issues a Berita Acara and then destroys
 * (Usul Musnah) or hands over (Usul Serah) what passed — exactly once.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** 'Laksanakan' run to its end in the call (the lists here are small): the result, never "running". */
async function execute(ctx: RequestContext, uuid: string): Promise<ExecutionResult> {
  // A generous budget: a loaded test machine must not turn a small list into a background run.
  const result = await executeDisposalList(ctx, uuid, { budgetMs: 300_000 });
  if ("running" in result) throw new Error(`list ${result.number} still running`);
  return result;
}

let world: AccessWorld;
let shortCode: { id: number; code: string };
let longCode: { id: number; code: string };
let permanentCode: { id: number; code: string };

async function createCode(retention: { active: number; inactive: number }, disposition: "MUSNAH" | "PERMANEN"): Promise<{ id: number; code: string }> {
  const code = unique("JRA").replace(/[^A-Za-z0-9]/g, "").slice(0, 20);
  const now = new Date().toISOString();
  const row = await testEnv.DB.prepare(
    `INSERT INTO classification_codes (code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at)
     VALUES (?, NULL, ?, '', 'TERBATAS', ?, ?, ?, '', ?, ?) RETURNING id`,
  )
    .bind(code, `Kode ${code}`, retention.active, retention.inactive, disposition, now, now)
    .first<{ id: number }>();
  return { id: row!.id, code };
}

beforeAll(async () => {
  world = await accessWorld();
  shortCode = await createCode({ active: 1, inactive: 1 }, "MUSNAH");
  longCode = await createCode({ active: 5, inactive: 5 }, "MUSNAH");
  permanentCode = await createCode({ active: 1, inactive: 1 }, "PERMANEN");
});

/** A document of the owner's unit, filed under `code` and due (its retention state written as the clock would). */
async function dueDocument(code: { id: number }, disposition: "MUSNAH" | "PERMANEN", title = unique("Arsip due")): Promise<{ uuid: string; id: number; title: string }> {
  const doc = await ownerDocument(world, "PRIVATE", title);
  const row = (await archiveRow(doc.uuid))!;
  await testEnv.DB.prepare("UPDATE archives SET classification_id = ?, year = 2010 WHERE id = ?").bind(code.id, row.id).run();
  // The retention clock's own refresh: year 2010 under a 1 + 1 year code is long due.
  await refreshRetentionStates(await admin(), { archiveIds: [row.id] });
  const state = await testEnv.DB.prepare("SELECT status, disposition FROM retention_states WHERE archive_id = ?").bind(row.id).first();
  expect(state).toEqual({ status: "JATUH_TEMPO", disposition });
  return { uuid: doc.uuid, id: row.id, title };
}

const admin = () => serviceContext(world.admin.user);
const waits: Promise<unknown>[] = [];
async function adminCollecting(): Promise<RequestContext> {
  const ctx = await admin();
  ctx.waitUntil = (promise) => void waits.push(promise);
  return ctx;
}
const flush = async () => {
  await Promise.all(waits.splice(0));
};

async function decidedList(kind: "MUSNAH" | "SERAH", uuids: string[]) {
  const ctx = await admin();
  const list = await createDisposalList(ctx, { kind, archives: uuids, note: "" });
  await approveUndecided(ctx, list.uuid);
  return list;
}

const fileKeysOf = async (archiveId: number) =>
  (await testEnv.DB.prepare("SELECT r2_key FROM archive_files WHERE archive_id = ?").bind(archiveId).all<{ r2_key: string }>()).results.map((row) => row.r2_key);

const as = (session: SignedIn | null) => ({ cookie: session?.cookie, ip: session?.ip, csrfToken: session?.csrfToken });

describe("domain rules", () => {
  it("Tunda needs a reason; the ANRI letter is needed for Usul Musnah at 10 years or more only", () => {
    expect(DecisionSchema.safeParse({ position: 1, decision: "TUNDA", reason: "" }).success).toBe(false);
    expect(DecisionSchema.safeParse({ position: 1, decision: "TUNDA", reason: "Masih dipakai" }).success).toBe(true);
    expect(DecisionSchema.safeParse({ position: 1, decision: "SETUJUI" }).success).toBe(true);
    expect(needsAnriLetter("MUSNAH", [{ retentionYears: 9 }])).toBe(false);
    expect(needsAnriLetter("MUSNAH", [{ retentionYears: 9 }, { retentionYears: 10 }])).toBe(true);
    expect(needsAnriLetter("SERAH", [{ retentionYears: 30 }])).toBe(false);
  });
});

describe("candidates and lists", () => {
  it("lists due records per disposition, never held ones nor those on an open list; numbers lists UM/yyyy/nnn", async () => {
    const due = await dueDocument(shortCode, "MUSNAH");
    const held = await dueDocument(shortCode, "MUSNAH");
    const permanent = await dueDocument(permanentCode, "PERMANEN");
    await testEnv.DB.prepare("INSERT INTO retention_holds (archive_id, reason, created_at) VALUES (?, 'Sengketa', ?)").bind(held.id, new Date().toISOString()).run();
    const ctx = await admin();
    const musnah = await listCandidates(ctx, parseCandidateQuery(new URLSearchParams(`tab=MUSNAH&code=${shortCode.code}`)));
    expect(musnah.data.map((row) => row.uuid)).toContain(due.uuid);
    expect(musnah.data.map((row) => row.uuid)).not.toContain(held.uuid);
    expect(musnah.data.map((row) => row.uuid)).not.toContain(permanent.uuid);
    const serah = await listCandidates(ctx, parseCandidateQuery(new URLSearchParams(`tab=PERMANEN&code=${permanentCode.code}`)));
    expect(serah.data.map((row) => row.uuid)).toEqual([permanent.uuid]);

    await expectRefused(createDisposalList(ctx, { kind: "MUSNAH", archives: [held.uuid], note: "" }), disposalMessages.notCandidate(held.title));
    await expectRefused(createDisposalList(ctx, { kind: "MUSNAH", archives: [permanent.uuid], note: "" }), disposalMessages.notCandidate(permanent.title));
    const list = await createDisposalList(ctx, { kind: "MUSNAH", archives: [due.uuid], note: "" });
    expect(list.number).toMatch(/^UM\/\d{4}\/\d{3}$/);
    const second = await createDisposalList(ctx, { kind: "SERAH", archives: [permanent.uuid], note: "" });
    expect(second.number).toMatch(/^US\/\d{4}\/\d{3}$/);
    // On an open list: no longer a candidate, and refused on another list.
    expect((await listCandidates(ctx, parseCandidateQuery(new URLSearchParams(`tab=MUSNAH&code=${shortCode.code}`)))).data.map((row) => row.uuid)).not.toContain(due.uuid);
    await expectRefused(createDisposalList(ctx, { kind: "MUSNAH", archives: [due.uuid], note: "" }), disposalMessages.notCandidate(due.title));
    const view = await getDisposalList(ctx, list.uuid);
    expect(view.items).toEqual([expect.objectContaining({ archiveUuid: due.uuid, title: due.title, classificationCode: shortCode.code, year: 2010, fileCount: 1, retentionYears: 2 })]);
    expect((await auditRowsFor(list.uuid)).map((row) => row.action)).toEqual(["DISPOSAL_LIST_CREATE"]);
  });

  it("two admins listing the same record at once: exactly one list gets it", async () => {
    const doc = await dueDocument(shortCode, "MUSNAH");
    const results = await Promise.allSettled([
      createDisposalList(await admin(), { kind: "MUSNAH", archives: [doc.uuid], note: "" }),
      createDisposalList(await admin(), { kind: "MUSNAH", archives: [doc.uuid], note: "" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = (results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason as Error;
    expect([disposalMessages.onOpenList, disposalMessages.numberTaken, disposalMessages.notCandidate(doc.title)]).toContain(refused.message);
    const onLists = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM disposal_items WHERE archive_id = ?").bind(doc.id).first<{ n: number }>();
    expect(onLists!.n).toBe(1);
  });

  it("keyset pages through candidates by document id", async () => {
    const code = await createCode({ active: 1, inactive: 1 }, "MUSNAH");
    const docs = [];
    for (let i = 0; i < 27; i++) docs.push(await dueDocumentFast(code));
    const ctx = await admin();
    const first = await listCandidates(ctx, parseCandidateQuery(new URLSearchParams(`tab=MUSNAH&code=${code.code}`)));
    expect(first.data).toHaveLength(25);
    expect(first.nextAfter).not.toBeNull();
    const second = await listCandidates(ctx, parseCandidateQuery(new URLSearchParams(`tab=MUSNAH&code=${code.code}&after=${first.nextAfter}`)));
    expect(second.data).toHaveLength(2);
    expect(second.nextAfter).toBeNull();
    expect(new Set([...first.data, ...second.data].map((row) => row.uuid)).size).toBe(27);
  });
});

/** A due document without an upload (rows only): for paging tests. */
async function dueDocumentFast(code: { id: number }) {
  const doc = await dueDocument(code, "MUSNAH");
  return doc;
}

async function expectRefused(promise: Promise<unknown>, message: string) {
  await expect(promise).rejects.toMatchObject({ message });
}

describe("execution", () => {
  it("skips changed, held, pending-request, trashed and postponed items with their reasons; destroys the rest", async () => {
    const ok = await dueDocument(shortCode, "MUSNAH");
    const changed = await dueDocument(shortCode, "MUSNAH");
    const held = await dueDocument(shortCode, "MUSNAH");
    const requested = await dueDocument(shortCode, "MUSNAH");
    const trashed = await dueDocument(shortCode, "MUSNAH");
    const postponed = await dueDocument(shortCode, "MUSNAH");
    const ctx = await adminCollecting();
    const list = await createDisposalList(ctx, { kind: "MUSNAH", archives: [ok, changed, held, requested, trashed, postponed].map((d) => d.uuid), note: "" });
    const view = await getDisposalList(ctx, list.uuid);
    const positionOf = (uuid: string) => view.items.find((item) => item.archiveUuid === uuid)!.position;
    await decideItem(ctx, list.uuid, DecisionSchema.parse({ position: positionOf(postponed.uuid), decision: "TUNDA", reason: "Masih diperlukan audit" }));
    // Not every item decided yet: the page says so, and the execution is refused.
    expect((await getDisposalList(ctx, list.uuid)).executionBlockers).toEqual([disposalMessages.undecided(5)]);
    await expectRefused(execute(ctx, list.uuid), disposalMessages.undecided(5));
    await approveUndecided(ctx, list.uuid);
    expect((await getDisposalList(ctx, list.uuid)).executionBlockers).toEqual([]);

    // After listing: a metadata change, a hold, a pending access request, the trash.
    const put = await sendMultipart(`/api/v1/archives/${changed.uuid}`, world.owner.session, formBody(documentFields(world.categoryId, { title: `${changed.title} (ubah)`, year: "2010" })), { method: "PUT" });
    expect(put.status, await put.clone().text()).toBe(200);
    await testEnv.DB.prepare("INSERT INTO retention_holds (archive_id, reason, created_at) VALUES (?, 'Perkara hukum', ?)").bind(held.id, new Date().toISOString()).run();
    await askedRequest(world.requester.session, requested.uuid);
    expect((await call(`/api/v1/archives/${trashed.uuid}`, { method: "DELETE", ...as(world.owner.session) })).status).toBe(200);

    const keys = await fileKeysOf(ok.id);
    for (const key of keys) expect(await r2Keys()).toContain(key);
    const result = await execute(ctx, list.uuid);
    await flush();
    expect(result).toMatchObject({ done: 1, skipped: 5 });

    const after = await getDisposalList(ctx, list.uuid);
    expect(after.status).toBe("EXECUTED");
    const reasonOf = (uuid: string) => after.items.find((item) => item.archiveUuid === uuid)!;
    expect(reasonOf(ok.uuid)).toMatchObject({ outcome: "DONE", skipReason: null });
    expect(reasonOf(changed.uuid)).toMatchObject({ outcome: "SKIPPED", skipReason: disposalMessages.skip.changed });
    expect(reasonOf(held.uuid)).toMatchObject({ outcome: "SKIPPED", skipReason: disposalMessages.skip.held("Perkara hukum") });
    expect(reasonOf(requested.uuid)).toMatchObject({ outcome: "SKIPPED", skipReason: disposalMessages.skip.pendingRequest });
    expect(reasonOf(trashed.uuid)).toMatchObject({ outcome: "SKIPPED", skipReason: disposalMessages.skip.trashed });
    expect(reasonOf(postponed.uuid)).toMatchObject({ outcome: "SKIPPED", skipReason: disposalMessages.skip.tunda("Masih diperlukan audit") });

    // Destroyed: gone from the database and from R2; the tombstone points to the Berita Acara.
    expect(await archiveRow(ok.uuid)).toBeNull();
    const listed = await r2Keys();
    for (const key of keys) expect(listed).not.toContain(key);
    for (const other of [changed, held, requested, trashed, postponed]) expect(await archiveRow(other.uuid)).not.toBeNull();
    const ba = (await testEnv.DB.prepare("SELECT * FROM berita_acara WHERE uuid = ?").bind(result.beritaAcara.uuid).first<Record<string, string | number>>())!;
    expect(ba).toMatchObject({ kind: "PEMUSNAHAN", number: `BA/${list.number}`, item_count: 1 });
    const tombstone = (await testEnv.DB.prepare("SELECT * FROM archive_tombstones WHERE uuid = ?").bind(ok.uuid).first<Record<string, string | number>>())!;
    expect(tombstone).toMatchObject({ reason: "DESTROYED", berita_acara_id: ba.id, title: ok.title });

    // The PDF stays in R2; its hash is the row's; its text names the destroyed item, not the skipped ones.
    expect(listed).toContain(ba.r2_key);
    const object = (await testEnv.FILES.get(String(ba.r2_key)))!;
    const bytes = new Uint8Array(await object.arrayBuffer());
    const hex = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(hex).toBe(ba.pdf_sha256);
    const { text } = await extractText(bytes, { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(ok.title);
    expect(flat).toContain(`BA/${list.number}`);
    expect(text.replace(/\s+/g, "")).toContain(String(ba.list_sha256));
    expect(flat).not.toContain(changed.title);
    // The public verification page's data: the same hashes, nothing private.
    const verification = await getBeritaAcaraVerification(ctx, result.beritaAcara.uuid);
    expect(verification).toMatchObject({ number: `BA/${list.number}`, itemCount: 1, pdfSha256: hex, listSha256: ba.list_sha256 });
    expect(JSON.stringify(verification)).not.toContain(ok.title);

    // Every step audited, and the chain is intact.
    expect((await auditRowsFor(ok.uuid)).map((row) => row.action)).toEqual(["DOCUMENT_CREATE", "DOCUMENT_DESTROY"]);
    const listAudit = (await auditRowsFor(list.uuid)).map((row) => row.action);
    expect(listAudit).toEqual(expect.arrayContaining(["DISPOSAL_LIST_CREATE", "DISPOSAL_DECISION", "DISPOSAL_EXECUTE_START", "DISPOSAL_ITEM_SKIPPED", "DISPOSAL_EXECUTE"]));
    const deps = { db: createDb(testEnv.DB), d1: testEnv.DB, now: () => new Date() };
    await sealAuditChain(deps, 5000);
    expect((await walkAuditChain(deps)).ok).toBe(true);

    // Executed once: not again.
    await expectRefused(execute(ctx, list.uuid), disposalMessages.notDraft);
  });

  it("a hold on the record's code, put on after listing, skips it too", async () => {
    const code = await createCode({ active: 1, inactive: 1 }, "MUSNAH");
    const doc = await dueDocument(code, "MUSNAH");
    const list = await decidedList("MUSNAH", [doc.uuid]);
    await testEnv.DB.prepare("INSERT INTO retention_holds (classification_id, reason, created_at) VALUES (?, 'Audit BPK', ?)").bind(code.id, new Date().toISOString()).run();
    const ctx = await adminCollecting();
    expect(await execute(ctx, list.uuid)).toMatchObject({ done: 0, skipped: 1 });
    await flush();
    expect((await getDisposalList(ctx, list.uuid)).items[0]).toMatchObject({ outcome: "SKIPPED", skipReason: disposalMessages.skip.held("Audit BPK") });
    expect(await archiveRow(doc.uuid)).not.toBeNull();
  });

  it("needs the ANRI letter when an item's total retention is 10 years or more", async () => {
    const doc = await dueDocument(longCode, "MUSNAH");
    const list = await decidedList("MUSNAH", [doc.uuid]);
    const ctx = await adminCollecting();
    expect((await getDisposalList(ctx, list.uuid))).toMatchObject({ needsAnriLetter: true, executionBlockers: [disposalMessages.anriRequired] });
    await expectRefused(execute(ctx, list.uuid), disposalMessages.anriRequired);
    expect((await getDisposalList(ctx, list.uuid)).status).toBe("DRAFT");
    await recordAnriLetter(ctx, list.uuid, { letterNumber: "B-123/ANRI/2026", letterDate: "2026-11-01" });
    const result = await execute(ctx, list.uuid);
    await flush();
    expect(result.done).toBe(1);
    const object = (await testEnv.FILES.get(`berita-acara/${result.beritaAcara.uuid}.pdf`))!;
    expect((await extractText(new Uint8Array(await object.arrayBuffer()), { mergePages: true })).text).toContain("B-123/ANRI/2026");
  });

  it("killed at every step of 'Laksanakan', the execution resumes and finishes exactly once", async () => {
    const docs = [await dueDocument(shortCode, "MUSNAH"), await dueDocument(shortCode, "MUSNAH"), await dueDocument(shortCode, "MUSNAH")];
    const list = await decidedList("MUSNAH", docs.map((doc) => doc.uuid));
    const clock = testClock();
    const ctx = await serviceContext(world.admin.user, clock);
    const { jobId } = await startDisposalExecution(ctx, list.uuid);
    expect((await getDisposalList(ctx, list.uuid)).status).toBe("EXECUTING");
    // Killed inside each of the three steps (plan; render, after the PDF is in R2; apply), and
    // between them with its lease held: each time a later run takes over once the lease lapsed.
    for (const step of [0, 1, 2]) {
      const kill = (slice: number) => {
        if (slice === 0) throw new KilledForTest(`step ${step}`);
      };
      await expect(runJob(ctx, jobId, { beforeCommit: kill })).rejects.toThrow(KilledForTest);
      clock.advance(3 * 60_000);
      if (step < 2) expect(await runJob(ctx, jobId, { maxSlices: 1 })).toBe("paused");
      clock.advance(3 * 60_000);
    }
    expect(await runJob(ctx, jobId)).toBe("done");
    expect(await runJob(ctx, jobId)).toBe("gone");
    const listId = (await testEnv.DB.prepare("SELECT id FROM disposal_lists WHERE uuid = ?").bind(list.uuid).first<{ id: number }>())!.id;
    const beritaAcara = await testEnv.DB.prepare("SELECT uuid, r2_key FROM berita_acara WHERE list_id = ?").bind(listId).all<{ uuid: string; r2_key: string }>();
    expect(beritaAcara.results).toHaveLength(1);
    expect(await r2Keys()).toContain(beritaAcara.results[0]!.r2_key);
    expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM file_staging WHERE r2_key = ?").bind(beritaAcara.results[0]!.r2_key).first<{ n: number }>())!.n).toBe(0);
    const outcomes = await testEnv.DB.prepare("SELECT outcome FROM disposal_items WHERE list_id = ?").bind(listId).all<{ outcome: string }>();
    expect(outcomes.results.map((row) => row.outcome)).toEqual(["DONE", "DONE", "DONE"]);
    expect((await auditRowsFor(list.uuid)).filter((row) => row.action === "DISPOSAL_EXECUTE")).toHaveLength(1);
    for (const doc of docs) {
      expect(await archiveRow(doc.uuid)).toBeNull();
      expect((await auditRowsFor(doc.uuid)).filter((row) => row.action === "DOCUMENT_DESTROY")).toHaveLength(1);
    }
    expect((await getDisposalList(ctx, list.uuid)).status).toBe("EXECUTED");
  });

  it("an execution that keeps failing gives the list back as a draft, audited, with nothing carried out", async () => {
    const doc = await dueDocument(shortCode, "MUSNAH");
    const list = await decidedList("MUSNAH", [doc.uuid]);
    const ctx = await serviceContext(world.admin.user);
    const { jobId } = await startDisposalExecution(ctx, list.uuid);
    // A slice that throws on its last attempt (here a plan naming an item the list does not have).
    const broken = { phase: "apply", plan: [{ position: 99, reason: null }], ba: { uuid: crypto.randomUUID(), number: "BA/x", issuedOn: "2026-11-27", listSha256: "0", pdfSha256: "0" } };
    await testEnv.DB.prepare("UPDATE jobs SET cursor = ?, attempts = 4 WHERE id = ?").bind(JSON.stringify(broken), jobId).run();
    expect(await runJob(ctx, jobId)).toBe("failed");
    expect((await getDisposalList(ctx, list.uuid)).status).toBe("DRAFT");
    expect((await auditRowsFor(list.uuid)).map((row) => row.action)).toContain("DISPOSAL_EXECUTE_ABORT");
    expect(await archiveRow(doc.uuid)).not.toBeNull();
  });

  it("two parallel executions of one list: exactly one runs", async () => {
    const doc = await dueDocument(shortCode, "MUSNAH");
    const list = await decidedList("MUSNAH", [doc.uuid]);
    const [a, b] = await Promise.allSettled([execute(await adminCollecting(), list.uuid), execute(await adminCollecting(), list.uuid)]);
    await flush();
    const results = [a, b];
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect([disposalMessages.alreadyRunning, disposalMessages.notDraft]).toContain((refused.reason as Error).message);
    expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM berita_acara WHERE list_id = (SELECT id FROM disposal_lists WHERE uuid = ?)").bind(list.uuid).first<{ n: number }>())!.n).toBe(1);
    expect((await auditRowsFor(list.uuid)).filter((row) => row.action === "DISPOSAL_EXECUTE")).toHaveLength(1);
  });

  it("Usul Serah makes documents Statis and read-only (never destroyed) with a Berita Acara Penyerahan, and exports ISAD(G) columns", async () => {
    const doc = await dueDocument(permanentCode, "PERMANEN");
    const list = await decidedList("SERAH", [doc.uuid]);
    const ctx = await adminCollecting();
    const csvBefore = await disposalListCsv(ctx, list.uuid);
    expect(csvBefore.body.split("\r\n")[0]).toBe(
      '"Kode Referensi","Judul","Tanggal","Tingkat Deskripsi","Jumlah dan Media","Pencipta Arsip","Ruang Lingkup dan Isi","Kode Klasifikasi","Nomor Dokumen","Keputusan","Hasil","UUID"',
    );
    expect(csvBefore.body).toContain(doc.title);
    const keys = await fileKeysOf(doc.id);
    const result = await execute(ctx, list.uuid);
    await flush();
    expect(result.done).toBe(1);
    expect((await testEnv.DB.prepare("SELECT archival_state FROM archives WHERE id = ?").bind(doc.id).first())!.archival_state).toBe("STATIS");
    expect((await testEnv.DB.prepare("SELECT kind FROM berita_acara WHERE uuid = ?").bind(result.beritaAcara.uuid).first())!.kind).toBe("PENYERAHAN");
    for (const key of keys) expect(await r2Keys()).toContain(key);
    // Read-only: editing, adding a version and trashing are refused with a clear message.
    const put = await sendMultipart(`/api/v1/archives/${doc.uuid}`, world.owner.session, formBody(documentFields(world.categoryId, { title: "x" })), { method: "PUT" });
    await expectError(put, 403, disposalMessages.statisReadOnly);
    const version = await sendMultipart(`/api/v1/archives/${doc.uuid}/file`, world.admin.session, formBody({}, { filename: "v.pdf", data: pdfBytes(), contentType: "application/pdf" }));
    await expectError(version, 403, disposalMessages.statisReadOnly);
    await expectError(await call(`/api/v1/archives/${doc.uuid}`, { method: "DELETE", ...as(world.admin.session) }), 403, disposalMessages.statisReadOnly);
    // The document view no longer offers editing.
    const detail = (await (await call(`/api/v1/archives/${doc.uuid}`, as(world.admin.session))).json()) as { canEdit?: boolean; canDelete?: boolean };
    if ("canEdit" in detail) expect(detail.canEdit).toBe(false);
    expect((await auditRowsFor(doc.uuid)).map((row) => row.action)).toContain("DOCUMENT_TRANSFER");
    // Its retention says since when and by which Berita Acara (the page links it), on the API too.
    const since = { beritaAcaraUuid: result.beritaAcara.uuid, number: result.beritaAcara.number, issuedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) };
    expect(await getDocumentRetention(await serviceContext(world.owner.user), doc.uuid)).toMatchObject({ status: "STATIS", statisSince: since });
    const retention = await call(`/api/v1/archives/${doc.uuid}/retention`, as(world.owner.session));
    expect(((await retention.json()) as { statisSince: unknown }).statisSince).toMatchObject(since);
  });
});

describe("permissions", () => {
  it("Super Admin manages; Satuan Kerja sees its own unit read-only; Viewer and visitors nothing", async () => {
    const doc = await dueDocument(shortCode, "MUSNAH");
    const list = await createDisposalList(await admin(), { kind: "MUSNAH", archives: [doc.uuid], note: "" });
    const query = parseCandidateQuery(new URLSearchParams("tab=MUSNAH"));

    const owner = await serviceContext(world.owner.user);
    expect((await listDisposalLists(owner)).map((l) => l.uuid)).toContain(list.uuid);
    expect((await getDisposalList(owner, list.uuid)).canManage).toBe(false);
    expect((await listCandidates(owner, query)).canList).toBe(false);
    await expect(createDisposalList(owner, { kind: "MUSNAH", archives: [doc.uuid], note: "" })).rejects.toMatchObject({ status: 403, message: disposalMessages.manageDenied });
    await expect(approveUndecided(owner, list.uuid)).rejects.toMatchObject({ status: 403 });
    await expect(execute(owner, list.uuid)).rejects.toMatchObject({ status: 403 });

    // Another unit's Satuan Kerja: none of its candidates, and the list is not found.
    const other = await serviceContext(world.requester.user);
    expect((await listCandidates(other, query)).data.map((row) => row.uuid)).not.toContain(doc.uuid);
    await expect(getDisposalList(other, list.uuid)).rejects.toMatchObject({ status: 404 });
    expect((await listDisposalLists(other)).map((l) => l.uuid)).not.toContain(list.uuid);

    const viewer = await serviceContext(world.viewer.user);
    await expect(listCandidates(viewer, query)).rejects.toMatchObject({ status: 403 });
    await expect(getDisposalList(viewer, list.uuid)).rejects.toMatchObject({ status: 403 });
    // The API: the same scopes.
    const apiList = await call(`/api/v1/disposal-lists/${list.uuid}`, as(world.admin.session));
    expect(apiList.status).toBe(200);
    expect(await apiList.json()).toMatchObject({ uuid: list.uuid, kind: "MUSNAH", items: [expect.objectContaining({ archiveUuid: doc.uuid })] });
    expect(((await (await call("/api/v1/disposal-lists", as(world.owner.session))).json()) as { uuid: string }[]).map((l) => l.uuid)).toContain(list.uuid);
    expect((await call(`/api/v1/disposal-lists/${list.uuid}`, as(world.requester.session))).status).toBe(404);
    expect((await call("/api/v1/disposal-lists", as(world.viewer.session))).status).toBe(403);
    expect((await call("/api/v1/disposal-lists")).status).toBe(401);

    const visitor = await serviceContext(null);
    await expect(listCandidates(visitor, query)).rejects.toMatchObject({ status: 401 });
    await expect(execute(visitor, list.uuid)).rejects.toMatchObject({ status: 401 });
  });
});
