/**
 * 'Unggah Banyak' (uploadDocuments): one post, many files, one document each; the batch as a
 * whole checked before a byte is stored (fields, quota, rate), each file's own refusal reported
 * without losing the others, and nothing left behind by a refused batch.
 */
import { describe, expect, it, vi } from "vitest";
import { bulkUpload as t } from "~/i18n/bulk-upload";
import { documentFormMessages } from "~/i18n/document-form";
import { documentValidation } from "~/i18n/document-validation";
import { MAX_BULK_UPLOAD_FILES } from "~/domain/bulk-upload";
import { uploadDocuments } from "~/server/documents/bulk-upload.server";
import { archiveRow, expectError, expectNothingWritten, sendMultipart, storageSnapshot } from "../support/worker/documents";
import { createCategory, createUnitKerja, createUser } from "../support/worker/factories";
import { serviceContext } from "../support/worker/context";
import { multipart, pdfBytes } from "../support/worker/multipart";
import { login } from "../support/worker/http";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

async function staff(config: { unitQuotaBytes?: number; uploadsPer15Min?: number } = {}) {
  const unit = await createUnitKerja();
  const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
  const ctx = await serviceContext(user);
  ctx.config = { ...ctx.config, ...config };
  return { ctx, categoryId: (await createCategory()).id, unitId: unit.id };
}

const shared = (categoryId: number, overrides: Record<string, string> = {}) => ({
  submissionId: crypto.randomUUID(),
  categoryId: String(categoryId),
  year: "2024",
  keywords: "surat, keputusan, rektor",
  accessLevel: "PRIVATE",
  ...overrides,
});

type FileInput = { name: string; data?: Uint8Array | string; contentType?: string };
const pdf = (name: string, size = 2048): FileInput => ({ name, data: pdfBytes(size), contentType: "application/pdf" });

function batchForm(fields: Record<string, string>, files: FileInput[], titles: string[] = []) {
  return multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...files.map((file) => ({ name: "files", filename: file.name, data: file.data ?? pdfBytes(), contentType: file.contentType ?? "application/pdf" })),
    ...titles.map((value) => ({ name: "titles", value })),
  ]);
}

function batch(fields: Record<string, string>, files: FileInput[], titles: string[] = []) {
  const form = batchForm(fields, files, titles);
  return { contentType: form.contentType, contentLength: form.body.byteLength, stream: new Blob([form.body]).stream() };
}

const refusalOf = (promise: Promise<unknown>) => promise.then(() => null, (error: { status: number; message: string; fieldErrors?: Record<string, string[]> }) => error);

