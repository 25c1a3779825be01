import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { maxYear } from "~/domain/document-schemas";
import { documentValidation } from "~/i18n/document-validation";
import { session as sessionText } from "~/i18n/session";
import {
  archiveRow,
  documentFields,
  expectError,
  expectNothingWritten,
  postDocument,
  sendMultipart,
  storageSnapshot,
  uploadDocument,
  type StorageSnapshot,
} from "../support/worker/documents";
import { uploadWorld } from "../support/worker/factories";
import { call, type SignedIn } from "../support/worker/http";
import { concatBytes, formBody, HTML_PAGE, multipart, pdfBytes, pngBytes, randomBytes, SVG_IMAGE } from "../support/worker/multipart";

/**
 * Bad input to POST /api/v1/archives (and its siblings): each answered with the right status
 * and Indonesian message, and NOTHING written: no archives row, no audit row, no R2 object, no
 * pending_uploads marker left behind.
 */

// Uploads stream through busboy, file-type and R2 in workerd: slower than the other API tests
// on a loaded machine, and the first one in a file also pays for module start-up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const v = documentValidation;
let categoryId: number;
let staff: SignedIn;
let before: StorageSnapshot;

beforeAll(async () => {
  ({ categoryId, staff } = await uploadWorld());
});

beforeEach(async () => {
  before = await storageSnapshot();
});

/** Post `fields` (a valid PDF unless `file` says otherwise) and expect a refusal that wrote nothing. */
async function expectRefusal(
  input: Parameters<typeof postDocument>[1],
  status: number,
  message: string,
): Promise<{ errors?: string[] }> {
  const body = await expectError(await postDocument(staff, { categoryId, ...input }), status, message);
  await expectNothingWritten(before, message);
  return body;
}

const without = (field: string, extra: Record<string, string> = {}) => {
  const fields = documentFields(categoryId, extra);
  delete fields[field];
  return fields;
};

describe("required fields", () => {
  const cases: [string, string][] = [
    ["categoryId", v.categoryRequired],
    ["title", v.titleRequired],
    ["documentNumber", v.documentNumberRequired],
    ["year", v.yearRequired],
    ["keywords", v.keywordsRequired],
    ["description", v.descriptionRequired],
    ["accessLevel", v.accessLevelRequired],
  ];
  for (const [field, message] of cases) {
    it(`missing ${field}: 400 '${message}'`, async () => {
      const body = await expectRefusal({ fields: without(field) }, 400, message);
      expect(body.errors).toEqual([message]);
    });
    it(`blank ${field}: 400 '${message}'`, async () => {
      await expectRefusal({ fields: documentFields(categoryId, { [field]: "   " }) }, 400, message);
    });
  }

  it("missing file: 400 'File wajib diunggah.'", async () => {
    await expectRefusal({ file: null }, 400, v.fileRequired);
  });

  it("a file input left empty (a nameless, empty part): 400 'File wajib diunggah.'", async () => {
    await expectRefusal({ file: { filename: "", data: new Uint8Array() } }, 400, v.fileRequired);
  });

  it("several problems at once: the first is the message, all are in errors[]", async () => {
    const fields = documentFields(categoryId, { title: "abc", year: "tahun" });
    delete fields.keywords;
    const body = await expectRefusal({ fields }, 400, v.titleMin);
    expect(body.errors).toEqual(expect.arrayContaining([v.titleMin, v.yearNumber, v.keywordsRequired]));
    expect(body.errors).toHaveLength(3);
  });

  it("a short title before a file input left empty: both problems at once, as the form shows them", async () => {
    const body = await expectRefusal({ fields: documentFields(categoryId, { title: "abc" }), file: { filename: "", data: new Uint8Array() } }, 400, v.titleMin);
    expect(body.errors).toEqual([v.titleMin, v.fileRequired]);
  });

  it("an empty multipart body: 400, nothing written", async () => {
    await expectError(await sendMultipart("/api/v1/archives", staff, multipart([])), 400, v.categoryRequired);
    await expectNothingWritten(before);
  });
});

