/**
 * The search relevance set (test/fixtures/relevance): a fixed corpus of university documents as
 * plain text (documents/R01.txt …, a header of "Field: value" lines, a blank line, the body) and
 * queries with the documents a person would expect to find, in three files (RELEVANCE_SETS),
 * plus the metrics the README reports for it. Pure: the Node tests read the files with fs, the
 * Worker tests through Vite's imports.
 */

export type RelevanceDocument = {
  id: string;
  title: string;
  documentNumber: string;
  year: number;
  category: string;
  unit: string;
  body: string;
};

/**
 * "stem": the documents say it in another word form (pengajuan / mengajukan); "phrase": a quoted
 * exact phrase; "two-word": plain words; "number": a document number typed whole; "word": one word.
 */
export type RelevanceQueryKind = "stem" | "phrase" | "two-word" | "number" | "word";

export type RelevanceQuery = { id: string; query: string; kind: RelevanceQueryKind; relevant: string[] };

/**
 * The query files: `original`, written with the search of issue 19; `independent`, queries in the
 * words of university archive work (decrees, letters, staffing, academic affairs, finance,
 * procurement, records management) written for issue 32 without looking at the stemmer; and
 * `dictionary`, word forms whose roots only a dictionary settles (a query "dimusnahkan" for texts
 * that say "pemusnahan").
 */
export const RELEVANCE_SETS = { original: "queries.json", independent: "queries-independent.json", dictionary: "queries-dictionary.json" } as const;
export type RelevanceSet = keyof typeof RELEVANCE_SETS;

const HEADER_FIELDS = { Judul: "title", Nomor: "documentNumber", Tahun: "year", Kategori: "category", Unit: "unit" } as const;

export function parseRelevanceDocument(id: string, text: string): RelevanceDocument {
  const normalised = text.replace(/\r\n/g, "\n");
  const split = normalised.indexOf("\n\n");
  if (split < 0) throw new Error(`${id}: no blank line between header and body`);
  const fields: Record<string, string> = {};
  for (const line of normalised.slice(0, split).split("\n")) {
    const colon = line.indexOf(":");
    const key = line.slice(0, colon).trim() as keyof typeof HEADER_FIELDS;
    if (colon < 0 || !(key in HEADER_FIELDS)) throw new Error(`${id}: unknown header line "${line}"`);
    fields[HEADER_FIELDS[key]] = line.slice(colon + 1).trim();
  }
  for (const field of Object.values(HEADER_FIELDS)) {
    if (!fields[field]) throw new Error(`${id}: header "${field}" missing`);
  }
  const year = Number(fields.year);
  if (!Number.isInteger(year)) throw new Error(`${id}: year "${fields.year}" is not a number`);
  return {
    id,
    title: fields.title!,
    documentNumber: fields.documentNumber!,
    year,
    category: fields.category!,
    unit: fields.unit!,
    body: normalised.slice(split + 2).trim(),
  };
}

/** Share of the relevant documents found in the first k results (1 when nothing is relevant). */
export function recallAt(k: number, ranked: readonly string[], relevant: Iterable<string>): number {
  const wanted = new Set(relevant);
  if (wanted.size === 0) return 1;
  let found = 0;
  for (const id of new Set(ranked.slice(0, k))) if (wanted.has(id)) found += 1;
  return found / wanted.size;
}

/** 1 / the rank of the first relevant result; 0 when none is in the list. */
export function reciprocalRank(ranked: readonly string[], relevant: Iterable<string>): number {
  const wanted = new Set(relevant);
  const index = ranked.findIndex((id) => wanted.has(id));
  return index < 0 ? 0 : 1 / (index + 1);
}

export type RelevanceRun = { query: RelevanceQuery; ranked: readonly string[] };

export type RelevanceScore = { queries: number; recallAt10: number; mrr: number };

/** Macro averages over the queries: mean recall@10 and mean reciprocal rank (MRR). */
export function scoreRuns(runs: readonly RelevanceRun[]): RelevanceScore {
  if (runs.length === 0) return { queries: 0, recallAt10: 0, mrr: 0 };
  let recall = 0;
  let reciprocal = 0;
  for (const { query, ranked } of runs) {
    recall += recallAt(10, ranked, query.relevant);
    reciprocal += reciprocalRank(ranked, query.relevant);
  }
  return { queries: runs.length, recallAt10: recall / runs.length, mrr: reciprocal / runs.length };
}

/** "0.912" — three decimals, for test output and the README table. */
export function formatScore(score: RelevanceScore): string {
  return `recall@10 ${score.recallAt10.toFixed(3)}, MRR ${score.mrr.toFixed(3)} (${score.queries} queries)`;
}

/** The scores of `runs`, whole and per query set (`setOf` a query's id). */
export function scoreBySet(runs: readonly RelevanceRun[], setOf: (id: string) => RelevanceSet): Record<RelevanceSet | "all", RelevanceScore> {
  const of = (set: RelevanceSet) => scoreRuns(runs.filter((run) => setOf(run.query.id) === set));
  return { all: scoreRuns(runs), original: of("original"), independent: of("independent"), dictionary: of("dictionary") };
}

/** One line per set, for test output. */
export function formatScores(scores: Record<RelevanceSet | "all", RelevanceScore>): string {
  return (Object.keys(scores) as (keyof typeof scores)[]).map((set) => `${set.padEnd(11)} ${formatScore(scores[set])}`).join("\n");
}
