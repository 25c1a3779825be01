import { createScheduledController } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { RetentionView } from "~/domain/retention";
import { retention as retentionText, retentionValidation } from "~/i18n/retention";
import { retentionHoldMessages } from "~/i18n/retention-hold";
import { createClassification } from "~/server/classification/service.server";
import { listDocuments } from "~/server/documents/service.server";
import { purgeExpiredTrash } from "~/server/documents/trash.server";
import { parseListQuery } from "~/domain/document-schemas";
import { placeCodeHold, refreshRetentionStates, releaseCodeHold } from "~/server/retention/service.server";
import { runSystemJob } from "~/server/jobs/runner.server";
import { recomputeRetention } from "~/server/jobs/system.server";
import worker from "../../workers/app";
import { RETENTION_CRON } from "../../workers/scheduled";
import { expectJson, send, signedIn } from "../support/worker/admin";
import { serviceContext, testClock, testJobContext } from "../support/worker/context";
import { auditRowsFor, documentBody, documentFields, r2Keys, sendMultipart, uploadDocument } from "../support/worker/documents";
import { retentionStartText } from "~/i18n/document-validation";
import { testEnv } from "../support/worker/env";
import { createCategory, createUnitKerja } from "../support/worker/factories";

/**
 * The retention clock on real D1: the per-document refresh after every change, the daily
 * refresh (cron, job context), holds on documents and codes, reappraisal, and who may do what.
 */

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/** A prefix no other test file uses, so codes never collide across files sharing the database. */
const P = `R${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36).toUpperCase().slice(0, 6)}`;
const code = (suffix = "") => `${P}${suffix}`;

let admin: Awaited<ReturnType<typeof signedIn>>;
let viewer: Awaited<ReturnType<typeof signedIn>>;
let owner: Awaited<ReturnType<typeof signedIn>>;
let categoryId: number;

type StateRow = { status: string; disposition: string | null; active_until: string | null; inactive_until: string | null; unit_kerja_id: number | null };
const stateOf = (uuid: string) =>
  testEnv.DB.prepare(
    "SELECT s.status, s.disposition, s.active_until, s.inactive_until, s.unit_kerja_id FROM retention_states s JOIN archives a ON a.id = s.archive_id WHERE a.uuid = ?",
  )
    .bind(uuid)
    .first<StateRow>();
const idOf = async (uuid: string) => (await testEnv.DB.prepare("SELECT id FROM archives WHERE uuid = ?").bind(uuid).first<{ id: number }>())!.id;

beforeAll(async () => {
  const unit = await createUnitKerja();
  admin = await signedIn("Super Admin");
  owner = await signedIn("Satuan Kerja", unit.id);
  viewer = await signedIn("Viewer");
  categoryId = (await createCategory()).id;
  const ctx = await serviceContext(admin.user);
  const fields = (overrides: Record<string, string>) => ({
    name: "Kode Retensi",
    securityClass: "TERBATAS",
    retentionActiveYears: "2",
    retentionInactiveYears: "3",
    finalDisposition: "MUSNAH",
    ...overrides,
  });
  await createClassification(ctx, fields({ code: code() }));
  await createClassification(ctx, fields({ code: code(".01"), finalDisposition: "DINILAI_KEMBALI" }));
  await createClassification(ctx, fields({ code: `${P}X`, finalDisposition: "PERMANEN" }));
});

const upload = (fields: Record<string, string> = {}) =>
  uploadDocument(owner.session, { categoryId, fields: { classificationCode: code(), year: "2025", ...fields } });

