import { beforeAll, describe, expect, it, vi } from "vitest";
import { listHref } from "~/components/list/list-href";
import { keysetPagination } from "~/components/list/page-links";
import { DOCUMENT_LIST_DEFAULTS, DOCUMENT_SORTS, type DocumentSort } from "~/domain/document-list";
import { documentListDefaults } from "~/domain/document-schemas";
import type { RequestContext } from "~/server/context.server";
import { loadDocumentList } from "~/routes/helpers/document-list.server";
import { serviceContext } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { createCategory, createUser, type CreatedUser } from "../support/worker/factories";
import { call, login, type SignedIn } from "../support/worker/http";

/**
 * The document list pages' Previous/Next links seek by keyset cursor (`after`/`before`); a page
 * number alone reads by offset. Walked through the pages' own loader and link builder, for every
 * sort key and direction, signed in and public, with a category filter and a search: each page
 * reached by a link holds exactly the rows of the numbered page, and all pages together are the
 * documents in the list's order, ties in the sort value broken by id. Plus hand-edited cursors,
 * and the API list, which pages by number only.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

const SIZE = 5;
const COUNT = 25;
// A word only this file's documents carry, so a search finds exactly those that have it.
const WORD = `kunciurut${crypto.randomUUID().replace(/[^a-f]/g, "").slice(0, 6)}`;

type Row = { id: number; uuid: string; title: string; document_number: string; year: number; file_size: number; created_at: string };

let staffUser: CreatedUser;
let staff: SignedIn;
let categoryId: number;

/**
 * 25 documents with many ties: 5 titles, 4 document numbers, 3 years, 6 file sizes, and 9 upload
 * times (not in id order, as after an import, so orders by time and by id differ); every other
 * one PUBLIC, two in three carry the search word.
 */
beforeAll(async () => {
  staffUser = await createUser({ role: "Satuan Kerja" });
  staff = await login(staffUser.username, staffUser.password);
  categoryId = (await createCategory()).id;
  const start = Date.parse("2026-03-01T08:00:00.000Z");
  for (let index = 0; index < COUNT; index++) {
    const uuid = crypto.randomUUID();
    const createdAt = new Date(start + ((index * 7) % 9) * 60_000).toISOString();
    await testEnv.DB.prepare(
      `INSERT INTO archives (uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id,
         r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?)`,
    )
      .bind(
        uuid,
        `Judul ${"CAEBD"[index % 5]} dokumen urutan`,
        `NO/${index % 4}/2024`,
        2020 + (index % 3),
        "Deskripsi dokumen untuk uji urutan halaman.",
        index % 3 === 0 ? "arsip, uji, urutan" : `arsip, ${WORD}, urutan`,
        index % 2 === 0 ? "PUBLIC" : "PRIVATE",
        categoryId,
        staffUser.id,
        `archives/${uuid}`,
        "uji.pdf",
        1000 * (index % 6),
        "application/pdf",
        "0".repeat(64),
        createdAt,
        createdAt,
      )
      .run();
  }
});

/** The columns each order compares, the id last (a search newest-first is in index = id order). */
const ORDER: Record<DocumentSort, (keyof Row)[]> = {
  createdAt: ["created_at", "id"],
  title: ["title", "id"],
  year: ["year", "created_at", "id"],
  documentNumber: ["document_number", "id"],
  fileSize: ["file_size", "id"],
  // Without a search, relevance is the default order.
  relevance: ["created_at", "id"],
};

/** The rows a list shows, in its order, worked out here from plain SQL reads and a sort in JS. */
async function expectedOrder(where: string, params: unknown[], sort: DocumentSort, dir: "asc" | "desc", search: boolean): Promise<string[]> {
  const { results } = await testEnv.DB.prepare(`SELECT id, uuid, title, document_number, year, file_size, created_at FROM archives WHERE ${where}`)
    .bind(...params)
    .all<Row>();
  const columns = search && sort === "createdAt" ? (["id"] as const) : ORDER[sort];
  const sign = dir === "asc" ? 1 : -1;
  return results
    .sort((a, b) => {
      for (const column of columns) if (a[column] !== b[column]) return (a[column] < b[column] ? -1 : 1) * sign;
      return 0;
    })
    .map((row) => row.uuid);
}

type Loaded = Awaited<ReturnType<typeof loadDocumentList>>;

