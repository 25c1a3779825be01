import { extractText, getDocumentProxy } from "unpdf";
import { beforeEach, describe, expect, it } from "vitest";
import { ForbiddenError, NotFoundError, UnauthenticatedError } from "~/domain/errors";
import { runBatch } from "~/server/db/batch.server";
import { listSha256Of, renderBeritaAcaraPdf, type BeritaAcaraItem } from "~/server/disposal/berita-acara-pdf.server";
import {
  discardBeritaAcara,
  getBeritaAcaraVerification,
  openBeritaAcaraPdf,
  storeBeritaAcara,
  type NewBeritaAcara,
} from "~/server/disposal/berita-acara.server";
import { fileResponse } from "~/server/http/file-response.server";
import { sweepStagedFiles } from "~/server/jobs/maintenance.server";
import { serviceContext, testClock, testJobContext } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { createUnitKerja, createUser, type CreatedUser } from "../support/worker/factories";
import { unique } from "../support/worker/http";

/**
 * A Berita Acara as the execution stores it (render, `storeBeritaAcara`, its steps in the
 * execution's batch), then read back: the public verification data, the staff download through
 * the shared file helper, and what the sweep does with a PDF whose batch never ran.
 */

const SECRET_TITLE = "Surat rahasia pengangkatan pejabat";

/** A disposal list whose items belong to `units` (one item each), as the disposal workspace builds it. */
async function createList(units: (number | null)[]): Promise<{ listId: number; items: BeritaAcaraItem[] }> {
  const now = new Date().toISOString();
  const list = await testEnv.DB.prepare("INSERT INTO disposal_lists (uuid, kind, number, created_at) VALUES (?, 'MUSNAH', ?, ?) RETURNING id")
    .bind(crypto.randomUUID(), unique("DAUM"), now)
    .first<{ id: number }>();
  const items = units.map((_, index) => ({
    position: index + 1,
    classificationCode: "KU.01.02",
    title: `${SECRET_TITLE} ${index + 1}`,
    documentNumber: `SK/${index + 1}/2010`,
    year: 2010,
    fileCount: 1,
  }));
  await testEnv.DB.batch(
    units.map((unitKerjaId, index) =>
      testEnv.DB.prepare(
        `INSERT INTO disposal_items (list_id, position, archive_id, archive_uuid, unit_kerja_id, classification_code, title,
           document_number, year, file_count, retention_years, snapshot_sha256, decision, outcome)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 10, 'x', 'SETUJUI', 'DONE')`,
      ).bind(list!.id, index + 1, 100_000 + index, crypto.randomUUID(), unitKerjaId, items[index]!.classificationCode, items[index]!.title, items[index]!.documentNumber, 2010, 1),
    ),
  );
  return { listId: list!.id, items };
}

async function renderFor(listId: number, items: BeritaAcaraItem[]) {
  const uuid = crypto.randomUUID();
  const listSha256 = await listSha256Of(items);
  const row: NewBeritaAcara = { uuid, listId, kind: "PEMUSNAHAN", number: unique("BA-MUSNAH/2026"), issuedOn: "2026-11-26", place: "Jakarta", itemCount: items.length, listSha256 };
  const bytes = await renderBeritaAcaraPdf({
    kind: row.kind,
    number: row.number,
    issuedOn: row.issuedOn,
    place: row.place,
    institution: "Universitas Contoh",
    listNumber: "DAUM/2026/0001",
    anriLetter: null,
    items,
    signatories: [{ role: "Pelaksana", name: "Budi Santoso" }],
    listSha256,
    verificationUrl: `http://earsip.test/verifikasi/${uuid}`,
  });
  return { row, bytes };
}

const sha256Hex = async (bytes: ArrayBuffer | Uint8Array) =>
  Buffer.from(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>)).toString("hex");
const stagingRowOf = (key: string) => testEnv.DB.prepare("SELECT r2_key FROM file_staging WHERE r2_key = ?").bind(key).first();

