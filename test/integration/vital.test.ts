import { beforeAll, describe, expect, it, vi } from "vitest";
import { vitalText } from "~/i18n/vital";
import { checkVitalCopies, runVitalCopyChecks } from "~/server/vital/copies.server";
import { CRON_JOBS, FIXITY_CRON } from "../../workers/scheduled";
import { getVitalOverview } from "~/server/vital/service.server";
import { accessWorld, ownerDocument, type AccessWorld } from "../support/worker/access-requests";
import { serviceContext, testJobContext } from "../support/worker/context";
import { sendMultipart } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { call, type SignedIn } from "../support/worker/http";
import { formBody } from "../support/worker/multipart";

/**
 * Arsip vital: the flag (Super Admin) writes a second copy of the file to the VITAL_FILES bucket,
 * a replaced file is copied again, the fixity job finds a damaged or missing copy and rewrites it
 * from a good primary, the restore drill restores from the copy and records the evidence, and a
 * vital record cannot be moved to the trash.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let world: AccessWorld;
const as = (session: SignedIn | null) => ({ cookie: session?.cookie, ip: session?.ip, csrfToken: session?.csrfToken });
const hex = async (bytes: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>))].map((b) => b.toString(16).padStart(2, "0")).join("");

const setVital = (session: SignedIn | null, uuid: string, body: unknown) => call(`/api/v1/archives/${uuid}/vital`, { method: "PUT", json: body, ...as(session) });
const drill = (session: SignedIn | null, uuid: string) => call(`/api/v1/archives/${uuid}/vital/drill`, { method: "POST", ...as(session) });
const keyOf = async (uuid: string) => (await testEnv.DB.prepare("SELECT r2_key, sha256 FROM archives WHERE uuid = ?").bind(uuid).first<{ r2_key: string; sha256: string }>())!;
const copyRow = (key: string) => testEnv.DB.prepare("SELECT status, released_at FROM vital_copies WHERE r2_key = ?").bind(key).first();
/** The copy checked first by the next run. */
const checkFirst = (key: string) => testEnv.DB.prepare("UPDATE vital_copies SET checked_at = '1970-01-01T00:00:00.000Z' WHERE r2_key = ?").bind(key).run();

beforeAll(async () => {
  world = await accessWorld();
});

describe("the vital flag and its second copy", () => {
  it("Super Admin flags a record: the copy is written with the recorded SHA-256; it reads back vital; the trash refuses it", async () => {
    const doc = await ownerDocument(world);
    expect((await setVital(world.owner.session, doc.uuid, { vital: true, reason: "Arsip pendirian", reviewMonths: 12 })).status).toBe(403);
    const missing = await setVital(world.admin.session, doc.uuid, { vital: true, reason: "Arsip pendirian" });
    expect(missing.status).toBe(400);
    expect((await missing.json<{ message: string }>()).message).toBe(vitalText.validation.reviewMonthsRequired);

    const flagged = await setVital(world.admin.session, doc.uuid, { vital: true, reason: "Akta pendirian universitas", reviewMonths: 12 });
    expect(flagged.status).toBe(200);
    const { data } = await flagged.json<{ data: { vital: boolean; reviewDueOn: string; copy: { status: string } } }>();
    expect(data).toMatchObject({ vital: true, copy: { status: "OK" } });
    const { r2_key, sha256 } = await keyOf(doc.uuid);
    const copy = await testEnv.VITAL_FILES.get(r2_key);
    expect(await hex(await copy!.arrayBuffer())).toBe(sha256);
    expect((await (await call(`/api/v1/archives/${doc.uuid}`, as(world.owner.session))).json<{ vital: boolean }>()).vital).toBe(true);

    const trash = await call(`/api/v1/archives/${doc.uuid}`, { method: "DELETE", ...as(world.owner.session) });
    expect(trash.status).toBe(409);
    expect((await trash.json<{ message: string }>()).message).toBe(vitalText.trashRefused(doc.view.title));

    // A replaced file is copied when it is written; the old copy is released, then deleted by the check.
    const replaced = await sendMultipart(`/api/v1/archives/${doc.uuid}/file`, world.owner.session, formBody({}, { filename: "baru.txt", data: new TextEncoder().encode("Versi kedua akta pendirian"), contentType: "text/plain" }));
    expect(replaced.status).toBe(200);
    const current = await keyOf(doc.uuid);
    expect(await hex(await (await testEnv.VITAL_FILES.get(current.r2_key))!.arrayBuffer())).toBe(current.sha256);
    expect(await copyRow(r2_key)).toMatchObject({ released_at: expect.any(String) });
    await checkVitalCopies(testJobContext("fixity"), 50, 10 * 1024 * 1024);
    expect(await testEnv.VITAL_FILES.head(r2_key)).toBeNull();
    expect(await copyRow(r2_key)).toBeNull();

    // Lifted: the copy goes; it may be trashed again.
    expect((await setVital(world.admin.session, doc.uuid, { vital: false, reason: "Sudah diganti akta baru" })).status).toBe(200);
    expect(await testEnv.VITAL_FILES.head(current.r2_key)).toBeNull();
    expect((await call(`/api/v1/archives/${doc.uuid}`, { method: "DELETE", ...as(world.owner.session) })).status).toBe(200);
    const actions = await testEnv.DB.prepare("SELECT action FROM audit_logs WHERE target_id = ? AND action LIKE 'VITAL_%' ORDER BY id").bind(doc.uuid).all<{ action: string }>();
    expect(actions.results.map((row) => row.action)).toEqual(["VITAL_FLAG", "VITAL_LIFT"]);
  });

  it("the fixity job finds a damaged or missing copy, reports it once and rewrites it from the primary", async () => {
    const doc = await ownerDocument(world);
    await setVital(world.admin.session, doc.uuid, { vital: true, reason: "Sertifikat tanah", reviewMonths: 24 });
    const { r2_key, sha256 } = await keyOf(doc.uuid);
    const job = testJobContext("fixity");

    await testEnv.VITAL_FILES.put(r2_key, "rusak");
    await checkFirst(r2_key);
    const damaged = await checkVitalCopies(job, 50, 10 * 1024 * 1024);
    expect(damaged).toMatchObject({ failed: expect.any(Number), repaired: expect.any(Number) });
    expect(await hex(await (await testEnv.VITAL_FILES.get(r2_key))!.arrayBuffer())).toBe(sha256);
    expect(await copyRow(r2_key)).toMatchObject({ status: "OK" });

    await testEnv.VITAL_FILES.delete(r2_key);
    await checkFirst(r2_key);
    await checkVitalCopies(job, 50, 10 * 1024 * 1024);
    expect(await testEnv.VITAL_FILES.head(r2_key)).not.toBeNull();
    const audit = await testEnv.DB.prepare("SELECT action, details FROM audit_logs WHERE target_id = ? AND action LIKE 'VITAL_COPY%' ORDER BY id").bind(doc.uuid).all<{ action: string; details: string }>();
    expect(audit.results.map((row) => [row.action, JSON.parse(row.details).outcome])).toEqual([
      ["VITAL_COPY_FAILURE", "MISMATCH"],
      ["VITAL_COPY_RECOVERED", "MISMATCH"],
      ["VITAL_COPY_FAILURE", "MISSING"],
      ["VITAL_COPY_RECOVERED", "MISSING"],
    ]);

    // The fixity cron runs the same check as its `vital.copies` job.
    vi.spyOn(console, "log").mockImplementation(() => {});
    expect(CRON_JOBS[FIXITY_CRON]).toContain("vital.copies");
    expect(await runVitalCopyChecks(job)).toMatchObject({ failed: 0 });
  });
});

