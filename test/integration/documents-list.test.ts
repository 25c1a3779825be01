import { beforeAll, describe, expect, it, vi } from "vitest";
import { testEnv } from "../support/worker/env";
import { documentFields, uploadDocument, type DocumentView } from "../support/worker/documents";
import { createCategory, createUnitKerja, createUser } from "../support/worker/factories";
import { call, login, type SignedIn } from "../support/worker/http";

/**
 * GET /api/v1/archives, /archives/categories and /archives/category/{id}: shape (SPEC section 3
 * field names), order, paging, category filter and full-text search, as a signed-in user and as
 * a visitor. Each test works in its own category so counts are exact.
 */

// Uploads stream through busboy, file-type and R2 in workerd: slower than the other API tests
// on a loaded machine, and the first one in a file also pays for module start-up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

type Page = { data: DocumentView[]; page: number; size: number; total: number; totalPages: number; query: Record<string, unknown> };

/** Every key a listed document has: SPEC section 3 plus the URLs and flags the pages use. Nothing else (no R2 key). */
const DOCUMENT_KEYS = [
  "uuid", "title", "documentNumber", "year", "description", "keywords", "accessLevel", "categoryId", "category",
  "fileName", "fileSizeKb", "mimeType", "previewUrl", "uploader", "createdAt", "canEdit", "canDelete",
  "downloadUrl", "updatedAt", "canOpenFile", "canRequestAccess", "currentVersion",
  "securityClass", "classificationCode", "classificationName", "unitKerjaId", "unitKerjaName", "retentionStartDate", "physicalLocation", "hasFile", "berkasId", "vital",
].sort();

let staff: SignedIn;
let staffName: string;

beforeAll(async () => {
  const unit = await createUnitKerja();
  const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id, fullName: "Siti Arsiparis" });
  staffName = user.fullName;
  staff = await login(user.username, user.password);
});

async function list(path: string, session: SignedIn | null = staff): Promise<Page> {
  const response = await call(path, { cookie: session?.cookie, ip: session?.ip });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return JSON.parse(text) as Page;
}

/** `count` documents in a fresh category, created one after another (oldest first). */
async function seed(count: number, fields: (index: number) => Record<string, string | undefined> = () => ({})) {
  const category = await createCategory();
  const created: DocumentView[] = [];
  for (let index = 0; index < count; index++) {
    created.push((await uploadDocument(staff, { categoryId: category.id, fields: { title: `Dokumen urut nomor ${index}`, ...fields(index) } })).view);
  }
  return { category, created };
}