/** Render, store and record a Berita Acara for a list of items of `units`: what the execution does. */
async function executedBeritaAcara(units: (number | null)[]) {
  const { listId, items } = await createList(units);
  const { row, bytes } = await renderFor(listId, items);
  const ctx = await serviceContext(null);
  const stored = await storeBeritaAcara(ctx, row, bytes);
  await runBatch(testEnv.DB, stored.steps);
  return { row, bytes, stored, items };
}

let unit: { id: number };
let otherUnit: { id: number };
let admin: CreatedUser;
let unitStaff: CreatedUser;
let otherStaff: CreatedUser;
let viewer: CreatedUser;

beforeEach(async () => {
  unit = await createUnitKerja();
  otherUnit = await createUnitKerja();
  admin = await createUser({ role: "Super Admin" });
  unitStaff = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
  otherStaff = await createUser({ role: "Satuan Kerja", unitKerjaId: otherUnit.id });
  viewer = await createUser({ role: "Viewer" });
});

describe("storeBeritaAcara", () => {
  it("puts the PDF under berita-acara/, registered in file_staging until the execution's batch records it", async () => {
    const { listId, items } = await createList([unit.id]);
    const { row, bytes } = await renderFor(listId, items);
    const ctx = await serviceContext(null);
    const stored = await storeBeritaAcara(ctx, row, bytes);
    expect(stored.r2Key).toBe(`berita-acara/${row.uuid}.pdf`);
    expect(stored.pdfSha256).toBe(await sha256Hex(bytes));
    expect(stored.size).toBe(bytes.byteLength);
    const object = await testEnv.FILES.get(stored.r2Key);
    expect(object?.httpMetadata?.contentType).toBe("application/pdf");
    expect(await sha256Hex(await object!.arrayBuffer())).toBe(stored.pdfSha256);
    expect(await stagingRowOf(stored.r2Key)).not.toBeNull();

    await runBatch(testEnv.DB, stored.steps);
    expect(await stagingRowOf(stored.r2Key)).toBeNull();
    const recorded = await testEnv.DB.prepare("SELECT list_id, kind, number, item_count, list_sha256, r2_key, pdf_sha256 FROM berita_acara WHERE uuid = ?")
      .bind(row.uuid)
      .first();
    expect(recorded).toEqual({
      list_id: listId,
      kind: "PEMUSNAHAN",
      number: row.number,
      item_count: 1,
      list_sha256: row.listSha256,
      r2_key: stored.r2Key,
      pdf_sha256: stored.pdfSha256,
    });
  });

  it("leaves no orphan when the batch fails: the registered object is swept after the grace period, a recorded one never", async () => {
    const recorded = await executedBeritaAcara([unit.id]);
    // A second Berita Acara for the same list: its batch is refused (one Berita Acara per list).
    const { row, bytes } = await renderFor(recorded.row.listId, recorded.items);
    const ctx = await serviceContext(null);
    const failed = await storeBeritaAcara(ctx, row, bytes);
    await expect(runBatch(testEnv.DB, failed.steps)).rejects.toThrow();
    expect(await stagingRowOf(failed.r2Key)).not.toBeNull();
    // A stale staging row naming the recorded object (bookkeeping left behind): the object stays.
    await testEnv.DB.prepare("INSERT INTO file_staging (r2_key, created_at) VALUES (?, ?)").bind(recorded.stored.r2Key, new Date().toISOString()).run();

    const later = testClock(new Date(Date.now() + 7 * 60 * 60 * 1000));
    await sweepStagedFiles(testJobContext("maintenance", later));
    expect(await testEnv.FILES.head(failed.r2Key)).toBeNull();
    expect(await stagingRowOf(failed.r2Key)).toBeNull();
    expect(await testEnv.FILES.head(recorded.stored.r2Key)).not.toBeNull();
    expect(await stagingRowOf(recorded.stored.r2Key)).toBeNull();
  });

  it("discardBeritaAcara removes the object and its registration at once", async () => {
    const { listId, items } = await createList([unit.id]);
    const { row, bytes } = await renderFor(listId, items);
    const ctx = await serviceContext(null);
    const stored = await storeBeritaAcara(ctx, row, bytes);
    await discardBeritaAcara(ctx, stored);
    expect(await testEnv.FILES.head(stored.r2Key)).toBeNull();
    expect(await stagingRowOf(stored.r2Key)).toBeNull();
  });
});

