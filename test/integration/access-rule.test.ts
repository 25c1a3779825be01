import { beforeAll, describe, expect, it, vi } from "vitest";
import { documentTerms, seesMetadata } from "~/domain/access-rule";
import { DocumentListQuerySchema } from "~/domain/document-schemas";
import { audienceOf, can, type Actor } from "~/domain/policy";
import { SECURITY_CLASSES, accessLevelOf } from "~/domain/security-classes";
import { TrashListQuerySchema } from "~/domain/records";
import { audienceValues, countedWhere, openableWhere, viewableWhere } from "~/server/documents/access.server";
import { countFromCounters } from "~/server/documents/queries.server";
import { listDocuments } from "~/server/documents/service.server";
import { sitemapPart } from "~/server/documents/sitemap.server";
import { listTrash } from "~/server/documents/trash.server";
import { documentRef } from "~/server/documents/view.server";
import { searchDocuments } from "~/server/search/service.server";
import { getStatistics } from "~/server/statistics/service.server";
import { serviceContext } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { createCategory, createUnitKerja, createUser, type CreatedUser } from "../support/worker/factories";
import { harvest, headerOf } from "../support/worker/oai-harvester";
import { oaiId, transport } from "../support/worker/oai";
import { indexText } from "../support/worker/search";

/**
 * The access rule (~/domain/access-rule) has one definition and several readings: `can()`'s for
 * one document, the SQL on `archives` every catalogue read filters with, and the SQL on the
 * trigger-kept counts. This test puts documents of every security class × owning unit × uploader
 * × state (live, in the trash, Statis, under a legal hold, moved to unit A as the records centre)
 * into one category, and for every kind
 * of reader (visitor, Super Admin, Satuan Kerja of either unit or of none, Viewer, a Viewer placed
 * in a unit, a member on the public pages) checks that every reading — and the lists, search,
 * facets, statistics, trash, sitemap and OAI-PMH that use them — find exactly the documents
 * `can()` allows.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const STATES = ["live", "trashed", "statis", "held", "moved"] as const;
type State = (typeof STATES)[number];
type Doc = { id: number; uuid: string; state: State; row: Parameters<typeof documentRef>[0] };
type Reader = { label: string; user: CreatedUser | null; publicOnly?: boolean };

/** A word every title holds, and one only every text holds, for the search. */
const TITLE_WORD = "aturanakses";
const TEXT_WORD = "isiaturanakses";

let categoryId: number;
let docs: Doc[];
let readers: Reader[];
const actors = new Map<string, Actor | null>();