describe("refresh of retention_states", () => {
  it("a new document gets its row at once, with its dates and unit", async () => {
    const doc = await upload();
    expect(await stateOf(doc.uuid)).toEqual({
      status: "AKTIF",
      disposition: "MUSNAH",
      active_until: "2027-12-31",
      inactive_until: "2030-12-31",
      unit_kerja_id: owner.user.unitKerjaId,
    });
    const none = await upload({ classificationCode: "" });
    expect(await stateOf(none.uuid)).toMatchObject({ status: "TANPA_KODE", disposition: null, active_until: null });
  });

  it("an edit of year or code refreshes the row; the trash drops it, a restore brings it back", async () => {
    const doc = await upload();
    const put = await sendMultipart(
      `/api/v1/archives/${doc.uuid}`,
      owner.session,
      documentBody(owner.session, { fields: documentFields(categoryId, { classificationCode: code(".01"), year: "2010" }), file: null }),
      { method: "PUT" },
    );
    expect(put.status, await put.text()).toBe(200);
    expect(await stateOf(doc.uuid)).toMatchObject({ status: "JATUH_TEMPO", disposition: "DINILAI_KEMBALI", inactive_until: "2015-12-31" });

    const del = await sendMultipart(`/api/v1/archives/${doc.uuid}`, owner.session, { body: new Uint8Array(), contentType: "text/plain" }, { method: "DELETE" });
    expect(del.status).toBe(200);
    expect(await stateOf(doc.uuid)).toBeNull();
    const { restoreDocument } = await import("~/server/documents/trash.server");
    await restoreDocument(await serviceContext(owner.user), doc.uuid);
    expect(await stateOf(doc.uuid)).toMatchObject({ status: "JATUH_TEMPO" });
  });

  it("the daily clock (cron, a job) moves documents across the boundaries as days pass", async () => {
    const doc = await upload({ year: "2020" });
    const day = (isoDay: string) => testClock(new Date(`${isoDay}T05:00:00Z`));
    // 2020 + 2 + 3: active through 2022-12-31, inactive through 2025-12-31. The row as written on 2022-12-31.
    await refreshRetentionStates(testJobContext("retention", day("2022-12-31")), { archiveIds: [await idOf(doc.uuid)] });
    const run = async (isoDay: string) => (await runSystemJob(testJobContext("queue", day(isoDay)), "retention")).outcome;
    expect(await run("2022-12-31")).toBe("done");
    expect((await stateOf(doc.uuid))!.status).toBe("AKTIF");
    await run("2023-01-01");
    expect(await stateOf(doc.uuid)).toMatchObject({ status: "INAKTIF" });
    await run("2025-12-31");
    expect((await stateOf(doc.uuid))!.status).toBe("INAKTIF");
    await run("2026-01-01");
    expect(await stateOf(doc.uuid)).toMatchObject({ status: "JATUH_TEMPO", disposition: "MUSNAH" });
    const since = await testEnv.DB.prepare("SELECT status_since FROM retention_states WHERE archive_id = ?").bind(await idOf(doc.uuid)).first<{ status_since: string }>();
    expect(since?.status_since).toBe("2026-01-01");

    // A live document without a row (an upgrade, a raw import) gets one from the cron itself.
    await testEnv.DB.prepare("DELETE FROM retention_states WHERE archive_id = ?").bind(await idOf(doc.uuid)).run();
    await worker.scheduled!(createScheduledController({ scheduledTime: new Date(), cron: RETENTION_CRON }), testEnv);
    expect((await stateOf(doc.uuid))!.status).toBe("JATUH_TEMPO");
  });

  it("the full recompute is the retention job's or Super Admin's; named documents may be refreshed by their editor", async () => {
    await expect(recomputeRetention(await serviceContext(owner.user))).rejects.toThrow();
    await expect(recomputeRetention(testJobContext("maintenance"))).rejects.toThrow();
    await expect(recomputeRetention(await serviceContext(admin.user))).resolves.toMatchObject({ complete: true });
    const doc = await upload();
    await expect(refreshRetentionStates(await serviceContext(owner.user), { archiveIds: [await idOf(doc.uuid)] })).resolves.toEqual({ documents: 1, complete: true });
  });
});

