import { describe, expect, it, vi } from "vitest";
import { documentFormMessages } from "~/i18n/document-form";
import { documentFields, expectError, expectNothingWritten, postDocument, sendMultipart, storageSnapshot, uploadDocument } from "../support/worker/documents";
import { createCategory, createUnitKerja, createUser } from "../support/worker/factories";
import { callWithEnv, login, type SignedIn } from "../support/worker/http";
import { formBody, pdfBytes } from "../support/worker/multipart";
import { testEnv } from "../support/worker/env";
import { serviceContext } from "../support/worker/context";
import { stageUpload } from "~/server/files/staging.server";
import { addVersion, planNewVersion } from "~/server/documents/service.server";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

async function staffOfNewUnit(): Promise<{ session: SignedIn; categoryId: number; unitId: number }> {
  const unit = await createUnitKerja();
  const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
  return { session: await login(user.username, user.password), categoryId: (await createCategory()).id, unitId: unit.id };
}

const storedBytes = async (unitId: number) =>
  (await testEnv.DB.prepare("SELECT bytes FROM unit_storage WHERE unit_kerja_id = ?").bind(unitId).first<{ bytes: number }>())?.bytes ?? 0;
const stagedRows = async (unitId: number) =>
  (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM file_staging WHERE unit_kerja_id = ?").bind(unitId).first<{ n: number }>())!.n;

const upload = (session: SignedIn, categoryId: number, env: Record<string, string>, size = 2048) =>
  postDocument(session, { fields: documentFields(categoryId), file: { filename: "a.pdf", data: pdfBytes(size), contentType: "application/pdf" }, env });

describe("per-user upload rate limit", () => {
  it("refuses the upload past the limit with 429, Retry-After and an Indonesian message, writing nothing", async () => {
    const { session, categoryId } = await staffOfNewUnit();
    const env = { UPLOADS_PER_15_MIN: "3" };
    for (let n = 1; n <= 3; n++) expect((await upload(session, categoryId, env)).status, `upload ${n}`).toBe(201);
    const before = await storageSnapshot();

    const refused = await upload(session, categoryId, env);
    await expectError(refused, 429, documentFormMessages.uploadRateLimited);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectNothingWritten(before);
  });

  it("10 parallel uploads against a limit of 3: exactly 3 are stored", async () => {
    const { session, categoryId } = await staffOfNewUnit();
    const responses = await Promise.all(Array.from({ length: 10 }, () => upload(session, categoryId, { UPLOADS_PER_15_MIN: "3" })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, ...Array(7).fill(429)]);
  });
});

describe("per-unit storage quota", () => {
  it("a file larger than what is left of the quota is refused with 413 naming what is left; a metadata-only update still works when full", async () => {
    const { session, categoryId } = await staffOfNewUnit();
    const env = { UNIT_QUOTA_GB: String(50_000 / 1e9) }; // 50 kB
    const first = await upload(session, categoryId, env, 30_000);
    expect(first.status).toBe(201);
    const { data } = (await first.json()) as { data: { uuid: string } };
    const before = await storageSnapshot();

    await expectError(await upload(session, categoryId, env, 30_000), 413, documentFormMessages.quotaOverflow("20 KB"));
    await expectNothingWritten(before);

    const full = { UNIT_QUOTA_GB: String(30_000 / 1e9) };
    await expectError(await upload(session, categoryId, full, 1000), 413, documentFormMessages.quotaExceeded);
    await expectNothingWritten(before);

    const fields = documentFields(categoryId, { title: "Judul baru saat kuota penuh" });
    const update = await sendMultipart(`/api/v1/archives/${data.uuid}`, session, formBody(fields), { method: "PUT", env: full });
    expect(update.status, await update.clone().text()).toBe(200);
  });

  it("every version counts: a new version needs room of its own, a restored one needs none", async () => {
    const { session, categoryId } = await staffOfNewUnit();
    const { uuid } = await uploadDocument(session, { categoryId, bytes: pdfBytes(30_000) });
    const replace = (bytes: number, quota: number) =>
      sendMultipart(`/api/v1/archives/${uuid}/file`, session, formBody({}, { filename: "b.pdf", data: pdfBytes(bytes), contentType: "application/pdf" }), {
        env: { UNIT_QUOTA_GB: String(quota / 1e9) },
      });
    // The old version stays stored, so a 29 kB replacement does not fit a 50 kB quota beside 30 kB.
    await expectError(await replace(29_000, 50_000), 413, documentFormMessages.quotaOverflow("20 KB"));
    const replaced = await replace(19_000, 50_000);
    expect(replaced.status, await replaced.clone().text()).toBe(200);
    // Restoring version 1 copies its record, not its bytes: it fits a quota that is full.
    const restore = await callWithEnv({ UNIT_QUOTA_GB: String(49_000 / 1e9) }, `/api/v1/archives/${uuid}/versions/1/restore`, {
      method: "POST",
      cookie: session.cookie,
      csrfToken: session.csrfToken,
    });
    expect(restore.status, await restore.clone().text()).toBe(200);
    expect((await restore.json<{ data: { currentVersion: number } }>()).data.currentVersion).toBe(3);
  });

  it("10 parallel 40 kB uploads with 50 kB left: room is reserved before streaming, so one is stored and the unit never passes its quota", async () => {
    const { session, categoryId, unitId } = await staffOfNewUnit();
    const env = { UNIT_QUOTA_GB: String(50_000 / 1e9) };
    const responses = await Promise.all(Array.from({ length: 10 }, () => upload(session, categoryId, env, 40_000)));
    const statuses = responses.map((response) => response.status).sort();
    await Promise.all(responses.map((response) => response.body?.cancel()));
    expect(statuses).toEqual([201, ...Array(9).fill(413)]);
    expect(await storedBytes(unitId)).toBeLessThanOrEqual(50_000);
    // Every reservation ended: the stored one became its real size, the refused ones were released.
    expect(await stagedRows(unitId)).toBe(0);
    expect(await storedBytes(unitId)).toBe(40_000);
  });

  it("a failed upload releases its room at once; a reservation of a request that died stops holding room after an hour", async () => {
    const { session, categoryId, unitId } = await staffOfNewUnit();
    const env = { UNIT_QUOTA_GB: String(50_000 / 1e9) };
    const refused = await postDocument(session, {
      fields: documentFields(categoryId),
      file: { filename: "a.pdf", data: new Uint8Array(40_000).fill(0x4d), contentType: "application/pdf" },
      env,
    });
    expect(refused.status).toBe(400);
    await refused.body?.cancel();
    expect(await stagedRows(unitId)).toBe(0);

    // A request that died half way left its reservation behind: it holds the room for now…
    const died = (minutesAgo: number) =>
      testEnv.DB.prepare("INSERT INTO file_staging (r2_key, created_at, unit_kerja_id, reserved_bytes) VALUES (?, ?, ?, 45000)")
        .bind(`archives/${crypto.randomUUID()}`, new Date(Date.now() - minutesAgo * 60_000).toISOString(), unitId)
        .run();
    await died(1);
    await expectError(await upload(session, categoryId, env, 10_000), 413, documentFormMessages.quotaOverflow("5 KB"));
    // …but not once it is an hour old.
    await testEnv.DB.prepare("UPDATE file_staging SET created_at = ? WHERE unit_kerja_id = ?").bind(new Date(Date.now() - 61 * 60_000).toISOString(), unitId).run();
    const fits = await upload(session, categoryId, env, 40_000);
    expect(fits.status, await fits.clone().text()).toBe(201);
  });

  it("the batch that records a version refuses to pass the quota even when no reservation held the room", async () => {
    const { session, categoryId, unitId } = await staffOfNewUnit();
    const { uuid } = await uploadDocument(session, { categoryId, bytes: pdfBytes(1000) });
    const user = await testEnv.DB.prepare("SELECT id, uuid, username, full_name FROM users u JOIN sessions s ON s.user_id = u.id WHERE u.unit_kerja_id = ? LIMIT 1")
      .bind(unitId)
      .first<{ id: number; uuid: string; username: string; full_name: string }>();
    const ctx = await serviceContext({ ...user!, fullName: user!.full_name, password: "", role: "Satuan Kerja", unitKerjaId: unitId });
    ctx.config = { ...ctx.config, unitQuotaBytes: 10_000 };
    // The upload reserves its room, then another upload that outlived its reservation lands.
    const form = formBody({}, { filename: "b.pdf", data: pdfBytes(5000), contentType: "application/pdf" });
    const staged = await stageUpload(ctx, { contentType: form.contentType, contentLength: form.body.byteLength, stream: new Blob([form.body]).stream() }, await planNewVersion(ctx, uuid));
    await testEnv.DB.prepare("UPDATE unit_storage SET bytes = bytes + 6000 WHERE unit_kerja_id = ?").bind(unitId).run();
    const before = await storageSnapshot();

    const error = await addVersion(ctx, uuid, staged).then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ status: 413, message: documentFormMessages.quotaExceeded });
    // The whole batch rolled back, and the staged object and its reservation are gone.
    expect(await storageSnapshot()).toEqual({ ...before, staged: before.staged - 1, keys: before.keys.filter((key) => key !== staged.file!.key) });
    expect(await storedBytes(unitId)).toBe(7000);
  });
});
