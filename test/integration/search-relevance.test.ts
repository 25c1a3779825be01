import { beforeAll, describe, expect, it } from "vitest";
import { parseListQuery } from "~/domain/document-schemas";
import { listDocuments } from "~/server/documents/service.server";
import { indexText } from "../support/worker/text-index";
import { formatScore, parseRelevanceDocument, scoreRuns, type RelevanceQuery, type RelevanceScore } from "../support/shared/relevance";
import { serviceContext } from "../support/worker/context";
import { uploadDocument } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { createCategory, createUser, type CreatedUser } from "../support/worker/factories";
import { login } from "../support/worker/http";
import QUERIES from "../fixtures/relevance/queries.json";

/**
 * The relevance set (test/fixtures/relevance) through the real search: each document uploaded
 * through the API, its text stored as the extraction consumer stores it (the words' stems
 * recorded, the text in R2, its words in the index), every query run through the document list service with Indonesian
 * stemming and without it. The scores are printed for the README and must not drop below the
 * values measured when this test was written (a small margin for ties that bm25 may order
 * differently after an unrelated change).
 */

const TEXTS = import.meta.glob<string>("../fixtures/relevance/documents/*.txt", { query: "?raw", import: "default", eager: true });
const DOCUMENTS = Object.entries(TEXTS)
  .map(([path, text]) => parseRelevanceDocument(path.replace(/^.*\/(R\d+)\.txt$/, "$1"), text))
  .sort((a, b) => a.id.localeCompare(b.id));

/**
 * Measured on 2026-11-26 with the search of issue 19 (67 queries over 66 documents). Without
 * stemming the search still expands a word by prefix ("kurikulum" finds "kurikulumnya"), so the
 * difference is what the stemmer adds. The misses with stemming are honest ones: an
 * abbreviation ("UKT" for "uang kuliah tunggal") and synonyms ("izin"/"permohonan",
 * "penghapusan"/"pemusnahan"), which no stemmer merges.
 */
const MEASURED = {
  stemmed: { recallAt10: 0.97, mrr: 0.985 },
  unstemmed: { recallAt10: 0.853, mrr: 0.94 },
};
const MARGIN = 0.02;

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
    // Indexed as the extraction consumer indexes a text: the words' stems recorded, the text in
    // R2, its words in the index.
    await indexText({ uuid: uploaded.uuid }, extractedText(document));
  }
}, 120_000);

async function rankedFor(query: RelevanceQuery, stemming: boolean): Promise<string[]> {
  const ctx = await serviceContext(admin);
  const listQuery = parseListQuery(new URLSearchParams({ q: query.query, category: String(categoryId), size: "10" }));
  expect(listQuery.sort).toBe("relevance");
  const page = await listDocuments(ctx, listQuery, { stemming });
  return page.data.map((row) => corpusIdOf.get(row.uuid) ?? `other:${row.uuid}`);
}

async function scoreAll(stemming: boolean): Promise<{ score: RelevanceScore; misses: string[] }> {
  const runs = [];
  for (const query of QUERIES as RelevanceQuery[]) runs.push({ query, ranked: await rankedFor(query, stemming) });
  const misses = runs
    .filter(({ query, ranked }) => query.relevant.some((id) => !ranked.includes(id)) || !query.relevant.includes(ranked[0] ?? ""))
    .map(({ query, ranked }) => `${query.id} ${query.query} → [${ranked.join(" ")}] want [${query.relevant.join(" ")}]`);
  return { score: scoreRuns(runs), misses };
}

describe("search relevance (test/fixtures/relevance)", () => {
  it("loads the whole corpus", () => {
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(60);
    expect(corpusIdOf.size).toBe(DOCUMENTS.length);
  });

  it("keeps recall@10 and MRR with stemming and without, stemming finding more", async () => {
    const stemmed = await scoreAll(true);
    const unstemmed = await scoreAll(false);
    console.info(
      [
        `relevance with stemming: ${formatScore(stemmed.score)}`,
        ...stemmed.misses.map((miss) => `  not perfect: ${miss}`),
        `relevance without stemming: ${formatScore(unstemmed.score)}`,
        ...unstemmed.misses.map((miss) => `  not perfect: ${miss}`),
      ].join("\n"),
    );
    expect(stemmed.score.recallAt10).toBeGreaterThanOrEqual(MEASURED.stemmed.recallAt10 - MARGIN);
    expect(stemmed.score.mrr).toBeGreaterThanOrEqual(MEASURED.stemmed.mrr - MARGIN);
    expect(unstemmed.score.recallAt10).toBeGreaterThanOrEqual(MEASURED.unstemmed.recallAt10 - MARGIN);
    expect(unstemmed.score.mrr).toBeGreaterThanOrEqual(MEASURED.unstemmed.mrr - MARGIN);
    expect(stemmed.score.recallAt10).toBeGreaterThan(unstemmed.score.recallAt10);
  }, 120_000);
});