describe("Uji Pemulihan (restore drill)", () => {
  it("restores the file from the second copy into a scratch object, compares the hash and keeps the evidence", async () => {
    const doc = await ownerDocument(world);
    expect((await drill(world.admin.session, doc.uuid)).status).toBe(409);
    await setVital(world.admin.session, doc.uuid, { vital: true, reason: "Ijazah asli", reviewMonths: 6 });
    expect((await drill(world.owner.session, doc.uuid)).status).toBe(403);

    const response = await drill(world.admin.session, doc.uuid);
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { outcome: string; expectedSha256: string; actualSha256: string; bytes: number } }>();
    const { r2_key, sha256 } = await keyOf(doc.uuid);
    expect(data).toMatchObject({ outcome: "OK", expectedSha256: sha256, actualSha256: sha256, bytes: doc.bytes.byteLength });
    // No scratch object left behind, none registered.
    const scratch = await testEnv.FILES.list({ prefix: "restore-drill/" });
    expect(scratch.objects).toEqual([]);
    expect(await testEnv.DB.prepare("SELECT r2_key FROM file_staging WHERE r2_key LIKE 'restore-drill/%'").first()).toBeNull();

    // A damaged copy fails the drill, recorded as such.
    await testEnv.VITAL_FILES.put(r2_key, "bukan ijazah");
    const failed = await (await drill(world.admin.session, doc.uuid)).json<{ data: { outcome: string } }>();
    expect(failed.data.outcome).toBe("MISMATCH");
    const drills = await testEnv.DB.prepare("SELECT outcome FROM vital_drills WHERE archive_uuid = ? ORDER BY id").bind(doc.uuid).all<{ outcome: string }>();
    expect(drills.results.map((row) => row.outcome)).toEqual(["OK", "MISMATCH"]);
    const evidence = await testEnv.DB.prepare("SELECT details FROM audit_logs WHERE target_id = ? AND action = 'VITAL_DRILL' ORDER BY id").bind(doc.uuid).all<{ details: string }>();
    expect(evidence.results.map((row) => JSON.parse(row.details))).toEqual([
      expect.objectContaining({ outcome: "OK", expectedSha256: sha256, actualSha256: sha256 }),
      expect.objectContaining({ outcome: "MISMATCH", expectedSha256: sha256 }),
    ]);

    // The dashboard card: vital records, the copies not good, the last drill.
    const overview = await getVitalOverview(await serviceContext(world.admin.user));
    expect(overview!.vitalRecords).toBeGreaterThanOrEqual(1);
    expect(overview!.lastDrill).toMatchObject({ uuid: doc.uuid, outcome: "MISMATCH" });
    expect(await getVitalOverview(await serviceContext(world.owner.user))).toBeNull();
  });
});
