import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createIndonesianStemmer, INDONESIAN_STOPWORDS, stemIndonesian, tokenizeIndonesian, type Stemmer } from "~/domain/search/indonesian";
import { rootDictionary } from "~/domain/search/root-dictionary";
import {
  formatScore,
  formatScores,
  parseRelevanceDocument,
  recallAt,
  reciprocalRank,
  RELEVANCE_SETS,
  scoreBySet,
  scoreRuns,
  type RelevanceDocument,
  type RelevanceQuery,
  type RelevanceSet,
} from "../support/shared/relevance";

const FIXTURES = new URL("../fixtures/relevance/", import.meta.url);

function loadCorpus(): { documents: RelevanceDocument[]; queries: RelevanceQuery[]; setOf: (id: string) => RelevanceSet } {
  const folder = new URL("documents/", FIXTURES);
  const documents = readdirSync(folder)
    .filter((name) => name.endsWith(".txt"))
    .sort()
    .map((name) => parseRelevanceDocument(name.replace(/\.txt$/, ""), readFileSync(new URL(name, folder), "utf8")));
  const sets = new Map<string, RelevanceSet>();
  const queries = (Object.entries(RELEVANCE_SETS) as [RelevanceSet, string][]).flatMap(([set, file]) => {
    const inFile = JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8")) as RelevanceQuery[];
    for (const query of inFile) sets.set(query.id, set);
    return inFile;
  });
  return { documents, queries, setOf: (id) => sets.get(id)! };
}

describe("relevance metrics", () => {
  it("recall@k counts the relevant documents among the first k, once each", () => {
    expect(recallAt(10, ["a", "b", "c"], ["a", "c"])).toBe(1);
    expect(recallAt(2, ["a", "b", "c"], ["a", "c"])).toBe(0.5);
    expect(recallAt(10, ["a", "a", "a"], ["a", "b"])).toBe(0.5);
    expect(recallAt(10, [], ["a"])).toBe(0);
    expect(recallAt(10, ["x"], [])).toBe(1);
    const eleven = Array.from({ length: 11 }, (_, index) => `d${index + 1}`);
    expect(recallAt(10, eleven, ["d11"])).toBe(0);
  });

  it("reciprocal rank is 1 / the rank of the first relevant result", () => {
    expect(reciprocalRank(["a", "b"], ["a"])).toBe(1);
    expect(reciprocalRank(["x", "y", "a", "b"], ["b", "a"])).toBeCloseTo(1 / 3);
    expect(reciprocalRank(["x", "y"], ["a"])).toBe(0);
  });

  it("scores a run as the mean over its queries", () => {
    const query = (relevant: string[]): RelevanceQuery => ({ id: "q", query: "q", kind: "word", relevant });
    const score = scoreRuns([
      { query: query(["a"]), ranked: ["a"] },
      { query: query(["a", "b"]), ranked: ["x", "a"] },
    ]);
    expect(score).toEqual({ queries: 2, recallAt10: 0.75, mrr: 0.75 });
    expect(formatScore(score)).toBe("recall@10 0.750, MRR 0.750 (2 queries)");
    expect(scoreRuns([])).toEqual({ queries: 0, recallAt10: 0, mrr: 0 });
  });

  it("reads a document's header and body, and refuses a malformed one", () => {
    const document = parseRelevanceDocument(
      "R99",
      "Judul: SK Uji\r\nNomor: 1/UNR/2024\r\nTahun: 2024\r\nKategori: SOP\r\nUnit: Fakultas Teknik\r\n\r\nIsi satu.\r\n\r\nIsi dua.\r\n",
    );
    expect(document).toEqual({
      id: "R99",
      title: "SK Uji",
      documentNumber: "1/UNR/2024",
      year: 2024,
      category: "SOP",
      unit: "Fakultas Teknik",
      body: "Isi satu.\n\nIsi dua.",
    });
    expect(() => parseRelevanceDocument("R98", "Judul: x\n\nbody")).toThrow(/missing/);
    expect(() => parseRelevanceDocument("R97", "Judul: x\nWarna: biru\n\nbody")).toThrow(/unknown header/);
    expect(() => parseRelevanceDocument("R96", "Judul: x")).toThrow(/blank line/);
  });
});

