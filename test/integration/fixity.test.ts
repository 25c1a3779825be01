import { createScheduledController } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FixityDocumentReport, FixityOverview } from "~/domain/fixity";
import { getFixityOverview, runFixityChecks } from "~/server/fixity/service.server";
import worker from "../../workers/app";
import { FIXITY_CRON } from "../../workers/scheduled";
import { expectJson, send, signedIn } from "../support/worker/admin";
import { serviceContext, testClock, testJobContext, type TestClock } from "../support/worker/context";
import { archiveRow, auditRowsFor, sendMultipart, uploadDocument, type Uploaded } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { createCategory, createUnitKerja } from "../support/worker/factories";
import { allowConsoleError } from "../support/worker/fail-on-console-error";
import { formBody, pdfBytes, sha256Hex } from "../support/worker/multipart";

/**
 * Fixity: the scheduled job re-hashes stored R2 objects against the SHA-256 their upload
 * recorded, oldest-checked first, records every check, reports failures on the Super Admin
 * dashboard and in the audit log; a Super Admin checks one document on demand. Real D1 and R2:
 * a test damages an object by writing other bytes under its key.
 */

type FixityState = { status: string | null; checked_at: string | null; failing_since: string | null; checks: number; actual_sha256: string | null };
const fixityOf = (key: string) =>
  testEnv.DB.prepare("SELECT status, checked_at, failing_since, checks, actual_sha256 FROM file_fixity WHERE r2_key = ?").bind(key).first<FixityState>();
const checksOf = (key: string) =>
  testEnv.DB.prepare("SELECT outcome, expected_sha256, actual_sha256, requested_by FROM fixity_checks WHERE r2_key = ? ORDER BY id")
    .bind(key)
    .all<{ outcome: string; expected_sha256: string; actual_sha256: string | null; requested_by: number | null }>()
    .then((result) => result.results);
const fixityAudit = async (uuid: string) => (await auditRowsFor(uuid)).filter((row) => row.action.startsWith("FIXITY_"));

/** Every object already known counts as just checked: a test then sees only its own objects due. */
const settleOtherObjects = (at: Date) => testEnv.DB.prepare("UPDATE file_fixity SET checked_at = ?, status = 'OK', failing_since = NULL").bind(at.toISOString()).run();

/** The fixity job as the cron runs it, with a settable clock and (optionally) a smaller batch. */
async function runJob(clock: TestClock, batch?: { objectsPerRun?: number; bytesPerRun?: number }) {
  const ctx = testJobContext("fixity", clock);
  return runFixityChecks({ ...ctx, config: { ...ctx.config, fixity: { ...ctx.config.fixity, ...batch } } });
}

let owner: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let categoryId: number;
let clock: TestClock;

async function upload(): Promise<Uploaded & { key: string }> {
  const uploaded = await uploadDocument(owner.session, { categoryId, bytes: pdfBytes(4096) });
  return { ...uploaded, key: (await archiveRow(uploaded.uuid))!.r2_key };
}

beforeEach(async () => {
  const unit = await createUnitKerja();
  owner = await signedIn("Satuan Kerja", unit.id);
  admin = await signedIn("Super Admin");
  categoryId = (await createCategory()).id;
  clock = testClock(new Date(Date.now() + 60_000));
  await settleOtherObjects(new Date(clock.now.getTime() - 1000));
  // Each run logs its summary line for the Worker's logs.
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  return () => log.mockRestore();
});