/** The list page's loader on a URL; a redirect comes back as its Location. */
async function load(ctx: RequestContext, href: string, publicOnly: boolean): Promise<Loaded | { redirect: string }> {
  const basePath = publicOnly ? "/documents" : "/app/documents";
  try {
    return await loadDocumentList(ctx, new Request(`http://earsip.test${href}`), basePath, { publicOnly });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    expect(thrown.status, href).toBe(302);
    return { redirect: thrown.headers.get("location")! };
  }
}

async function loadPage(ctx: RequestContext, href: string, publicOnly: boolean): Promise<Loaded> {
  const loaded = await load(ctx, href, publicOnly);
  if ("redirect" in loaded) throw new Error(`${href} redirected to ${loaded.redirect}`);
  return loaded;
}

/** The Previous/Next hrefs the page renders (as the document list component builds them). */
function links(loaded: Loaded, basePath: string) {
  return keysetPagination(loaded.page, loaded.cursors, (change) => listHref(basePath, loaded.page.query, change, documentListDefaults(loaded.page.query.q)));
}

const uuids = (loaded: Loaded) => loaded.page.data.map((row) => row.uuid);

type Variant = { name: string; publicOnly: boolean; query: () => string; where: () => [string, unknown[]]; search: boolean };
const match = "id IN (SELECT rowid FROM archives_fts WHERE archives_fts MATCH ?)";
const VARIANTS: Variant[] = [
  { name: "signed in, category", publicOnly: false, search: false, query: () => `category=${categoryId}`, where: () => ["category_id = ?", [categoryId]] },
  {
    name: "signed in, search + category",
    publicOnly: false,
    search: true,
    query: () => `q=${WORD}&category=${categoryId}`,
    where: () => [`category_id = ? AND ${match}`, [categoryId, `"${WORD}"*`]],
  },
  { name: "signed in, search", publicOnly: false, search: true, query: () => `q=${WORD}`, where: () => [match, [`"${WORD}"*`]] },
  {
    name: "public list, category",
    publicOnly: true,
    search: false,
    query: () => `category=${categoryId}`,
    where: () => ["category_id = ? AND access_level = 'PUBLIC'", [categoryId]],
  },
  { name: "public list", publicOnly: true, search: false, query: () => "", where: () => ["access_level = 'PUBLIC'", []] },
  {
    name: "public list, search",
    publicOnly: true,
    search: true,
    query: () => `q=${WORD}`,
    where: () => [`access_level = 'PUBLIC' AND ${match}`, [`"${WORD}"*`]],
  },
];

describe("Previous/Next by cursor = the numbered pages", () => {
  for (const variant of VARIANTS) {
    it(`${variant.name}: every sort, both directions`, async () => {
      const ctx = await serviceContext(variant.publicOnly ? null : staffUser);
      const basePath = variant.publicOnly ? "/documents" : "/app/documents";
      // Relevance (a search's default) pages by number only: text-search.test.ts.
      for (const sort of DOCUMENT_SORTS.filter((sort) => sort !== "relevance")) {
        for (const dir of ["asc", "desc"] as const) {
          const label = `${variant.name}, ${sort} ${dir}`;
          const [where, params] = variant.where();
          const expected = await expectedOrder(where, params, sort, dir, variant.search);
          const listParams = { q: "", ...Object.fromEntries(new URLSearchParams(variant.query())), sort, dir, size: SIZE };
          const base = listHref(basePath, {}, listParams, documentListDefaults(listParams.q));
          const pageCount = Math.ceil(expected.length / SIZE);
          expect(pageCount, label).toBeGreaterThanOrEqual(2);

          // By number: page 1, then ?page=N (an offset; past page 1 the ids come first).
          const numbered: Loaded[] = [];
          for (let number = 1; number <= pageCount; number++) {
            numbered.push(await loadPage(ctx, number === 1 ? base : `${base}&page=${number}`, variant.publicOnly));
          }
          expect(numbered.flatMap(uuids), label).toEqual(expected);
          expect(numbered[0]!.page.totalPages, label).toBe(pageCount);

          // Next, link after link: page N+1 seeks after page N's last row.
          let current = numbered[0]!;
          expect(links(current, basePath).previousHref, label).toBeNull();
          for (let number = 2; number <= pageCount; number++) {
            const next = links(current, basePath).nextHref!;
            expect(new URL(next, "http://x").searchParams.get("after"), `${label}: Next from ${number - 1}`).toBeTruthy();
            expect(new URL(next, "http://x").searchParams.get("page"), label).toBe(String(number));
            current = await loadPage(ctx, next, variant.publicOnly);
            expect(uuids(current), `${label}: page ${number} by Next`).toEqual(uuids(numbered[number - 1]!));
            expect(current.page.page, label).toBe(number);
          }
          expect(links(current, basePath).nextHref, `${label}: last page`).toBeNull();

          // Previous, link after link, back to page 1, whose link is the plain list URL.
          for (let number = pageCount - 1; number >= 1; number--) {
            const previous = links(current, basePath).previousHref!;
            const params = new URL(previous, "http://x").searchParams;
            if (number === 1) expect(previous, label).toBe(base);
            else expect(params.get("before"), `${label}: Previous to ${number}`).toBeTruthy();
            expect(params.has("after"), label).toBe(false);
            current = await loadPage(ctx, previous, variant.publicOnly);
            expect(uuids(current), `${label}: page ${number} by Previous`).toEqual(uuids(numbered[number - 1]!));
          }
        }
      }
    });
  }
});

