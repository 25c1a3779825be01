import type { DocumentListQuery } from "~/domain/document-schemas";
import type { DocumentView } from "~/domain/documents";
import { FACET_KEYS, FILE_TYPE_GROUPS, type FacetKey, type Facets, type FacetValue } from "~/domain/search/facets";
import { allOf, isEmptySearch, parseSearch, phraseGroups, searchGroups, textSnippet, wordTerms } from "~/domain/search/query";
import { STEMMER_VERSION, stemIndonesian, type Stemmer } from "~/domain/search/indonesian";
import { assertCan, can } from "~/domain/policy";
import { searchText } from "~/i18n/search";
import type { ServiceContext } from "../context.server";
import { batchedRead, batchRead, readTogether, type Statement } from "../db/prepared.server";
import { audienceOf } from "../documents/queries.server";
import { audienceValues } from "../documents/access.server";
import { documentRef, toDocumentView } from "../documents/view.server";
import { readStoredText } from "../text-extraction/texts.server";
import {
  RARE_MATCHES,
  SEARCH_CAP,
  expansionStatement,
  facetStatement,
  legacyBodiesStatement,
  probeStatement,
  wordGroupSql,
  searchCountStatement,
  searchRowsStatement,
  type FacetRow,
  type SearchMatch,
  type SearchReader,
  type SearchRow,
  type Seek,
  documentWordsAfter,
  metadataBackfillProgressStatement,
  metadataTermsStatements,
  recordRestemProgress,
  updateStemsStatement,
  vocabularyAfter,
  vocabularyStemmer,
} from "./queries.server";

export type SearchOptions = {
  /** The public pages: PUBLIC documents only, for everyone. */
  publicOnly?: boolean;
  /**
   * The stemmer query words are expanded with, to the corpus's words of the same stem: the
   * search's own (default); null, none (the relevance test compares).
   */
  stemmer?: Stemmer | null;
  /** Count the facets too (the list pages; the API list leaves them out). */
  facets?: boolean;
  /** A keyset position to read from (the list pages' Previous/Next in a column order). */
  seek?: Seek | null;
  /** How many matches to count and rank at most (SEARCH_CAP; a test lowers it). */
  cap?: number;
  /** How many matches in an index keep a search's element rare enough to rank by (RARE_MATCHES; a test lowers it). */
  rareMatches?: number;
};

/** Whether a list query needs the search (a `q` or a facet): the plain catalogue keeps its own reads. */
export const needsSearch = (query: DocumentListQuery) =>
  query.q !== "" || query.tahun !== undefined || query.unit !== undefined || query.akses !== undefined || query.tipe !== undefined;

/**
 * `found`: the page's rows as read (in the list's order), for keyset cursors. `totalCapped`: more
 * than `total` documents match (the count stopped at the cap; the facets are then not counted).
 */
export type SearchResult = { rows: DocumentView[]; found: SearchRow[]; total: number; totalCapped: boolean; facets: Facets | null; searched: boolean };

function readerOf(ctx: ServiceContext, options: SearchOptions): SearchReader {
  const audience = audienceOf(ctx.actor, options);
  return { audience: audience.kind, ...audienceValues(audience) };
}

/** A search as the indexes answer it, and what its snippets mark: each word's terms, each phrase. */
type Match = SearchMatch & { words: string[][]; phrases: string[][] };

/**
 * The FTS5 queries of `q` (null: no search): in one round trip, the words expanded by stem and
 * prefix and each element's matches per index counted (up to RARE_MATCHES + 1); `false` when `q`
 * holds no word at all (punctuation only): nothing matches.
 */
async function matchOf(ctx: ServiceContext, q: string, stemmer: Stemmer | null, rare: number): Promise<Match | null | false> {
  if (!q) return null;
  const search = parseSearch(q);
  if (isEmptySearch(search)) return false;
  // A word's element is counted as SQL builds it from the same expansions (`wordGroupSql`), so the
  // counts need not wait for the expansions to come back; in `searchGroups`' order.
  const [found, counts] = await readTogether(
    ctx.d1,
    batchedRead(
      search.words.map((word) => expansionStatement(ctx, word, stemmer)),
      (rows) => rows,
    ),
    batchedRead(
      [...search.words.map((word) => probeStatement(ctx, wordGroupSql(word, stemmer), rare)), ...phraseGroups(search).map((group) => probeStatement(ctx, group, rare))],
      (rows) => rows.map((row) => row[0]!),
    ),
  );
  const expansions = new Map(search.words.map((word, index) => [word, found[index]!.map((row) => row.term)]));
  const groups = searchGroups(search, expansions);
  const inIndex = (index: "metadata" | "text") =>
    counts.some((count) => Number(count[index]) === 0)
      ? null
      : { all: allOf(groups)!, ranked: allOf(groups.filter((_, i) => Number(counts[i]![index]) <= rare)) };
  return { metadata: inIndex("metadata"), text: inIndex("text"), words: search.words.map((word) => wordTerms(word, expansions)), phrases: search.phrases };
}

