import { beforeAll, describe, expect, it, vi } from "vitest";
import { parseListQuery } from "~/domain/document-schemas";
import { classificationMessages } from "~/i18n/classification";
import { classificationValidation } from "~/i18n/classification-validation";
import { documentDetailText } from "~/i18n/document-detail";
import { documentValidation } from "~/i18n/document-validation";
import {
  createClassification,
  deleteClassification,
  exportClassificationsCsv,
  importClassificationsCsv,
} from "~/server/classification/service.server";
import { getDashboard } from "~/server/statistics/service.server";
import { listDocuments } from "~/server/documents/service.server";
import { accessWorld, approvedRequest, askAccess, getWith, listRequests, type AccessWorld } from "../support/worker/access-requests";
import { serviceContext } from "../support/worker/context";
import { auditRowsFor, documentFields, downloadBytes, expectError, sendMultipart, uploadDocument, type DocumentView } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { call, type SignedIn } from "../support/worker/http";
import { formBody } from "../support/worker/multipart";

/**
 * Classification codes and security classes (SKKAAD): the scheme's rules and CSV import, a
 * document filed under a code with a class, the class rules of every reader, RAHASIA's
 * single-use token, SANGAT_RAHASIA's invisibility.
 */

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let world: AccessWorld;
/** A prefix no other test file uses, so codes never collide across files sharing the database. */
const P = `T${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36).toUpperCase().slice(0, 6)}`;

const code = (suffix = "") => `${P}${suffix}`;
const codeFields = (overrides: Record<string, string> = {}) => ({
  code: code(),
  name: "Kode Uji",
  securityClass: "TERBATAS",
  retentionActiveYears: "2",
  retentionInactiveYears: "3",
  finalDisposition: "MUSNAH",
  ...overrides,
});

beforeAll(async () => {
  world = await accessWorld();
  const admin = await serviceContext(world.admin.user);
  await createClassification(admin, codeFields({ code: code(), name: "Induk Uji" }));
  await createClassification(admin, codeFields({ code: code(".01"), name: "Anak Uji", securityClass: "RAHASIA" }));
  await createClassification(admin, codeFields({ code: code(".01.02"), name: "Cucu Uji", securityClass: "SANGAT_RAHASIA" }));
  await createClassification(admin, codeFields({ code: code(".09"), name: "Anak Biasa", securityClass: "BIASA" }));
});

const as = (session: SignedIn | null) => ({ cookie: session?.cookie, ip: session?.ip, csrfToken: session?.csrfToken });
const file = (fields: Record<string, string>, session = world.owner.session) =>
  uploadDocument(session, { categoryId: world.categoryId, fields });
const put = (uuid: string, fields: Record<string, string>) =>
  sendMultipart(`/api/v1/archives/${uuid}`, world.owner.session, formBody(documentFields(world.categoryId, fields)), { method: "PUT" });

