import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contentDisposition } from "~/server/http/file-response.server";
import { testEnv } from "../support/worker/env";
import {
  archiveRow,
  auditRowsFor,
  downloadBytes,
  postDocument,
  storageSnapshot,
  uploadDocument,
  type DocumentView,
} from "../support/worker/documents";
import { uploadWorld } from "../support/worker/factories";
import { call, type SignedIn } from "../support/worker/http";
import { concatBytes, pdfBytes, randomBytes, sha256Hex, tiffBytes } from "../support/worker/multipart";

/**
 * GET /api/v1/archives/{uuid}/download: the bytes as uploaded, RFC 6266 Content-Disposition,
 * Content-Type/Length, ETag + If-None-Match, single ranges (206/416), nosniff, inline previews
 * only for types that cannot run script, a DOCUMENT_DOWNLOAD audit row; hostile stored file
 * names that stay data; and a file larger than one R2 multipart part, byte-exact.
 */

// Uploads stream through busboy, file-type and R2 in workerd: slower than the other API tests
// on a loaded machine, and the first one in a file also pays for module start-up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

let categoryId: number;
let staff: SignedIn;

beforeAll(async () => {
  ({ categoryId, staff } = await uploadWorld());
});

const download = (uuid: string, headers: Record<string, string> = {}, query = "") =>
  call(`/api/v1/archives/${uuid}/download${query}`, { cookie: staff.cookie, ip: staff.ip, headers });

const actions = async (uuid: string) => (await auditRowsFor(uuid)).map((row) => row.action);

/** Upload with a raw part header file name (`filename` verbatim, or RFC 5987 `filename*`). */
async function uploadNamed(name: { filename?: string; filenameStar?: string }, data: Uint8Array = pdfBytes()): Promise<DocumentView> {
  const response = await postDocument(staff, { categoryId, file: { ...name, data, contentType: "application/pdf" } });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return (JSON.parse(text) as { data: DocumentView }).data;
}