/**
 * The snippets of the rows whose file the reader may open (the policy's `document.openFile`, as
 * the SQL already required of text-only hits) and whose current file's text is indexed: each
 * text read (from R2; one indexed before 0027 from D1) and cut around its best match. A row whose
 * text does not hold the words gets none.
 */
async function snippetsOf(ctx: ServiceContext, rows: SearchRow[], match: Match): Promise<Map<number, string>> {
  const readable = rows.filter((row) => row.text_indexed !== null && can(ctx.actor, { type: "document.openFile", document: documentRef(row) }));
  const legacy = readable.filter((row) => row.text_key === null).map((row) => row.id);
  const [bodies] = legacy.length ? await batchRead(ctx.d1, legacyBodiesStatement(ctx, legacy)) : [[]];
  const legacyBodies = new Map(bodies.map((row) => [row.id, row.body]));
  const texts = await Promise.all(readable.map(async (row) => [row.id, row.text_key ? await readStoredText(ctx, row.text_key) : legacyBodies.get(row.id)] as const));
  const snippets = new Map<number, string>();
  for (const [id, text] of texts) {
    const snippet = text ? textSnippet(text, match.words, match.phrases) : null;
    if (snippet) snippets.set(id, snippet);
  }
  return snippets;
}

const emptyFacets = (): Facets => ({ tahun: [], unit: [], akses: [], tipe: [] });

/** Built once: `localeCompare(b, "id")` builds a collator for every comparison. */
const labelOrder = new Intl.Collator("id");

function facetsOf(rows: FacetRow[]): Facets {
  const facets = emptyFacets();
  for (const row of rows) {
    if (row.value === null || !FACET_KEYS.includes(row.facet)) continue;
    const value = String(row.value);
    facets[row.facet].push({ value, label: facetLabel(row.facet, value, row.label), count: Number(row.n) });
  }
  const byValue = (a: FacetValue, b: FacetValue) => labelOrder.compare(a.label, b.label);
  facets.tahun.sort((a, b) => Number(b.value) - Number(a.value));
  facets.unit.sort(byValue);
  facets.tipe.sort((a, b) => FILE_TYPE_GROUPS.indexOf(a.value as never) - FILE_TYPE_GROUPS.indexOf(b.value as never));
  return facets;
}

function facetLabel(facet: FacetKey, value: string, label: string | null): string {
  if (facet === "akses") return searchText.access[value] ?? value;
  if (facet === "tipe") return searchText.fileTypes[value as keyof typeof searchText.fileTypes] ?? value;
  return label ?? value;
}

/**
 * A searched or faceted list page: rows by relevance (or the chosen column), the total and the
 * facets, in one round trip after the query words' expansion; then the snippets of the page's
 * rows whose file the reader may open (a row without a text match gets none) (the policy's `document.openFile`,
 * as the SQL already required of text-only hits). `extra` rides in the same batch.
 */
export async function searchDocuments<Extra extends (Statement<unknown> | null)[]>(
  ctx: ServiceContext,
  query: DocumentListQuery,
  options: SearchOptions = {},
  ...extra: Extra
): Promise<SearchResult & { extra: { [K in keyof Extra]: Extra[K] extends Statement<infer Row> ? Row[] : null } }> {
  const reader = readerOf(ctx, options);
  if (query.teks !== undefined && !can(ctx.actor, { type: "text.statusFilter" })) query = { ...query, teks: undefined };
  const match = await matchOf(ctx, query.q, options.stemmer === undefined ? stemIndonesian : options.stemmer, options.rareMatches ?? RARE_MATCHES);
  // Only a search is capped: a list by facets alone keeps its exact count and counted facets.
  const cap = match ? (options.cap ?? SEARCH_CAP) : null;
  if (match === false) {
    const extraRows = await batchRead(ctx.d1, ...extra);
    return { rows: [], found: [], total: 0, totalCapped: false, facets: options.facets ? emptyFacets() : null, searched: true, extra: extraRows as never };
  }
  const [read, counts, facetRows, ...extraRows] = await batchRead(
    ctx.d1,
    searchRowsStatement(ctx, reader, query, match, options.seek ?? null, cap),
    // With the facets, the total is the sum of one facet's counts (every document has an access
    // level): one pass over the matches fewer.
    options.facets ? null : searchCountStatement(ctx, reader, query, match, cap),
    options.facets ? facetStatement(ctx, reader, query, match, cap) : null,
    ...extra,
  );
  const rows = options.seek?.seek === "before" ? read.reverse() : read;
  const snippets = match && match.text ? await snippetsOf(ctx, rows, match) : new Map<number, string>();
  const counted = facetRows ? facetRows.filter((row) => row.facet === "akses").reduce((sum, row) => sum + Number(row.n), 0) : Number(counts?.[0]?.n ?? 0);
  // Past the cap the facets counted a sample of the matches: shown as counts they would mislead,
  // so the list offers the facets without counts (as the plain catalogue does).
  const totalCapped = cap !== null && counted > cap;
  return {
    rows: rows.map((row) => ({ ...toDocumentView(ctx.actor, row), snippet: match ? (snippets.get(row.id) ?? null) : undefined })),
    found: rows,
    total: totalCapped ? cap : counted,
    totalCapped,
    facets: facetRows && !totalCapped ? facetsOf(facetRows) : null,
    searched: match !== null,
    extra: extraRows as never,
  };
}

