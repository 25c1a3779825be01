import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DocumentView } from "~/domain/documents";
import { documentMessages } from "~/i18n/documents";
import { importMessages } from "~/i18n/imports";
import type { ImportView } from "~/server/imports/service.server";
import { runFixityChecks } from "~/server/fixity/service.server";
import { enqueuePendingTexts } from "~/server/text-extraction/service.server";
import type { SystemActor } from "~/domain/policy";
import { accessWorld, type AccessWorld } from "../support/worker/access-requests";
import { testJobContext } from "../support/worker/context";
import { r2Keys, sendMultipart } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { settledImport } from "../support/worker/imports";
import { call, unique, type SignedIn } from "../support/worker/http";
import { formBody, pdfBytes } from "../support/worker/multipart";
import { oai, oaiId } from "../support/worker/oai";
import { ARTERI_HEADERS, xlsxBytes, type XlsxCell } from "../support/shared/xlsx";
import { createClassificationCode } from "../support/worker/factories";

/**
 * Paper records (arsip fisik): a CSV or XLSX posted alone, or ZIP lines naming no file, make
 * documents without a current file. Their JSON says so without inventing a file, every file
 * route refuses them with a clear message, search, fixity, text extraction and OAI-PMH take them
 * as they are, and one may get its first file later.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let world: AccessWorld;
let categoryName: string;
/** A word no other test writes, so a search finds exactly these records. */
const WORD = `kertas${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

beforeAll(async () => {
  world = await accessWorld();
  categoryName = (await testEnv.DB.prepare("SELECT category_name FROM categories WHERE id = ?").bind(world.categoryId).first<{ category_name: string }>())!.category_name;
});

const HEADER = "documentNumber,title,year,category,securityClass,keywords,Lokasi Simpan,file";
type Line = { number: string; title?: string; securityClass?: string; location?: string; file?: string };
const csvOf = (lines: Line[]) =>
  [HEADER, ...lines.map((line) => [line.number, line.title ?? `Register surat masuk ${WORD}`, "1998", categoryName, line.securityClass ?? "TERBATAS", "register", line.location ?? "", line.file ?? ""].map((cell) => `"${cell}"`).join(","))].join("\r\n");

const post = (session: SignedIn, bytes: Uint8Array, filename: string, contentType: string) =>
  sendMultipart("/api/v1/imports", session, formBody({}, { filename, contentType, data: bytes as Uint8Array<ArrayBuffer> }));

const as = (session: SignedIn) => ({ cookie: session.cookie, ip: session.ip, csrfToken: session.csrfToken });

/** Dry run, run, and the import once it ended. */
async function imported(session: SignedIn, bytes: Uint8Array, filename: string, contentType: string): Promise<ImportView> {
  const dry = await post(session, bytes, filename, contentType);
  expect(dry.status).toBe(201);
  const checked = await dry.json<ImportView>();
  expect(checked.errors).toEqual([]);
  expect(checked.status).toBe("CHECKED");
  expect((await call(`/api/v1/imports/${checked.id}/run`, { method: "POST", ...as(session) })).status).toBe(202);
  return settledImport(session, checked.id);
}

const uuidOf = async (number: string) => (await testEnv.DB.prepare("SELECT uuid FROM archives WHERE document_number = ?").bind(number).first<{ uuid: string }>())!.uuid;
const documentOf = async (session: SignedIn, uuid: string) => (await call(`/api/v1/archives/${uuid}`, as(session))).json<DocumentView>();

describe("paper records from a CSV alone", () => {
  const numbers = { located: unique("FIS/1"), public: unique("FIS/2") };
  let located: string;
  let publicRecord: string;

  beforeAll(async () => {
    const csv = csvOf([
      { number: numbers.located, location: "Ruang Arsip Lt. 2, Boks 12" },
      { number: numbers.public, securityClass: "BIASA", title: `Daftar arsip statis ${WORD}` },
    ]);
    const keysBefore = new Set(await r2Keys());
    const done = await imported(world.owner.session, strToU8(csv), "register.csv", "text/csv");
    expect(done).toMatchObject({ status: "DONE", createdDocuments: 2 });
    // No object was written for them (the CSV itself is gone once the import ended).
    expect((await r2Keys()).filter((key) => !keysBefore.has(key))).toEqual([]);
    located = await uuidOf(numbers.located);
    publicRecord = await uuidOf(numbers.public);
  });

  it("are documents without a current file, and their JSON says so", async () => {
    const row = await testEnv.DB.prepare(
      "SELECT current_file_id, current_version, (SELECT COUNT(*) FROM archive_files f WHERE f.archive_id = a.id) AS versions, (SELECT COUNT(*) FROM archive_texts x WHERE x.archive_id = a.id) AS texts, (SELECT COUNT(*) FROM retention_states r WHERE r.archive_id = a.id) AS clocks FROM archives a WHERE uuid = ?",
    )
      .bind(located)
      .first();
    expect(row).toEqual({ current_file_id: null, current_version: 0, versions: 0, texts: 0, clocks: 1 });
    const view = await documentOf(world.owner.session, located);
    expect(view).toMatchObject({
      hasFile: false,
      fileName: null,
      fileSizeKb: null,
      mimeType: null,
      currentVersion: 0,
      previewUrl: null,
      downloadUrl: null,
      canOpenFile: false,
      physicalLocation: "Ruang Arsip Lt. 2, Boks 12",
      documentNumber: numbers.located,
    });
  });

  it("every file route refuses them with a clear message, never a 500", async () => {
    const session = world.owner.session;
    for (const path of [`/api/v1/archives/${located}/download`, `/api/v1/archives/${located}/download/x.pdf?disposition=inline`, `/api/v1/archives/${publicRecord}/download`]) {
      const response = await call(path, as(session));
      expect(response.status, path).toBe(409);
      expect((await response.json<{ message: string }>()).message, path).toBe(documentMessages.noDigitalFile);
    }
    // Nobody may ask for a download token of a paper record: there is nothing to open.
    const asked = await call(`/api/v1/archives/${located}/request-access`, { method: "POST", json: { requestMessage: "Untuk penelitian sejarah fakultas." }, ...as(world.requester.session) });
    expect(asked.status).toBe(409);
    expect((await asked.json<{ message: string }>()).message).toBe(documentMessages.noDigitalFile);
    expect((await documentOf(world.requester.session, located)).canRequestAccess).toBe(false);
    // A visitor asking for the public record's file hears the same.
    expect((await call(`/api/v1/archives/${publicRecord}/download`)).status).toBe(409);
    const reindex = await call(`/api/v1/archives/${located}/reindex`, { method: "POST", ...as(session) });
    expect(reindex.status).toBe(409);
    const versions = await call(`/api/v1/archives/${located}/versions`, as(session));
    expect(versions.status).toBe(200);
    expect((await versions.json<{ data: unknown[] }>()).data).toEqual([]);
    expect((await call(`/api/v1/archives/${located}/versions/1/download`, as(session))).status).toBe(404);
    expect((await call(`/api/v1/archives/${located}/versions/1/restore`, { method: "POST", ...as(session) })).status).toBe(404);
  });

  it("search finds them, and the file type facet names them 'Arsip fisik'", async () => {
    const found = await (await call(`/api/v1/archives?q=${WORD}`, as(world.owner.session))).json<{ data: DocumentView[] }>();
    expect(found.data.map((view) => view.uuid).sort()).toEqual([located, publicRecord].sort());
    const physical = await (await call(`/api/v1/archives?q=${WORD}&tipe=fisik`, as(world.owner.session))).json<{ data: DocumentView[] }>();
    expect(physical.data).toHaveLength(2);
    const pdfs = await (await call(`/api/v1/archives?q=${WORD}&tipe=pdf`, as(world.owner.session))).json<{ data: DocumentView[] }>();
    expect(pdfs.data).toHaveLength(0);
    // A visitor sees the public one.
    const visitor = await (await call(`/api/v1/archives?q=${WORD}`)).json<{ data: DocumentView[] }>();
    expect(visitor.data.map((view) => view.uuid)).toEqual([publicRecord]);
  });

  it("fixity checks, the text extraction sweep and OAI-PMH take them without error", async () => {
    await expect(runFixityChecks(testJobContext("fixity"))).resolves.toBeDefined();
    await enqueuePendingTexts(testJobContext("text-extraction") as Parameters<typeof enqueuePendingTexts>[0] & { actor: SystemActor });
    const texts = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM archive_texts x JOIN archives a ON a.id = x.archive_id WHERE a.uuid IN (?, ?)").bind(located, publicRecord).first<{ n: number }>();
    expect(texts!.n).toBe(0);
    const { response, xml } = await oai({ verb: "GetRecord", identifier: oaiId(publicRecord), metadataPrefix: "oai_dc" });
    expect(response.status).toBe(200);
    expect(xml).toContain("<dc:type>PhysicalObject</dc:type>");
    expect(xml).not.toContain("<dc:format>");
    expect(xml).not.toContain(`/api/v1/archives/${publicRecord}/download`);
  });

  it("a paper record gets its first file through 'replace file', and is then a digital record as any other", async () => {
    const session = world.owner.session;
    const added = await sendMultipart(`/api/v1/archives/${located}/file`, session, formBody({}, { filename: "pindaian.pdf", contentType: "application/pdf", data: pdfBytes(1800) }));
    expect(added.status).toBe(200);
    const view = await documentOf(session, located);
    expect(view).toMatchObject({ hasFile: true, fileName: "pindaian.pdf", mimeType: "application/pdf", currentVersion: 1, physicalLocation: "Ruang Arsip Lt. 2, Boks 12" });
    expect(view.downloadUrl).not.toBeNull();
    expect((await call(`/api/v1/archives/${located}/download`, as(session))).status).toBe(200);
    const versions = await (await call(`/api/v1/archives/${located}/versions`, as(session))).json<{ data: { version: number }[] }>();
    expect(versions.data.map((version) => version.version)).toEqual([1]);
  });
});

describe("lines naming no file", () => {
  it("a ZIP may mix digital and paper records; a line naming a file the ZIP lacks stays an error", async () => {
    const session = world.owner.session;
    const digital = unique("CAMPUR/1");
    const paper = unique("CAMPUR/2");
    const mixed = zipSync({ "manifest.csv": strToU8(csvOf([{ number: digital, file: "sk.pdf" }, { number: paper, location: "Rak 4" }])), "sk.pdf": pdfBytes(900) });
    const done = await imported(session, mixed, "campur.zip", "application/zip");
    expect(done).toMatchObject({ status: "DONE", createdDocuments: 2 });
    expect(await documentOf(session, await uuidOf(digital))).toMatchObject({ hasFile: true, fileName: "sk.pdf" });
    expect(await documentOf(session, await uuidOf(paper))).toMatchObject({ hasFile: false, physicalLocation: "Rak 4" });

    const missing = zipSync({ "manifest.csv": strToU8(csvOf([{ number: unique("CAMPUR/3"), file: "hilang.pdf" }])), "lain.pdf": pdfBytes(700) });
    const view = await (await post(session, missing, "hilang.zip", "application/zip")).json<ImportView>();
    expect(view.status).toBe("INVALID");
    expect(view.errors).toEqual([{ line: 2, message: importMessages.fileMissing("hilang.pdf") }]);
  });

  it("a CSV alone whose line names a file is refused for that line: there is no ZIP to take it from", async () => {
    const number = unique("FIS/9");
    const view = await (await post(world.owner.session, strToU8(csvOf([{ number, file: "scan.pdf" }])), "register.csv", "text/csv")).json<ImportView>();
    expect(view.status).toBe("INVALID");
    expect(view.errors).toEqual([{ line: 2, message: importMessages.fileWithoutZip("scan.pdf") }]);
    expect(view).toMatchObject({ manifestName: "register.csv", manifestFormat: "MANIFEST", files: 0 });
    expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM archives WHERE document_number = ?").bind(number).first<{ n: number }>())!.n).toBe(0);
  });

  it("Arteri's XLSX alone (Arteri itself keeps no files) makes paper records with their Lokasi Simpan", async () => {
    const number = unique("ART/FIS");
    const { code } = await createClassificationCode({ prefix: "AF", name: "Kode fisik uji" });
    const rows: XlsxCell[][] = [["DAFTAR ARSIP"], ARTERI_HEADERS, [number, "2019-03-04", code, { inline: `Notulen rapat senat ${WORD}` }, "Rektorat", "Biro Umum", "Gudang Arsip", "Kertas", "Asli", 1, "7", ""]];
    const workbook = xlsxBytes([{ name: "Arsip", rows }]);
    const dry = await sendMultipart(
      "/api/v1/imports",
      world.owner.session,
      formBody({ categoryId: String(world.categoryId) }, { filename: "arteri.xlsx", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", data: workbook as Uint8Array<ArrayBuffer> }),
    );
    const checked = await dry.json<ImportView>();
    expect(checked).toMatchObject({ status: "CHECKED", errors: [], manifestFormat: "ARTERI", manifestName: "arteri.xlsx", files: 0 });
    expect((await call(`/api/v1/imports/${checked.id}/run`, { method: "POST", ...as(world.owner.session) })).status).toBe(202);
    expect((await settledImport(world.owner.session, checked.id)).status).toBe("DONE");
    expect(await documentOf(world.owner.session, await uuidOf(number))).toMatchObject({ hasFile: false, fileName: null, physicalLocation: "Gudang Arsip, Boks 7" });
  });

  it("bytes that are neither a ZIP nor text are still refused", async () => {
    const response = await post(world.owner.session, pdfBytes(600), "register.csv", "text/csv");
    expect(response.status).toBe(400);
    expect((await response.json<{ message: string }>()).message).toBe(importMessages.sourceType);
  });
});
