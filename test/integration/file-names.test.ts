import { createScheduledController } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { archiveRow, documentFields, postDocument } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { uploadWorld } from "../support/worker/factories";
import { call, type SignedIn } from "../support/worker/http";
import { pdfBytes, pngBytes } from "../support/worker/multipart";

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

let categoryId: number;
let staff: SignedIn;

beforeAll(async () => {
  ({ categoryId, staff } = await uploadWorld());
});

async function upload(filename: string, data = pdfBytes(), contentType = "application/pdf") {
  const response = await postDocument(staff, { fields: documentFields(categoryId), file: { filename, data, contentType } });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text).data as { uuid: string; fileName: string };
}

describe("stored and served file names", () => {
  it.each([
    ["laporan.hta", "laporan.hta.pdf"],
    ["setup.exe", "setup.exe.pdf"],
    ["jalankan.bat", "jalankan.bat.pdf"],
    ["halaman.xhtml", "halaman.xhtml.pdf"],
    ["arsip.mhtml", "arsip.mhtml.pdf"],
    ["tanpa-ekstensi", "tanpa-ekstensi.pdf"],
    ["laporan\u202Efdp.exe", "laporanfdp.exe.pdf"],
    ["nota\u200B\u2028dinas\u2066.pdf", "notadinas.pdf"],
    ["lap\u00ADoran\u3164 akhir\u180E.pdf", "laporan akhir.pdf"],
    ["Laporan.PDF", "Laporan.PDF"],
  ])("%j holding a PDF is stored and served as %j", async (sent, expected) => {
    const { uuid, fileName } = await upload(sent);
    expect(fileName).toBe(expected);
    expect((await archiveRow(uuid))!.file_name).toBe(expected);

    const download = await call(`/api/v1/archives/${uuid}/download`, { cookie: staff.cookie, ip: staff.ip });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent(expected)}`);
    await download.arrayBuffer();
  });

  it("a PNG without an extension gets .png", async () => {
    const { fileName } = await upload("pindaian", pngBytes(), "image/png");
    expect(fileName).toBe("pindaian.png");
  });
});

describe("scheduled sweep of uploads that died half way", () => {
  it("aborts the open R2 multipart upload recorded with a stale staging row", async () => {
    const key = `archives/died-${crypto.randomUUID()}`;
    const upload = await testEnv.FILES.createMultipartUpload(key);
    const part = await upload.uploadPart(1, new Uint8Array(5 * 1024 * 1024 + 1));
    await testEnv.DB.prepare("INSERT INTO file_staging (r2_key, created_at, upload_id) VALUES (?, ?, ?)")
      .bind(key, new Date(Date.now() - 7 * 3600_000).toISOString(), upload.uploadId)
      .run();

    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/30 * * * *" }), testEnv);

    // An aborted upload can no longer be completed; its key never appears.
    await expect(testEnv.FILES.resumeMultipartUpload(key, upload.uploadId).complete([part])).rejects.toThrow();
    expect(await testEnv.FILES.head(key)).toBeNull();
    expect(await testEnv.DB.prepare("SELECT 1 FROM file_staging WHERE r2_key = ?").bind(key).first()).toBeNull();
  });
});