describe("field rules", () => {
  it("title shorter than 5 characters (after trimming): 400 'Judul minimal 5 karakter.'", async () => {
    for (const title of ["a", "abcd", "  abcd  "]) {
      await expectRefusal({ fields: documentFields(categoryId, { title }) }, 400, v.titleMin);
    }
  });

  it("over-long title, document number, keywords, description: 400 with their messages", async () => {
    await expectRefusal({ fields: documentFields(categoryId, { title: "J".repeat(256) }) }, 400, v.titleMax);
    await expectRefusal({ fields: documentFields(categoryId, { documentNumber: "N".repeat(101) }) }, 400, v.documentNumberMax);
    await expectRefusal({ fields: documentFields(categoryId, { keywords: "k".repeat(501) }) }, 400, v.keywordsMax);
    await expectRefusal({ fields: documentFields(categoryId, { description: "d".repeat(5001) }) }, 400, v.descriptionMax);
  });

  it("1 MB of keywords: 400, nothing written", async () => {
    await expectRefusal({ fields: documentFields(categoryId, { keywords: "arsip, ".repeat(150_000) }) }, 400, v.keywordsMax);
  });

  it("non-numeric year: 400 'Tahun harus berupa angka.'", async () => {
    for (const year of ["dua ribu", "2020.5", "20x0", "NaN"]) {
      await expectRefusal({ fields: documentFields(categoryId, { year }) }, 400, v.yearNumber);
    }
  });

  it("absurd years: 400 'Tahun harus antara 1900 dan <next year>.'", async () => {
    for (const year of ["0", "-5", "1800", "1899", String(maxYear() + 1), "99999"]) {
      await expectRefusal({ fields: documentFields(categoryId, { year }) }, 400, v.yearRange(maxYear()));
    }
    // Only decimal digits are a year: exponent and hex forms are not numbers here.
    for (const year of ["1e9", "2e3", "0x7E9"]) {
      await expectRefusal({ fields: documentFields(categoryId, { year }) }, 400, v.yearNumber);
    }
  });

  it("accepts the boundary years 1900 and next year", async () => {
    for (const year of ["1900", String(maxYear())]) {
      const { view } = await uploadDocument(staff, { categoryId, fields: { year } });
      expect(view.year).toBe(Number(year));
    }
  });

  it("an unknown, zero or non-numeric categoryId: 400", async () => {
    await expectRefusal({ fields: documentFields(987654) }, 400, v.categoryUnknown);
    await expectRefusal({ fields: documentFields(categoryId, { categoryId: "0" }) }, 400, v.categoryRequired);
    await expectRefusal({ fields: documentFields(categoryId, { categoryId: "umum" }) }, 400, v.categoryRequired);
  });

  it("an access level other than PRIVATE or PUBLIC: 400 'Tingkat akses wajib dipilih.'", async () => {
    for (const accessLevel of ["public", "SECRET", "PUBLIC,PRIVATE"]) {
      await expectRefusal({ fields: documentFields(categoryId, { accessLevel }) }, 400, v.accessLevelRequired);
    }
  });

  it("a refused form keeps the file out of R2 even when the file came before the bad fields", async () => {
    const fields = documentFields(categoryId, { title: "abc" });
    const body = multipart([
      { name: "file", filename: "a.pdf", data: pdfBytes() },
      ...Object.entries(fields).map(([name, value]) => ({ name, value: value! })),
    ]);
    await expectError(await sendMultipart("/api/v1/archives", staff, body), 400, v.titleMin);
    await expectNothingWritten(before);
  });
});

describe("file contents", () => {
  it("a .pdf that is really HTML: 400 (type not allowed)", async () => {
    await expectRefusal({ file: { filename: "laporan.pdf", data: HTML_PAGE, contentType: "application/pdf" } }, 400, v.fileType);
  });

  it("HTML under its own name or as .txt: 400", async () => {
    await expectRefusal({ file: { filename: "halaman.html", data: HTML_PAGE } }, 400, v.fileType);
    await expectRefusal({ file: { filename: "catatan.txt", data: HTML_PAGE, contentType: "text/plain" } }, 400, v.fileType);
    await expectRefusal({ file: { filename: "catatan.txt", data: `\uFEFF  ${HTML_PAGE}` } }, 400, v.fileType);
  });

  it("an SVG, under any name: 400", async () => {
    await expectRefusal({ file: { filename: "logo.svg", data: SVG_IMAGE, contentType: "image/svg+xml" } }, 400, v.fileType);
    await expectRefusal({ file: { filename: "logo.png", data: SVG_IMAGE, contentType: "image/png" } }, 400, v.fileType);
    await expectRefusal({ file: { filename: "logo.txt", data: `<?xml version="1.0"?>${SVG_IMAGE}` } }, 400, v.fileType);
  });

  it("a PNG named .pdf, a PDF named .png, text named .pdf: 400 saying the name and the content do not match", async () => {
    await expectRefusal({ file: { filename: "surat.pdf", data: pngBytes(), contentType: "application/pdf" } }, 400, v.fileNameMismatch("pdf", "PDF", "gambar"));
    await expectRefusal({ file: { filename: "foto.png", data: pdfBytes(), contentType: "image/png" } }, 400, v.fileNameMismatch("png", "gambar", "PDF"));
    await expectRefusal({ file: { filename: "catatan.txt", data: pdfBytes() } }, 400, v.fileNameMismatch("txt", "teks biasa", "PDF"));
    // Plain text is allowed, so a text file named .pdf is a naming problem, not a refused type.
    await expectRefusal({ file: { filename: "laporan.pdf", data: "Laporan kegiatan semester ganjil.\n".repeat(20), contentType: "application/pdf" } }, 400, v.fileNameMismatch("pdf", "PDF", "teks biasa"));
  });

  it("an executable or random bytes: 400", async () => {
    const exe = concatBytes(new TextEncoder().encode("MZ"), new Uint8Array(62), new TextEncoder().encode("PE\0\0"), randomBytes(500));
    await expectRefusal({ file: { filename: "setup.pdf", data: exe } }, 400, v.fileType);
    await expectRefusal({ file: { filename: "data.txt", data: concatBytes(new Uint8Array([0, 0xff, 0xfe]), randomBytes(5000)) } }, 400, v.fileType);
    await expectRefusal({ file: { filename: "data.bin", data: randomBytes(5000) } }, 400, v.fileType);
  });

  it("an empty file: 400 'File kosong. Pilih file yang berisi data.'", async () => {
    await expectRefusal({ file: { filename: "kosong.pdf", data: new Uint8Array() } }, 400, v.fileEmpty);
  });
});