type Changed = { message: string; data: RetentionView };
const hold = (session: typeof admin.session | null, uuid: string, reason = "Perkara No. 12/2026") => send(session, "POST", `/api/v1/archives/${uuid}/hold`, { json: { reason } });
const release = (session: typeof admin.session | null, uuid: string, reason = "Perkara selesai") => send(session, "DELETE", `/api/v1/archives/${uuid}/hold`, { json: { reason } });
const trash = async (uuid: string) => expect((await send(owner.session, "DELETE", `/api/v1/archives/${uuid}`)).status).toBe(200);
const codeId = async (value: string) => (await testEnv.DB.prepare("SELECT id FROM classification_codes WHERE code = ?").bind(value).first<{ id: number }>())!.id;

describe("the documents list filter ?retensi=", () => {
  it("lists only documents with that status, in the app list and the API", async () => {
    const due = await upload({ year: "2001", title: "Arsip lama jatuh tempo retensi" });
    const active = await upload({ year: "2025" });
    const ctx = await serviceContext(admin.user);
    const uuids = async (status: string) =>
      (await listDocuments(ctx, parseListQuery(new URLSearchParams({ retensi: status, size: "100", klasifikasi: code() })))).data.map((d) => d.uuid);
    expect(await uuids("JATUH_TEMPO")).toContain(due.uuid);
    expect(await uuids("JATUH_TEMPO")).not.toContain(active.uuid);
    expect(await uuids("AKTIF")).toContain(active.uuid);
    const page = await expectJson<{ data: { uuid: string }[]; total: number }>(await send(admin.session, "GET", `/api/v1/archives?retensi=JATUH_TEMPO&klasifikasi=${code()}&size=100`), 200);
    expect(page.data.map((d) => d.uuid)).toContain(due.uuid);
    expect(page.data.map((d) => d.uuid)).not.toContain(active.uuid);
    expect(page.total).toBe(page.data.length);
    // An unknown status is no filter (as every list parameter falls back).
    const all = await expectJson<{ data: { uuid: string }[] }>(await send(admin.session, "GET", `/api/v1/archives?retensi=NOPE&klasifikasi=${code()}&size=100`), 200);
    expect(all.data.map((d) => d.uuid)).toEqual(expect.arrayContaining([due.uuid, active.uuid]));
  });
});