beforeAll(async () => {
  const [unitA, unitB, category] = await Promise.all([createUnitKerja(), createUnitKerja(), createCategory()]);
  categoryId = category.id;
  const [admin, memberA, memberB, memberWithoutUnit, viewer, viewerInA] = await Promise.all([
    createUser({ role: "Super Admin" }),
    createUser({ role: "Satuan Kerja", unitKerjaId: unitA.id }),
    createUser({ role: "Satuan Kerja", unitKerjaId: unitB.id }),
    createUser({ role: "Satuan Kerja" }),
    createUser({ role: "Viewer" }),
    createUser({ role: "Viewer", unitKerjaId: unitA.id }),
  ]);
  readers = [
    { label: "visitor", user: null },
    { label: "Super Admin", user: admin },
    { label: "Satuan Kerja A", user: memberA },
    { label: "Satuan Kerja B", user: memberB },
    { label: "Satuan Kerja without a unit", user: memberWithoutUnit },
    { label: "Viewer", user: viewer },
    { label: "Viewer placed in unit A", user: viewerInA },
    { label: "Satuan Kerja A on the public pages", user: memberA, publicOnly: true },
  ];
  for (const reader of readers) actors.set(reader.label, (await serviceContext(reader.user)).actor);

  // Every class × owning unit × uploader × state: 180 documents.
  const now = new Date().toISOString();
  const combinations = SECURITY_CLASSES.flatMap((securityClass) =>
    [unitA.id, unitB.id, null].flatMap((unitKerjaId) =>
      [memberA, memberB, admin].flatMap((uploader) => STATES.map((state) => ({ securityClass, unitKerjaId, uploader, state }))),
    ),
  );
  const inserted = await testEnv.DB.batch(
    combinations.map(({ securityClass, unitKerjaId, uploader, state }, index) => {
      const uuid = crypto.randomUUID();
      return testEnv.DB.prepare(
        `INSERT INTO archives (uuid, title, document_number, year, description, keywords, access_level, security_class, category_id,
           uploader_id, unit_kerja_id, r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at)
         VALUES (?, ?, ?, 2025, 'Deskripsi', 'a, b, c, d, e', ?, ?, ?, ?, ?, ?, 'uji.pdf', 1000, 'application/pdf', ?, ?, ?)
         RETURNING id, uuid`,
      ).bind(
        uuid,
        `Dokumen ${TITLE_WORD} ${securityClass} ${state} ${index}`,
        `AR/${index}`,
        accessLevelOf(securityClass),
        securityClass,
        categoryId,
        uploader.id,
        unitKerjaId,
        `access-rule/${uuid}`,
        "0".repeat(64),
        now,
        now,
      );
    }),
  );
  const ids = inserted.map((result) => (result.results as { id: number; uuid: string }[])[0]!);
  // Each with its file as version 1 and that file's text indexed (as the extraction consumer does).
  await testEnv.DB.batch(
    ids.flatMap(({ id, uuid }) => [
      testEnv.DB.prepare(
        `INSERT INTO archive_files (archive_id, version, r2_key, file_name, file_size, mime_type, sha256, uploader_id, created_at)
         SELECT id, 1, r2_key, file_name, file_size, mime_type, sha256, uploader_id, created_at FROM archives WHERE id = ?`,
      ).bind(id),
      testEnv.DB.prepare("UPDATE archives SET current_file_id = (SELECT id FROM archive_files WHERE archive_id = ?1) WHERE id = ?1").bind(id),
    ]),
  );
  for (const { id } of ids) await indexText({ id }, `Isi dokumen menyebut ${TEXT_WORD} di halaman pertama.`);
  const changes = combinations.flatMap(({ state }, index) => {
    const id = ids[index]!.id;
    if (state === "trashed") return [testEnv.DB.prepare("UPDATE archives SET deleted_at = ?, deleted_by = ? WHERE id = ?").bind(now, admin.id, id)];
    if (state === "statis") return [testEnv.DB.prepare("UPDATE archives SET archival_state = 'STATIS' WHERE id = ?").bind(id)];
    if (state === "moved") return [testEnv.DB.prepare("UPDATE archives SET custody_unit_id = ? WHERE id = ?").bind(unitA.id, id)];
    if (state === "held") {
      return [testEnv.DB.prepare("INSERT INTO retention_holds (archive_id, reason, created_by, created_at) VALUES (?, 'Sengketa', ?, ?)").bind(id, admin.id, now)];
    }
    return [];
  });
  await testEnv.DB.batch(changes);
  const rows = await testEnv.DB.prepare(
    "SELECT id, uuid, uploader_id, unit_kerja_id, access_level, security_class, archival_state, custody_unit_id, deleted_at FROM archives WHERE category_id = ?",
  )
    .bind(categoryId)
    .all<Doc["row"] & { id: number; uuid: string }>();
  const byId = new Map(rows.results.map((row) => [row.id, row]));
  docs = combinations.map(({ state }, index) => ({ id: ids[index]!.id, uuid: ids[index]!.uuid, state, row: byId.get(ids[index]!.id)! }));
});

const audienceFor = (reader: Reader) => audienceOf(actors.get(reader.label)!, { publicOnly: reader.publicOnly });
/** The policy's reading for the reader (on the public pages, what a visitor may). */
const canView = (reader: Reader, doc: Doc) => can(reader.publicOnly ? null : actors.get(reader.label)!, { type: "document.view", document: documentRef(doc.row) });
const canOpen = (reader: Reader, doc: Doc) => can(reader.publicOnly ? null : actors.get(reader.label)!, { type: "document.openFile", document: documentRef(doc.row) });
const sorted = (values: Iterable<string | number>) => [...values].map(String).sort();
const uuidsOf = (filter: (doc: Doc) => boolean) => sorted(docs.filter(filter).map((doc) => doc.uuid));

