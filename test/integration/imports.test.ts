import { strToU8, zipSync, type Zippable } from "fflate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { importMessages } from "~/i18n/imports";
import type { ServiceContext } from "~/server/context.server";
import { cancelImport, createImport, getImport, runImport, type ImportView } from "~/server/imports/service.server";
import { KilledForTest, runJob } from "~/server/jobs/runner.server";
import { runMaintenance } from "~/server/jobs/maintenance.server";
import { IMPORT_UNRUN_KEPT_DAYS } from "~/domain/imports";
import { accessWorld, type AccessWorld } from "../support/worker/access-requests";
import { serviceContext, testClock, testJobContext } from "../support/worker/context";
import { r2Keys, sendMultipart } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { settledImport } from "../support/worker/imports";
import { call, unique, type SignedIn } from "../support/worker/http";
import { formBody, pdfBytes, sha256Hex } from "../support/worker/multipart";
import { createClassificationCode } from "../support/worker/factories";

/**
 * Import of a ZIP with a CSV manifest: the dry run checks every line and writes nothing else; a
 * clean one runs as a job through the one intake service (document, file, retention row, text
 * queued), all or nothing, exactly once after a kill, and a cancel removes what it made.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let world: AccessWorld;
let categoryName: string;
let code: string;
const HEADER = "documentNumber,title,year,category,classificationCode,securityClass,keywords,file";

beforeAll(async () => {
  world = await accessWorld();
  ({ code } = await createClassificationCode({ prefix: "IM", name: "Kode impor uji" }));
  categoryName = (await testEnv.DB.prepare("SELECT category_name FROM categories WHERE id = ?").bind(world.categoryId).first<{ category_name: string }>())!.category_name;
});

type Line = { number?: string; title?: string; year?: string; category?: string; code?: string; file?: string };
const csvLine = (line: Line) =>
  [line.number ?? unique("IMP"), line.title ?? "Surat Keputusan Dekan tentang Yudisium", line.year ?? "2021", line.category ?? categoryName, line.code ?? code, "TERBATAS", "yudisium, dekan", line.file ?? ""]
    .map((cell) => `"${cell.replace(/"/g, '""')}"`)
    .join(",");

/** A ZIP with `lines` as its manifest and the named files (deflated, as a person's ZIP tool does). */
function zipOf(lines: Line[], files: Record<string, Uint8Array>, manifest = "manifest.csv"): Uint8Array {
  const entries: Zippable = { [manifest]: strToU8([HEADER, ...lines.map(csvLine)].join("\r\n")) };
  for (const [name, bytes] of Object.entries(files)) entries[name] = bytes;
  return zipSync(entries, { level: 6 });
}

/** `count` lines, each with its own small PDF under scans/. */
function batch(count: number): { lines: Line[]; files: Record<string, Uint8Array> } {
  const lines: Line[] = [];
  const files: Record<string, Uint8Array> = {};
  for (let index = 0; index < count; index++) {
    const name = `SK-${index + 1}.pdf`;
    lines.push({ number: unique(`SK/${index + 1}`), file: name });
    files[`scans/${name}`] = pdfBytes(1500 + index);
  }
  return { lines, files };
}

const postZip = (session: SignedIn, zip: Uint8Array, name = "arsip.zip") => sendMultipart("/api/v1/imports", session, formBody({}, { filename: name, contentType: "application/zip", data: zip as Uint8Array<ArrayBuffer> }));

/** A context whose queue drops messages, so the test alone runs the job (and can kill it). */
async function quietContext(user: AccessWorld["owner"]["user"], clock = testClock()): Promise<ServiceContext> {
  const ctx = await serviceContext(user, clock);
  const silent = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue;
  return { ...ctx, env: { ...ctx.env, WORK_QUEUE: silent } };
}

const zipRequest = (zip: Uint8Array) => {
  const body = formBody({}, { filename: "arsip.zip", contentType: "application/zip", data: zip as Uint8Array<ArrayBuffer> });
  return new Request("http://earsip.test/api/v1/imports", { method: "POST", body: body.body, headers: { "content-type": body.contentType } });
};

