import { beforeAll, describe, expect, it } from "vitest";
import type { DocumentPage } from "~/domain/documents";
import { stemIndonesian } from "~/domain/search/indonesian";
import { parsePageQuery } from "~/domain/document-schemas";
import { listDocuments, listDocumentsWithCategories } from "~/server/documents/service.server";
import { send } from "../support/worker/admin";
import { accessWorld, ownerDocument, type AccessWorld } from "../support/worker/access-requests";
import { serviceContext } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { indexText } from "../support/worker/search";
import { unique, type SignedIn } from "../support/worker/http";
import { drainFileDeletions } from "~/server/files/deletion-queue.server";

/**
 * Search by what a document says (issue 19): texts are indexed here through the extraction
 * consumer's own write (the text in R2, the row INDEXED, its words in the index and their stems
 * recorded), and the lists (API, pages, the service with its facets) find them by metadata and
 * text, never showing a text, count or facet the reader may not see.
 */

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

async function idOf(uuid: string): Promise<{ id: number; current_file_id: number }> {
  return (await testEnv.DB.prepare("SELECT id, current_file_id FROM archives WHERE uuid = ?").bind(uuid).first<{ id: number; current_file_id: number }>())!;
}

async function search(session: SignedIn | null, params: Record<string, string>): Promise<DocumentPage> {
  const response = await send(session, "GET", `/api/v1/archives?${new URLSearchParams(params)}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as DocumentPage;
}

const uuids = (page: DocumentPage) => page.data.map((row) => row.uuid);

describe("text search", () => {
  const word = unique("kata").toLowerCase().replace(/[^a-z0-9]/g, "");
  let doc: string;
  beforeAll(async () => {
    doc = (await ownerDocument(world, "PUBLIC", `Pengumuman ${unique("judul")}`)).uuid;
    await indexText(doc, `Rektor menyuarakan dukungan penuh ${word} <script>alert("x")</script> & riset kampus.`);
  });

  it("finds a word by its stem ('suara' finds 'menyuarakan') and marks it", async () => {
    const page = await search(world.admin.session, { q: `suara ${word}` });
    expect(uuids(page)).toEqual([doc]);
    expect(page.data[0]!.snippet).toContain("<mark>menyuarakan</mark>");
  });

  it("finds an exact quoted phrase, and not the same words in another order", async () => {
    const found = await search(null, { q: `"dukungan penuh ${word}"` });
    expect(uuids(found)).toEqual([doc]);
    expect(found.data[0]!.snippet).toContain(`<mark>dukungan penuh ${word}</mark>`);
    expect((await search(null, { q: `"penuh dukungan ${word}"` })).total).toBe(0);
  });

  it("a PUBLIC document's newly indexed text renews the public pages' cache key", async () => {
    const version = async () => (await testEnv.DB.prepare("SELECT value FROM site_state WHERE key = 'public_version'").first<{ value: number }>())!.value;
    const before = await version();
    await indexText(doc, `Rektor menyuarakan dukungan penuh ${word} <script>alert("x")</script> & riset kampus.`);
    expect(await version()).toBeGreaterThan(before);
  });

  it("escapes the text of the snippet: only <mark> is markup", async () => {
    const page = await search(null, { q: word });
    const snippet = page.data[0]!.snippet!;
    expect(snippet).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; riset");
    expect(snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
  });

  it("sorts by relevance when searching: title hits before text hits; another sort when asked", async () => {
    const term = unique("relevan").toLowerCase().replace(/[^a-z0-9]/g, "");
    const inText = (await ownerDocument(world, "PUBLIC", "Dokumen tanpa kata itu di judul")).uuid;
    const inTitle = (await ownerDocument(world, "PUBLIC", `Surat ${term}`)).uuid;
    await indexText(inText, `Isi menyebut ${term} berkali kali ${term} ${term}.`);
    const page = await search(world.admin.session, { q: term });
    expect(page.query.sort).toBe("relevance");
    expect(uuids(page)).toEqual([inTitle, inText]);
    const byNewest = await search(world.admin.session, { q: term, sort: "createdAt", dir: "asc" });
    expect(byNewest.query.sort).toBe("createdAt");
    expect(uuids(byNewest)).toEqual([inText, inTitle]);
    // Without a search the catalogue keeps its default order.
    expect((await search(world.admin.session, {})).query.sort).toBe("createdAt");
  });
});

describe("permissions", () => {
  const secret = unique("rahasia").toLowerCase().replace(/[^a-z0-9]/g, "");
  // Not an extension of `secret`: the metadata search matches words by prefix.
  const titleWord = unique("judul").toLowerCase().replace(/[^a-z0-9]/g, "");
  let privateDoc: string;
  let titled: string;
  beforeAll(async () => {
    privateDoc = (await ownerDocument(world, "PRIVATE", "Memo internal")).uuid;
    await indexText(privateDoc, `Isi memo ini menyebut ${secret} yang tidak boleh bocor.`);
    titled = (await ownerDocument(world, "PRIVATE", `Judul ${titleWord}`)).uuid;
    await indexText(titled, `Teks berisi ${titleWord} juga.`);
  });

  it("a PRIVATE document's text reaches no visitor and no other unit: no row, no count", async () => {
    for (const session of [null, world.requester.session, world.viewer.session]) {
      const page = await search(session, { q: secret });
      expect(page.total).toBe(0);
      expect(page.data).toEqual([]);
    }
  });

  it("its owners find it with its snippet", async () => {
    for (const session of [world.owner.session, world.colleague.session, world.admin.session]) {
      const page = await search(session, { q: secret });
      expect(uuids(page)).toContain(privateDoc);
      expect(page.data.find((row) => row.uuid === privateDoc)!.snippet).toContain(`<mark>${secret}</mark>`);
    }
  });

  it("a metadata hit on another unit's PRIVATE document lists without a snippet", async () => {
    const page = await search(world.requester.session, { q: titleWord });
    expect(uuids(page)).toEqual([titled]);
    expect(page.data[0]!.snippet).toBeNull();
    expect((await search(world.owner.session, { q: titleWord })).data[0]!.snippet).toContain("<mark>");
  });

  it("facets count only what the reader may see", async () => {
    const query = parsePageQuery(new URLSearchParams({ q: secret }));
    const requester = await listDocumentsWithCategories(await serviceContext(world.requester.user), query);
    expect(requester.facets).toEqual({ tahun: [], unit: [], akses: [], tipe: [] });
    const owner = await listDocumentsWithCategories(await serviceContext(world.owner.user), query);
    expect(owner.page.total).toBe(1);
    expect(owner.facets!.akses).toEqual([{ value: "PRIVATE", label: "Privat", count: 1 }]);
    expect(owner.facets!.unit).toEqual([{ value: String(world.ownerUnit.id), label: world.ownerUnit.nama, count: 1 }]);
    expect(owner.facets!.tipe).toEqual([{ value: "pdf", label: "PDF", count: 1 }]);
    // A facet filters: another year or type holds nothing.
    const otherYear = await listDocumentsWithCategories(await serviceContext(world.owner.user), parsePageQuery(new URLSearchParams({ q: secret, tahun: "1999" })));
    expect(otherYear.page.total).toBe(0);
    const pdfs = await listDocumentsWithCategories(await serviceContext(world.owner.user), parsePageQuery(new URLSearchParams({ q: secret, tipe: "pdf", akses: "PRIVATE" })));
    expect(pdfs.page.total).toBe(1);
  });
});

describe("the index follows the document", () => {
  it("trash removes the text from search, restore brings it back", async () => {
    const term = unique("sampah").toLowerCase().replace(/[^a-z0-9]/g, "");
    const doc = (await ownerDocument(world, "PUBLIC", "Dokumen untuk dibuang")).uuid;
    await indexText(doc, `Teks dengan ${term} di dalamnya.`);
    expect(uuids(await search(world.admin.session, { q: term }))).toEqual([doc]);
    expect((await send(world.owner.session, "DELETE", `/api/v1/archives/${doc}`)).status).toBe(200);
    expect((await search(world.admin.session, { q: term })).total).toBe(0);
    expect((await send(world.owner.session, "POST", `/api/v1/archives/${doc}/restore`)).status).toBe(200);
    expect(uuids(await search(world.admin.session, { q: term }))).toEqual([doc]);
  });

  it("a purge deletes the text, in the index and in R2; the index stays consistent", async () => {
    const term = unique("hapus").toLowerCase().replace(/[^a-z0-9]/g, "");
    const doc = (await ownerDocument(world, "PUBLIC", "Dokumen untuk dihapus permanen")).uuid;
    await indexText(doc, `Teks ${term} yang akan hilang.`);
    const { id } = await idOf(doc);
    const { text_key: key } = (await testEnv.DB.prepare("SELECT text_key FROM archive_texts WHERE archive_id = ?").bind(id).first<{ text_key: string }>())!;
    expect(await (await testEnv.FILES.get(key))?.text()).toBe(`Teks ${term} yang akan hilang.`);
    expect((await send(world.owner.session, "DELETE", `/api/v1/archives/${doc}`)).status).toBe(200);
    expect((await send(world.admin.session, "DELETE", `/api/v1/trash/${doc}`)).status).toBe(200);
    expect(await testEnv.DB.prepare("SELECT archive_id FROM archive_texts WHERE archive_id = ?").bind(id).first()).toBeNull();
    expect((await search(world.admin.session, { q: term })).total).toBe(0);
    expect(await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM archive_texts_fts WHERE rowid = ?").bind(id).first("n")).toBe(0);
    await testEnv.DB.prepare("INSERT INTO archive_texts_fts (archive_texts_fts, rank) VALUES ('integrity-check', 0)").run();
    await drainFileDeletions({ db: (await serviceContext(null)).db, files: testEnv.FILES });
    expect(await testEnv.FILES.head(key)).toBeNull();
  });

  it("a replaced file's new text replaces the old", async () => {
    const before = unique("lama").toLowerCase().replace(/[^a-z0-9]/g, "");
    const after = unique("baru").toLowerCase().replace(/[^a-z0-9]/g, "");
    const doc = (await ownerDocument(world, "PUBLIC", "Dokumen diganti")).uuid;
    await indexText(doc, `Versi pertama: ${before}.`);
    const { id } = await idOf(doc);
    // A new version: the row waits for its text (PENDING), then the consumer indexes the new one.
    await testEnv.DB.prepare("UPDATE archive_texts SET status = 'PENDING', text_key = NULL, file_id = file_id + 1000 WHERE archive_id = ?").bind(id).run();
    expect((await search(world.admin.session, { q: before })).total).toBe(0);
    await indexText(doc, `Versi kedua: ${after}.`);
    expect((await search(world.admin.session, { q: before })).total).toBe(0);
    expect(uuids(await search(world.admin.session, { q: after }))).toEqual([doc]);
  });

  it("stemming can be turned off (the relevance test compares both)", async () => {
    const ctx = await serviceContext(world.admin.user);
    const term = unique("matikan").toLowerCase().replace(/[^a-z0-9]/g, "");
    const doc = (await ownerDocument(world, "PUBLIC", "Dokumen stem")).uuid;
    await indexText(doc, `Kami menyuarakan ${term}.`);
    const query = parsePageQuery(new URLSearchParams({ q: `${term} suarakan` }));
    expect((await listDocuments(ctx, query, { stemmer: null })).total).toBe(0);
    expect(stemIndonesian("suarakan")).toBe(stemIndonesian("menyuarakan"));
    expect((await listDocuments(ctx, query)).total).toBe(1);
  });
});