/** Terms one re-stem batch reads and writes (one JSON parameter each way). */
export const RESTEM_BATCH = 1000;
/** Batches one cron run re-stems at most: 10,000 terms, some tens of milliseconds of stemming. */
const RESTEM_BATCHES_PER_RUN = 10;

export type RestemBatch = { next: string | null; read: number; changed: number };

/**
 * Recompute the stems of the search vocabulary's terms after `after` (in term order), at most
 * `limit`, with `stem` (the search's stemmer): the stored index follows a changed stemmer without
 * reading a file again. Writes only the stems that changed, in one statement. `next`: the last
 * term read, to continue after; null once the vocabulary's end is reached. Safe to repeat or
 * interrupt (a term's stem depends on the term alone). Needs `search.restem` (the text-extraction
 * job); no audit row: the vocabulary is an index, derived from the texts.
 */
export async function restemVocabulary(
  ctx: ServiceContext,
  { after = "", limit = RESTEM_BATCH, stem = stemIndonesian }: { after?: string | null; limit?: number; stem?: Stemmer } = {},
): Promise<RestemBatch> {
  assertCan(ctx.actor, { type: "search.restem" }, "search.restem");
  const rows = await vocabularyAfter(ctx, after ?? "", limit);
  const changed = rows.flatMap((row): [string, string][] => {
    const current = stem(row.term);
    return current === row.stem ? [] : [[row.term, current]];
  });
  if (changed.length) await updateStemsStatement(ctx.d1, changed).run();
  return { next: rows.length < limit ? null : rows.at(-1)!.term, read: rows.length, changed: changed.length };
}

/** Documents whose metadata words one back-fill batch records (one D1 batch of a few statements with its progress). */
export const METADATA_BACKFILL_BATCH = 500;
/** Batches per cron run: a few dozen statements, well within a Worker invocation's D1 queries. */
const METADATA_BACKFILL_BATCHES_PER_RUN = 4;

/**
 * The cron's part after the re-stem: documents written before their metadata words joined the
 * vocabulary get them, `batches` batches per run from where the last run stopped (the cursor in
 * search_stemmer), each batch's words and its progress in one D1 batch. Safe to repeat (the terms
 * are INSERT OR IGNORE); once at the end it does nothing. Needs `search.restem`.
 */
export async function backfillMetadataTerms(ctx: ServiceContext, { batches = METADATA_BACKFILL_BATCHES_PER_RUN, limit = METADATA_BACKFILL_BATCH } = {}): Promise<{ read: number; done: boolean }> {
  assertCan(ctx.actor, { type: "search.restem" }, "search.restem");
  let after = (await vocabularyStemmer(ctx)).metadata_terms_after;
  let read = 0;
  for (let count = 0; count < batches && after !== null; count += 1) {
    const rows = await documentWordsAfter(ctx, after, limit);
    read += rows.length;
    after = rows.length < limit ? null : rows.at(-1)!.id;
    await ctx.d1.batch([...metadataTermsStatements(ctx.d1, rows), metadataBackfillProgressStatement(ctx.d1, after)]);
  }
  return { read, done: after === null };
}

export type RestemRun = { version: string; done: boolean; read: number; changed: number };

/**
 * The cron's part (every 30 minutes): when the stored vocabulary was stemmed by another stemmer
 * than this one (`search_stemmer.version` ≠ STEMMER_VERSION), re-stem up to `batches` batches,
 * from where an earlier run towards the same version stopped, recording the last term after each
 * batch; at the vocabulary's end the version is recorded and nothing runs until the stemmer
 * changes again. Until then a query finds the terms not yet re-stemmed by prefix only.
 */
export async function restemStaleVocabulary(ctx: ServiceContext, { batches = RESTEM_BATCHES_PER_RUN, limit = RESTEM_BATCH } = {}): Promise<RestemRun> {
  assertCan(ctx.actor, { type: "search.restem" }, "search.restem");
  const state = await vocabularyStemmer(ctx);
  const run: RestemRun = { version: state.version, done: state.version === STEMMER_VERSION, read: 0, changed: 0 };
  if (run.done) return run;
  // A re-stem towards another version (an older deploy's) starts over.
  let after = state.restem_version === STEMMER_VERSION ? state.restem_after : null;
  for (let count = 0; count < batches; count += 1) {
    const batch = await restemVocabulary(ctx, { after, limit });
    run.read += batch.read;
    run.changed += batch.changed;
    after = batch.next;
    await recordRestemProgress(ctx, STEMMER_VERSION, after);
    if (after === null) return { ...run, version: STEMMER_VERSION, done: true };
  }
  return run;
}