describe("download", () => {
  let doc: { uuid: string; bytes: Uint8Array; sha256: string };

  // A client's downloads of one file are audited once per hour (test/integration/audit-windows.test.ts):
  // each test here starts a new window.
  beforeEach(async () => {
    await testEnv.DB.prepare("DELETE FROM audit_windows").run();
  });

  beforeAll(async () => {
    const bytes = pdfBytes(10_000);
    const { uuid } = await uploadDocument(staff, { categoryId, bytes, fileName: "Laporan Tahunan.pdf" });
    doc = { uuid, bytes, sha256: await sha256Hex(bytes) };
  });

  it("serves the bytes with Content-Type, Content-Length, RFC 6266 Content-Disposition, ETag and nosniff", async () => {
    // Stored files are sent as they are: never re-encoded, even to a client that accepts gzip.
    const response = await download(doc.uuid, { "accept-encoding": "gzip" });
    expect(response.status).toBe(200);
    expect(await downloadBytes(response)).toEqual(doc.bytes);
    const h = response.headers;
    expect(h.get("content-type")).toBe("application/pdf");
    expect(h.get("content-length")).toBe("10000");
    expect(h.get("content-disposition")).toBe(`attachment; filename="Laporan Tahunan.pdf"; filename*=UTF-8''Laporan%20Tahunan.pdf`);
    expect(h.get("etag")).toBe(`"${doc.sha256}"`);
    expect(h.get("accept-ranges")).toBe("bytes");
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("content-encoding")).toBeNull();
    // A private document's file is never kept by the browser or anything in between.
    expect(h.get("cache-control")).toBe("private, no-store");
    expect(h.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("writes one DOCUMENT_DOWNLOAD audit row per download, by the downloader", async () => {
    const before = (await actions(doc.uuid)).filter((a) => a === "DOCUMENT_DOWNLOAD").length;
    await (await download(doc.uuid)).arrayBuffer();
    const rows = (await auditRowsFor(doc.uuid)).filter((r) => r.action === "DOCUMENT_DOWNLOAD");
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ actor_id: staff.body.user.userId, target_type: "archive", target_id: doc.uuid });
  });

  it("answers 304 without a body to a matching If-None-Match, and writes no audit row for it", async () => {
    const before = await actions(doc.uuid);
    for (const tag of [`"${doc.sha256}"`, `"x", "${doc.sha256}"`, `W/"${doc.sha256}"`, "*"]) {
      const response = await download(doc.uuid, { "if-none-match": tag });
      expect(response.status, tag).toBe(304);
      expect((await response.arrayBuffer()).byteLength).toBe(0);
      expect(response.headers.get("etag")).toBe(`"${doc.sha256}"`);
    }
    expect(await actions(doc.uuid)).toEqual(before);
    const stale = await download(doc.uuid, { "if-none-match": `"${"0".repeat(64)}"` });
    expect(stale.status).toBe(200);
    expect(await downloadBytes(stale)).toEqual(doc.bytes);
  });

  it("serves single ranges with 206 and Content-Range; only the first range of a download is audited", async () => {
    const before = (await actions(doc.uuid)).length;

    const head = await download(doc.uuid, { range: "bytes=0-99" });
    expect(head.status).toBe(206);
    expect(head.headers.get("content-range")).toBe("bytes 0-99/10000");
    expect(head.headers.get("content-length")).toBe("100");
    expect(await downloadBytes(head)).toEqual(doc.bytes.slice(0, 100));

    const rest = await download(doc.uuid, { range: "bytes=100-" });
    expect(rest.status).toBe(206);
    expect(rest.headers.get("content-range")).toBe("bytes 100-9999/10000");
    expect(await downloadBytes(rest)).toEqual(doc.bytes.slice(100));

    const suffix = await download(doc.uuid, { range: "bytes=-10" });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe("bytes 9990-9999/10000");
    expect(await downloadBytes(suffix)).toEqual(doc.bytes.slice(9990));

    const clamped = await download(doc.uuid, { range: "bytes=9995-20000" });
    expect(clamped.status).toBe(206);
    expect(clamped.headers.get("content-range")).toBe("bytes 9995-9999/10000");
    expect(await downloadBytes(clamped)).toEqual(doc.bytes.slice(9995));

    const audited = (await auditRowsFor(doc.uuid)).slice(before).map((r) => r.action);
    expect(audited).toEqual(["DOCUMENT_DOWNLOAD"]);
  });

  it("answers 416 with Content-Range bytes */size to an unsatisfiable range", async () => {
    for (const range of ["bytes=10000-", "bytes=20000-30000", "bytes=-0", "bytes=500-100"]) {
      const response = await download(doc.uuid, { range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get("content-range"), range).toBe("bytes */10000");
      expect((await response.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it("ignores a range it does not understand and serves the whole file", async () => {
    for (const range of ["items=0-1", "bytes=abc", "bytes=-", "bytes=0-1,5-6"]) {
      const response = await download(doc.uuid, { range });
      expect(response.status, range).toBe(200);
      expect(await downloadBytes(response)).toEqual(doc.bytes);
    }
  });

  it("?disposition=inline previews a PDF inline (audited as DOCUMENT_PREVIEW) under a strict policy", async () => {
    const response = await download(doc.uuid, {}, "?disposition=inline");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="Laporan Tahunan.pdf"; filename\*=UTF-8''/);
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; object-src 'self'; frame-ancestors 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await downloadBytes(response)).toEqual(doc.bytes);
    expect((await actions(doc.uuid)).at(-1)).toBe("DOCUMENT_PREVIEW");
    // Anything else is a download.
    const other = await download(doc.uuid, {}, "?disposition=INLINE");
    expect(other.headers.get("content-disposition")).toMatch(/^attachment;/);
    await other.arrayBuffer();
  });

  it("forces a download of types not safe inline, and sandboxes them", async () => {
    const { uuid } = await uploadDocument(staff, { categoryId, bytes: tiffBytes(), fileName: "peta.tif" });
    const response = await download(uuid, {}, "?disposition=inline");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/tiff");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="peta.tif"/);
    expect(response.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
    await response.arrayBuffer();
  });

  it("serves plain text as text/plain; charset=utf-8, sandboxed", async () => {
    const text = new TextEncoder().encode("Notulen rapat: semua hadir. Ünïcödé ✓\n");
    const { uuid } = await uploadDocument(staff, { categoryId, bytes: text, fileName: "notulen.txt" });
    const response = await download(uuid, {}, "?disposition=inline");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(response.headers.get("content-security-policy")).toMatch(/^sandbox;/);
    expect(await downloadBytes(response)).toEqual(text);
  });

  it("encodes a non-ASCII name in filename* and gives an ASCII fallback", async () => {
    const view = await uploadNamed({ filename: "Surat Keputusan – Ünïversitas (2025).pdf" });
    expect(view.fileName).toBe("Surat Keputusan – Ünïversitas (2025).pdf");
    const response = await download(view.uuid);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Surat Keputusan _ _n_versitas (2025).pdf"; filename*=UTF-8''Surat%20Keputusan%20%E2%80%93%20%C3%9Cn%C3%AFversitas%20%282025%29.pdf`,
    );
    await response.arrayBuffer();
  });
});

describe("hostile file names stay data", () => {
  /** What a header value may never contain, and the shape every stored name has. */
  async function expectSafe(view: DocumentView) {
    const row = (await archiveRow(view.uuid))!;
    expect(row.r2_key).toBe(row.r2_key.match(/^archives\/[0-9a-f-]{36}$/)?.[0]);
    expect(row.file_name).toBe(view.fileName);
    expect(view.fileName).not.toMatch(/[\u0000-\u001f\u007f-\u009f/\\"<>:|?*]/);
    expect(view.fileName!.length).toBeGreaterThan(0);
    expect(view.fileName!.length).toBeLessThanOrEqual(200);
    const response = await download(view.uuid);
    expect(response.status).toBe(200);
    const disposition = response.headers.get("content-disposition")!;
    expect(disposition).toBe(contentDisposition("attachment", view.fileName!));
    expect(disposition).not.toMatch(/[\r\n\u0000]/);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!._~-]*$/);
    expect([...response.headers.keys()]).not.toContain("x-injected");
    await response.arrayBuffer();
  }

  it("drops path segments: ../../etc/passwd.pdf and ..\\..\\windows\\win.ini.pdf", async () => {
    const unix = await uploadNamed({ filename: "../../etc/passwd.pdf" });
    expect(unix.fileName).toBe("passwd.pdf");
    await expectSafe(unix);
    const windows = await uploadNamed({ filename: "..\\..\\windows\\win.ini.pdf" });
    expect(windows.fileName).toBe("win.ini.pdf");
    await expectSafe(windows);
  });

  it("removes control characters and CR/LF (sent as RFC 5987 filename*), so no header can be injected", async () => {
    const view = await uploadNamed({ filenameStar: "laporan\r\nX-Injected: 1\r\n\u0000\u0007\u001b[31m.pdf" });
    expect(view.fileName).toBe("laporanX-Injected_ 1[31m.pdf");
    await expectSafe(view);
  });

  it("replaces quotes and reserved characters, strips leading dots", async () => {
    const view = await uploadNamed({ filenameStar: `"; filename="evil.html<x>|?*.pdf` });
    expect(view.fileName).toBe(`_; filename=_evil.html_x____.pdf`);
    await expectSafe(view);
    const dotted = await uploadNamed({ filename: "...htaccess.pdf" });
    expect(dotted.fileName).toBe("htaccess.pdf");
    await expectSafe(dotted);
  });

  it("cuts a 500-character name to 200, keeping the extension", async () => {
    const view = await uploadNamed({ filename: `${"a".repeat(496)}.pdf` });
    expect(view.fileName).toBe(`${"a".repeat(196)}.pdf`);
    await expectSafe(view);
  });

  it("names a file with no usable name 'dokumen' plus the extension of its sniffed type", async () => {
    for (const filenameStar of ["...", "\u0001\u0002", "   "]) {
      const view = await uploadNamed({ filenameStar });
      expect(view.fileName, JSON.stringify(filenameStar)).toBe("dokumen.pdf");
      await expectSafe(view);
    }
  });
});

describe("a file larger than one R2 part", () => {
  it("round-trips 12 MiB byte-exact (SHA-256 of the download equals the upload's), ranges across the part boundary too", { timeout: 30_000 }, async () => {
    const size = 12 * 1024 * 1024 + 123;
    const bytes = concatBytes(new TextEncoder().encode("%PDF-1.7\n"), randomBytes(size - 9));
    const sha256 = await sha256Hex(bytes);
    const before = await storageSnapshot();

    const { uuid } = await uploadDocument(staff, { categoryId, bytes, fileName: "besar.pdf" });

    const row = (await archiveRow(uuid))!;
    expect(row).toMatchObject({ file_size: size, sha256 });
    const object = (await testEnv.FILES.head(row.r2_key))!;
    expect(object.size).toBe(size);
    // Stored through R2 multipart: two 8 MiB-sized parts (a multipart object's etag ends in -<parts>).
    expect(object.etag).toMatch(/-2$/);
    const after = await storageSnapshot();
    expect(after.keys).toEqual([...before.keys, row.r2_key].sort());
    expect(after.staged).toBe(0);

    const response = await download(uuid);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(size));
    const received = await downloadBytes(response);
    expect(received.byteLength).toBe(size);
    expect(await sha256Hex(received)).toBe(sha256);

    const boundary = 8 * 1024 * 1024;
    const range = await download(uuid, { range: `bytes=${boundary - 50}-${boundary + 49}` });
    expect(range.status).toBe(206);
    expect(await downloadBytes(range)).toEqual(bytes.slice(boundary - 50, boundary + 50));
  });
});
