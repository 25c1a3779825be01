import { createScheduledController } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createClassification } from "~/server/classification/service.server";
import { refreshRetentionStates } from "~/server/retention/service.server";
import worker from "../../workers/app";
import { RETENTION_CRON } from "../../workers/scheduled";
import { signedIn } from "../support/worker/admin";
import { serviceContext, testClock, testJobContext } from "../support/worker/context";
import { documentBody, sendMultipart, uploadDocument, documentFields } from "../support/worker/documents";
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

  it("the daily refresh (cron, job context) moves documents across the boundaries as days pass", async () => {
    const doc = await upload({ year: "2020" });
    // 2020 + 2 + 3: active through 2022-12-31, inactive through 2025-12-31.
    const run = (isoDay: string) => refreshRetentionStates(testJobContext("retention", testClock(new Date(`${isoDay}T05:00:00Z`))));
    await run("2022-12-31");
    expect((await stateOf(doc.uuid))!.status).toBe("AKTIF");
    await run("2023-01-01");
    expect((await stateOf(doc.uuid))!.status).toBe("INAKTIF");
    await run("2025-12-31");
    expect((await stateOf(doc.uuid))!.status).toBe("INAKTIF");
    const result = await run("2026-01-01");
    expect(result.complete).toBe(true);
    expect(await stateOf(doc.uuid)).toMatchObject({ status: "JATUH_TEMPO", disposition: "MUSNAH" });

    // A row gone stale (a code's years edited) is put right by the cron itself.
    await testEnv.DB.prepare("UPDATE retention_states SET status = 'AKTIF' WHERE archive_id = ?").bind(await idOf(doc.uuid)).run();
    await worker.scheduled!(createScheduledController({ scheduledTime: new Date(), cron: RETENTION_CRON }), testEnv);
    expect((await stateOf(doc.uuid))!.status).toBe("JATUH_TEMPO");
  });

  it("the full refresh is the retention job's or Super Admin's; named documents may be refreshed by their editor", async () => {
    await expect(refreshRetentionStates(await serviceContext(owner.user))).rejects.toThrow();
    await expect(refreshRetentionStates(testJobContext("maintenance"))).rejects.toThrow();
    await expect(refreshRetentionStates(await serviceContext(admin.user))).resolves.toMatchObject({ complete: true });
    const doc = await upload();
    await expect(refreshRetentionStates(await serviceContext(owner.user), { archiveIds: [await idOf(doc.uuid)] })).resolves.toEqual({ documents: 1, complete: true });
  });
});