/** Every row of a list service, page by page (50, the largest page size). */
async function everyPage<Row>(read: (page: number) => Promise<{ data: Row[]; total: number }>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const found = await read(page);
    rows.push(...found.data);
    if (found.data.length < 50 || rows.length >= found.total) return rows;
  }
}

describe("the access rule's readings agree", () => {
  it("the policy sees what it should: the rule's cases, as a reader would state them", () => {
    const count = (label: string, predicate: (reader: Reader, doc: Doc) => boolean) => docs.filter((doc) => predicate(readers.find((r) => r.label === label)!, doc)).length;
    // 180 documents, 36 in the trash; 144 not, 36 of each class.
    expect(docs).toHaveLength(180);
    expect(count("Super Admin", canView)).toBe(144);
    // Visitors: the 36 BIASA ones.
    expect(count("visitor", canView)).toBe(36);
    expect(count("Satuan Kerja A on the public pages", canView)).toBe(36);
    // Other signed-in readers: all but the SANGAT_RAHASIA ones of other units (12 of unit A's).
    expect(count("Satuan Kerja A", canView)).toBe(108 + 12);
    expect(count("Viewer placed in unit A", canView)).toBe(108);
    // Files: BIASA (36), plus unit A's other non-public ones (3 classes × 12), plus its own uploads
    // elsewhere but for SANGAT_RAHASIA (2 classes × 2 other owners × 4 live states), plus, but for
    // SANGAT_RAHASIA, the others' records moved to unit A as the records centre (2 classes × 2
    // other owners × 2 other uploaders).
    expect(count("Satuan Kerja A", canOpen)).toBe(36 + 36 + 16 + 8);
    expect(count("Viewer", canOpen)).toBe(36);
  });

  it("on archives: the SQL of document.view and document.openFile finds what can() allows, for every reader", async () => {
    const ctx = await serviceContext(null);
    for (const reader of readers) {
      const audience = audienceFor(reader);
      const values = audienceValues(audience);
      const inCategory = ctx.db.selectFrom("archives as a").select("a.uuid").where("a.category_id", "=", categoryId);
      const viewable = await inCategory.where(viewableWhere(audience.kind, values)).execute();
      const openable = await inCategory.where(openableWhere(audience.kind, values)).execute();
      expect(sorted(viewable.map((row) => row.uuid)), `${reader.label}: document.view`).toEqual(uuidsOf((doc) => canView(reader, doc)));
      expect(sorted(openable.map((row) => row.uuid)), `${reader.label}: document.openFile`).toEqual(uuidsOf((doc) => canOpen(reader, doc)));
    }
  });

  it("on the trigger-kept counts: the counted documents are the ones can() lets the reader see", async () => {
    const ctx = await serviceContext(null);
    for (const reader of readers) {
      const audience = audienceFor(reader);
      const { unitId } = audienceValues(audience);
      const counted = await countFromCounters(ctx, audience.kind, categoryId, unitId).executeTakeFirstOrThrow();
      expect(Number(counted.n), reader.label).toBe(docs.filter((doc) => canView(reader, doc)).length);
      // The same reading, per access level (the rows the statistics join).
      const perLevel = await ctx.db
        .selectFrom("archive_counts as n")
        .select(["n.access_level", (eb) => eb.fn.sum<number>("n.total").as("total")])
        .where("n.category_id", "=", categoryId)
        .where(countedWhere(audience.kind, { unitId }))
        .groupBy("n.access_level")
        .execute();
      for (const level of ["PUBLIC", "PRIVATE"] as const) {
        const expected = docs.filter((doc) => doc.row.access_level === level && canView(reader, doc)).length;
        expect(Number(perLevel.find((row) => row.access_level === level)?.total ?? 0), `${reader.label}: ${level}`).toBe(expected);
      }
    }
  });

  it("the lists, the search (metadata and text) with its facets and the statistics show exactly what can() allows", async () => {
    for (const reader of readers) {
      const ctx = await serviceContext(reader.user);
      const options = { publicOnly: reader.publicOnly };
      const expected = uuidsOf((doc) => canView(reader, doc));
      const listed = await everyPage((page) => listDocuments(ctx, DocumentListQuerySchema.parse({ category: categoryId, size: 50, page }), options));
      expect(sorted(listed.map((row) => row.uuid)), `${reader.label}: list`).toEqual(expected);
      const searched = await everyPage((page) => listDocuments(ctx, DocumentListQuerySchema.parse({ category: categoryId, q: TITLE_WORD, sort: "relevance", size: 50, page }), options));
      expect(sorted(searched.map((row) => row.uuid)), `${reader.label}: search`).toEqual(expected);
      // A hit on the text alone lists where the reader may open the file, with its snippet.
      const inTexts = await everyPage((page) => listDocuments(ctx, DocumentListQuerySchema.parse({ category: categoryId, q: TEXT_WORD, sort: "relevance", size: 50, page }), options));
      expect(sorted(inTexts.map((row) => row.uuid)), `${reader.label}: text search`).toEqual(uuidsOf((doc) => canOpen(reader, doc)));
      expect(inTexts.every((row) => row.snippet?.includes(`<mark>${TEXT_WORD}</mark>`)), `${reader.label}: snippets`).toBe(true);
      const faceted = await searchDocuments(ctx, DocumentListQuerySchema.parse({ category: categoryId, q: TITLE_WORD }), { ...options, facets: true });
      expect(faceted.total, `${reader.label}: search total`).toBe(expected.length);
      const levels = Object.fromEntries((faceted.facets?.akses ?? []).map((facet) => [facet.value, facet.count]));
      for (const level of ["PUBLIC", "PRIVATE"] as const) {
        expect(levels[level] ?? 0, `${reader.label}: facet ${level}`).toBe(docs.filter((doc) => doc.row.access_level === level && canView(reader, doc)).length);
      }
      if (!reader.publicOnly) {
        const statistics = await getStatistics(ctx);
        expect(statistics.archivesByCategory.find((row) => row.categoryId === categoryId)?.count, `${reader.label}: statistics`).toBe(expected.length);
      }
    }
  });

  it("the trash lists what the rule lets its reader see of their part of it; sitemap and OAI-PMH what visitors may see", async () => {
    for (const reader of readers.filter((r) => r.user && (r.user.role === "Super Admin" || r.user.role === "Satuan Kerja") && !r.publicOnly)) {
      const user = reader.user!;
      const audience = audienceFor(reader);
      const ctx = await serviceContext(user);
      const trash = await everyPage((page) => listTrash(ctx, TrashListQuerySchema.parse({ q: TITLE_WORD, size: 50, page })));
      const ours = trash.filter((row) => docs.some((doc) => doc.uuid === row.uuid));
      const expected = uuidsOf(
        (doc) =>
          doc.state === "trashed" &&
          (user.role === "Super Admin" || doc.row.uploader_id === user.id || (user.unitKerjaId !== null && doc.row.unit_kerja_id === user.unitKerjaId)) &&
          seesMetadata(audience.kind, documentTerms(audience, documentRef(doc.row))),
      );
      expect(sorted(ours.map((row) => row.uuid)), `${reader.label}: trash`).toEqual(expected);
    }

    const visitor = readers[0]!;
    const ctx = await serviceContext(null);
    const mapped = new Set((await sitemapPart(ctx, Math.floor((docs[0]!.id - 1) / 45_000) + 1)).map((entry) => entry.uuid));
    expect(sorted(docs.filter((doc) => mapped.has(doc.uuid)).map((doc) => doc.uuid)), "sitemap").toEqual(uuidsOf((doc) => canView(visitor, doc)));

    const headers = (await harvest(transport, "ListIdentifiers", { metadataPrefix: "oai_dc", set: `category:${categoryId}` })).map(headerOf);
    const live = headers.filter((header) => header["@status"] !== "deleted").map((header) => header.identifier);
    expect(live.sort(), "OAI-PMH").toEqual(uuidsOf((doc) => canView(visitor, doc)).map(oaiId).sort());
  });
});