describe("request shape", () => {
  it("a non-multipart body: 415 'Permintaan harus berupa multipart/form-data.'", async () => {
    const fields = documentFields(categoryId) as Record<string, string>;
    const bodies: [string, string][] = [
      ["application/json", JSON.stringify(fields)],
      ["application/x-www-form-urlencoded", new URLSearchParams(fields).toString()],
      ["text/plain", "judul=Surat"],
    ];
    for (const [contentType, body] of bodies) {
      const response = await call("/api/v1/archives", { body, cookie: staff.cookie, csrfToken: staff.csrfToken, headers: { "content-type": contentType } });
      await expectError(response, 415, v.notMultipart, contentType);
    }
    await expectError(await call("/api/v1/archives", { method: "POST", cookie: staff.cookie, csrfToken: staff.csrfToken }), 415, v.notMultipart);
    await expectNothingWritten(before);
  });

  it("a malformed or truncated multipart body: 400 'Data formulir tidak dapat dibaca.', the partial file removed", async () => {
    const noBoundary = await call("/api/v1/archives", { body: "x", cookie: staff.cookie, csrfToken: staff.csrfToken, headers: { "content-type": "multipart/form-data" } });
    await expectError(noBoundary, 400, v.malformed);

    const whole = formBody(documentFields(categoryId), { filename: "a.pdf", data: pdfBytes(200_000) });
    const cut = { body: whole.body.slice(0, whole.body.byteLength - 100_000), contentType: whole.contentType };
    await expectError(await sendMultipart("/api/v1/archives", staff, cut), 400, v.malformed);
    await expectNothingWritten(before);
  });
});

