import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { documentFormMessages } from "~/i18n/document-form";
import { importMessages } from "~/i18n/imports";
import type { ImportView } from "~/server/imports/service.server";
import { IMPORT_MAX_PART_BYTES } from "~/domain/imports";
import { IMPORT_UPLOAD_KEPT_HOURS, startImportUpload } from "~/server/imports/uploads.server";
import { runMaintenance } from "~/server/jobs/maintenance.server";
import { accessWorld, type AccessWorld } from "../support/worker/access-requests";
import { serviceContext, testClock, testJobContext } from "../support/worker/context";
import { r2Keys } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { settledImport } from "../support/worker/imports";
import { call, callWithEnv, unique, type SignedIn } from "../support/worker/http";
import { pdfBytes } from "../support/worker/multipart";
import { createClassificationCode } from "../support/worker/factories";

/**
 * A ZIP larger than one post goes to R2 in parts (an R2 multipart upload whose state D1 keeps
 * between requests), then gets the same dry run and run as a posted ZIP. Every refusal leaves
 * nothing in R2; an upload left unfinished is aborted a day later.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const MIB = 1024 * 1024;
let world: AccessWorld;
let categoryName: string;
let code: string;

beforeAll(async () => {
  world = await accessWorld();
  ({ code } = await createClassificationCode({ prefix: "IU", name: "Kode impor bagian" }));
  categoryName = (await testEnv.DB.prepare("SELECT category_name FROM categories WHERE id = ?").bind(world.categoryId).first<{ category_name: string }>())!.category_name;
});

/** A ZIP of two lines, one of them an ~11 MiB scan stored (not compressible, as scans are). */
function bigZip(): { zip: Uint8Array; numbers: string[] } {
  const numbers = [unique("SKB/1"), unique("SKB/2")];
  const manifest = [
    "documentNumber,title,year,category,classificationCode,securityClass,keywords,file",
    `"${numbers[0]}","Surat Keputusan Rektor tentang Wisuda","2020","${categoryName}","${code}","TERBATAS","wisuda","besar.pdf"`,
    `"${numbers[1]}","Surat Keputusan Dekan tentang Yudisium","2021","${categoryName}","${code}","TERBATAS","yudisium","kecil.pdf"`,
  ].join("\r\n");
  const zip = zipSync({ "manifest.csv": strToU8(manifest), "besar.pdf": [pdfBytes(11 * MIB), { level: 0 }], "kecil.pdf": pdfBytes(2000) }, { level: 6 });
  return { zip, numbers };
}

const write = (session: SignedIn) => ({ cookie: session.cookie, ip: session.ip, csrfToken: session.csrfToken });
const start = (session: SignedIn, body: Record<string, unknown>) => call("/api/v1/imports/uploads", { method: "POST", json: body, ...write(session) });
const sendPart = (session: SignedIn, uploadId: string, part: number, bytes: Uint8Array) =>
  call(`/api/v1/imports/uploads/${uploadId}/parts/${part}`, { method: "PUT", body: bytes as Uint8Array<ArrayBuffer>, headers: { "content-type": "application/octet-stream" }, ...write(session) });
const complete = (session: SignedIn, uploadId: string) => call(`/api/v1/imports/uploads/${uploadId}/complete`, { method: "POST", ...write(session) });
const abort = (session: SignedIn, uploadId: string) => call(`/api/v1/imports/uploads/${uploadId}/abort`, { method: "POST", ...write(session) });

type Upload = { uploadId: string; partSize: number; parts: number };

async function started(session: SignedIn, bytes: Uint8Array, fileName = "arsip-besar.zip"): Promise<Upload> {
  const response = await start(session, { fileName, size: bytes.byteLength });
  expect(response.status).toBe(201);
  return response.json<Upload>();
}

/** Every part of `bytes` (all but `skip`) sent in order. */
async function sendAll(session: SignedIn, upload: Upload, bytes: Uint8Array, skip?: number): Promise<void> {
  for (let part = 1; part <= upload.parts; part++) {
    if (part === skip) continue;
    const response = await sendPart(session, upload.uploadId, part, bytes.subarray((part - 1) * upload.partSize, part * upload.partSize));
    expect(response.status).toBe(200);
  }
}