describe("the fixity registry", () => {
  it("registers each stored object once, with the hash its upload recorded, and checks never-checked objects first", async () => {
    const document = await upload();
    const row = await testEnv.DB.prepare("SELECT sha256, file_size, checked_at FROM file_fixity WHERE r2_key = ?").bind(document.key).first();
    expect(row).toEqual({ sha256: await sha256Hex(document.bytes), file_size: document.bytes.byteLength, checked_at: null });

    const result = await runJob(clock, { objectsPerRun: 1 });
    expect(result.checked).toBe(1);
    expect(await fixityOf(document.key)).toMatchObject({ status: "OK", checked_at: clock.now.toISOString(), checks: 1, failing_since: null });
  });

  it("takes objects oldest-checked first, within the batch's object and byte limits", async () => {
    const [a, b, c] = [await upload(), await upload(), await upload()];
    // a was checked longest ago, then c, then b.
    const at = (minutesAgo: number) => new Date(clock.now.getTime() - minutesAgo * 60_000 - 10 * 86400_000).toISOString();
    for (const [key, when] of [[a.key, at(30)], [b.key, at(10)], [c.key, at(20)]] as const) {
      await testEnv.DB.prepare("UPDATE file_fixity SET checked_at = ?, status = 'OK' WHERE r2_key = ?").bind(when, key).run();
    }
    expect(await runJob(clock, { objectsPerRun: 2 })).toMatchObject({ checked: 2 });
    expect((await fixityOf(a.key))!.checked_at).toBe(clock.now.toISOString());
    expect((await fixityOf(c.key))!.checked_at).toBe(clock.now.toISOString());
    expect((await fixityOf(b.key))!.checked_at).toBe(at(10));

    // A byte budget smaller than one file still checks one object per run (never stuck).
    clock.advance(60_000);
    expect(await runJob(clock, { objectsPerRun: 10, bytesPerRun: 1 })).toMatchObject({ checked: 1 });
    expect((await fixityOf(b.key))!.checked_at).toBe(clock.now.toISOString());
  });

  it("shares one row among versions that share an object, and drops it only with the last version using it", async () => {
    const document = await upload();
    const body = formBody({}, { filename: "v2.pdf", data: pdfBytes(3000), contentType: "application/pdf" });
    await expectJson(await sendMultipart(`/api/v1/archives/${document.uuid}/file`, owner.session, body), 200);
    // Version 3 restores version 1: a new row naming the same object.
    await expectJson(await send(owner.session, "POST", `/api/v1/archives/${document.uuid}/versions/1/restore`, { json: {} }), 200);
    const keys = await testEnv.DB.prepare("SELECT version, r2_key FROM archive_files WHERE archive_id = ? ORDER BY version").bind((await archiveRow(document.uuid))!.id).all<{ version: number; r2_key: string }>();
    expect(keys.results.map((row) => row.r2_key)).toEqual([document.key, expect.any(String), document.key]);
    const registered = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM file_fixity WHERE r2_key IN (?, ?)").bind(document.key, keys.results[1]!.r2_key).first<{ n: number }>();
    expect(registered!.n).toBe(2);
    await runJob(clock, { objectsPerRun: 5 });

    // In the trash the objects are still checked; purging removes the versions and their rows.
    await expectJson(await send(admin.session, "DELETE", `/api/v1/archives/${document.uuid}`), 200);
    expect(await fixityOf(document.key)).not.toBeNull();
    await expectJson(await send(admin.session, "DELETE", `/api/v1/trash/${document.uuid}`), 200);
    expect(await fixityOf(document.key)).toBeNull();
    expect(await fixityOf(keys.results[1]!.r2_key)).toBeNull();
    // The history of its checks stays.
    expect((await checksOf(document.key)).map((row) => row.outcome)).toEqual(["OK"]);
  });
});

describe("the scheduled fixity job", () => {
  it("reports a damaged object once: a check row each run, one audit row, the dashboard card; and its recovery", async () => {
    const failures = allowConsoleError();
    const document = await upload();
    const expected = await sha256Hex(document.bytes);
    expect(await runJob(clock, { objectsPerRun: 1 })).toMatchObject({ checked: 1, failed: 0 });
    expect(failures).not.toHaveBeenCalled();

    // Someone (or bit rot) changes the bytes in R2.
    const damaged = pdfBytes(4096);
    await testEnv.FILES.put(document.key, damaged);
    clock.advance(31 * 60_000);
    await settleOtherObjects(new Date(clock.now.getTime() - 1000));
    await testEnv.DB.prepare("UPDATE file_fixity SET checked_at = ? WHERE r2_key = ?").bind(new Date(0).toISOString(), document.key).run();
    expect(await runJob(clock, { objectsPerRun: 1 })).toMatchObject({ checked: 1, failed: 1 });
    // A failing run reaches the Worker's error log (where alerting watches).
    expect(failures).toHaveBeenCalledWith(expect.stringContaining('"event":"fixity_failures"'));

    const since = clock.now.toISOString();
    expect(await fixityOf(document.key)).toMatchObject({ status: "MISMATCH", failing_since: since, actual_sha256: await sha256Hex(damaged) });
    const audit = await fixityAudit(document.uuid);
    expect(audit.map((row) => row.action)).toEqual(["FIXITY_FAILURE"]);
    expect(audit[0]).toMatchObject({ actor_id: null, target_type: "archive" });
    expect(audit[0]!.message).toContain("berbeda dari yang diunggah");
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({ r2Key: document.key, outcome: "MISMATCH", expectedSha256: expected });

    const overview = await expectJson<FixityOverview>(await send(admin.session, "GET", "/api/v1/fixity"), 200);
    expect(overview.failing).toBeGreaterThanOrEqual(1);
    expect(overview.problems).toContainEqual(
      expect.objectContaining({ outcome: "MISMATCH", failingSince: since, expectedSha256: expected, document: expect.objectContaining({ uuid: document.uuid, version: 1, inTrash: false }) }),
    );

    // Still damaged at the next run: another check row, no second audit row, the first failure date kept.
    clock.advance(30 * 60_000);
    await testEnv.DB.prepare("UPDATE file_fixity SET checked_at = ? WHERE r2_key = ?").bind(new Date(0).toISOString(), document.key).run();
    await runJob(clock, { objectsPerRun: 1 });
    expect(await fixityOf(document.key)).toMatchObject({ status: "MISMATCH", failing_since: since, checks: 3 });
    expect((await fixityAudit(document.uuid)).map((row) => row.action)).toEqual(["FIXITY_FAILURE"]);

    // The bytes are put back (from a backup): recovered, audited, gone from the card.
    await testEnv.FILES.put(document.key, document.bytes);
    clock.advance(30 * 60_000);
    await testEnv.DB.prepare("UPDATE file_fixity SET checked_at = ? WHERE r2_key = ?").bind(new Date(0).toISOString(), document.key).run();
    await runJob(clock, { objectsPerRun: 1 });
    expect(await fixityOf(document.key)).toMatchObject({ status: "OK", failing_since: null, actual_sha256: null, checks: 4 });
    expect((await fixityAudit(document.uuid)).map((row) => row.action)).toEqual(["FIXITY_FAILURE", "FIXITY_RECOVERED"]);
    expect((await checksOf(document.key)).map((row) => row.outcome)).toEqual(["OK", "MISMATCH", "MISMATCH", "OK"]);
    const after = await getFixityOverview(await serviceContext(admin.user, clock));
    expect(after.problems.some((problem) => problem.document?.uuid === document.uuid)).toBe(false);
  });

  it("reports a missing object, also for a document in the trash", async () => {
    allowConsoleError();
    const document = await upload();
    await expectJson(await send(owner.session, "DELETE", `/api/v1/archives/${document.uuid}`), 200);
    await testEnv.FILES.delete(document.key);

    expect(await runJob(clock, { objectsPerRun: 1 })).toMatchObject({ checked: 1, failed: 1 });
    expect(await fixityOf(document.key)).toMatchObject({ status: "MISSING", actual_sha256: null });
    const audit = await fixityAudit(document.uuid);
    expect(audit.map((row) => row.action)).toEqual(["FIXITY_FAILURE"]);
    expect(audit[0]!.message).toContain("tidak ditemukan di penyimpanan");
    const overview = await getFixityOverview(await serviceContext(admin.user, clock));
    expect(overview.problems).toContainEqual(expect.objectContaining({ outcome: "MISSING", document: expect.objectContaining({ uuid: document.uuid, inTrash: true }) }));
  });

  it("runs from its own cron trigger as the fixity job", async () => {
    allowConsoleError();
    const document = await upload();
    await testEnv.FILES.put(document.key, pdfBytes(100));
    await worker.scheduled!(createScheduledController({ scheduledTime: new Date(), cron: FIXITY_CRON }), testEnv);
    expect((await fixityOf(document.key))!.status).toBe("MISMATCH");
    // The audit row the job wrote is sealed by the same run.
    const unsealed = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM audit_logs WHERE hash IS NULL AND target_id = ?").bind(document.uuid).first<{ n: number }>();
    expect(unsealed!.n).toBe(0);
  });

  it("is not open to other jobs", async () => {
    await expect(runFixityChecks(testJobContext("maintenance", clock))).rejects.toThrow();
  });
});