describe("a cursor edited by hand or out of date", () => {
  const base = () => `/app/documents?category=${categoryId}&sort=title&dir=asc&size=${SIZE}`;

  it("never fails: the page number's rows, a redirect to them, or another valid page", async () => {
    const ctx = await serviceContext(staffUser);
    const page2 = uuids(await loadPage(ctx, `${base()}&page=2`, false));
    const cases: [string, "numbered" | "redirect" | "page"][] = [
      // Not a cursor at all: the canonical URL drops it.
      ["after=abc", "redirect"],
      ["after=", "redirect"],
      [`after=${"9".repeat(20)}`, "redirect"],
      [`after=${Number.MAX_SAFE_INTEGER}.Judul C`, "redirect"],
      [`before=1.${"x".repeat(500)}`, "redirect"],
      ["after=-5.Judul", "redirect"],
      // A cursor's shape, but not this order's: ignored, the numbered page shows.
      ["after=0.Judul A", "numbered"],
      ["sort=year&dir=asc&after=3.notayear.2026-03-01T08:00:00.000Z", "numbered"],
      ["sort=year&dir=asc&after=3.2021", "numbered"],
      ["sort=fileSize&dir=asc&after=3.12.5", "numbered"],
      ["sort=fileSize&dir=asc&after=3", "numbered"],
      // A well-formed position nothing follows: back to the page number.
      ["after=999999999.zzzz", "redirect"],
      ["before=1.AAAA", "redirect"],
      ["after=7.%F0%9F%93%84%E2%80%AE", "redirect"],
      // A position in the middle: a valid page, whatever rows it finds.
      ["after=5.%00", "page"],
      ["after=1.Judul B", "page"],
      ["after=1.Judul B&before=2.Judul A", "page"],
      ["before=999999999.zzzz", "page"],
    ];
    for (const [params, outcome] of cases) {
      const order = params.includes("sort=") ? "" : "&sort=title&dir=asc";
      const href = `/app/documents?category=${categoryId}${order}&size=${SIZE}&page=2&${params}`;
      const loaded = await load(ctx, href, false);
      if (outcome === "redirect") {
        expect("redirect" in loaded, `${params}: ${JSON.stringify("redirect" in loaded ? loaded : uuids(loaded))}`).toBe(true);
        const target = (loaded as { redirect: string }).redirect;
        expect(target, params).not.toMatch(/[?&](after|before)=/);
        const landed = await loadPage(ctx, target, false);
        expect(landed.page.data.length, params).toBeGreaterThan(0);
      } else {
        expect("redirect" in loaded, `${params}: redirected to ${"redirect" in loaded ? loaded.redirect : ""}`).toBe(false);
        const shown = loaded as Loaded;
        expect(shown.page.page, params).toBe(2);
        expect(shown.page.data.length, params).toBeGreaterThan(0);
        if (outcome === "numbered" && !params.includes("sort=")) expect(uuids(shown), params).toEqual(page2);
      }
    }
  });

  it("a cursor of another order shows a valid page of this one", async () => {
    const ctx = await serviceContext(staffUser);
    const byTitle = await loadPage(ctx, `${base()}&page=2`, false);
    const titleCursor = byTitle.cursors.last!;
    for (const sort of DOCUMENT_SORTS) {
      const loaded = await load(ctx, `/app/documents?category=${categoryId}&sort=${sort}&dir=desc&size=${SIZE}&page=3&after=${encodeURIComponent(titleCursor)}`, false);
      const shown = "redirect" in loaded ? await loadPage(ctx, loaded.redirect, false) : loaded;
      expect(shown.page.data.length, sort).toBeGreaterThan(0);
      expect(shown.page.data.length, sort).toBeLessThanOrEqual(SIZE);
    }
  });

  it("past the last page the page number wins, cursor or not", async () => {
    const ctx = await serviceContext(staffUser);
    const first = await loadPage(ctx, base(), false);
    const loaded = await load(ctx, `${base()}&page=99&after=${encodeURIComponent(first.cursors.last!)}`, false);
    expect(loaded).toEqual({ redirect: `${base()}&page=${first.page.totalPages}` });
  });

  it("a search, filter, sort or size change drops the cursor", async () => {
    const ctx = await serviceContext(staffUser);
    const first = await loadPage(ctx, base(), false);
    const second = await loadPage(ctx, links(first, "/app/documents").nextHref!, false);
    const query = second.page.query;
    expect(query.after).toBe(first.cursors.last);
    // The current page's own URL (the canonical one) keeps its cursor...
    expect(listHref("/app/documents", query, {}, DOCUMENT_LIST_DEFAULTS)).toContain("after=");
    // ...any other state does not.
    for (const change of [{ q: "arsip" }, { category: undefined }, { sort: "year", dir: "desc", page: 1 }, { size: 10 }, { page: 3 }]) {
      expect(listHref("/app/documents", query, change, DOCUMENT_LIST_DEFAULTS), JSON.stringify(change)).not.toMatch(/after=|before=/);
    }
  });
});