describe("GET /api/v1/archives", () => {
  it("answers { data, page, size, total, totalPages, query } with SPEC field names on every item", async () => {
    const { category, created } = await seed(1, () => ({ accessLevel: "PUBLIC", year: "2024" }));
    const body = await list(`/api/v1/archives?category=${category.id}`);

    expect(Object.keys(body).sort()).toEqual(["data", "page", "query", "size", "total", "totalPages"]);
    expect(body).toMatchObject({ page: 1, size: 10, total: 1, totalPages: 1 });
    expect(body.query).toEqual({ q: "", category: category.id, sort: "createdAt", dir: "desc", page: 1, size: 10 });
    const [item] = body.data;
    expect(Object.keys(item!).sort()).toEqual(DOCUMENT_KEYS);
    const fields = documentFields(category.id);
    expect(item).toMatchObject({
      uuid: created[0]!.uuid,
      title: "Dokumen urut nomor 0",
      year: 2024,
      description: fields.description,
      keywords: fields.keywords,
      accessLevel: "PUBLIC",
      categoryId: category.id,
      category: { id: category.id, categoryName: category.categoryName },
      fileName: "dokumen.pdf",
      fileSizeKb: 2,
      mimeType: "application/pdf",
      previewUrl: `/api/v1/archives/${created[0]!.uuid}/download/dokumen.pdf?disposition=inline`,
      downloadUrl: `/api/v1/archives/${created[0]!.uuid}/download`,
      uploader: staffName,
      canEdit: true,
      canDelete: true,
    });
    expect(item!.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(item!.documentNumber).toMatch(/^SK\//);
    expect(new Date(item!.createdAt).toISOString()).toBe(item!.createdAt);
    expect(Object.keys(item!.category).sort()).toEqual(["categoryName", "id"]);
  });

  it("lists newest first", async () => {
    const { category, created } = await seed(4);
    const body = await list(`/api/v1/archives?category=${category.id}`);
    expect(body.data.map((d) => d.uuid)).toEqual(created.map((d) => d.uuid).reverse());
    const stamps = body.data.map((d) => d.createdAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
  });

  it("also lists newest first without any filter (the first item is the latest upload)", async () => {
    const { created } = await seed(2);
    const body = await list("/api/v1/archives");
    expect(body.data[0]!.uuid).toBe(created[1]!.uuid);
    expect(body.data[1]!.uuid).toBe(created[0]!.uuid);
  });

  it("pages: size and page select the slice, total and totalPages describe the whole", async () => {
    const { category, created } = await seed(7);
    const newestFirst = created.map((d) => d.uuid).reverse();

    const first = await list(`/api/v1/archives?category=${category.id}&size=5`);
    expect(first).toMatchObject({ page: 1, size: 5, total: 7, totalPages: 2 });
    expect(first.data.map((d) => d.uuid)).toEqual(newestFirst.slice(0, 5));

    const second = await list(`/api/v1/archives?category=${category.id}&size=5&page=2`);
    expect(second).toMatchObject({ page: 2, size: 5, total: 7, totalPages: 2 });
    expect(second.data.map((d) => d.uuid)).toEqual(newestFirst.slice(5));

    const beyond = await list(`/api/v1/archives?category=${category.id}&size=5&page=3`);
    expect(beyond).toMatchObject({ page: 3, total: 7, data: [] });
  });

  it("falls back to the defaults for odd paging and sorting parameters", async () => {
    const { category } = await seed(1);
    for (const query of ["size=7", "size=abc", "size=-5", "page=0", "page=-1", "page=abc", "sort=password_hash", "dir=sideways"]) {
      const body = await list(`/api/v1/archives?category=${category.id}&${query}`);
      expect(body, query).toMatchObject({ page: 1, size: 10, total: 1 });
      expect(body.query, query).toMatchObject({ sort: "createdAt", dir: "desc" });
    }
  });

  it("sorts by the allowed columns in both directions", async () => {
    const { category, created } = await seed(3, (index) => ({ year: String(2020 + ((index + 1) % 3)), title: `Judul ${"CAB"[index]} dokumen` }));
    const titles = (await list(`/api/v1/archives?category=${category.id}&sort=title&dir=asc`)).data.map((d) => d.title);
    expect(titles).toEqual(["Judul A dokumen", "Judul B dokumen", "Judul C dokumen"]);
    const years = (await list(`/api/v1/archives?category=${category.id}&sort=year&dir=desc`)).data.map((d) => d.year);
    expect(years).toEqual([2022, 2021, 2020]);
    const oldestFirst = (await list(`/api/v1/archives?category=${category.id}&dir=asc`)).data.map((d) => d.uuid);
    expect(oldestFirst).toEqual(created.map((d) => d.uuid));
  });

  it("filters by category, with totals per category", async () => {
    const a = await seed(2);
    const b = await seed(3);
    const inA = await list(`/api/v1/archives?category=${a.category.id}`);
    expect(inA.total).toBe(2);
    expect(inA.data.every((d) => d.categoryId === a.category.id)).toBe(true);
    const inB = await list(`/api/v1/archives?category=${b.category.id}`);
    expect(inB.total).toBe(3);
    expect(inB.data.map((d) => d.uuid).sort()).toEqual(b.created.map((d) => d.uuid).sort());
    const unknown = await list("/api/v1/archives?category=987654");
    expect(unknown).toMatchObject({ total: 0, totalPages: 1, data: [] });
  });

  it("shows visitors PUBLIC documents only, with totals to match", async () => {
    const { category, created } = await seed(4, (index) => ({ accessLevel: index % 2 ? "PUBLIC" : "PRIVATE" }));
    const publicUuids = created.filter((d) => d.accessLevel === "PUBLIC").map((d) => d.uuid);

    const visitor = await list(`/api/v1/archives?category=${category.id}`, null);
    expect(visitor.total).toBe(2);
    expect(visitor.data.map((d) => d.uuid).sort()).toEqual(publicUuids.sort());
    expect(visitor.data.every((d) => d.accessLevel === "PUBLIC" && !d.canEdit && !d.canDelete)).toBe(true);

    const all = await list("/api/v1/archives?size=50", null);
    expect(all.data.every((d) => d.accessLevel === "PUBLIC")).toBe(true);

    const signedIn = await list(`/api/v1/archives?category=${category.id}`);
    expect(signedIn.total).toBe(4);
  });
});

describe("GET /api/v1/archives?q= (full-text search)", () => {
  // A word no other document has, so matches are exact.
  const word = `zamrud${crypto.randomUUID().replace(/[^a-f]/g, "").slice(0, 6)}`;
  let category: { id: number };
  let byField: Record<string, DocumentView>;

  beforeAll(async () => {
    const seeded = await seed(5, (index) => {
      const fields = [
        { title: `Laporan ${word}anggaran tahunan` },
        { documentNumber: `NO/${word}/77` },
        { keywords: `arsip, ${word}, surat, resmi, penting` },
        { description: `Dokumen ini menjelaskan prosedur ${word} secara rinci untuk seluruh unit kerja di universitas.` },
        { title: "Dokumen tanpa kata khusus", accessLevel: "PUBLIC" },
      ];
      return fields[index]!;
    });
    category = seeded.category;
    byField = { title: seeded.created[0]!, documentNumber: seeded.created[1]!, keywords: seeded.created[2]!, description: seeded.created[3]!, none: seeded.created[4]! };
  });

  const search = async (q: string, session: SignedIn | null = staff, extra = "") =>
    list(`/api/v1/archives?q=${encodeURIComponent(q)}${extra}`, session);

  it("finds a word in the title, document number, keywords and description", async () => {
    const body = await search(word);
    expect(body.total).toBe(4);
    expect(body.data.map((d) => d.uuid).sort()).toEqual(
      [byField.title, byField.documentNumber, byField.keywords, byField.description].map((d) => d!.uuid).sort(),
    );
    expect(body.query.q).toBe(word);
  });

  it("matches prefixes and is case-insensitive", async () => {
    const body = await search(word.slice(0, 7).toUpperCase());
    expect(body.total).toBe(4);
    // "Laporan <word>anggaran": the word is a prefix of a longer token.
    expect((await search(`${word}angg`)).data.map((d) => d.uuid)).toEqual([byField.title!.uuid]);
  });

  it("needs every word to match", async () => {
    expect((await search(`${word} laporan`)).data.map((d) => d.uuid)).toEqual([byField.title!.uuid]);
    expect((await search(`${word} tidakadasamasekali`)).total).toBe(0);
  });

  it("combines with the category filter and with paging", async () => {
    expect((await search(word, staff, `&category=${category.id}`)).total).toBe(4);
    expect((await search(word, staff, "&category=987654")).total).toBe(0);
    const paged = await search(word, staff, "&size=5");
    expect(paged).toMatchObject({ total: 4, totalPages: 1 });
  });

  it("shows visitors only PUBLIC matches", async () => {
    expect((await search(word, null)).total).toBe(0);
    expect((await search("kata khusus", null)).data.map((d) => d.uuid)).toContain(byField.none!.uuid);
  });

  it("treats search syntax as plain words: a leading minus does not negate, quotes make an exact phrase", async () => {
    expect((await search(`-${word}`)).total).toBe(4);
    // A quoted phrase is exact (no prefix): "<word>anggaran" in the title is another word.
    expect((await search(`"${word}"`)).total).toBe(3);
    expect((await search(`${word}*`)).total).toBe(4);
    expect((await search(`title:${word}`)).total).toBe(0);
  });

  it("never answers 500 to hostile input", async () => {
    const hostile = [
      '"', '""', '"unterminated', "*", "**", "OR", "AND", "NOT", "NEAR(", "NEAR(a b)", "-", "--", "+", "^", "(", ")", "{a b}",
      "a OR b", "a AND NOT b", "title:x", "x:y", "'", "';--", "%", "_", "\\", "\u0000", "a\u0000b", "\u0001\u001f", "\u{1F4C4}",
      "a".repeat(300), `${"kata ".repeat(60)}`, "NEAR(" + "x ".repeat(40) + ")",
    ];
    for (const q of hostile) {
      const response = await call(`/api/v1/archives?q=${encodeURIComponent(q)}`, { cookie: staff.cookie, ip: staff.ip });
      expect(response.status, JSON.stringify(q)).toBe(200);
      const body = await response.json<Page>();
      expect(Array.isArray(body.data), JSON.stringify(q)).toBe(true);
      expect(typeof body.total, JSON.stringify(q)).toBe("number");
    }
  });
});

describe("GET /api/v1/archives/categories", () => {
  it("lists every category as { id, categoryName }, for visitors too", async () => {
    const first = await createCategory();
    const second = await createCategory();
    for (const session of [staff, null]) {
      const response = await call("/api/v1/archives/categories", { cookie: session?.cookie });
      expect(response.status).toBe(200);
      const categories = await response.json<{ id: number; categoryName: string }[]>();
      expect(Array.isArray(categories)).toBe(true);
      expect(categories).toEqual(expect.arrayContaining([first, second]));
      for (const category of categories) expect(Object.keys(category).sort()).toEqual(["categoryName", "id"]);
      const { results } = await testEnv.DB.prepare("SELECT id FROM categories ORDER BY id").all<{ id: number }>();
      expect(categories.map((c) => c.id)).toEqual(results.map((r) => r.id));
    }
  });
});

describe("GET /api/v1/archives/category/{id}", () => {
  it("is the list filtered by that category, same shape, PUBLIC only for visitors", async () => {
    const { category, created } = await seed(3, (index) => ({ accessLevel: index === 0 ? "PUBLIC" : "PRIVATE" }));
    await seed(1); // another category, never listed here

    const body = await list(`/api/v1/archives/category/${category.id}`);
    expect(body).toMatchObject({ page: 1, size: 10, total: 3, totalPages: 1 });
    expect(body.query.category).toBe(category.id);
    expect(body.data.map((d) => d.uuid)).toEqual(created.map((d) => d.uuid).reverse());
    for (const item of body.data) expect(Object.keys(item).sort()).toEqual(DOCUMENT_KEYS);

    const visitor = await list(`/api/v1/archives/category/${category.id}`, null);
    expect(visitor.data.map((d) => d.uuid)).toEqual([created[0]!.uuid]);

    const paged = await list(`/api/v1/archives/category/${category.id}?size=5&page=1&q=urut`);
    expect(paged.total).toBe(3);
    expect((await list("/api/v1/archives/category/987654")).total).toBe(0);
  });

  it("answers 404 for an id that is not a number", async () => {
    const response = await call("/api/v1/archives/category/abc", { cookie: staff.cookie });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: "Kategori tidak ditemukan." });
  });
});

describe("an over-long search", () => {
  it("is cut to 200 characters, not dropped", async () => {
    const body = await list(`/api/v1/archives?q=${"zz".repeat(150)}`);
    expect(body.query.q).toBe("zz".repeat(100));
    expect(body.total).toBe(0);
  });
});
