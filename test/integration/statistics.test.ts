import { beforeAll, describe, expect, it, vi } from "vitest";
import { documentFields, uploadDocument } from "../support/worker/documents";
import { createCategory, createUnitKerja, createUser } from "../support/worker/factories";
import { formBody } from "../support/worker/multipart";
import { sendMultipart } from "../support/worker/documents";
import { call, login, type SignedIn } from "../support/worker/http";
import type { z } from "zod";
import type { StatisticsViewSchema } from "~/domain/api/statistics";

/**
 * GET /api/v1/statistics and its CSV export, per audience: visitors count PUBLIC documents only,
 * signed-in users every document; only a Super Admin gets the user and work-unit totals. Counts
 * come from trigger-kept counters, so they change at once with every create, re-classification,
 * access change and delete. Other test files share the database, so each test counts in its
 * own categories; totals are checked against the categories of the same answer.
 */

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

type Statistics = z.infer<typeof StatisticsViewSchema>;

let staff: SignedIn;
let viewer: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  const unit = await createUnitKerja();
  const staffUser = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
  const viewerUser = await createUser({ role: "Viewer" });
  const adminUser = await createUser({ role: "Super Admin" });
  [staff, viewer, admin] = await Promise.all([
    login(staffUser.username, staffUser.password),
    login(viewerUser.username, viewerUser.password),
    login(adminUser.username, adminUser.password),
  ]);
});

async function statistics(session: SignedIn | null): Promise<Statistics> {
  const response = await call("/api/v1/statistics", { cookie: session?.cookie, ip: session?.ip });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const body = JSON.parse(text) as Statistics;
  // Internal consistency of one answer: the total is the sum of the categories.
  expect(body.totalVisibleArchives).toBe(body.archivesByCategory.reduce((sum, category) => sum + category.count, 0));
  expect(body.totalCategories).toBe(body.archivesByCategory.length);
  const ids = body.archivesByCategory.map((category) => category.categoryId);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  return body;
}

const countIn = (body: Statistics, categoryId: number) => body.archivesByCategory.find((category) => category.categoryId === categoryId)?.count;

/** The count of `categoryId` for a visitor and for a signed-in user. */
async function counts(categoryId: number) {
  const [visitor, signedIn] = await Promise.all([statistics(null), statistics(staff)]);
  return { visitor: countIn(visitor, categoryId), signedIn: countIn(signedIn, categoryId) };
}

const put = (uuid: string, fields: Record<string, string | undefined>) =>
  sendMultipart(`/api/v1/archives/${uuid}`, staff, formBody(fields), { method: "PUT" });

describe("GET /api/v1/statistics", () => {
  it("answers the SPEC fields; visitors count PUBLIC documents only and get no user or unit totals", async () => {
    const category = await createCategory();
    await uploadDocument(staff, { categoryId: category.id, fields: { accessLevel: "PUBLIC" } });
    await uploadDocument(staff, { categoryId: category.id, fields: { accessLevel: "PUBLIC" } });
    await uploadDocument(staff, { categoryId: category.id, fields: { accessLevel: "PRIVATE" } });
    const empty = await createCategory();

    const visitor = await statistics(null);
    expect(Object.keys(visitor).sort()).toEqual(["archivesByCategory", "totalCategories", "totalUnitKerja", "totalUsers", "totalVisibleArchives"]);
    expect(visitor.totalUsers).toBeNull();
    expect(visitor.totalUnitKerja).toBeNull();
    expect(visitor.archivesByCategory.find((row) => row.categoryId === category.id)).toEqual({
      categoryId: category.id,
      categoryName: category.categoryName,
      count: 2,
    });
    // Every category is listed, an empty one with 0.
    expect(countIn(visitor, empty.id)).toBe(0);
  });

  it("counts every document for Satuan Kerja and Viewer, without user or unit totals", async () => {
    const category = await createCategory();
    await uploadDocument(staff, { categoryId: category.id, fields: { accessLevel: "PUBLIC" } });
    await uploadDocument(staff, { categoryId: category.id, fields: { accessLevel: "PRIVATE" } });

    for (const session of [staff, viewer]) {
      const body = await statistics(session);
      expect(countIn(body, category.id)).toBe(2);
      expect(body.totalUsers).toBeNull();
      expect(body.totalUnitKerja).toBeNull();
    }
    expect(countIn(await statistics(null), category.id)).toBe(1);
  });

  it("gives a Super Admin every document and the user and work-unit totals", async () => {
    const category = await createCategory();
    await uploadDocument(staff, { categoryId: category.id, fields: { accessLevel: "PRIVATE" } });
    const before = await statistics(admin);
    await createUser({ role: "Viewer" });
    await createUnitKerja();
    const after = await statistics(admin);

    expect(countIn(after, category.id)).toBe(1);
    expect(before.totalUsers).toBeGreaterThanOrEqual(3);
    expect(before.totalUnitKerja).toBeGreaterThanOrEqual(1);
    // Other files may add rows meanwhile; ours are at least there.
    expect(after.totalUsers).toBeGreaterThanOrEqual(before.totalUsers! + 1);
    expect(after.totalUnitKerja).toBeGreaterThanOrEqual(before.totalUnitKerja! + 1);
  });

  it("follows a PUBLIC document at once: create, rename, re-classify, make private, delete", async () => {
    const [a, b] = [await createCategory(), await createCategory()];
    expect(await counts(a.id)).toEqual({ visitor: 0, signedIn: 0 });

    const { uuid } = await uploadDocument(staff, { categoryId: a.id, fields: { accessLevel: "PUBLIC", title: "Laporan awal sebelum diubah" } });
    expect(await counts(a.id)).toEqual({ visitor: 1, signedIn: 1 });

    expect((await put(uuid, documentFields(a.id, { accessLevel: "PUBLIC", title: "Laporan sesudah diganti judulnya" }))).status).toBe(200);
    expect(await counts(a.id)).toEqual({ visitor: 1, signedIn: 1 });

    expect((await put(uuid, documentFields(b.id, { accessLevel: "PUBLIC" }))).status).toBe(200);
    expect(await counts(a.id)).toEqual({ visitor: 0, signedIn: 0 });
    expect(await counts(b.id)).toEqual({ visitor: 1, signedIn: 1 });

    expect((await put(uuid, documentFields(b.id, { accessLevel: "PRIVATE" }))).status).toBe(200);
    expect(await counts(b.id)).toEqual({ visitor: 0, signedIn: 1 });

    expect((await put(uuid, documentFields(b.id, { accessLevel: "PUBLIC" }))).status).toBe(200);
    expect(await counts(b.id)).toEqual({ visitor: 1, signedIn: 1 });

    const deleted = await call(`/api/v1/archives/${uuid}`, { method: "DELETE", cookie: staff.cookie, csrfToken: staff.csrfToken, ip: staff.ip });
    expect(deleted.status).toBe(200);
    expect(await counts(b.id)).toEqual({ visitor: 0, signedIn: 0 });
  });

  it("never counts a PRIVATE document for visitors, through create, re-classify and delete", async () => {
    const [a, b] = [await createCategory(), await createCategory()];
    const { uuid } = await uploadDocument(staff, { categoryId: a.id, fields: { accessLevel: "PRIVATE" } });
    expect(await counts(a.id)).toEqual({ visitor: 0, signedIn: 1 });

    expect((await put(uuid, documentFields(b.id, { accessLevel: "PRIVATE", title: "Judul privat yang diganti" }))).status).toBe(200);
    expect(await counts(a.id)).toEqual({ visitor: 0, signedIn: 0 });
    expect(await counts(b.id)).toEqual({ visitor: 0, signedIn: 1 });

    const deleted = await call(`/api/v1/archives/${uuid}`, { method: "DELETE", cookie: staff.cookie, csrfToken: staff.csrfToken, ip: staff.ip });
    expect(deleted.status).toBe(200);
    expect(await counts(b.id)).toEqual({ visitor: 0, signedIn: 0 });
  });
});