describe("the relevance set", () => {
  const { documents, queries, setOf } = loadCorpus();

  it("holds at least 100 documents and 120 queries, every judged document in the corpus", () => {
    expect(documents.length).toBeGreaterThanOrEqual(100);
    expect(queries.length).toBeGreaterThanOrEqual(120);
    expect(queries.filter((query) => setOf(query.id) === "independent").length).toBeGreaterThanOrEqual(30);
    expect(queries.filter((query) => setOf(query.id) === "dictionary").length).toBeGreaterThanOrEqual(20);
    const ids = new Set(documents.map((document) => document.id));
    for (const query of queries) {
      expect(query.relevant.length, query.id).toBeGreaterThan(0);
      for (const id of query.relevant) expect(ids.has(id), `${query.id} → ${id}`).toBe(true);
    }
    expect(new Set(queries.map((query) => query.id)).size).toBe(queries.length);
    expect(new Set(documents.map((document) => document.documentNumber)).size).toBe(documents.length);
  });

  it("has queries of every kind: stemming, phrases, plain words and document numbers", () => {
    const kinds = new Map<string, number>();
    for (const query of queries) kinds.set(query.kind, (kinds.get(query.kind) ?? 0) + 1);
    expect(kinds.get("stem")).toBeGreaterThanOrEqual(15);
    expect(kinds.get("phrase")).toBeGreaterThanOrEqual(4);
    expect(kinds.get("two-word")).toBeGreaterThanOrEqual(10);
    expect(kinds.get("number")).toBeGreaterThanOrEqual(4);
    for (const query of queries.filter((candidate) => candidate.kind === "number")) {
      const owner = documents.find((document) => document.documentNumber === query.query);
      expect(owner?.id, query.id).toBe(query.relevant[0]);
    }
  });

  it("rewards stemming, and the dictionary, with a plain in-memory BM25 (a baseline for the real search, not a replacement)", () => {
    const score = (stem: Stemmer | null) => scoreBySet(queries.map((query) => ({ query, ranked: bm25Search(documents, query.query, stem) })), setOf);
    const dictionary = score(stemIndonesian);
    const ownRootsOnly = score(createIndonesianStemmer(rootDictionary({ hunspell: false })));
    const unstemmed = score(null);
    console.info(
      `in-memory BM25\nwith the dictionary:\n${formatScores(dictionary)}\nown roots and rules only:\n${formatScores(ownRootsOnly)}\nunstemmed:\n${formatScores(unstemmed)}`,
    );
    expect(dictionary.all.recallAt10).toBeGreaterThan(ownRootsOnly.all.recallAt10);
    expect(dictionary.dictionary.recallAt10).toBeGreaterThan(ownRootsOnly.dictionary.recallAt10);
    expect(ownRootsOnly.all.recallAt10).toBeGreaterThan(unstemmed.all.recallAt10);
    expect(dictionary.all.recallAt10).toBeGreaterThanOrEqual(0.9);
    expect(dictionary.all.mrr).toBeGreaterThanOrEqual(0.85);
  });
});

/**
 * Every query word (stopwords aside) must occur; a quoted phrase must occur as consecutive words;
 * ranked by BM25 (k1 1.2, b 0.75) over title, number and body. The same rules an FTS5 MATCH with
 * implicit AND and bm25() applies, small enough to read.
 */
function bm25Search(documents: readonly RelevanceDocument[], query: string, stem: Stemmer | null): string[] {
  const term = (word: string) => (stem ? stem(word) : word);
  const indexed = indexOf(documents, stem);
  const phrases = [...query.matchAll(/"([^"]+)"/g)].map((match) => tokenizeIndonesian(match[1]!));
  const queryTerms = tokenizeIndonesian(query)
    .filter((word) => !INDONESIAN_STOPWORDS.has(word))
    .map(term);
  if (queryTerms.length === 0) return [];
  const averageLength = indexed.reduce((sum, document) => sum + document.terms.length, 0) / indexed.length;
  const frequency = (value: string) => indexed.filter((document) => document.terms.includes(value)).length;
  const scored = indexed
    .filter((document) => queryTerms.every((value) => document.terms.includes(value)))
    .filter((document) => phrases.every((phrase) => containsSequence(document.words, phrase)))
    .map((document) => {
      let score = 0;
      for (const value of new Set(queryTerms)) {
        const count = document.terms.filter((candidate) => candidate === value).length;
        const n = frequency(value);
        const idf = Math.log(1 + (indexed.length - n + 0.5) / (n + 0.5));
        score += (idf * count * 2.2) / (count + 1.2 * (0.25 + (0.75 * document.terms.length) / averageLength));
      }
      return { id: document.id, score };
    });
  return scored.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).map((document) => document.id);
}

/** Each document's words and their terms under `stem`, computed once per stemmer. */
const indexes = new Map<Stemmer | null, { id: string; words: string[]; terms: string[] }[]>();
function indexOf(documents: readonly RelevanceDocument[], stem: Stemmer | null) {
  let indexed = indexes.get(stem);
  if (!indexed) {
    indexed = documents.map((document) => {
      const words = tokenizeIndonesian(`${document.title} ${document.documentNumber} ${document.body}`);
      return { id: document.id, words, terms: words.filter((word) => !INDONESIAN_STOPWORDS.has(word)).map((word) => (stem ? stem(word) : word)) };
    });
    indexes.set(stem, indexed);
  }
  return indexed;
}

function containsSequence(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return true;
  for (let start = 0; start + phrase.length <= words.length; start += 1) {
    if (phrase.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}
