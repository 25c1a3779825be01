import { beforeAll, describe, expect, it } from "vitest";
import { parseListQuery } from "~/domain/document-schemas";
import { createIndonesianStemmer, type Stemmer } from "~/domain/search/indonesian";
import { rootDictionary } from "~/domain/search/root-dictionary";
import { jobContext } from "~/server/context.server";
import { listDocuments } from "~/server/documents/service.server";
import { restemVocabulary } from "~/server/search/service.server";
import {
  formatScores,
  parseRelevanceDocument,
  scoreBySet,
  type RelevanceQuery,
  type RelevanceScore,
  type RelevanceSet,
} from "../support/shared/relevance";
import { serviceContext } from "../support/worker/context";
import { uploadDocument } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { indexText } from "../support/worker/search";
import { createCategory, createUser, type CreatedUser } from "../support/worker/factories";
import { login } from "../support/worker/http";
import ORIGINAL from "../fixtures/relevance/queries.json";
import INDEPENDENT from "../fixtures/relevance/queries-independent.json";
import DICTIONARY from "../fixtures/relevance/queries-dictionary.json";

/**
 * The relevance set (test/fixtures/relevance) through the real search: each document uploaded
 * through the API, its text stored as the extraction consumer stores it (the words' stems
 * recorded, the text in R2, its words in the index), every query run through the document list service three ways:
 * stemmed without the Hunspell dictionary (the index built that way, as before issue 32), then —
 * the vocabulary re-stemmed, as the cron does after an upgrade — with it, and without stemming.
 * The scores are printed for the README; with the dictionary the whole set must keep recall@10
 * ≥ 0.95 and MRR ≥ 0.9, and no way may drop below the values measured when this test was
 * written (a small margin for ties that bm25 may order differently after an unrelated change).
 */

const TEXTS = import.meta.glob<string>("../fixtures/relevance/documents/*.txt", { query: "?raw", import: "default", eager: true });
const DOCUMENTS = Object.entries(TEXTS)
  .map(([path, text]) => parseRelevanceDocument(path.replace(/^.*\/(R\d+)\.txt$/, "$1"), text))
  .sort((a, b) => a.id.localeCompare(b.id));

const QUERIES = [...ORIGINAL, ...INDEPENDENT, ...DICTIONARY] as RelevanceQuery[];
const SET_OF = new Map<string, RelevanceSet>([
  ...ORIGINAL.map((query) => [query.id, "original"] as const),
  ...INDEPENDENT.map((query) => [query.id, "independent"] as const),
  ...DICTIONARY.map((query) => [query.id, "dictionary"] as const),
]);

/**
 * Measured on 2026-11-27 (issue 32: 130 queries over 103 documents), the whole set. Without
 * stemming the search still expands a word by prefix ("kurikulum" finds "kurikulumnya"), so the
 * difference is what the stemmer adds. The misses with the dictionary are honest ones: an
 * abbreviation ("UKT" for "uang kuliah tunggal") and synonyms ("perawatan"/"pemeliharaan",
 * "izin"/"permohonan", "penghapusan"/"pemusnahan"), which no stemmer merges; and every document's
 * description says "Arsip …", so a query with "arsip" ranks other titles' matches first.
 */
const MEASURED = {
  dictionary: { recallAt10: 0.983, mrr: 0.982 },
  ownRootsOnly: { recallAt10: 0.88, mrr: 0.897 },
  unstemmed: { recallAt10: 0.711, mrr: 0.768 },
};
const MARGIN = 0.02;
/** What issue 32 asks of the whole set with the dictionary. */
const REQUIRED = { recallAt10: 0.95, mrr: 0.9 };
/** The stemmer of the index before the dictionary: the project's own roots and Tala's rules. */
const ownRootsOnly = createIndonesianStemmer(rootDictionary({ hunspell: false }));

let admin: CreatedUser;
let categoryId: number;
/** Corpus id of each uploaded document's uuid. */
const corpusIdOf = new Map<string, string>();

/**
 * The text of a document as an extractor reads it from the file: the letterhead's title and
 * number come first, then the body (a decree's PDF holds its own title and number).
 */
const extractedText = (document: (typeof DOCUMENTS)[number]) => `${document.title}\nNomor: ${document.documentNumber}\n\n${document.body}`;

