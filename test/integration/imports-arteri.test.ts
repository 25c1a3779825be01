import { zipSync } from "fflate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DocumentView } from "~/domain/documents";
import { documentValidation } from "~/i18n/document-validation";
import { importMessages } from "~/i18n/imports";
import type { ImportView } from "~/server/imports/service.server";
import { accessWorld, type AccessWorld } from "../support/worker/access-requests";
import { sendMultipart } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { settledImport } from "../support/worker/imports";
import { call, unique, type SignedIn } from "../support/worker/http";
import { formBody, pdfBytes } from "../support/worker/multipart";
import { ARTERI_HEADERS, xlsxBytes, type XlsxCell } from "../support/shared/xlsx";
import { createClassificationCode } from "../support/worker/factories";

/**
 * Arteri's export as it is, inside the import's ZIP: an XLSX whose first sheet has a title in row
 * 1 and Arteri's headers in row 2 (and a second sheet that is not read), files named bare. The
 * dry run and the run make documents with the number, date and year, code, title, unit and
 * physical location where they belong, and the rest searchable; an unknown code is refused.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let world: AccessWorld;
let code: string;

beforeAll(async () => {
  world = await accessWorld();
  ({ code } = await createClassificationCode({ prefix: "AR", name: "Kode Arteri uji" }));
});

type ArteriRow = { number: string; date: XlsxCell; code?: string; uraian: string; ket: string; file: string; box?: string; pengolah?: string };

/** The ZIP: Arteri's workbook (sheet "Arsip" first, then "Rekap") and a PDF per row. */
function arteriZip(rows: ArteriRow[]): Uint8Array {
  const sheetRows: XlsxCell[][] = [
    ["DAFTAR ARSIP AKTIF"],
    ARTERI_HEADERS,
    ...rows.map((row) => [row.number, row.date, row.code ?? code, { inline: row.uraian }, "Rektorat", row.pengolah ?? "Biro Umum", "Ruang Arsip Lt. 2", "Kertas", row.ket, 3, row.box ?? "", row.file]),
  ];
  const workbook = xlsxBytes([
    { name: "Arsip", rows: sheetRows },
    { name: "Rekap", rows: [["No.Arsip", "Uraian"], ["X/1", "bukan baris impor"]] },
  ]);
  const files = Object.fromEntries(rows.map((row, index) => [`scan/${row.file}`, pdfBytes(1200 + index)]));
  return zipSync({ "arteri-export.xlsx": workbook, ...files }, { level: 6 });
}

const postArteri = (session: SignedIn, zip: Uint8Array, categoryId?: number) =>
  sendMultipart("/api/v1/imports", session, formBody({ categoryId: categoryId === undefined ? undefined : String(categoryId) }, { filename: "arteri.zip", contentType: "application/zip", data: zip as Uint8Array<ArrayBuffer> }));

const archivesNumbered = async (numbers: string[]) =>
  (await testEnv.DB.prepare(`SELECT COUNT(*) AS n FROM archives WHERE document_number IN (${numbers.map(() => "?").join(",")})`).bind(...numbers).first<{ n: number }>())!.n;