describe("POST /api/v1/archives/{uuid}/fixity (on demand)", () => {
  it("lets a Super Admin re-hash every stored file of a document now, recorded and audited", async () => {
    const document = await upload();
    // A second version with its own bytes, then damage the first version's object.
    const second = pdfBytes(3000);
    const body = formBody({}, { filename: "v2.pdf", data: second, contentType: "application/pdf" });
    await expectJson(await sendMultipart(`/api/v1/archives/${document.uuid}/file`, owner.session, body), 200);
    await testEnv.FILES.put(document.key, pdfBytes(10));

    const report = (await expectJson<{ data: FixityDocumentReport }>(await send(admin.session, "POST", `/api/v1/archives/${document.uuid}/fixity`), 200)).data;
    expect(report).toMatchObject({ uuid: document.uuid, ok: false });
    expect(report.results).toEqual([
      expect.objectContaining({ versions: [1], outcome: "MISMATCH", expectedSha256: await sha256Hex(document.bytes) }),
      expect.objectContaining({ versions: [2], outcome: "OK", expectedSha256: await sha256Hex(second), actualSha256: await sha256Hex(second) }),
    ]);
    expect((await checksOf(document.key)).at(-1)).toMatchObject({ outcome: "MISMATCH", requested_by: admin.user.id });
    const audit = await fixityAudit(document.uuid);
    expect(audit.map((row) => row.action)).toEqual(["FIXITY_FAILURE", "FIXITY_CHECK"]);
    expect(audit[1]).toMatchObject({ actor_id: admin.user.id });
    expect(audit[1]!.message).toBe(`Integritas file dokumen "${document.view.title}" diperiksa: 1 dari 2 file bermasalah`);
  });

  it("refuses every other role, and answers 404 for an unknown document", async () => {
    const document = await upload();
    const viewer = await signedIn("Viewer");
    for (const session of [owner.session, viewer.session]) {
      await expectJson(await send(session, "POST", `/api/v1/archives/${document.uuid}/fixity`), 403);
      await expectJson(await send(session, "GET", "/api/v1/fixity"), 403);
    }
    await expectJson(await send(null, "POST", `/api/v1/archives/${document.uuid}/fixity`), 401);
    expect(await fixityAudit(document.uuid)).toEqual([]);
    expect((await fixityOf(document.key))!.checks).toBe(0);
    await expectJson(await send(admin.session, "POST", `/api/v1/archives/${crypto.randomUUID()}/fixity`), 404);
  });
});