const uploadRows = async () => (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM import_uploads").first<{ n: number }>())!.n;
const uploadCount = async (userId: number) =>
  (await testEnv.DB.prepare("SELECT count FROM rate_limits WHERE key = ?").bind(`upload:${userId}`).first<{ count: number }>())?.count ?? 0;

/** R2 refuses a part for a multipart upload that no longer exists. */
async function multipartGone(uploadUuid: string, stored: { r2_key: string; r2_upload_id: string }): Promise<boolean> {
  expect(uploadUuid).toBeTruthy();
  try {
    await testEnv.FILES.resumeMultipartUpload(stored.r2_key, stored.r2_upload_id).uploadPart(1, new Uint8Array(5 * MIB));
    return false;
  } catch {
    return true;
  }
}
const storedUpload = (uuid: string) => testEnv.DB.prepare("SELECT r2_key, r2_upload_id FROM import_uploads WHERE uuid = ?").bind(uuid).first<{ r2_key: string; r2_upload_id: string }>();

describe("a large import ZIP uploaded in parts", () => {
  it("an ~11 MiB ZIP in 5 MiB parts dry-runs and runs like a posted one; the rate limit counts it once", async () => {
    const session = world.owner.session;
    const { zip, numbers } = bigZip();
    expect(zip.byteLength).toBeGreaterThan(11 * MIB);
    const keysBefore = await r2Keys();
    const countBefore = await uploadCount(world.owner.user.id);
    const upload = await started(session, zip);
    expect(upload).toMatchObject({ partSize: 5 * MIB, parts: 3 });
    await sendAll(session, upload, zip);
    const dry = await complete(session, upload.uploadId);
    expect(dry.status).toBe(201);
    const view = await dry.json<ImportView>();
    expect(view).toMatchObject({ status: "CHECKED", sourceName: "arsip-besar.zip", lines: 2, files: 2, errorCount: 0 });
    expect(await uploadCount(world.owner.user.id)).toBe(countBefore + 1);
    // The upload's state is gone; the ZIP now belongs to the import.
    expect(await storedUpload(upload.uploadId)).toBeNull();
    expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM file_staging f JOIN imports i ON i.source_key = f.r2_key WHERE i.uuid = ?").bind(view.id).first<{ n: number }>())!.n).toBe(0);

    const run = await call(`/api/v1/imports/${view.id}/run`, { method: "POST", ...write(session) });
    expect(run.status).toBe(202);
    expect(await settledImport(session, view.id)).toMatchObject({ status: "DONE", createdDocuments: 2 });
    const sizes = await testEnv.DB.prepare("SELECT document_number, file_size FROM archives WHERE document_number IN (?, ?) ORDER BY document_number")
      .bind(...numbers)
      .all<{ document_number: string; file_size: number }>();
    expect(sizes.results.map((row) => row.file_size).sort((a, b) => a - b)).toEqual([2000, 11 * MIB]);
    // Only the two documents' files were added; the ZIP itself left R2 when the import ended.
    expect((await r2Keys()).filter((key) => !keysBefore.includes(key))).toHaveLength(2);
  });

  it("refuses a wrong part size, a missing part, another user's upload and a non-ZIP, leaving nothing in R2", async () => {
    const session = world.owner.session;
    const keysBefore = await r2Keys();
    const { zip } = bigZip();
    const upload = await started(session, zip);

    // A part of the wrong size (the last one too long, then a middle one short) is not stored.
    const last = zip.byteLength - 2 * upload.partSize;
    const longer = new Uint8Array(last + 1);
    longer.set(zip.subarray(2 * upload.partSize));
    const tooLong = await sendPart(session, upload.uploadId, 3, longer);
    expect(tooLong.status, "too long").toBe(400);
    expect((await tooLong.json<{ message: string }>()).message).toBe(importMessages.partSizeWrong(3, last, last + 1));
    const short = await sendPart(session, upload.uploadId, 1, zip.subarray(0, 1000));
    expect(short.status, "short").toBe(400);
    expect((await short.json<{ message: string }>()).message).toBe(importMessages.partSizeWrong(1, upload.partSize, 1000));
    expect((await sendPart(session, upload.uploadId, 4, zip.subarray(0, 10))).status, "part 4").toBe(400);
    // A body beyond the largest part any upload asks for is cut off at the door.
    expect(IMPORT_MAX_PART_BYTES).toBe(6 * MIB);
    expect((await sendPart(session, upload.uploadId, 1, new Uint8Array(IMPORT_MAX_PART_BYTES + 1))).status, "over the cap").toBe(413);

    // Another user cannot send, finish or abort it.
    const stranger = world.requester.session;
    expect((await sendPart(stranger, upload.uploadId, 1, zip.subarray(0, upload.partSize))).status).toBe(404);
    expect((await complete(stranger, upload.uploadId)).status).toBe(404);
    expect((await abort(stranger, upload.uploadId)).status).toBe(404);

    // A missing part is named; the upload stays open for it.
    await sendAll(session, upload, zip, 2);
    const missing = await complete(session, upload.uploadId);
    expect(missing.status, "missing").toBe(400);
    expect((await missing.json<{ message: string }>()).message).toBe(importMessages.partsMissing([2]));
    const stored = (await storedUpload(upload.uploadId))!;
    expect(stored).not.toBeNull();

    // Abort: the parts are dropped, the upload is gone.
    const aborted = await abort(session, upload.uploadId);
    expect(aborted.status).toBe(200);
    expect(await aborted.json()).toEqual({ uploadId: upload.uploadId, aborted: true });
    expect(await storedUpload(upload.uploadId)).toBeNull();
    expect(await multipartGone(upload.uploadId, stored)).toBe(true);
    expect((await complete(session, upload.uploadId)).status).toBe(404);

    // Not a ZIP: joined, found not to be one, deleted.
    const notZip = pdfBytes(6 * MIB);
    const other = await started(session, notZip, "bukan.zip");
    await sendAll(session, other, notZip);
    const refused = await complete(session, other.uploadId);
    expect(refused.status, "not a zip").toBe(400);
    expect((await refused.json<{ message: string }>()).message).toBe(importMessages.sourceType);

    expect(await r2Keys()).toEqual(keysBefore);
    expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM import_uploads WHERE uuid IN (?, ?)").bind(upload.uploadId, other.uploadId).first<{ n: number }>())!.n).toBe(0);
  });

  it("refuses a start beyond 5 GB, beyond the unit's quota, or without a ZIP's name, before anything is stored", async () => {
    const session = world.owner.session;
    const rows = await uploadRows();
    const tooLarge = await start(session, { fileName: "arsip.zip", size: 5 * 1024 ** 3 + 1 });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json<{ message: string }>()).message).toBe(importMessages.uploadTooLarge(5));
    // A unit quota of 10 MB takes no 20 MiB ZIP.
    const overQuota = await callWithEnv({ UNIT_QUOTA_GB: "0.01" }, "/api/v1/imports/uploads", { method: "POST", json: { fileName: "arsip.zip", size: 20 * MIB }, ...write(session) });
    expect(overQuota.status).toBe(413);
    expect((await overQuota.json<{ message: string }>()).message).toBe(documentFormMessages.quotaExceeded);
    expect((await start(session, { fileName: "arsip.csv", size: 100 })).status).toBe(400);
    expect((await start(session, { fileName: "arsip.zip", size: 0 })).status).toBe(400);
    expect(await uploadRows()).toBe(rows);
  });

  it("an upload left unfinished is aborted by the maintenance job after 24 hours", async () => {
    const clock = testClock();
    const ctx = await serviceContext(world.owner.user, clock);
    const upload = await startImportUpload(ctx, { fileName: "lupa.zip", size: 12 * MIB });
    const stored = (await storedUpload(upload.uploadId))!;
    clock.advance((IMPORT_UPLOAD_KEPT_HOURS - 1) * 3_600_000);
    await runMaintenance(testJobContext("maintenance", clock));
    expect(await storedUpload(upload.uploadId)).not.toBeNull();
    clock.advance(3_600_000 + 60_000);
    const report = await runMaintenance(testJobContext("maintenance", clock));
    expect(report.importUploadsAborted).toBeGreaterThanOrEqual(1);
    expect(await storedUpload(upload.uploadId)).toBeNull();
    expect(await multipartGone(upload.uploadId, stored)).toBe(true);
  });
});