describe("GET /api/v1/archives pages by number only", () => {
  it("ignores cursor parameters: same rows, same JSON keys and query", async () => {
    const ctx = await serviceContext(staffUser);
    const page1 = await loadPage(ctx, `/app/documents?category=${categoryId}&size=${SIZE}`, false);
    const path = `/api/v1/archives?category=${categoryId}&size=${SIZE}&page=2`;
    const plain = await (await call(path, { cookie: staff.cookie, ip: staff.ip })).json<{ data: { uuid: string }[]; query: unknown }>();
    for (const extra of [`&after=${encodeURIComponent(page1.cursors.last!)}`, "&before=1.x", "&after=abc"]) {
      const response = await call(`${path}${extra}`, { cookie: staff.cookie, ip: staff.ip });
      expect(response.status).toBe(200);
      const body = await response.json<{ data: { uuid: string }[]; query: unknown }>();
      expect(Object.keys(body).sort()).toEqual(["data", "page", "query", "size", "total", "totalPages"]);
      expect(body.query).toEqual({ q: "", category: categoryId, sort: "createdAt", dir: "desc", page: 2, size: SIZE });
      expect(body.data.map((d) => d.uuid)).toEqual(plain.data.map((d) => d.uuid));
    }
  });

  it("deep numbered pages (ids first, then the rows) are the list in order, for every sort", async () => {
    for (const sort of DOCUMENT_SORTS) {
      for (const dir of ["asc", "desc"] as const) {
        const expected = await expectedOrder("category_id = ?", [categoryId], sort, dir, false);
        const got: string[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / SIZE); page++) {
          const response = await call(`/api/v1/archives?category=${categoryId}&sort=${sort}&dir=${dir}&size=${SIZE}&page=${page}`, { cookie: staff.cookie, ip: staff.ip });
          got.push(...(await response.json<{ data: { uuid: string }[] }>()).data.map((d) => d.uuid));
        }
        expect(got, `${sort} ${dir}`).toEqual(expected);
      }
    }
  });

  it("searched deep pages too (the index alone finds an unfiltered search's page)", async () => {
    const expected = await expectedOrder(match, [`"${WORD}"*`], "createdAt", "desc", true);
    const got: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / SIZE); page++) {
      const response = await call(`/api/v1/archives?q=${WORD}&sort=createdAt&dir=desc&size=${SIZE}&page=${page}`, { cookie: staff.cookie, ip: staff.ip });
      got.push(...(await response.json<{ data: { uuid: string }[] }>()).data.map((d) => d.uuid));
    }
    expect(got).toEqual(expected);
  });
});