describe("CSRF on multipart posts signed in by cookie", () => {
  it("the `_csrf` field before the file is enough without the header", async () => {
    const response = await postDocument(staff, { categoryId, csrf: "field" });
    expect(response.status).toBe(201);
  });

  it("no header and no `_csrf` field: 403, nothing written", async () => {
    await expectError(await postDocument(staff, { categoryId, csrf: "none" }), 403, sessionText.csrfInvalid);
    await expectNothingWritten(before);
  });

  it("a wrong `_csrf` field, or one only after the file: 403, nothing written", async () => {
    const wrong = formBody({ _csrf: "salah", ...documentFields(categoryId) }, { filename: "a.pdf", data: pdfBytes() });
    await expectError(await sendMultipart("/api/v1/archives", staff, wrong, { csrf: "none" }), 403, sessionText.csrfInvalid);
    const late = multipart([
      ...Object.entries(documentFields(categoryId)).map(([name, value]) => ({ name, value: value! })),
      { name: "file", filename: "a.pdf", data: pdfBytes() },
      { name: "_csrf", value: staff.csrfToken },
    ]);
    await expectError(await sendMultipart("/api/v1/archives", staff, late, { csrf: "none" }), 403, sessionText.csrfInvalid);
    await expectNothingWritten(before);
  });

  it("a wrong header token: 403 even with a right field", async () => {
    const body = formBody({ _csrf: staff.csrfToken, ...documentFields(categoryId) }, { filename: "a.pdf", data: pdfBytes() });
    const response = await call("/api/v1/archives", {
      body: body.body,
      cookie: staff.cookie,
      csrfToken: "salah",
      headers: { "content-type": body.contentType },
    });
    await expectError(response, 403, sessionText.csrfInvalid);
    await expectNothingWritten(before);
  });

  it("a metadata-only PUT and a file replacement without a token: 403, the document unchanged", async () => {
    const { uuid } = await uploadDocument(staff, { categoryId });
    const row = await archiveRow(uuid);
    before = await storageSnapshot();
    const update = formBody(documentFields(categoryId, { title: "Diubah tanpa token CSRF" }));
    await expectError(await sendMultipart(`/api/v1/archives/${uuid}`, staff, update, { method: "PUT", csrf: "none" }), 403, sessionText.csrfInvalid);
    const replace = formBody({}, { filename: "b.pdf", data: pdfBytes() });
    await expectError(await sendMultipart(`/api/v1/archives/${uuid}/file`, staff, replace, { csrf: "none" }), 403, sessionText.csrfInvalid);
    await expectError(await sendMultipart(`/api/v1/archives/${uuid}/file`, staff, formBody({}), { csrf: "none" }), 403, sessionText.csrfInvalid);
    expect(await archiveRow(uuid)).toEqual(row);
    await expectNothingWritten(before);

    // With the field first, the same requests go through.
    const ok = formBody({ _csrf: staff.csrfToken, ...documentFields(categoryId, { title: "Diubah dengan token CSRF" }) });
    expect((await sendMultipart(`/api/v1/archives/${uuid}`, staff, ok, { method: "PUT", csrf: "none" })).status).toBe(200);
  });

  it("a DELETE dressed as multipart without a token: 403, the document kept", async () => {
    const { uuid } = await uploadDocument(staff, { categoryId });
    before = await storageSnapshot();
    for (const body of [undefined, formBody({ _csrf: "salah" }).body]) {
      const response = await call(`/api/v1/archives/${uuid}`, {
        method: "DELETE",
        body,
        cookie: staff.cookie,
        headers: { "content-type": "multipart/form-data; boundary=----x" },
      });
      await expectError(response, 403, sessionText.csrfInvalid);
    }
    expect(await archiveRow(uuid)).not.toBeNull();
    await expectNothingWritten(before);
    // The right `_csrf` field in a small multipart body is accepted like a urlencoded one.
    const form = formBody({ _csrf: staff.csrfToken });
    const response = await call(`/api/v1/archives/${uuid}`, { method: "DELETE", body: form.body, cookie: staff.cookie, headers: { "content-type": form.contentType } });
    expect(response.status).toBe(200);
  });
});

describe("size limit", () => {
  it("a Content-Length above the limit: 413 before a byte is read", async () => {
    const response = await postDocument(staff, { categoryId, headers: { "content-length": String(200 * 1024 * 1024) } });
    await expectError(response, 413, v.fileTooLarge(95));
    await expectNothingWritten(before);
  });

  const MB = 1024 * 1024;
  const small = { MAX_UPLOAD_MB: "1" };

  it("MAX_UPLOAD_MB caps the file exactly: 1 MiB passes, 1 MiB + 1 byte is 413, nothing written", async () => {
    const atLimit = await postDocument(staff, { categoryId, env: small, file: { filename: "pas.pdf", data: pdfBytes(MB) } });
    expect(atLimit.status).toBe(201);
    before = await storageSnapshot();
    const over = await postDocument(staff, { categoryId, env: small, file: { filename: "lebih.pdf", data: pdfBytes(MB + 1) } });
    await expectError(over, 413, v.fileTooLarge(1));
    await expectNothingWritten(before);
  });

  it("the streamed limit holds without any Content-Length (a chunked body)", async () => {
    const body = formBody(documentFields(categoryId), { filename: "besar.pdf", data: pdfBytes(3 * MB) });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < body.body.byteLength; offset += 64 * 1024) controller.enqueue(body.body.slice(offset, offset + 64 * 1024));
        controller.close();
      },
    });
    const response = await sendMultipart("/api/v1/archives", staff, { body: stream, contentType: body.contentType }, { env: small });
    await expectError(response, 413, v.fileTooLarge(1));
    await expectNothingWritten(before);
  });

  it("an upload cut off after R2 multipart parts were written leaves nothing behind", { timeout: 30_000 }, async () => {
    const response = await postDocument(staff, { categoryId, env: { MAX_UPLOAD_MB: "9" }, file: { filename: "besar.pdf", data: pdfBytes(9 * MB + 512 * 1024) } });
    await expectError(response, 413, v.fileTooLarge(9));
    await expectNothingWritten(before);
  });
});
