import { describe, expect, it, vi } from "vitest";
import { documentFormMessages } from "~/i18n/document-form";
import { documentFields, expectError, expectNothingWritten, postDocument, sendMultipart, storageSnapshot, uploadDocument } from "../support/worker/documents";
import { createCategory, createUnitKerja, createUser } from "../support/worker/factories";
import { login, type SignedIn } from "../support/worker/http";
import { formBody, pdfBytes } from "../support/worker/multipart";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

async function staffOfNewUnit(): Promise<{ session: SignedIn; categoryId: number }> {
  const unit = await createUnitKerja();
  const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
  return { session: await login(user.username, user.password), categoryId: (await createCategory()).id };
}

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

  it("a replacement may use the space its old file frees", async () => {
    const { session, categoryId } = await staffOfNewUnit();
    const { uuid } = await uploadDocument(session, { categoryId, bytes: pdfBytes(30_000) });
    const env = { UNIT_QUOTA_GB: String(30_000 / 1e9) };
    const replaced = await sendMultipart(`/api/v1/archives/${uuid}/file`, session, formBody({}, { filename: "b.pdf", data: pdfBytes(29_000), contentType: "application/pdf" }), { env });
    expect(replaced.status, await replaced.clone().text()).toBe(200);
  });
});