describe("GET /api/v1/statistics/categories.csv", () => {
  async function csv(session: SignedIn | null): Promise<string[][]> {
    const response = await call("/api/v1/statistics/categories.csv", { cookie: session?.cookie, ip: session?.ip });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="statistik-kategori.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)], "UTF-8 byte order mark").toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.subarray(3));
    expect(text.endsWith("\r\n")).toBe(true);
    return text.trimEnd().split("\r\n").map(parseCsvLine);
  }

  /** Enough of RFC 4180 for one line: quoted fields with doubled quotes. */
  function parseCsvLine(line: string): string[] {
    const fields: string[] = [];
    const pattern = /("((?:[^"]|"")*)"|[^,]*)(,|$)/g;
    for (const match of line.matchAll(pattern)) {
      fields.push(match[2] !== undefined ? match[2].replace(/""/g, '"') : match[1]!);
      if (match[3] === "") break;
    }
    return fields;
  }

  it("exports the per-category numbers with the same audience rule as the API", async () => {
    const plain = await createCategory();
    const tricky = await createCategory(`Surat, "Khusus" ${crypto.randomUUID().slice(0, 6)}`);
    const formula = await createCategory(`=HYPERLINK("x") ${crypto.randomUUID().slice(0, 6)}`);
    const fullWidth = await createCategory(`\uFF1DSUM(1) ${crypto.randomUUID().slice(0, 6)}`);
    const zeroWidth = await createCategory(`\u200B=SUM(1) ${crypto.randomUUID().slice(0, 6)}`);
    await uploadDocument(staff, { categoryId: plain.id, fields: { accessLevel: "PUBLIC" } });
    await uploadDocument(staff, { categoryId: plain.id, fields: { accessLevel: "PRIVATE" } });
    await uploadDocument(staff, { categoryId: tricky.id, fields: { accessLevel: "PUBLIC" } });

    const visitorRows = await csv(null);
    expect(visitorRows[0]).toEqual(["Kategori", "Jumlah Dokumen"]);
    const visitorStatistics = await statistics(null);
    expect(visitorRows.length - 1).toBe(visitorStatistics.totalCategories);
    expect(visitorRows).toContainEqual([plain.categoryName, "1"]);
    expect(visitorRows).toContainEqual([tricky.categoryName, "1"]);
    // A spreadsheet must not run a category name as a formula.
    expect(visitorRows).toContainEqual([`'${formula.categoryName}`, "0"]);
    expect(visitorRows).toContainEqual([`'${fullWidth.categoryName}`, "0"]);
    expect(visitorRows).toContainEqual([`'${zeroWidth.categoryName}`, "0"]);

    const staffRows = await csv(staff);
    expect(staffRows).toContainEqual([plain.categoryName, "2"]);
  });
});
