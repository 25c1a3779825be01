import { beforeAll, describe, expect, it, vi } from "vitest";
import { documentMessages } from "~/i18n/documents";
import { documentForm } from "~/i18n/document-form";
import { documentDetailText } from "~/i18n/document-detail";
import { documentValidation } from "~/i18n/document-validation";
import { testEnv } from "../support/worker/env";
import {
  archiveRow,
  auditRowsFor,
  documentFields,
  expectError,
  expectNothingWritten,
  postDocument,
  r2Keys,
  sendMultipart,
  storageSnapshot,
  uploadDocument,
  type DocumentView,
} from "../support/worker/documents";
import { createCategory, createUnitKerja, createUser, type CreatedUser } from "../support/worker/factories";
import { call, login, type SignedIn } from "../support/worker/http";
import { formBody, multipart, pdfBytes, pngBytes, sha256Hex } from "../support/worker/multipart";

/**
 * The write side through the real Worker: create, read, update metadata, add a file version,
 * move to the trash. Each write's row, R2 object and audit row are checked in D1/R2 directly,
 * and so is the absence of orphans (objects without version rows, version rows without objects,
 * staging rows left behind).
 */

// Uploads stream through busboy, file-type and R2 in workerd: slower than the other API tests
// on a loaded machine, and the first one in a file also pays for module start-up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

let unitId: number;
let categoryId: number;
let otherCategoryId: number;
let staffUser: CreatedUser;
let staff: SignedIn;
let someoneElse: CreatedUser;

beforeAll(async () => {
  unitId = (await createUnitKerja()).id;
  categoryId = (await createCategory()).id;
  otherCategoryId = (await createCategory()).id;
  staffUser = await createUser({ role: "Satuan Kerja", unitKerjaId: unitId, fullName: "Budi Pengunggah" });
  staff = await login(staffUser.username, staffUser.password);
  someoneElse = await createUser({ role: "Satuan Kerja", unitKerjaId: (await createUnitKerja()).id, fullName: "Orang Lain" });
});

type Reply = { message: string; data: DocumentView };