beforeAll(async () => {
  admin = await createUser({ role: "Super Admin" });
  // A category of its own: the queries filter by it, so documents of other test files sharing
  // this database never enter the ranking.
  categoryId = (await createCategory()).id;
  const session = await login(admin.username, admin.password);
  for (const document of DOCUMENTS) {
    const uploaded = await uploadDocument(session, {
      categoryId,
      fields: {
        title: document.title,
        documentNumber: document.documentNumber,
        year: String(document.year),
        keywords: document.category,
        description: `Arsip ${document.category} tahun ${document.year}.`,
        accessLevel: "PUBLIC",
      },
    });
    corpusIdOf.set(uploaded.uuid, document.id);
    // The index as the app stemmed it before the dictionary; the test re-stems it below.
    await indexText(uploaded.uuid, extractedText(document), ownRootsOnly);
  }
}, 180_000);

async function rankedFor(query: RelevanceQuery, stemmer: Stemmer | null | undefined): Promise<string[]> {
  const ctx = await serviceContext(admin);
  const listQuery = parseListQuery(new URLSearchParams({ q: query.query, category: String(categoryId), size: "10" }));
  expect(listQuery.sort).toBe("relevance");
  const page = await listDocuments(ctx, listQuery, stemmer === undefined ? {} : { stemmer });
  return page.data.map((row) => corpusIdOf.get(row.uuid) ?? `other:${row.uuid}`);
}

/** Every query with `stemmer` (undefined: the search's own, the dictionary), scored whole and per set. */
async function scoreAll(stemmer: Stemmer | null | undefined): Promise<{ scores: Record<RelevanceSet | "all", RelevanceScore>; misses: string[] }> {
  const runs = [];
  for (const query of QUERIES) runs.push({ query, ranked: await rankedFor(query, stemmer) });
  const misses = runs
    .filter(({ query, ranked }) => query.relevant.some((id) => !ranked.includes(id)) || !query.relevant.includes(ranked[0] ?? ""))
    .map(({ query, ranked }) => `${query.id} ${query.query} → [${ranked.join(" ")}] want [${query.relevant.join(" ")}]`);
  return { scores: scoreBySet(runs, (id) => SET_OF.get(id)!), misses };
}

async function restemEverything(): Promise<void> {
  const ctx = jobContext(testEnv, "text-extraction");
  let after: string | null = null;
  do after = (await restemVocabulary(ctx, { after })).next;
  while (after !== null);
}

describe("search relevance (test/fixtures/relevance)", () => {
  it("loads the whole corpus", () => {
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(100);
    expect(corpusIdOf.size).toBe(DOCUMENTS.length);
  });

  it("keeps recall@10 and MRR with the dictionary, without it and without stemming, the dictionary finding most", async () => {
    const before = await scoreAll(ownRootsOnly);
    await restemEverything();
    const dictionary = await scoreAll(undefined);
    const unstemmed = await scoreAll(null);
    const report = (name: string, result: Awaited<ReturnType<typeof scoreAll>>) => [
      `relevance ${name}:`,
      formatScores(result.scores),
      ...result.misses.map((miss) => `  not perfect: ${miss}`),
    ];
    console.info(
      [...report("with the dictionary", dictionary), ...report("own roots and rules only", before), ...report("without stemming", unstemmed)].join("\n"),
    );
    expect(dictionary.scores.all.recallAt10).toBeGreaterThanOrEqual(REQUIRED.recallAt10);
    expect(dictionary.scores.all.mrr).toBeGreaterThanOrEqual(REQUIRED.mrr);
    for (const [result, measured] of [
      [dictionary, MEASURED.dictionary],
      [before, MEASURED.ownRootsOnly],
      [unstemmed, MEASURED.unstemmed],
    ] as const) {
      expect(result.scores.all.recallAt10).toBeGreaterThanOrEqual(measured.recallAt10 - MARGIN);
      expect(result.scores.all.mrr).toBeGreaterThanOrEqual(measured.mrr - MARGIN);
    }
    expect(dictionary.scores.dictionary.recallAt10).toBeGreaterThan(before.scores.dictionary.recallAt10);
    expect(dictionary.scores.all.recallAt10).toBeGreaterThan(before.scores.all.recallAt10);
    expect(before.scores.all.recallAt10).toBeGreaterThan(unstemmed.scores.all.recallAt10);
  }, 240_000);
});