describe("'Tanggal mulai retensi' on the API", () => {
  it("is set, shown and cleared; a wrong date is refused", async () => {
    const doc = await upload({ year: "2020" });
    const put = (value: string | undefined) =>
      sendMultipart(`/api/v1/archives/${doc.uuid}`, owner.session, documentBody(owner.session, { fields: documentFields(categoryId, { classificationCode: code(), year: "2020", retentionStartDate: value }), file: null }), { method: "PUT" });
    const set = await expectJson<{ data: { retentionStartDate: string | null } }>(await put("2023-07-01"), 200);
    expect(set.data.retentionStartDate).toBe("2023-07-01");
    expect(await stateOf(doc.uuid)).toMatchObject({ active_until: "2025-07-01", inactive_until: "2028-07-01" });
    // Absent: kept.
    expect((await expectJson<{ data: { retentionStartDate: string | null } }>(await put(undefined), 200)).data.retentionStartDate).toBe("2023-07-01");
    const refused = await expectJson<{ message: string }>(await put("2023-02-30"), 400);
    expect(refused.message).toContain("Tanggal mulai retensi");
    expect((await expectJson<{ data: { retentionStartDate: string | null } }>(await put(""), 200)).data.retentionStartDate).toBeNull();
    expect(await stateOf(doc.uuid)).toMatchObject({ active_until: "2022-12-31" });
  });

  it("refuses a start that has not come or (but for Super Admin) precedes the document's year, by the field; keeps one set earlier", async () => {
    const doc = await upload({ year: "2020" });
    const put = (session: typeof owner.session, fields: Record<string, string>) =>
      sendMultipart(`/api/v1/archives/${doc.uuid}`, session, documentBody(session, { fields: documentFields(categoryId, { classificationCode: code(), year: "2020", ...fields }), file: null }), { method: "PUT" });
    type Refusal = { message: string; errors?: string[]; fieldErrors?: Record<string, string[]> };
    const nextYear = new Date().getUTCFullYear() + 1;
    const future = await expectJson<Refusal>(await put(owner.session, { retentionStartDate: `${nextYear}-03-01` }), 400);
    expect(future.errors).toEqual([expect.stringMatching(/^Tanggal mulai retensi belum terjadi: .* paling lambat \d{1,2} \w+ \d{4} \(hari ini/)]);
    const early = await expectJson<Refusal>(await put(owner.session, { retentionStartDate: "2019-06-30" }), 400);
    // By its field, so the page's form shows it there (the API path of the enhanced form too).
    expect(early.fieldErrors).toEqual({ retentionStartDate: [retentionStartText.retentionStartBeforeYear(2020)] });
    // Nothing was written: the document keeps the default start.
    expect(await stateOf(doc.uuid)).toMatchObject({ active_until: "2022-12-31" });
    // The last day of the year is the default itself: fine for anyone.
    expect((await put(owner.session, { retentionStartDate: "2020-12-31" })).status).toBe(200);

    // Super Admin may move it before the year (the page warns; the API takes the caller's word).
    expect((await put(admin.session, { retentionStartDate: "2019-06-30" })).status).toBe(200);
    expect(await stateOf(doc.uuid)).toMatchObject({ active_until: "2021-06-30", inactive_until: "2024-06-30" });
    // The unit's staff edit something else and send the date back unchanged: kept, not refused.
    const kept = await expectJson<{ data: { retentionStartDate: string | null } }>(await put(owner.session, { retentionStartDate: "2019-06-30", title: "Judul yang diperbaiki" }), 200);
    expect(kept.data.retentionStartDate).toBe("2019-06-30");
    // A new document cannot start before its year either (and leaves nothing behind).
    const before = (await r2Keys()).length;
    const created = await sendMultipart("/api/v1/archives", owner.session, documentBody(owner.session, { fields: documentFields(categoryId, { year: "2024", retentionStartDate: "2023-01-01" }) }));
    expect((await expectJson<Refusal>(created, 400)).errors).toEqual([retentionStartText.retentionStartBeforeYear(2024)]);
    expect((await r2Keys()).length).toBe(before);
  });
});

describe("legal hold (Penahanan)", () => {
  it("Super Admin holds a document: DITAHAN everywhere, audited; released with a reason", async () => {
    const doc = await upload({ year: "2001" });
    const held = await expectJson<Changed>(await hold(admin.session, doc.uuid), 200);
    expect(held.message).toBe(retentionHoldMessages.placed);
    expect(held.data).toMatchObject({ status: "DITAHAN", ownHold: true, hold: { reason: "Perkara No. 12/2026", code: null } });
    expect((await stateOf(doc.uuid))!.status).toBe("DITAHAN");
    expect((await expectJson<{ message: string }>(await hold(admin.session, doc.uuid), 409)).message).toBe(retentionHoldMessages.alreadyHeld);
    // A reason is required.
    expect((await expectJson<{ message: string }>(await hold(admin.session, doc.uuid, "  "), 400)).message).toBe(retentionValidation.reasonRequired);

    const released = await expectJson<Changed>(await release(admin.session, doc.uuid), 200);
    expect(released.data).toMatchObject({ status: "JATUH_TEMPO", hold: null, ownHold: false });
    expect((await stateOf(doc.uuid))!.status).toBe("JATUH_TEMPO");
    expect((await expectJson<{ message: string }>(await release(admin.session, doc.uuid), 409)).message).toBe(retentionHoldMessages.notHeld);
    const audit = (await auditRowsFor(doc.uuid)).filter((row) => row.action.startsWith("RETENTION_"));
    expect(audit.map((row) => row.action)).toEqual(["RETENTION_HOLD_PLACE", "RETENTION_HOLD_RELEASE"]);
    expect(audit[0]!.message).toContain("Perkara No. 12/2026");
    expect(audit[1]!.message).toContain("Perkara selesai");
  });

  it("a held document cannot be purged ('Hapus Permanen') nor expire out of the trash", async () => {
    const doc = await upload();
    // A held document does not go to the trash at all (test/integration/held-records.test.ts);
    // one held while already there (a hold of an earlier round, or its code's) stays.
    await trash(doc.uuid);
    await testEnv.DB.prepare("INSERT INTO retention_holds (archive_id, reason, created_at) SELECT id, 'Perkara', ? FROM archives WHERE uuid = ?")
      .bind(new Date().toISOString(), doc.uuid)
      .run();
    const refused = await expectJson<{ message: string }>(await send(admin.session, "DELETE", `/api/v1/trash/${doc.uuid}`), 409);
    expect(refused.message).toBe(retentionHoldMessages.purgeBlocked(doc.view.title));
    // The trash says so instead of offering 'Hapus Permanen'.
    const { data: trashed } = await expectJson<{ data: { uuid: string; held: boolean; canPurge: boolean }[] }>(
      await send(admin.session, "GET", `/api/v1/trash?q=${encodeURIComponent(doc.view.title)}`),
      200,
    );
    expect(trashed.find((row) => row.uuid === doc.uuid)).toMatchObject({ held: true, canPurge: false });
    // Far past TRASH_DAYS: the maintenance job skips it and leaves it in the trash.
    const later = testJobContext("maintenance", testClock(new Date(Date.now() + 400 * 86400_000)));
    await purgeExpiredTrash(later);
    expect(await testEnv.DB.prepare("SELECT deleted_at FROM archives WHERE uuid = ?").bind(doc.uuid).first()).not.toBeNull();
    // Released in the trash, it goes.
    await expectJson(await release(admin.session, doc.uuid), 200);
    await expectJson(await send(admin.session, "DELETE", `/api/v1/trash/${doc.uuid}`), 200);
    expect(await testEnv.DB.prepare("SELECT id FROM archives WHERE uuid = ?").bind(doc.uuid).first()).toBeNull();
  });

  it("a hold on a code covers the code and its children, not its neighbours; the expiry cron skips them", async () => {
    const parent = await upload({ year: "2001" });
    const child = await upload({ year: "2001", classificationCode: code(".01") });
    const neighbour = await upload({ year: "2001", classificationCode: `${P}X` });
    // In the trash before the hold: the hold covers it there too.
    const trashedChild = await upload({ year: "2001", classificationCode: code(".01") });
    await trash(trashedChild.uuid);
    const ctx = await serviceContext(admin.user);
    await placeCodeHold(ctx, await codeId(code()), { reason: "Audit BPK 2026" });
    expect((await stateOf(parent.uuid))!.status).toBe("DITAHAN");
    expect((await stateOf(child.uuid))!.status).toBe("DITAHAN");
    expect((await stateOf(neighbour.uuid))!.status).toBe("JATUH_TEMPO");
    const view = await expectJson<RetentionView>(await send(viewer.session, "GET", `/api/v1/archives/${child.uuid}/retention`), 200);
    expect(view).toMatchObject({ status: "DITAHAN", ownHold: false, canHold: false, hold: { reason: "Audit BPK 2026", code: code() } });
    // The daily refresh agrees.
    await recomputeRetention(testJobContext("retention"));
    expect((await stateOf(child.uuid))!.status).toBe("DITAHAN");

    // Held, it stays out of the trash; held in the trash, the expiry cron leaves it there.
    const refused = await expectJson<{ message: string }>(await send(owner.session, "DELETE", `/api/v1/archives/${child.uuid}`), 409);
    expect(refused.message).toBe(retentionHoldMessages.trashBlockedByCode(child.view.title, code(), "Audit BPK 2026"));
    await trash(neighbour.uuid);
    await purgeExpiredTrash(testJobContext("maintenance", testClock(new Date(Date.now() + 400 * 86400_000))));
    expect(await testEnv.DB.prepare("SELECT id FROM archives WHERE uuid = ?").bind(trashedChild.uuid).first()).not.toBeNull();
    expect(await testEnv.DB.prepare("SELECT id FROM archives WHERE uuid = ?").bind(neighbour.uuid).first()).toBeNull();

    await expect(placeCodeHold(ctx, await codeId(code()), { reason: "lagi" })).rejects.toThrow(retentionHoldMessages.alreadyHeldCode);
    await releaseCodeHold(ctx, await codeId(code()), { reason: "Audit selesai" });
    expect((await stateOf(parent.uuid))!.status).toBe("JATUH_TEMPO");
  });
});

describe("Dinilai Kembali", () => {
  const reappraise = (session: typeof admin.session | null, uuid: string, body: Record<string, string>) =>
    send(session, "POST", `/api/v1/archives/${uuid}/reappraisal`, { json: body });

  it("extends the retention to a later date, or moves the record to Musnah or Permanen; audited", async () => {
    const doc = await upload({ year: "2001", classificationCode: code(".01") });
    const before = await expectJson<RetentionView>(await send(admin.session, "GET", `/api/v1/archives/${doc.uuid}/retention`), 200);
    expect(before).toMatchObject({ status: "JATUH_TEMPO", disposition: "DINILAI_KEMBALI", canReappraise: true });

    const past = await expectJson<{ message: string }>(await reappraise(admin.session, doc.uuid, { outcome: "EXTEND", until: "2001-01-01", reason: "x" }), 400);
    expect(past.message).toBe(retentionValidation.untilNotLater);
    expect((await expectJson<{ message: string }>(await reappraise(admin.session, doc.uuid, { outcome: "EXTEND", reason: "x" }), 400)).message).toBe(retentionValidation.untilRequired);

    const until = `${new Date().getUTCFullYear() + 3}-06-30`;
    const extended = await expectJson<Changed>(await reappraise(admin.session, doc.uuid, { outcome: "EXTEND", until, reason: "Masih dipakai untuk akreditasi" }), 200);
    expect(extended.data).toMatchObject({ status: "INAKTIF", inactiveUntil: until, retentionExtendedUntil: until, canReappraise: false });
    expect((await stateOf(doc.uuid))!.status).toBe("INAKTIF");
    // Not due any more: refused.
    expect((await expectJson<{ message: string }>(await reappraise(admin.session, doc.uuid, { outcome: "MUSNAH", reason: "x" }), 409)).message).toBe(retentionText.reappraisal.notDue);

    const other = await upload({ year: "2001", classificationCode: code(".01") });
    const permanent = await expectJson<Changed>(await reappraise(admin.session, other.uuid, { outcome: "PERMANEN", reason: "Bernilai sejarah" }), 200);
    expect(permanent.data).toMatchObject({ status: "JATUH_TEMPO", disposition: "PERMANEN" });
    expect(await stateOf(other.uuid)).toMatchObject({ status: "JATUH_TEMPO", disposition: "PERMANEN" });
    const audit = (await auditRowsFor(other.uuid)).filter((row) => row.action === "RETENTION_REAPPRAISE");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.message).toContain("Bernilai sejarah");
  });
});