describe("Unggah Banyak", () => {
  it("makes one document per file, titled from its name (or the title sent for it), numbered by its name", async () => {
    const { ctx, categoryId, unitId } = await staff();
    const report = await uploadDocuments(ctx, batch(shared(categoryId), [pdf("SK_Rektor_12-2024.pdf"), pdf("Surat-Edaran-Libur.pdf"), pdf("scan003.pdf")], ["", "", "Notulen Rapat Senat"]));
    expect(report.map((row) => [row.fileName, row.title, row.error])).toEqual([
      ["SK_Rektor_12-2024.pdf", "SK Rektor 12-2024", null],
      ["Surat-Edaran-Libur.pdf", "Surat Edaran Libur", null],
      ["scan003.pdf", "Notulen Rapat Senat", null],
    ]);
    for (const row of report) {
      const stored = await archiveRow(row.uuid!);
      expect(stored).toMatchObject({ unit_kerja_id: unitId, year: 2024, category_id: categoryId, access_level: "PRIVATE" });
    }
    const first = await archiveRow(report[0]!.uuid!);
    expect(first).toMatchObject({ document_number: "SK_Rektor_12-2024", description: "SK Rektor 12-2024" });
  });

  it("reports a file of a type not allowed and a file whose title is too short, and still makes the others", async () => {
    const { ctx, categoryId } = await staff();
    const report = await uploadDocuments(
      ctx,
      batch(shared(categoryId), [pdf("Laporan Tahunan 2024.pdf"), { name: "halaman.html", data: "<!doctype html><html><body>x</body></html>", contentType: "text/html" }, pdf("a.pdf")]),
    );
    expect(report[0]).toMatchObject({ fileName: "Laporan Tahunan 2024.pdf", error: null });
    expect(report[1]).toMatchObject({ fileName: "halaman.html", uuid: null });
    expect(report[1]!.error).toBe(documentValidation.fileType);
    expect(report[2]).toMatchObject({ fileName: "a.pdf", uuid: null, error: documentValidation.titleMin });
    // Only the made document's object stays: nothing staged is left behind.
    const staged = await ctx.env.DB.prepare("SELECT COUNT(*) AS n FROM file_staging WHERE created_at >= ?").bind(new Date(Date.now() - 60_000).toISOString()).first<{ n: number }>();
    expect(staged!.n).toBe(0);
  });

  it("refuses wrong shared fields before a byte is stored, every problem at once", async () => {
    const { ctx, categoryId } = await staff();
    const before = await storageSnapshot();
    const error = await refusalOf(uploadDocuments(ctx, batch(shared(categoryId, { year: "1800", keywords: "" }), [pdf("Laporan Tahunan.pdf"), pdf("Laporan Bulanan.pdf")])));
    expect(error).toMatchObject({ status: 400 });
    expect(Object.keys(error!.fieldErrors ?? {}).sort()).toEqual(["keywords", "year"]);
    await expectNothingWritten(before);
  });

  it("refuses a batch the unit's quota has no room for, and one past the upload rate, leaving nothing", async () => {
    const tight = await staff({ unitQuotaBytes: 5_000 });
    const before = await storageSnapshot();
    const overQuota = await refusalOf(uploadDocuments(tight.ctx, batch(shared(tight.categoryId), [pdf("Laporan Satu.pdf", 3000), pdf("Laporan Dua.pdf", 3000)])));
    expect(overQuota).toMatchObject({ status: 413 });
    expect(overQuota!.message).toMatch(/sisa kuota/);
    await expectNothingWritten(before);

    const limited = await staff({ uploadsPer15Min: 2 });
    const overRate = await refusalOf(uploadDocuments(limited.ctx, batch(shared(limited.categoryId), [pdf("Laporan Satu.pdf"), pdf("Laporan Dua.pdf"), pdf("Laporan Tiga.pdf")])));
    expect(overRate).toMatchObject({ status: 429, message: documentFormMessages.uploadRateLimited });
    await expectNothingWritten(before);
  });

  it("refuses more than the batch's files, and a post without files", async () => {
    const { ctx, categoryId } = await staff({ uploadsPer15Min: 100 });
    const before = await storageSnapshot();
    const files = Array.from({ length: MAX_BULK_UPLOAD_FILES + 1 }, (_, index) => pdf(`Laporan Nomor ${index}.pdf`, 600));
    expect(await refusalOf(uploadDocuments(ctx, batch(shared(categoryId), files)))).toMatchObject({ status: 400, message: t.tooManyFiles(MAX_BULK_UPLOAD_FILES) });
    expect(await refusalOf(uploadDocuments(ctx, batch(shared(categoryId), [])))).toMatchObject({ status: 400, message: t.noFiles });
    await expectNothingWritten(before);
  });

  it("the same form posted twice makes its documents once", async () => {
    const { ctx, categoryId } = await staff();
    const fields = shared(categoryId);
    const first = await uploadDocuments(ctx, batch(fields, [pdf("Laporan Satu.pdf"), pdf("Laporan Dua.pdf")]));
    const again = await uploadDocuments(ctx, batch(fields, [pdf("Laporan Satu.pdf"), pdf("Laporan Dua.pdf")]));
    expect(again.map((row) => row.uuid)).toEqual(first.map((row) => row.uuid));
  });

  it("a viewer may not upload", async () => {
    const viewer = await createUser({ role: "Viewer" });
    const ctx = await serviceContext(viewer);
    const before = await storageSnapshot();
    expect(await refusalOf(uploadDocuments(ctx, batch(shared(1), [pdf("Laporan Satu.pdf")])))).toMatchObject({ status: 403 });
    await expectNothingWritten(before);
  });

  it("the API call: POST /api/v1/archives/batch answers the report, or refuses the batch whole", async () => {
    const unit = await createUnitKerja();
    const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const session = await login(user.username, user.password);
    const categoryId = (await createCategory()).id;
    const made = await sendMultipart("/api/v1/archives/batch", session, batchForm(shared(categoryId), [pdf("Laporan Semester Ganjil.pdf"), pdf("Laporan Semester Genap.pdf")]));
    expect(made.status, await made.clone().text()).toBe(200);
    const { data } = (await made.json()) as { data: { fileName: string; uuid: string | null; title: string | null; error: string | null }[] };
    expect(data.map((row) => [row.title, row.error])).toEqual([
      ["Laporan Semester Ganjil", null],
      ["Laporan Semester Genap", null],
    ]);
    const before = await storageSnapshot();
    await expectError(await sendMultipart("/api/v1/archives/batch", session, batchForm(shared(categoryId, { year: "abc" }), [pdf("Laporan Tiga.pdf")])), 400, documentValidation.yearNumber);
    await expectNothingWritten(before);
  });
});