describe("the classification scheme", () => {
  it("refuses a child without its parent, a duplicate, a bad shape; deleting a code in use or with children is refused", async () => {
    const admin = await serviceContext(world.admin.user);
    await expect(createClassification(admin, codeFields({ code: code(".77.01") }))).rejects.toThrow(classificationValidation.parentMissing(code(".77")));
    await expect(createClassification(admin, codeFields({ code: code(".01") }))).rejects.toThrow(classificationValidation.codeTaken(code(".01")));
    await expect(createClassification(admin, codeFields({ code: "pp-01" }))).rejects.toThrow(classificationValidation.codeFormat);
    const parent = (await testEnv.DB.prepare("SELECT id FROM classification_codes WHERE code = ?").bind(code()).first<{ id: number }>())!;
    await expect(deleteClassification(admin, String(parent.id))).rejects.toThrow(classificationMessages.inUse(code(), 0, 2));
    // Staff may file documents, not keep the scheme.
    await expect(createClassification(await serviceContext(world.owner.user), codeFields({ code: `${P}X` }))).rejects.toThrow();
  });

  it("CSV saved by Excel in Windows-1252 (and UTF-16 with its BOM) imports every letter right, and the report names the encoding", async () => {
    const admin = await serviceContext(world.admin.user);
    const header = "kode,nama,deskripsi,klasifikasi_keamanan,retensi_aktif,retensi_inaktif,keterangan_akhir,dasar_hukum";
    const name = "Kerja Sama – Lembaga Café “Mitra”";
    const csv = `${header}\r\n${P}W,${name},,TERBATAS,2,3,MUSNAH,\r\n`;
    // Windows-1252: one byte per character ('–' 0x96, 'é' 0xE9, '“' 0x93, '”' 0x94).
    const cp1252: Record<string, number> = { "–": 0x96, "é": 0xe9, "“": 0x93, "”": 0x94 };
    const ansi = new Uint8Array([...csv].map((char) => cp1252[char] ?? char.charCodeAt(0)));
    const report = await importClassificationsCsv(admin, ansi, { apply: true });
    expect(report).toMatchObject({ errors: 0, applied: true, encoding: "Windows-1252" });
    expect((await testEnv.DB.prepare("SELECT name FROM classification_codes WHERE code = ?").bind(`${P}W`).first())).toEqual({ name });

    const utf16 = new Uint8Array(2 + csv.length * 2);
    const view = new DataView(utf16.buffer);
    view.setUint16(0, 0xfeff, false);
    for (let i = 0; i < csv.length; i++) view.setUint16(2 + i * 2, csv.charCodeAt(i), false);
    const again = await importClassificationsCsv(admin, utf16, { apply: false });
    expect(again).toMatchObject({ errors: 0, created: 0, updated: 1, encoding: "UTF-16BE" });
    expect(again.rows[0]!.name).toBe(name);
  });

  it("CSV: a dry run checks every row and writes nothing; a bad file imports nothing; a good one imports all at once", async () => {
    const admin = await serviceContext(world.admin.user);
    const count = async () => (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM classification_codes").first<{ n: number }>())!.n;
    const header = "kode,nama,deskripsi,klasifikasi_keamanan,retensi_aktif,retensi_inaktif,keterangan_akhir,dasar_hukum";
    const bad = [
      header,
      `${P}I,Impor Induk,,TERBATAS,2,3,MUSNAH,`,
      `${P}I.01,Impor Anak,,RAHASIA,dua,3,MUSNAH,`, // bad number
      `${P}I.01,Impor Ganda,,TERBATAS,1,1,PERMANEN,`, // duplicate code
      `${P}Z.01,Tanpa Induk,,TERBATAS,1,1,MUSNAH,`, // unknown parent
      `${P}I.02,"Nama, dengan koma",,BIASA,1,1,DINILAI KEMBALI,"Perka ""ANRI"""`,
    ].join("\r\n");
    const before = await count();
    const report = await importClassificationsCsv(admin, bad, { apply: true });
    expect(report.applied).toBe(false);
    expect(report.rows.filter((row) => row.errors.length).map((row) => row.line)).toEqual([3, 4, 5]);
    expect(report.rows.find((row) => row.line === 3)!.errors).toContain(classificationValidation.yearsRange);
    expect(report.rows.find((row) => row.line === 4)!.errors).toContain(classificationMessages.csvDuplicate(`${P}I.01`, 3));
    expect(report.rows.find((row) => row.line === 5)!.errors).toContain(classificationValidation.parentMissing(`${P}Z`));
    expect(await count()).toBe(before);

    const good = [header, `${P}I.01,Impor Anak,,RAHASIA,2,3,MUSNAH,`, `${P}I,Impor Induk,,TERBATAS,2,3,MUSNAH,`, `${P}I.02,"Nama, dengan koma",,BIASA,1,1,DINILAI KEMBALI,"Perka ""ANRI"""`].join("\n");
    const dryRun = await importClassificationsCsv(admin, good, { apply: false });
    expect(dryRun).toMatchObject({ errors: 0, created: 3, applied: false });
    expect(await count()).toBe(before);
    const applied = await importClassificationsCsv(admin, good, { apply: true });
    expect(applied).toMatchObject({ errors: 0, created: 3, applied: true });
    expect(await count()).toBe(before + 3);
    const imported = await testEnv.DB.prepare("SELECT name, final_disposition, legal_basis, parent_id IS NOT NULL AS has_parent FROM classification_codes WHERE code = ?").bind(`${P}I.02`).first();
    expect(imported).toEqual({ name: "Nama, dengan koma", final_disposition: "DINILAI_KEMBALI", legal_basis: 'Perka "ANRI"', has_parent: 1 });
    // The export carries the same columns back (and reads in again as an update).
    const csv = await exportClassificationsCsv(admin);
    expect(csv.startsWith(`\uFEFF"${header.split(",").join('","')}"`)).toBe(true);
    expect(csv).toContain(`"${P}I.02","Nama, dengan koma"`);
    const again = await importClassificationsCsv(admin, csv, { apply: false });
    expect(again.errors).toBe(0);
    expect(again.created).toBe(0);
    expect((await auditRowsFor(`${P}I.02`)).length).toBe(0);
    expect(
      (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM audit_logs WHERE action = 'CLASSIFICATION_IMPORT'").first<{ n: number }>())!.n,
    ).toBeGreaterThanOrEqual(1);
  });
});

describe("filing a document", () => {
  it("takes its class from its code, keeps code and class on a SPEC-only update, crosses with the access level", async () => {
    const { uuid, view } = await file({ classificationCode: code(".01") });
    expect(view).toMatchObject({ classificationCode: code(".01"), classificationName: "Anak Uji", securityClass: "RAHASIA", accessLevel: "PRIVATE" });
    // A SPEC client sends only the SPEC's fields: code and class stay.
    const spec = documentFields(world.categoryId, { title: "Judul baru saja" });
    const kept = await (await sendMultipart(`/api/v1/archives/${uuid}`, world.owner.session, formBody(spec), { method: "PUT" })).json<{ data: DocumentView }>();
    expect(kept.data).toMatchObject({ classificationCode: code(".01"), securityClass: "RAHASIA" });
    // To PUBLIC: BIASA; back to PRIVATE: TERBATAS (not the code's class: a change on purpose only).
    expect((await (await put(uuid, { accessLevel: "PUBLIC" })).json<{ data: DocumentView }>()).data.securityClass).toBe("BIASA");
    expect((await (await put(uuid, { accessLevel: "PRIVATE" })).json<{ data: DocumentView }>()).data.securityClass).toBe("TERBATAS");
    const changes = (await auditRowsFor(uuid)).filter((row) => row.action === "DOCUMENT_CLASS_CHANGE").map((row) => JSON.parse(row.details!));
    expect(changes).toEqual([{ from: "RAHASIA", to: "BIASA" }, { from: "BIASA", to: "TERBATAS" }]);
    // An empty code clears it.
    expect((await (await put(uuid, { classificationCode: "" })).json<{ data: DocumentView }>()).data.classificationCode).toBeNull();
  });

  it("refuses an unknown code and a class that contradicts the access level, writing nothing", async () => {
    const response = await sendMultipart("/api/v1/archives", world.owner.session, formBody(documentFields(world.categoryId, { classificationCode: `${P}NOPE` }), { filename: "a.pdf", data: new Uint8Array([37, 80, 68, 70, 45, 49, 46, 52, 10]) }));
    await expectError(response, 400, documentValidation.classificationCodeUnknown);
    const mismatch = await sendMultipart("/api/v1/archives", world.owner.session, formBody(documentFields(world.categoryId, { accessLevel: "PUBLIC", securityClass: "RAHASIA" }), { filename: "a.pdf", data: new Uint8Array([37, 80, 68, 70, 45, 49, 46, 52, 10]) }));
    await expectError(mismatch, 400, documentValidation.securityClassMismatch);
  });

  it("a page's lowering to BIASA needs the confirmation; the API's is its client's decision", async () => {
    const { uuid } = await file({ securityClass: "RAHASIA" });
    const { updateDocument } = await import("~/server/documents/service.server");
    const owner = await serviceContext(world.owner.user);
    const upload = { fields: Object.fromEntries(Object.entries(documentFields(world.categoryId, { accessLevel: "PUBLIC" })).map(([k, v]) => [k, v ?? ""])), file: null, idempotencyKey: null };
    await expect(updateDocument(owner, uuid, upload, { confirmLowering: false })).rejects.toThrow(documentValidation.confirmLowering);
    expect((await updateDocument(owner, uuid, upload, { confirmLowering: true })).securityClass).toBe("BIASA");
  });

  it("?klasifikasi=CODE lists the documents under the code and every code below it", async () => {
    const top = await file({ classificationCode: code() });
    const child = await file({ classificationCode: code(".01") });
    const other = await file({ classificationCode: code(".09") });
    const list = async (filter: string) =>
      (await (await call(`/api/v1/archives?klasifikasi=${filter}&size=50`, as(world.admin.session))).json<{ data: DocumentView[] }>()).data.map((d) => d.uuid);
    const underParent = await list(code());
    expect(underParent).toEqual(expect.arrayContaining([top.uuid, child.uuid, other.uuid]));
    const underChild = await list(code(".01"));
    expect(underChild).toContain(child.uuid);
    expect(underChild).not.toContain(top.uuid);
    expect(underChild).not.toContain(other.uuid);
  });
});

describe("RAHASIA", () => {
  it("is never previewed, and an approved request's token downloads once, whole", async () => {
    const doc = await file({ securityClass: "RAHASIA" });
    expect(doc.view.previewUrl).toBeNull();
    expect(doc.view.downloadUrl).not.toBeNull();
    const approved = await approvedRequest(world, doc.uuid);
    // Two downloads at once: exactly one gets the file.
    const [a, b] = await Promise.all([getWith(world.requester.session, approved.downloadUrl!), getWith(world.requester.session, approved.downloadUrl!)]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const ok = a.status === 200 ? a : b;
    expect((await downloadBytes(ok)).byteLength).toBe(doc.bytes.byteLength);
    // A range cannot fetch it piecemeal afterwards.
    const ranged = await call(approved.downloadUrl!, { ...as(world.requester.session), headers: { range: "bytes=10-" } });
    expect(ranged.status).toBe(403);
  });
});

describe("SANGAT_RAHASIA: invisible outside its owning unit and Super Admin", () => {
  it("is absent from every reader for another unit, a Viewer and visitors; present for its unit and Super Admin", async () => {
    const word = `rahasia${crypto.randomUUID().replace(/[^a-f]/g, "").slice(0, 6)}`;
    const { uuid } = await file({ title: `Berkas sangat rahasia ${word}`, classificationCode: code(".01.02") });
    const other = await file({ title: `Berkas terbatas ${word}` });
    expect((await testEnv.DB.prepare("SELECT security_class FROM archives WHERE uuid = ?").bind(uuid).first())).toEqual({ security_class: "SANGAT_RAHASIA" });

    type Reader = { name: string; sees: (session: SignedIn | null, user: AccessWorld["owner"]["user"] | null) => Promise<boolean> };
    const listed = async (path: string, session: SignedIn | null) => {
      const response = await call(path, as(session));
      if (response.status !== 200) return false;
      return ((await response.json()) as { data: DocumentView[] }).data.some((d) => d.uuid === uuid);
    };
    const total = async (session: SignedIn | null) => (await (await call(`/api/v1/archives?q=${word}`, as(session))).json<{ total: number }>()).total;
    const READERS: Reader[] = [
      { name: "API list", sees: (session) => listed("/api/v1/archives?size=50", session) },
      { name: "API list by category", sees: (session) => listed(`/api/v1/archives/category/${world.categoryId}?size=50`, session) },
      { name: "search", sees: (session) => listed(`/api/v1/archives?q=${word}`, session) },
      // Its sibling (TERBATAS) matches too: a total of 2 reveals it, 1 does not.
      { name: "search total", sees: async (session) => (await total(session)) === 2 },
      { name: "code filter", sees: (session) => listed(`/api/v1/archives?klasifikasi=${code(".01.02")}`, session) },
      { name: "detail", sees: async (session) => (await call(`/api/v1/archives/${uuid}`, as(session))).status === 200 },
      { name: "download", sees: async (session) => (await call(`/api/v1/archives/${uuid}/download`, as(session))).status === 200 },
      { name: "versions", sees: async (session) => (await call(`/api/v1/archives/${uuid}/versions`, as(session))).status === 200 },
      {
        name: "latest-5 panel",
        sees: async (_session, user) => (await getDashboard(await serviceContext(user))).latestDocuments.some((d) => d.uuid === uuid),
      },
      { name: "access-request creation", sees: async (session) => (await askAccess(session, uuid)).status !== 404 },
    ];
    const outsiders = { "another unit": world.requester, viewer: world.viewer };
    for (const [who, person] of Object.entries(outsiders)) {
      for (const reader of READERS) expect(await reader.sees(person.session, person.user), `${reader.name} for ${who}`).toBe(false);
    }
    // Visitors: nothing but PUBLIC anyway.
    expect(await listed("/api/v1/archives?size=50", null)).toBe(false);
    for (const [who, person] of Object.entries({ "its unit": world.colleague, "Super Admin": world.admin })) {
      for (const reader of READERS.filter((r) => r.name !== "access-request creation")) {
        expect(await reader.sees(person.session, person.user), `${reader.name} for ${who}`).toBe(true);
      }
    }
    // Counts (list totals, statistics, charts) sum exactly what each reader may see.
    const count = async (where: string, ...values: unknown[]) =>
      (await testEnv.DB.prepare(`SELECT COUNT(*) AS n FROM archives WHERE deleted_at IS NULL AND ${where}`).bind(...values).first<{ n: number }>())!.n;
    const expected = async (unitId: number | null, all = false) =>
      all ? count("1") : (await count("security_class <> 'SANGAT_RAHASIA'")) + (unitId === null ? 0 : await count("security_class = 'SANGAT_RAHASIA' AND unit_kerja_id = ?", unitId));
    const inCategory = async (session: SignedIn) =>
      (await (await call("/api/v1/statistics", as(session))).json<{ archivesByCategory: { categoryId: number; count: number }[] }>()).archivesByCategory.find((c) => c.categoryId === world.categoryId)!.count;
    const readers = [
      [world.requester, world.otherUnit.id, false],
      [world.viewer, null, false],
      [world.colleague, world.ownerUnit.id, false],
      [world.admin, null, true],
    ] as const;
    for (const [person, unitId, all] of readers) {
      const page = await listDocuments(await serviceContext(person.user), parseListQuery(new URLSearchParams()));
      expect(page.total, person.user.username).toBe(await expected(unitId, all));
      const categoryExpected = all
        ? await count("category_id = ?", world.categoryId)
        : (await count("category_id = ? AND security_class <> 'SANGAT_RAHASIA'", world.categoryId)) +
          (unitId === null ? 0 : await count("category_id = ? AND security_class = 'SANGAT_RAHASIA' AND unit_kerja_id = ?", world.categoryId, unitId));
      expect(await inCategory(person.session), person.user.username).toBe(categoryExpected);
    }
    // Not requestable even by whoever could see it.
    await expectError(await askAccess(world.requester.session, uuid), 404, documentDetailText.notFound);
    // Its sibling stays visible to the other unit: only the SANGAT_RAHASIA one is hidden.
    expect((await call(`/api/v1/archives/${other.uuid}`, as(world.requester.session))).status).toBe(200);
    expect((await listRequests(world.requester.session)).status).toBe(200);
  });
});