const importedCount = async (importUuid: string) =>
  (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM archives a JOIN imports i ON i.id = a.import_id WHERE i.uuid = ?").bind(importUuid).first<{ n: number }>())!.n;
const archivesNumbered = async (numbers: string[]) =>
  (await testEnv.DB.prepare(`SELECT COUNT(*) AS n FROM archives WHERE document_number IN (${numbers.map(() => "?").join(",")})`).bind(...numbers).first<{ n: number }>())!.n;
const jobIdOf = async (jobUuid: string) => (await testEnv.DB.prepare("SELECT id FROM jobs WHERE uuid = ?").bind(jobUuid).first<{ id: number }>())!.id;

describe("import of a ZIP with a CSV manifest", () => {
  it("a clean dry run, then the run through the API makes each line a document as an upload would", async () => {
    const session = world.owner.session;
    const { lines, files } = batch(3);
    const zip = zipOf(lines, { ...files, "catatan.pdf": pdfBytes(900) });
    const dry = await postZip(session, zip);
    expect(dry.status).toBe(201);
    const checked = await dry.json<ImportView>();
    expect(checked).toMatchObject({ status: "CHECKED", lines: 3, files: 4, errorCount: 0, errors: [], encoding: "UTF-8" });
    expect(checked.warnings).toEqual([{ line: 0, message: importMessages.fileExtra("catatan.pdf") }]);
    // The dry run wrote no document.
    expect(await archivesNumbered(lines.map((line) => line.number!))).toBe(0);

    const started = await call(`/api/v1/imports/${checked.id}/run`, { method: "POST", cookie: session.cookie, ip: session.ip, csrfToken: session.csrfToken });
    expect(started.status).toBe(202);
    const { jobId } = await started.json<{ jobId: string }>();
    const done = await settledImport(session, checked.id);
    expect(done).toMatchObject({ status: "DONE", createdDocuments: 3, jobId });

    const rows = await testEnv.DB.prepare(
      `SELECT a.id, a.document_number, a.unit_kerja_id, a.uploader_id, a.sha256, a.r2_key, a.file_name, c.code,
              (SELECT COUNT(*) FROM archive_texts x WHERE x.archive_id = a.id) AS texts,
              (SELECT COUNT(*) FROM retention_states r WHERE r.archive_id = a.id) AS clocks
         FROM archives a LEFT JOIN classification_codes c ON c.id = a.classification_id
        WHERE a.document_number IN (?, ?, ?) ORDER BY a.id`,
    )
      .bind(...lines.map((line) => line.number!))
      .all<{ document_number: string; unit_kerja_id: number; uploader_id: number; sha256: string; r2_key: string; file_name: string; code: string; texts: number; clocks: number }>();
    expect(rows.results).toHaveLength(3);
    const keys = await r2Keys();
    for (const [index, row] of rows.results.entries()) {
      expect(row).toMatchObject({ unit_kerja_id: world.ownerUnit.id, uploader_id: world.owner.user.id, code, texts: 1, clocks: 1 });
      const line = lines.find((candidate) => candidate.number === row.document_number)!;
      expect(row.file_name).toBe(line.file);
      expect(row.sha256).toBe(await sha256Hex(files[`scans/${line.file}`]!));
      expect(keys).toContain(row.r2_key);
      expect(index).toBeGreaterThanOrEqual(0);
    }
    // The ZIP itself is gone once the import ended; nothing is left staged.
    expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM import_lines i JOIN imports m ON m.id = i.import_id WHERE m.uuid = ?").bind(checked.id).first<{ n: number }>())!.n).toBe(0);
    const job = await (await call(`/api/v1/jobs/${jobId}`, { cookie: session.cookie, ip: session.ip })).json<{ status: string; report: { outcome: string }[] }>();
    expect(job.status).toBe("DONE");
    expect(job.report.map((item) => item.outcome)).toEqual(["CREATED", "CREATED", "CREATED"]);

    // The same manifest again: every line is already there, so the dry run refuses it and nothing doubles.
    const again = await (await postZip(session, zip)).json<ImportView>();
    expect(again.status).toBe("INVALID");
    expect(again.errors).toEqual([2, 3, 4].map((line) => ({ line, message: importMessages.duplicateExisting })));
    expect(await archivesNumbered(lines.map((line) => line.number!))).toBe(3);
    const refused = await call(`/api/v1/imports/${again.id}/run`, { method: "POST", cookie: session.cookie, ip: session.ip, csrfToken: session.csrfToken });
    expect(refused.status).toBe(409);
  });

  it("a dry run with one bad line of each kind lists them by line and writes nothing", async () => {
    const session = world.owner.session;
    const taken = unique("SK/TAKEN");
    // A document that exists already with the number of line 9.
    const { files } = batch(1);
    const first = await (await postZip(session, zipOf([{ number: taken, file: "SK-1.pdf" }], files))).json<ImportView>();
    await call(`/api/v1/imports/${first.id}/run`, { method: "POST", cookie: session.cookie, ip: session.ip, csrfToken: session.csrfToken });
    expect((await settledImport(session, first.id)).status).toBe("DONE");

    const keysBefore = (await r2Keys()).length;
    const twin = unique("SK/TWIN");
    const bad: Line[] = [
      { title: "", file: "a.pdf" }, // line 2: no title
      { year: "20x1", file: "b.pdf" }, // 3: year not a number
      { code: "ZZ.99.99", file: "c.pdf" }, // 4: unknown code
      { category: "Kategori Tak Ada", file: "d.pdf" }, // 5: unknown category
      { file: "hilang.pdf" }, // 6: file not in the ZIP
      { number: twin, file: "e.pdf" }, // 7
      { number: twin, file: "f.pdf" }, // 8: same number as line 7
      { number: taken, file: "g.pdf" }, // 9: number already in the archive
      { file: "program.exe" }, // 10: a type not allowed
    ];
    const zip = zipOf(bad, {
      ...Object.fromEntries(["a", "b", "c", "d", "e", "f", "g"].map((name) => [`${name}.pdf`, pdfBytes(800)])),
      "program.exe": new Uint8Array([0x4d, 0x5a, 0, 0]),
    });
    const view = await (await postZip(session, zip)).json<ImportView>();
    expect(view.status).toBe("INVALID");
    const byLine = Object.fromEntries(view.errors.map((error) => [error.line, error.message]));
    expect(Object.keys(byLine).map(Number)).toEqual([2, 3, 4, 5, 6, 8, 9, 10]);
    expect(byLine[4]).toMatch(/klasifikasi/i);
    expect(byLine[5]).toBe(importMessages.categoryUnknown("Kategori Tak Ada"));
    expect(byLine[6]).toBe(importMessages.fileMissing("hilang.pdf"));
    expect(byLine[8]).toBe(importMessages.duplicateInFile(7));
    expect(byLine[9]).toBe(importMessages.duplicateExisting);
    expect(byLine[10]).toBe(importMessages.fileTypeNotAllowed("program.exe"));
    expect(await archivesNumbered([twin])).toBe(0);
    // The refused ZIP was not kept.
    expect((await r2Keys()).length).toBe(keysBefore);
    expect((await call(`/api/v1/imports/${view.id}/run`, { method: "POST", cookie: session.cookie, ip: session.ip, csrfToken: session.csrfToken })).status).toBe(409);
  });

  it("a ZIP without a manifest, or not a ZIP at all, is refused with the reason", async () => {
    const session = world.owner.session;
    const noManifest = await postZip(session, zipSync({ "a.pdf": pdfBytes(500) }));
    expect(noManifest.status).toBe(400);
    expect((await noManifest.json<{ message: string }>()).message).toBe(importMessages.noManifest);
    const notZip = await postZip(session, pdfBytes(500), "arsip.zip");
    expect(notZip.status).toBe(400);
    expect((await notZip.json<{ message: string }>()).message).toBe(importMessages.sourceType);
  });

  it("a Viewer may not import", async () => {
    const response = await postZip(world.viewer.session, zipOf([], {}));
    expect(response.status).toBe(403);
  });

  it("an interruption mid-import resumes and makes each document exactly once", async () => {
    const clock = testClock();
    const ctx = await quietContext(world.owner.user, clock);
    const { lines, files } = batch(12);
    const view = await createImport(ctx, zipRequest(zipOf(lines, files)));
    expect(view.status).toBe("CHECKED");
    const { jobId } = await runImport(ctx, view.id);
    const id = await jobIdOf(jobId);
    // The first slice makes its ten documents, then dies before its batch records the progress.
    await expect(
      runJob(ctx, id, {
        beforeCommit: () => {
          throw new KilledForTest("killed");
        },
      }),
    ).rejects.toThrow(KilledForTest);
    expect(await importedCount(view.id)).toBe(10);
    clock.advance(3 * 60_000);
    expect(await runJob(ctx, id, { budgetMs: 300_000 })).toBe("done");
    expect((await getImport(ctx, view.id)).status).toBe("DONE");
    expect(await importedCount(view.id)).toBe(12);
    expect(await archivesNumbered(lines.map((line) => line.number!))).toBe(12);
    const items = await testEnv.DB.prepare("SELECT COUNT(DISTINCT subject) AS n FROM job_items WHERE job_id = ?").bind(id).first<{ n: number }>();
    expect(items!.n).toBe(12);
    expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM file_staging").first<{ n: number }>())!.n).toBe(0);
  });

  it("a cancelled import leaves no document, row or object", async () => {
    const clock = testClock();
    const ctx = await quietContext(world.owner.user, clock);
    const keysBefore = new Set(await r2Keys());
    const { lines, files } = batch(12);
    const view = await createImport(ctx, zipRequest(zipOf(lines, files)));
    const { jobId } = await runImport(ctx, view.id);
    expect(await runJob(ctx, await jobIdOf(jobId), { maxSlices: 1 })).toBe("paused");
    expect(await importedCount(view.id)).toBe(10);
    // The runner that made them stopped holding its lease (as a Worker past its time does).
    clock.advance(3 * 60_000);
    const cancelled = await cancelImport(ctx, view.id, { budgetMs: 300_000 });
    expect(cancelled.status).toBe("CANCELLED");
    expect(await importedCount(view.id)).toBe(0);
    expect(await archivesNumbered(lines.map((line) => line.number!))).toBe(0);
    expect((await r2Keys()).filter((key) => !keysBefore.has(key))).toEqual([]);
    const audit = await testEnv.DB.prepare("SELECT action FROM audit_logs WHERE target_id = ? ORDER BY id").bind(view.id).all<{ action: string }>();
    expect(audit.results.map((row) => row.action)).toEqual(["IMPORT_START", "IMPORT_ROLLBACK"]);
    // A cancelled import cannot be cancelled or run again.
    await expect(cancelImport(ctx, view.id)).rejects.toThrow(importMessages.notCancellable);
    await expect(runImport(ctx, view.id)).rejects.toThrow(importMessages.notRunnable);
  });

  it("the unit's quota is checked for the whole batch before a byte is copied", async () => {
    const ctx = await quietContext(world.colleague.user);
    const { lines, files } = batch(3);
    const view = await createImport(ctx, zipRequest(zipOf(lines, files)));
    const used = (await testEnv.DB.prepare("SELECT bytes FROM unit_storage WHERE unit_kerja_id = ?").bind(world.ownerUnit.id).first<{ bytes: number }>())?.bytes ?? 0;
    const tight = { ...ctx, config: { ...ctx.config, unitQuotaBytes: used + 2000 } };
    await expect(runImport(tight, view.id)).rejects.toMatchObject({ status: 413 });
    expect((await getImport(ctx, view.id)).status).toBe("CHECKED");
    expect(await importedCount(view.id)).toBe(0);
  });

  it("a dry run never run gives up its ZIP after the kept days, once, and its page says to upload again", async () => {
    const clock = testClock();
    const ctx = await quietContext(world.owner.user, clock);
    const { lines, files } = batch(2);
    const view = await createImport(ctx, zipRequest(zipOf(lines, files)));
    expect(view.status).toBe("CHECKED");
    const state = () =>
      testEnv.DB.prepare("SELECT i.status, i.source_key, (SELECT COUNT(*) FROM import_lines l WHERE l.import_id = i.id) AS lines FROM imports i WHERE i.uuid = ?")
        .bind(view.id)
        .first<{ status: string; source_key: string | null; lines: number }>();
    const zipKey = (await state())!.source_key!;
    expect(await r2Keys()).toContain(zipKey);
    const day = 86_400_000;
    // A day short of the limit: kept.
    clock.advance((IMPORT_UNRUN_KEPT_DAYS - 1) * day);
    await runMaintenance(testJobContext("maintenance", clock));
    expect(await state()).toEqual({ status: "CHECKED", source_key: zipKey, lines: 2 });
    clock.advance(day + 60_000);
    const first = await runMaintenance(testJobContext("maintenance", clock));
    expect(first.importsExpired).toBeGreaterThanOrEqual(1);
    expect(await state()).toEqual({ status: "CANCELLED", source_key: null, lines: 0 });
    expect(await r2Keys()).not.toContain(zipKey);
    const expired = await getImport(ctx, view.id);
    expect(expired).toMatchObject({ status: "CANCELLED", error: importMessages.expired(IMPORT_UNRUN_KEPT_DAYS) });
    await expect(runImport(ctx, view.id)).rejects.toThrow(importMessages.notRunnable);
    // Idempotent: the next run finds nothing more to do.
    clock.advance(60_000);
    expect((await runMaintenance(testJobContext("maintenance", clock))).importsExpired).toBe(0);
    expect(await getImport(ctx, view.id)).toEqual(expired);
  });
});