async function objectBytes(key: string): Promise<Uint8Array | null> {
  const object = await testEnv.FILES.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

const stagedCount = async () => (await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM file_staging").first<{ n: number }>())!.n;
const versionsOf = async (uuid: string) =>
  (
    await testEnv.DB.prepare("SELECT f.version, f.r2_key, f.sha256 FROM archive_files f JOIN archives a ON a.id = f.archive_id WHERE a.uuid = ? ORDER BY f.version")
      .bind(uuid)
      .all<{ version: number; r2_key: string; sha256: string }>()
  ).results;

const put = (uuid: string, fields: Record<string, string | undefined>, file?: Parameters<typeof formBody>[1], session: SignedIn = staff) =>
  sendMultipart(`/api/v1/archives/${uuid}`, session, formBody(fields, file), { method: "PUT" });

const replaceFile = (uuid: string, file: Parameters<typeof formBody>[1], session: SignedIn = staff) =>
  sendMultipart(`/api/v1/archives/${uuid}/file`, session, formBody({}, file));

describe("POST /api/v1/archives", () => {
  it("stores the document: 201, SPEC fields, the R2 object with its SHA-256, a DOCUMENT_CREATE audit row", async () => {
    const bytes = pdfBytes(5000);
    const fields = documentFields(categoryId, { title: "Pedoman Akademik Program Sarjana", year: "2023", accessLevel: "PUBLIC" });
    const before = await storageSnapshot();

    const response = await postDocument(staff, { fields, file: { filename: "pedoman.pdf", data: bytes, contentType: "application/pdf" } });

    expect(response.status).toBe(201);
    const body = await response.json<Reply>();
    expect(body.message).toBe(documentForm.uploadSuccess);
    expect(body.data).toMatchObject({
      title: "Pedoman Akademik Program Sarjana",
      documentNumber: fields.documentNumber,
      year: 2023,
      description: fields.description,
      keywords: fields.keywords,
      accessLevel: "PUBLIC",
      categoryId,
      fileName: "pedoman.pdf",
      fileSizeKb: Math.round((5000 / 1024) * 100) / 100,
      mimeType: "application/pdf",
      uploader: "Budi Pengunggah",
      canEdit: true,
      canDelete: true,
    });

    const row = (await archiveRow(body.data.uuid))!;
    expect(row).toMatchObject({ uploader_id: staffUser.id, unit_kerja_id: unitId, file_size: 5000, sha256: await sha256Hex(bytes) });
    expect(row.r2_key).toMatch(/^archives\/[0-9a-f-]{36}$/);
    expect(await objectBytes(row.r2_key)).toEqual(bytes);
    expect(JSON.stringify(body)).not.toContain(row.r2_key);

    const after = await storageSnapshot();
    expect(after.archives).toBe(before.archives + 1);
    expect(after.keys).toEqual([...before.keys, row.r2_key].sort());
    expect(after.staged).toBe(0);
    const audit = await auditRowsFor(body.data.uuid);
    expect(audit).toEqual([expect.objectContaining({ action: "DOCUMENT_CREATE", actor_id: staffUser.id, target_type: "archive", target_id: body.data.uuid })]);
    expect(JSON.parse(audit[0]!.details!)).toEqual({ sha256: row.sha256, accessLevel: "PUBLIC", securityClass: "BIASA", classificationCode: null });
    expect(after.audit).toBe(before.audit + 1);
  });

  it("takes the uploader and the owning unit from the session, whatever the body says", async () => {
    const fields = documentFields(categoryId, { uploaderId: String(someoneElse.id), uploader: "Orang Lain", unitKerjaId: String(someoneElse.unitKerjaId), uploader_id: String(someoneElse.id) });
    const response = await postDocument(staff, { fields });
    expect(response.status).toBe(201);
    const { data } = await response.json<Reply>();
    expect(data.uploader).toBe("Budi Pengunggah");
    expect(await archiveRow(data.uuid)).toMatchObject({ uploader_id: staffUser.id, unit_kerja_id: unitId });
  });

  it("gives a Super Admin without a unit a document with no owning unit", async () => {
    const admin = await createUser({ role: "Super Admin", fullName: "Admin Pusat" });
    const session = await login(admin.username, admin.password);
    const { uuid, view } = await uploadDocument(session, { categoryId });
    expect(view.uploader).toBe("Admin Pusat");
    expect(await archiveRow(uuid)).toMatchObject({ uploader_id: admin.id, unit_kerja_id: null });
  });

  it("ignores the client's Content-Type: the type comes from the bytes", async () => {
    const response = await postDocument(staff, { categoryId, file: { filename: "surat.pdf", data: pdfBytes(), contentType: "text/html" } });
    expect(response.status).toBe(201);
    expect((await response.json<Reply>()).data.mimeType).toBe("application/pdf");
    const png = await postDocument(staff, { categoryId, file: { filename: "foto.png", data: pngBytes(), contentType: "application/pdf" } });
    expect(png.status).toBe(201);
    expect((await png.json<Reply>()).data.mimeType).toBe("image/png");
  });

  it("stores only the first `file` part; a second one is dropped unread", async () => {
    const before = await storageSnapshot();
    const first = pdfBytes();
    const response = await sendMultipart(
      "/api/v1/archives",
      staff,
      multipart([
        ...Object.entries(documentFields(categoryId)).map(([name, value]) => ({ name, value: value! })),
        { name: "file", filename: "a.pdf", data: first },
        { name: "file", filename: "b.pdf", data: pdfBytes() },
      ]),
    );
    expect(response.status).toBe(201);
    const { data } = await response.json<Reply>();
    const row = (await archiveRow(data.uuid))!;
    expect(row.sha256).toBe(await sha256Hex(first));
    expect(row.file_name).toBe("a.pdf");
    expect((await storageSnapshot()).keys).toEqual([...before.keys, row.r2_key].sort());
  });

  it("stores nothing from a file part under another name", async () => {
    const before = await storageSnapshot();
    const response = await sendMultipart(
      "/api/v1/archives",
      staff,
      multipart([
        ...Object.entries(documentFields(categoryId)).map(([name, value]) => ({ name, value: value! })),
        { name: "lampiran", filename: "x.pdf", data: pdfBytes() },
      ]),
    );
    await expectError(response, 400, documentValidation.fileRequired);
    await expectNothingWritten(before);
  });
});

describe("double submit", () => {
  it("the same submissionId twice makes one document; the second answer is 200 with the same uuid", async () => {
    const before = await storageSnapshot();
    const fields = documentFields(categoryId, { submissionId: crypto.randomUUID() });
    const first = await postDocument(staff, { fields });
    const second = await postDocument(staff, { fields: { ...fields, title: "Judul kiriman kedua" } });

    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    const a = (await first.json<Reply>()).data;
    const b = await second.json<Reply>();
    expect(b.message).toBe(documentForm.uploadSuccess);
    expect(b.data.uuid).toBe(a.uuid);
    expect(b.data.title).toBe(a.title);

    const after = await storageSnapshot();
    expect(after.archives).toBe(before.archives + 1);
    expect(after.keys.length).toBe(before.keys.length + 1);
    expect(after.staged).toBe(0);
    expect((await auditRowsFor(a.uuid)).map((r) => r.action)).toEqual(["DOCUMENT_CREATE"]);
  });

  it("the same Idempotency-Key header twice makes one document", async () => {
    const before = await storageSnapshot();
    const key = crypto.randomUUID();
    const first = await postDocument(staff, { categoryId, headers: { "idempotency-key": key } });
    const second = await postDocument(staff, { categoryId, headers: { "idempotency-key": key } });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect((await second.json<Reply>()).data.uuid).toBe((await first.json<Reply>()).data.uuid);
    const after = await storageSnapshot();
    expect(after.archives).toBe(before.archives + 1);
    expect(after.keys.length).toBe(before.keys.length + 1);
  });

  it("two submits racing with one key still make one document and leave one object", async () => {
    const before = await storageSnapshot();
    const fields = documentFields(categoryId, { submissionId: crypto.randomUUID() });
    const responses = await Promise.all([postDocument(staff, { fields }), postDocument(staff, { fields })]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 201]);
    const [a, b] = await Promise.all(responses.map((r) => r.json<Reply>()));
    expect(a!.data.uuid).toBe(b!.data.uuid);
    const after = await storageSnapshot();
    expect(after.archives).toBe(before.archives + 1);
    expect(after.keys.length).toBe(before.keys.length + 1);
    expect(after.staged).toBe(0);
  });

  it("different keys, or no key, make separate documents", async () => {
    const before = await storageSnapshot();
    await uploadDocument(staff, { categoryId, fields: { submissionId: crypto.randomUUID() } });
    await uploadDocument(staff, { categoryId, fields: { submissionId: crypto.randomUUID() } });
    await uploadDocument(staff, { categoryId });
    await uploadDocument(staff, { categoryId });
    expect((await storageSnapshot()).archives).toBe(before.archives + 4);
  });

  it("another user's equal key is not a duplicate (and not a 500)", async () => {
    const other = await login(someoneElse.username, someoneElse.password);
    const key = `form-${crypto.randomUUID()}`;
    const mine = await uploadDocument(staff, { categoryId, fields: { submissionId: key } });
    const theirs = await postDocument(other, { fields: documentFields(categoryId, { submissionId: key }) });
    expect(theirs.status).toBe(201);
    const data = (await theirs.json<Reply>()).data;
    expect(data.uuid).not.toBe(mine.uuid);
    expect(data.uploader).toBe("Orang Lain");
  });
});

describe("GET /api/v1/archives/{uuid}", () => {
  it("answers the document as the list shows it, plus the status of its text", async () => {
    const { uuid, view } = await uploadDocument(staff, { categoryId });
    const response = await call(`/api/v1/archives/${uuid}`, { cookie: staff.cookie });
    expect(response.status).toBe(200);
    const { textStatus, ...document } = (await response.json()) as DocumentView & { textStatus: unknown };
    expect(document).toEqual(view);
    expect(textStatus).toMatchObject({ status: expect.stringMatching(/^(PENDING|INDEXED|NO_TEXT|FAILED)$/), canReindex: true });
  });

  it("answers 404 'Dokumen tidak ditemukan.' for an unknown or malformed uuid", async () => {
    for (const uuid of [crypto.randomUUID(), "bukan-uuid", "1", "..%2F..%2Fetc%2Fpasswd", "' OR 1=1 --"]) {
      await expectError(await call(`/api/v1/archives/${encodeURIComponent(uuid)}`, { cookie: staff.cookie }), 404, documentDetailText.notFound, uuid);
    }
  });
});

describe("PUT /api/v1/archives/{uuid}", () => {
  it("updates the metadata only: row, search index, counters, a DOCUMENT_UPDATE audit row; the file stays", async () => {
    const { uuid, view } = await uploadDocument(staff, { categoryId, fields: { title: "Judul lama sebelum diubah" } });
    const rowBefore = (await archiveRow(uuid))!;
    const keysBefore = await r2Keys();
    const totalIn = async (category: number) =>
      (await (await call(`/api/v1/archives?category=${category}`, { cookie: staff.cookie })).json<{ total: number }>()).total;
    const [countA, countB] = [await totalIn(categoryId), await totalIn(otherCategoryId)];
    const word = `kunyit${crypto.randomUUID().replace(/[^a-f]/g, "").slice(0, 5)}`;

    const fields = documentFields(otherCategoryId, {
      title: `Judul baru ${word}`,
      documentNumber: "NO/BARU/1",
      year: "2021",
      keywords: "satu, dua, tiga, empat, lima",
      description: "Deskripsi yang sudah diperbarui.",
      accessLevel: "PUBLIC",
      uploaderId: String(someoneElse.id),
    });
    const response = await put(uuid, fields);

    expect(response.status).toBe(200);
    const body = await response.json<Reply>();
    expect(body.message).toBe(documentForm.updateSuccess);
    expect(body.data).toMatchObject({
      uuid,
      title: `Judul baru ${word}`,
      documentNumber: "NO/BARU/1",
      year: 2021,
      keywords: "satu, dua, tiga, empat, lima",
      description: "Deskripsi yang sudah diperbarui.",
      accessLevel: "PUBLIC",
      categoryId: otherCategoryId,
      fileName: view.fileName,
      uploader: "Budi Pengunggah",
      createdAt: view.createdAt,
    });
    expect(body.data.updatedAt >= view.updatedAt).toBe(true);
    const rowAfter = (await archiveRow(uuid))!;
    expect(rowAfter).toMatchObject({ r2_key: rowBefore.r2_key, sha256: rowBefore.sha256, uploader_id: staffUser.id });
    expect(await r2Keys()).toEqual(keysBefore);

    const found = await (await call(`/api/v1/archives?q=${word}`, { cookie: staff.cookie })).json<{ data: DocumentView[] }>();
    expect(found.data.map((d) => d.uuid)).toEqual([uuid]);
    const old = await (await call(`/api/v1/archives?q=${encodeURIComponent("Judul lama sebelum")}&category=${otherCategoryId}`, { cookie: staff.cookie })).json<{ total: number }>();
    expect(old.total).toBe(0);
    expect([await totalIn(categoryId), await totalIn(otherCategoryId)]).toEqual([countA - 1, countB + 1]);

    // PRIVATE to PUBLIC is also a change of class (TERBATAS to BIASA), audited as such.
    expect((await auditRowsFor(uuid)).map((r) => [r.action, r.actor_id, r.target_type])).toEqual([
      ["DOCUMENT_CREATE", staffUser.id, "archive"],
      ["DOCUMENT_UPDATE", staffUser.id, "archive"],
      ["DOCUMENT_CLASS_CHANGE", staffUser.id, "archive"],
    ]);
  });

  it("with a file: metadata and a new version in one go, DOCUMENT_UPDATE and DOCUMENT_FILE_REPLACE, the old version kept", async () => {
    const { uuid } = await uploadDocument(staff, { categoryId });
    const oldRow = (await archiveRow(uuid))!;
    const keysBefore = await r2Keys();
    const bytes = pngBytes();

    const response = await put(uuid, documentFields(categoryId, { title: "Judul dan file baru" }), { filename: "scan.png", data: bytes, contentType: "image/png" });

    expect(response.status).toBe(200);
    const { data } = await response.json<Reply>();
    expect(data).toMatchObject({ title: "Judul dan file baru", fileName: "scan.png", mimeType: "image/png" });
    const row = (await archiveRow(uuid))!;
    expect(row.r2_key).not.toBe(oldRow.r2_key);
    expect(row.sha256).toBe(await sha256Hex(bytes));
    expect(await objectBytes(row.r2_key)).toEqual(bytes);
    expect(await objectBytes(oldRow.r2_key)).not.toBeNull();
    expect(await r2Keys()).toEqual([...keysBefore, row.r2_key].sort());
    expect(await stagedCount()).toBe(0);
    expect(await versionsOf(uuid)).toEqual([
      { version: 1, r2_key: oldRow.r2_key, sha256: oldRow.sha256 },
      { version: 2, r2_key: row.r2_key, sha256: row.sha256 },
    ]);
    expect(data.currentVersion).toBe(2);
    const audit = await auditRowsFor(uuid);
    expect(audit.map((r) => r.action)).toEqual(["DOCUMENT_CREATE", "DOCUMENT_UPDATE", "DOCUMENT_FILE_REPLACE"]);
    expect(JSON.parse(audit[2]!.details!)).toEqual({ version: 2, previousVersion: 1, oldSha256: oldRow.sha256, sha256: row.sha256 });
  });

  it("keeps the file when the form's file input was left empty (a nameless, empty part)", async () => {
    const { uuid } = await uploadDocument(staff, { categoryId });
    const oldRow = (await archiveRow(uuid))!;
    const response = await put(uuid, documentFields(categoryId, { title: "Hanya metadata berubah" }), { filename: "", data: new Uint8Array() });
    expect(response.status).toBe(200);
    expect(await archiveRow(uuid)).toMatchObject({ title: "Hanya metadata berubah", r2_key: oldRow.r2_key, sha256: oldRow.sha256 });
    expect((await auditRowsFor(uuid)).map((r) => r.action)).toEqual(["DOCUMENT_CREATE", "DOCUMENT_UPDATE"]);
  });

  it("refuses invalid metadata with a file: 400, nothing written, the new object discarded", async () => {
    const { uuid } = await uploadDocument(staff, { categoryId });
    const rowBefore = await archiveRow(uuid);
    const before = await storageSnapshot();
    const response = await put(uuid, documentFields(categoryId, { title: "abc" }), { filename: "baru.pdf", data: pdfBytes() });
    await expectError(response, 400, documentValidation.titleMin);
    await expectNothingWritten(before);
    expect(await archiveRow(uuid)).toEqual(rowBefore);
  });

  it("refuses an unknown category: 400 'Kategori tidak ditemukan.', nothing written", async () => {
    const { uuid } = await uploadDocument(staff, { categoryId });
    const before = await storageSnapshot();
    await expectError(await put(uuid, documentFields(987654)), 400, documentValidation.categoryUnknown);
    await expectNothingWritten(before);
  });

  it("answers 404 for an unknown document", async () => {
    await expectError(await put(crypto.randomUUID(), documentFields(categoryId)), 404, documentDetailText.notFound);
  });
});

describe("POST /api/v1/archives/{uuid}/file", () => {
  it("adds a version: new object in, the old one kept as version 1, SHA-256 and type updated, DOCUMENT_FILE_REPLACE", async () => {
    const { uuid, view } = await uploadDocument(staff, { categoryId, fileName: "versi-1.pdf" });
    const oldRow = (await archiveRow(uuid))!;
    const before = await storageSnapshot();
    const bytes = pdfBytes(3333);

    const response = await replaceFile(uuid, { filename: "versi-2.pdf", data: bytes, contentType: "application/pdf" });

    expect(response.status).toBe(200);
    const body = await response.json<Reply>();
    expect(body.message).toBe(documentForm.updateSuccess);
    expect(body.data).toMatchObject({ uuid, title: view.title, fileName: "versi-2.pdf", fileSizeKb: Math.round((3333 / 1024) * 100) / 100 });
    const row = (await archiveRow(uuid))!;
    expect(row).toMatchObject({ file_name: "versi-2.pdf", file_size: 3333, sha256: await sha256Hex(bytes), mime_type: "application/pdf" });
    expect(row.sha256).not.toBe(oldRow.sha256);
    expect(await objectBytes(row.r2_key)).toEqual(bytes);
    expect(await objectBytes(oldRow.r2_key)).not.toBeNull();

    const after = await storageSnapshot();
    expect(after.keys).toEqual([...before.keys, row.r2_key].sort());
    expect(after.archives).toBe(before.archives);
    expect(after.versions).toBe(before.versions + 1);
    expect(after.staged).toBe(0);
    expect(after.audit).toBe(before.audit + 1);
    const audit = await auditRowsFor(uuid);
    expect(audit.at(-1)).toMatchObject({ action: "DOCUMENT_FILE_REPLACE", actor_id: staffUser.id, target_id: uuid });
    expect(JSON.parse(audit.at(-1)!.details!)).toEqual({ version: 2, previousVersion: 1, oldSha256: oldRow.sha256, sha256: row.sha256 });

    // And the download serves the new bytes.
    const download = await call(`/api/v1/archives/${uuid}/download`, { cookie: staff.cookie });
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  it("refuses a body without a file (400 'File wajib diunggah.') and a bad file (400), keeping the old one", async () => {
    const { uuid, bytes } = await uploadDocument(staff, { categoryId });
    const rowBefore = await archiveRow(uuid);
    const before = await storageSnapshot();

    await expectError(await replaceFile(uuid, undefined), 400, documentValidation.fileRequired);
    await expectError(await replaceFile(uuid, { filename: "", data: new Uint8Array() }), 400, documentValidation.fileRequired);
    await expectError(await replaceFile(uuid, { filename: "kosong.pdf", data: new Uint8Array() }), 400, documentValidation.fileEmpty);
    await expectError(await replaceFile(uuid, { filename: "x.pdf", data: "<html><script>alert(1)</script></html>" }), 400, documentValidation.fileType);
    await expectError(await replaceFile(uuid, { filename: "x.pdf", data: pngBytes() }), 400, documentValidation.fileNameMismatch("pdf", "PDF", "gambar"));

    await expectNothingWritten(before);
    expect(await archiveRow(uuid)).toEqual(rowBefore);
    expect(await objectBytes(rowBefore!.r2_key)).toEqual(bytes);
  });

  it("answers 404 for an unknown document, writing nothing", async () => {
    const before = await storageSnapshot();
    await expectError(await replaceFile(crypto.randomUUID(), { filename: "x.pdf", data: pdfBytes() }), 404, documentDetailText.notFound);
    await expectNothingWritten(before);
  });
});

describe("DELETE /api/v1/archives/{uuid}", () => {
  it("moves the document to the trash: DOCUMENT_TRASH, the row and its file kept, and the document gone from every read", async () => {
    const word = `jahe${crypto.randomUUID().replace(/[^a-f]/g, "").slice(0, 5)}`;
    const { uuid } = await uploadDocument(staff, { categoryId, fields: { title: `Akan dihapus ${word}` } });
    const row = (await archiveRow(uuid))!;
    const before = await storageSnapshot();

    const response = await call(`/api/v1/archives/${uuid}`, { method: "DELETE", cookie: staff.cookie, csrfToken: staff.csrfToken });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: documentMessages.deleted });
    expect(await archiveRow(uuid)).toMatchObject({ r2_key: row.r2_key, deleted_by: staffUser.id, deleted_at: expect.any(String) });
    expect(await testEnv.FILES.head(row.r2_key)).not.toBeNull();
    const after = await storageSnapshot();
    expect(after).toMatchObject({ archives: before.archives, versions: before.versions, keys: before.keys, staged: 0, audit: before.audit + 1 });
    const audit = await auditRowsFor(uuid);
    expect(audit.at(-1)).toMatchObject({ action: "DOCUMENT_TRASH", actor_id: staffUser.id, target_type: "archive", target_id: uuid });
    expect(JSON.parse(audit.at(-1)!.details!)).toEqual({ fileName: row.file_name, sha256: row.sha256, version: 1 });

    await expectError(await call(`/api/v1/archives/${uuid}`, { cookie: staff.cookie }), 404, documentDetailText.notFound);
    await expectError(await call(`/api/v1/archives/${uuid}/download`, { cookie: staff.cookie }), 404, documentDetailText.notFound);
    expect((await (await call(`/api/v1/archives?q=${word}`, { cookie: staff.cookie })).json<{ total: number }>()).total).toBe(0);
    await expectError(await call(`/api/v1/archives/${uuid}`, { method: "DELETE", cookie: staff.cookie, csrfToken: staff.csrfToken }), 404, documentDetailText.notFound);
  });

  it("keeps the document's access requests (out of sight until a restore)", async () => {
    const { uuid } = await uploadDocument(staff, { categoryId });
    const row = (await archiveRow(uuid))!;
    await testEnv.DB.prepare(
      "INSERT INTO access_requests (uuid, archive_id, requester_id, status, request_message, created_at) VALUES (?, ?, ?, 'PENDING', 'Mohon', ?)",
    )
      .bind(crypto.randomUUID(), row.id, someoneElse.id, new Date().toISOString())
      .run();
    const response = await call(`/api/v1/archives/${uuid}`, { method: "DELETE", cookie: staff.cookie, csrfToken: staff.csrfToken });
    expect(response.status).toBe(200);
    const left = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM access_requests WHERE archive_id = ?").bind(row.id).first<{ n: number }>();
    expect(left!.n).toBe(1);
  });
});

describe("no orphans after a whole life cycle", () => {
  it("every version row has its object and every object its version row", async () => {
    const { uuid } = await uploadDocument(staff, { categoryId });
    await replaceFile(uuid, { filename: "v2.pdf", data: pdfBytes() });
    await put(uuid, documentFields(categoryId), { filename: "v3.pdf", data: pdfBytes() });
    const doomed = await uploadDocument(staff, { categoryId });
    await call(`/api/v1/archives/${doomed.uuid}`, { method: "DELETE", cookie: staff.cookie, csrfToken: staff.csrfToken });

    const { results } = await testEnv.DB.prepare("SELECT DISTINCT r2_key FROM archive_files ORDER BY r2_key").all<{ r2_key: string }>();
    expect(await r2Keys()).toEqual(results.map((r) => r.r2_key).sort());
    expect(await stagedCount()).toBe(0);
    expect((await versionsOf(uuid)).map((v) => v.version)).toEqual([1, 2, 3]);
  });
});