describe("import of Arteri's export (XLSX)", () => {
  it("dry-runs and runs: number, date and year, code, title, unit, physical location, notes searchable", async () => {
    const session = world.owner.session;
    const ket = unique("catatanketarteri").replace(/[^a-z0-9]/gi, "").toLowerCase();
    const rows: ArteriRow[] = [
      // Tanggal as Excel stores a typed date: a serial in a date style (2021-03-04).
      { number: unique("001/AR"), date: { serial: 44259 }, uraian: "Surat Keputusan Rektor tentang Kalender Akademik", ket, file: "SK 001.pdf", box: "12" },
      // Tanggal as Arteri exports it: text.
      { number: unique("002/AR"), date: "2019-11-30", uraian: "Nota Dinas Kepala Biro Umum", ket: "Salinan", file: "nd-002.pdf" },
    ];
    const dry = await postArteri(session, arteriZip(rows), world.categoryId);
    expect(dry.status).toBe(201);
    const checked = await dry.json<ImportView>();
    expect(checked).toMatchObject({ status: "CHECKED", lines: 2, files: 2, errorCount: 0, manifestFormat: "ARTERI", manifestName: "arteri-export.xlsx", encoding: null });
    expect(await archivesNumbered(rows.map((row) => row.number))).toBe(0);

    const started = await call(`/api/v1/imports/${checked.id}/run`, { method: "POST", cookie: session.cookie, ip: session.ip, csrfToken: session.csrfToken });
    expect(started.status).toBe(202);
    expect(await settledImport(session, checked.id)).toMatchObject({ status: "DONE", createdDocuments: 2 });

    const stored = await testEnv.DB.prepare(
      `SELECT a.uuid, a.document_number, a.year, a.title, a.unit_kerja_id, a.category_id, a.file_name, a.physical_location, a.description, a.retention_start_date, c.code
         FROM archives a LEFT JOIN classification_codes c ON c.id = a.classification_id WHERE a.document_number IN (?, ?) ORDER BY a.id`,
    )
      .bind(rows[0]!.number, rows[1]!.number)
      .all<{ uuid: string; document_number: string; year: number; title: string; unit_kerja_id: number; category_id: number; file_name: string; physical_location: string | null; description: string; retention_start_date: string | null; code: string }>();
    expect(stored.results.map(({ uuid: _, description: __, ...row }) => row)).toEqual([
      {
        document_number: rows[0]!.number,
        year: 2021,
        title: rows[0]!.uraian,
        unit_kerja_id: world.ownerUnit.id,
        category_id: world.categoryId,
        file_name: "SK 001.pdf",
        physical_location: "Ruang Arsip Lt. 2, Boks 12",
        // The date is kept in the notes; the retention clock keeps its default (31 December of the year).
        retention_start_date: null,
        code,
      },
      { document_number: rows[1]!.number, year: 2019, title: rows[1]!.uraian, unit_kerja_id: world.ownerUnit.id, category_id: world.categoryId, file_name: "nd-002.pdf", physical_location: "Ruang Arsip Lt. 2", retention_start_date: null, code },
    ]);
    expect(stored.results[0]!.description).toBe(
      `${rows[0]!.uraian}\n\nTanggal: 2021-03-04\nPencipta: Rektorat\nPengolah: Biro Umum\nMedia: Kertas\nJumlah: 3\nKet: ${ket}`,
    );

    // Read back in the document's JSON.
    const document = await (await call(`/api/v1/archives/${stored.results[0]!.uuid}`, { cookie: session.cookie, ip: session.ip })).json<DocumentView>();
    expect(document.physicalLocation).toBe("Ruang Arsip Lt. 2, Boks 12");
    // The notes are searchable: Ket's word finds the document.
    const found = await (await call(`/api/v1/archives?q=${ket}`, { cookie: session.cookie, ip: session.ip })).json<{ data: DocumentView[] }>();
    expect(found.data.map((row) => row.uuid)).toEqual([stored.results[0]!.uuid]);

    // Edited afterwards: a new place is kept, a form that leaves the field out keeps it, an empty one clears it.
    const { title, documentNumber, year, categoryId, keywords, description, accessLevel } = document;
    const fields = { title, documentNumber, year: String(year), categoryId: String(categoryId), keywords, description, accessLevel };
    const put = async (extra: Record<string, string>) => {
      const response = await sendMultipart(`/api/v1/archives/${document.uuid}`, session, formBody({ ...fields, ...extra }), { method: "PUT" });
      expect(response.status).toBe(200);
      return (await response.json<{ data: DocumentView }>()).data.physicalLocation;
    };
    expect(await put({ physicalLocation: " Depo Arsip, Rak 4 " })).toBe("Depo Arsip, Rak 4");
    expect(await put({})).toBe("Depo Arsip, Rak 4");
    expect(await put({ physicalLocation: "" })).toBeNull();
  });

  it("refuses an unknown code and a row without a category, line by line, writing nothing", async () => {
    const session = world.owner.session;
    const rows: ArteriRow[] = [
      { number: unique("003/AR"), date: "2020-01-15", code: "ZZ.99.99", uraian: "Surat Edaran tentang Libur Semester", ket: "", file: "se-003.pdf" },
      { number: unique("004/AR"), date: "2020-02-30", uraian: "Surat Undangan Rapat Senat", ket: "", file: "su-004.pdf" },
    ];
    const view = await (await postArteri(session, arteriZip(rows), world.categoryId)).json<ImportView>();
    expect(view).toMatchObject({ status: "INVALID", manifestFormat: "ARTERI" });
    expect(view.errors).toEqual([
      { line: 3, message: documentValidation.classificationCodeUnknown },
      { line: 4, message: importMessages.dateInvalid("2020-02-30") },
    ]);
    // Never created on the fly.
    expect((await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM classification_codes WHERE code = 'ZZ.99.99'").first<{ n: number }>())!.n).toBe(0);

    // Arteri has no category: without one chosen on the form, every line says so.
    const noCategory = await (await postArteri(session, arteriZip([{ ...rows[1]!, date: "2020-02-03" }]))).json<ImportView>();
    expect(noCategory.errors).toEqual([{ line: 3, message: documentValidation.categoryRequired }]);
    expect(await archivesNumbered(rows.map((row) => row.number))).toBe(0);
  });

  it("a Super Admin's import files each row under the unit its Pengolah names", async () => {
    const session = world.admin.session;
    const row: ArteriRow = { number: unique("005/AR"), date: "2022-06-01", uraian: "Laporan Kegiatan Wisuda", ket: "", file: "lk-005.pdf", pengolah: world.otherUnit.nama };
    const unknown: ArteriRow = { ...row, number: unique("006/AR"), file: "lk-006.pdf", pengolah: "Unit Yang Tidak Ada" };
    const view = await (await postArteri(session, arteriZip([row, unknown]), world.categoryId)).json<ImportView>();
    expect(view.errors).toEqual([{ line: 4, message: importMessages.unitUnknown("Unit Yang Tidak Ada") }]);
    const clean = await (await postArteri(session, arteriZip([row]), world.categoryId)).json<ImportView>();
    expect(clean.status).toBe("CHECKED");
    await call(`/api/v1/imports/${clean.id}/run`, { method: "POST", cookie: session.cookie, ip: session.ip, csrfToken: session.csrfToken });
    expect((await settledImport(session, clean.id)).status).toBe("DONE");
    const stored = await testEnv.DB.prepare("SELECT unit_kerja_id FROM archives WHERE document_number = ?").bind(row.number).first<{ unit_kerja_id: number }>();
    expect(stored!.unit_kerja_id).toBe(world.otherUnit.id);
  });
});