describe("permission matrix: hold and reappraisal are Super Admin's", () => {
  it("Satuan Kerja, Viewer and visitors are refused through the API", async () => {
    const doc = await upload({ year: "2001", classificationCode: code(".01") });
    for (const [label, session, status] of [
      ["Satuan Kerja", owner.session, 403],
      ["Viewer", viewer.session, 403],
      ["visitor", null, 401],
    ] as const) {
      expect((await hold(session, doc.uuid)).status, label).toBe(status);
      expect((await release(session, doc.uuid)).status, label).toBe(status);
      expect((await send(session, "POST", `/api/v1/archives/${doc.uuid}/reappraisal`, { json: { outcome: "MUSNAH", reason: "x" } })).status, label).toBe(status);
    }
    expect((await stateOf(doc.uuid))!.status).toBe("JATUH_TEMPO");
    expect((await auditRowsFor(doc.uuid)).filter((row) => row.action.startsWith("RETENTION_"))).toEqual([]);
    // Whoever may see the document reads its status; a visitor does not see a private one.
    expect((await send(owner.session, "GET", `/api/v1/archives/${doc.uuid}/retention`)).status).toBe(200);
    expect((await send(null, "GET", `/api/v1/archives/${doc.uuid}/retention`)).status).toBe(404);
  });
});