describe("getBeritaAcaraVerification", () => {
  it("shows kind, number, date, place, count and both hashes, the list hash as printed in the PDF, and nothing private", async () => {
    const { row, bytes, stored } = await executedBeritaAcara([unit.id, otherUnit.id]);
    const view = await getBeritaAcaraVerification(await serviceContext(null), row.uuid);
    expect(view).toEqual({
      uuid: row.uuid,
      kind: "PEMUSNAHAN",
      number: row.number,
      issuedOn: "2026-11-26",
      place: "Jakarta",
      itemCount: 2,
      listSha256: row.listSha256,
      pdfSha256: stored.pdfSha256,
    });
    expect(JSON.stringify(view)).not.toContain(SECRET_TITLE);
    // The stored object is the PDF whose hash the page shows, and that PDF prints the same list hash.
    const object = await testEnv.FILES.get(stored.r2Key);
    const storedBytes = new Uint8Array(await object!.arrayBuffer());
    expect(await sha256Hex(storedBytes)).toBe(view.pdfSha256);
    expect(storedBytes).toEqual(bytes);
    const { text } = await extractText(await getDocumentProxy(storedBytes), { mergePages: true });
    expect(text.replace(/\s+/g, " ")).toContain(view.listSha256);
    expect(text).toContain(`/verifikasi/${row.uuid}`);
  });

  it("is NotFound for an unknown or malformed uuid", async () => {
    const ctx = await serviceContext(null);
    await expect(getBeritaAcaraVerification(ctx, crypto.randomUUID())).rejects.toBeInstanceOf(NotFoundError);
    await expect(getBeritaAcaraVerification(ctx, "not-a-uuid")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("openBeritaAcaraPdf", () => {
  it("serves the stored PDF to Super Admin through the file helper (ranges, ETag)", async () => {
    const { row, bytes, stored } = await executedBeritaAcara([unit.id, otherUnit.id]);
    const grant = await openBeritaAcaraPdf(await serviceContext(admin), row.uuid);
    const response = await fileResponse(testEnv.FILES, grant, { range: null, ifNoneMatch: null });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Berita-Acara-BA-MUSNAH-2026/);
    expect(response.headers.get("ETag")).toBe(`"${stored.pdfSha256}"`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    const range = await fileResponse(testEnv.FILES, grant, { range: "bytes=0-4", ifNoneMatch: null });
    expect(range.status).toBe(206);
    expect(new TextDecoder().decode(await range.arrayBuffer())).toBe("%PDF-");
  });

  it("lets a Satuan Kerja member have it only when every item of the list is its unit's; never a Viewer or a visitor", async () => {
    const own = await executedBeritaAcara([unit.id, unit.id]);
    const mixed = await executedBeritaAcara([unit.id, otherUnit.id]);
    expect((await openBeritaAcaraPdf(await serviceContext(unitStaff), own.row.uuid)).file.key).toBe(own.stored.r2Key);
    await expect(openBeritaAcaraPdf(await serviceContext(unitStaff), mixed.row.uuid)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(openBeritaAcaraPdf(await serviceContext(otherStaff), own.row.uuid)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(openBeritaAcaraPdf(await serviceContext(viewer), own.row.uuid)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(openBeritaAcaraPdf(await serviceContext(null), own.row.uuid)).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(openBeritaAcaraPdf(await serviceContext(admin), crypto.randomUUID())).rejects.toBeInstanceOf(NotFoundError);
  });
});