describe("dashboard cards", () => {
  it("count documents per retention status for Super Admin only, and the destroyed ones from tombstones", async () => {
    const { getRetentionOverview } = await import("~/server/retention/service.server");
    const before = (await getRetentionOverview(await serviceContext(admin.user)))!;
    await upload({ year: "2001" });
    await upload({ classificationCode: "" });
    const after = (await getRetentionOverview(await serviceContext(admin.user)))!;
    expect(after.JATUH_TEMPO).toBe(before.JATUH_TEMPO + 1);
    expect(after.TANPA_KODE).toBe(before.TANPA_KODE + 1);
    expect(Object.keys(after).sort()).toEqual(["AKTIF", "DIMUSNAHKAN", "DITAHAN", "INAKTIF", "JATUH_TEMPO", "STATIS", "TANPA_KODE", "checkedAt"]);
    // When the daily clock last made every figure whole (the dashboard says it).
    await runSystemJob(testJobContext("queue"), "retention");
    const checked = (await getRetentionOverview(await serviceContext(admin.user)))!.checkedAt;
    expect(Date.now() - Date.parse(checked!)).toBeLessThan(120_000);
    expect(await getRetentionOverview(await serviceContext(owner.user))).toBeNull();
    expect(await getRetentionOverview(await serviceContext(viewer.user))).toBeNull();
  });

  it("are kept by triggers (no count per view): after uploads, a hold, a release, a trash and a full refresh they equal a count of every state", async () => {
    // Both readings in one batch: other files write to the same database meanwhile.
    const kept = async () => {
      const [counts, states, destroyed] = await testEnv.DB.batch<{ status: string; n: number }>([
        testEnv.DB.prepare("SELECT status, total AS n FROM retention_counts WHERE total <> 0 ORDER BY status"),
        testEnv.DB.prepare("SELECT status, COUNT(*) AS n FROM retention_states GROUP BY status ORDER BY status"),
        testEnv.DB.prepare("SELECT 'DIMUSNAHKAN' AS status, COUNT(*) AS n FROM archive_tombstones WHERE reason = 'DESTROYED' HAVING n > 0"),
      ]);
      expect(counts!.results).toEqual([...states!.results, ...destroyed!.results].sort((a, b) => a.status.localeCompare(b.status)));
      return counts!.results;
    };
    const due = await upload({ year: "2001" });
    const active = await upload();
    await kept();
    expect((await hold(admin.session, active.uuid)).status).toBe(200);
    expect((await stateOf(active.uuid))!.status).toBe("DITAHAN");
    await kept();
    expect((await release(admin.session, active.uuid)).status).toBe(200);
    await trash(due.uuid);
    expect(await stateOf(due.uuid)).toBeNull();
    await kept();
    await runSystemJob(testJobContext("queue"), "retention");
    await kept();
  });
});

describe("a code's retention changed on its form", () => {
  it("refreshes the status of the documents filed under it at once", async () => {
    const { updateClassification } = await import("~/server/classification/service.server");
    const ctx = await serviceContext(admin.user);
    await createClassification(ctx, { code: code(".05"), name: "Kode Ubah", securityClass: "TERBATAS", retentionActiveYears: "2", retentionInactiveYears: "3", finalDisposition: "MUSNAH" });
    const doc = await upload({ year: "2015", classificationCode: code(".05") });
    expect(await stateOf(doc.uuid)).toMatchObject({ status: "JATUH_TEMPO", inactive_until: "2020-12-31" });
    const id = await codeId(code(".05"));
    await updateClassification(ctx, String(id), { name: "Kode Ubah", securityClass: "TERBATAS", retentionActiveYears: "10", retentionInactiveYears: "30", finalDisposition: "PERMANEN" });
    expect(await stateOf(doc.uuid)).toMatchObject({ status: "INAKTIF", disposition: "PERMANEN", active_until: "2025-12-31", inactive_until: "2055-12-31" });
  });
});
