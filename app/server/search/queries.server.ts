import { sql, type RawBuilder } from "kysely";
import type { DocumentListQuery } from "~/domain/document-schemas";
import type { SortDir } from "~/domain/list-query";
import { FILE_TYPE_RULES, type FacetKey } from "~/domain/search/facets";
import { foldedWords } from "~/domain/search/query";
import { stemIndonesian, type Stemmer } from "~/domain/search/indonesian";
import { TEXT_FILTERS } from "~/domain/text-extraction";
import type { Db } from "../db/db.server";
import { builtOnce, statementOf, type Statement } from "../db/prepared.server";
import { documentSelect, orderColumns, type Audience } from "../documents/queries.server";
import { archiveBuilder, openableWhere, viewableWhere } from "../documents/access.server";
import { inCodeSubtree } from "../classification/queries.server";
import { codeSubtree } from "~/domain/classification";

/**
 * Reads of the search (issue 19): documents found by their metadata (archives_fts) or by their
 * text (archive_texts_fts, migration 0022), filtered by the facets, with what the reader may see
 * decided in SQL: a metadata hit lists if the reader may see the document's metadata; a hit on
 * the text alone lists (and counts, and feeds a facet) only if the reader may open the file, as
 * the text is the file's content.
 */
export type Deps = { db: Db; d1: D1Database };

/** How many corpus words one query word expands to: a common stem stays fast. */
export const MAX_EXPANSIONS = 30;
/**
 * How many matches a search counts, and how many candidates per index a relevance order ranks:
 * a common word ("universitas", in every text) matches most of the archive, and counting,
 * faceting and scoring all of it cost hundreds of milliseconds. Past the cap the total reads
 * "more than" (`totalCapped`), the facets go uncounted, and a relevance page ranks at most
 * each index's best `cap` matches (enough for every page the capped total offers).
 */
export const SEARCH_CAP = 1000;

/**
 * An element of a search (a word with its expansions, or a phrase) matching at most this many
 * documents of an index is rare enough to rank by: bm25 first counts every document holding each
 * element it scores (its IDF), which for a word in most of a million texts costs more than the
 * whole page may. A relevance order scores with the rare elements only; a search of common
 * elements only lists its matches newest first (see `foundSql`).
 */
export const RARE_MATCHES = 5000;

/** Shorter words expand by prefix not at all (a two-letter prefix names half the vocabulary). */
const MIN_PREFIX = 3;

/**
 * Who reads, for the search: the audience's kind and its values (`audienceValues`), for the
 * access rule's `document.view` (metadata hits) and `document.openFile` (text hits).
 */
export type SearchReader = { audience: Audience["kind"]; unitId: number; userId: number };

/**
 * The words of the corpus (`search_terms`) a query word stands for: same stem by `stem` (the
 * stemmer the vocabulary was stemmed with; null: no stemming), then by prefix.
 */
export function expansionStatement({ db, d1 }: Deps, word: string, stem: Stemmer | null): Statement<{ term: string }> {
  return statementOf(d1, expansionSql(word, stem).compile(db));
}

function expansionSql(word: string, stem: Stemmer | null) {
  const byStem = stem
    ? sql`SELECT term, 0 AS k, length(term) AS l FROM (SELECT term FROM search_terms WHERE stem = ${stem(word)} ORDER BY length(term) LIMIT ${MAX_EXPANSIONS})`
    : null;
  const byPrefix =
    word.length >= MIN_PREFIX
      ? sql`SELECT term, 1 AS k, 0 AS l FROM (SELECT term FROM search_terms WHERE term >= ${word} AND term < ${`${word}\uffff`} ORDER BY term LIMIT ${MAX_EXPANSIONS})`
      : null;
  const parts = [byStem, byPrefix].filter((part): part is RawBuilder<unknown> => part !== null);
  const union = parts.length ? sql.join(parts, sql` UNION ALL `) : sql`SELECT NULL AS term, 0 AS k, 0 AS l WHERE 0`;
  return sql<{ term: string }>`SELECT term FROM (${union}) ORDER BY k, l LIMIT ${MAX_EXPANSIONS}`;
}

/**
 * A query word's element of a search as FTS5 reads it — the word or any of its expansions
 * (`searchGroups`' term set, from the same `expansionSql`) — built in SQL, so the element can be
 * counted in the round trip that reads the expansions. Corpus terms are folded words (letters and
 * digits), safe inside quotes.
 */
export function wordGroupSql(word: string, stem: Stemmer | null): RawBuilder<string> {
  return sql<string>`(SELECT '(' || group_concat('"' || term || '"', ' OR ') || ')' FROM (SELECT ${word} AS term UNION SELECT term FROM (${expansionSql(word, stem)})))`;
}

/**
 * How many documents of each index an element of a search matches (`searchGroups`' string, or
 * `wordGroupSql`), counted up to one past `rare` (RARE_MATCHES; a bounded walk of its matches,
 * never all of a common word's).
 */
export function probeStatement({ db, d1 }: Deps, group: string | RawBuilder<string>, rare = RARE_MATCHES): Statement<{ metadata: number; text: number }> {
  // The element is computed once for both indexes (`wordGroupSql` runs the word's expansion).
  const count = (index: "archives_fts" | "archive_texts_fts") =>
    sql`(SELECT COUNT(*) FROM (SELECT 1 FROM ${sql.table(index)} WHERE ${sql.table(index)} MATCH e.element LIMIT ${rare + 1}))`;
  return statementOf(d1, sql<{ metadata: number; text: number }>`SELECT ${count("archives_fts")} AS metadata, ${count("archive_texts_fts")} AS text FROM (SELECT ${group} AS element) e`.compile(db));
}

/** Facet filters and the category/code filters of the list, as SQL on `a` (archives). */
function filterSql(query: DocumentListQuery): RawBuilder<unknown>[] {
  const filters: RawBuilder<unknown>[] = [];
  if (query.category !== undefined) filters.push(sql`a.category_id = ${query.category}`);
  if (query.klasifikasi !== undefined) {
    filters.push(sql`a.classification_id IN (SELECT id FROM classification_codes WHERE ${inCodeSubtree("code", codeSubtree(query.klasifikasi))})`);
  }
  if (query.tahun !== undefined) filters.push(sql`a.year = ${query.tahun}`);
  if (query.unit !== undefined) filters.push(sql`a.unit_kerja_id = ${query.unit}`);
  if (query.akses !== undefined) filters.push(sql`a.access_level = ${query.akses}`);
  if (query.tipe !== undefined) filters.push(sql`${fileTypeSql} = ${query.tipe}`);
  if (query.retensi !== undefined) filters.push(sql`a.id IN (SELECT archive_id FROM retention_states WHERE status = ${query.retensi})`);
  // Super Admin's text-status filter (the service drops `teks` for anyone else). A document with
  // no row for its current file yet waits, as on the plain list.
  if (query.teks !== undefined) {
    const status = TEXT_FILTERS[query.teks];
    const settled = sql`SELECT 1 FROM archive_texts t WHERE t.archive_id = a.id AND t.file_id = a.current_file_id`;
    filters.push(status === "PENDING" ? sql`NOT EXISTS (${settled} AND t.status <> 'PENDING')` : sql`EXISTS (${settled} AND t.status = ${status})`);
  }
  return filters;
}

/** The file type group of `a.mime_type` (FILE_TYPE_RULES; anything else is an office document). */
const fileTypeSql = sql`(CASE ${sql.join(
  FILE_TYPE_RULES.map((rule) =>
    rule.exact !== undefined ? sql`WHEN a.mime_type = ${sql.lit(rule.exact)} THEN ${sql.lit(rule.group)}` : sql`WHEN a.mime_type LIKE ${sql.lit(`${rule.prefix}%`)} THEN ${sql.lit(rule.group)}`,
  ),
  sql` `,
)} ELSE 'dokumen' END)`;

/** The access rule's `document.view` (live included) for the reader, as SQL on `a`. */
const metadataWhere = (reader: SearchReader) => sql`(${viewableWhere(reader.audience, reader)(archiveBuilder())})`;

/** The access rule's `document.openFile` for the reader, as SQL on `a`. */
const openFileWhere = (reader: SearchReader) => sql`(${openableWhere(reader.audience, reader)(archiveBuilder())})`;

/**
 * A search as each index answers it: `all`, every element required; `ranked`, the rare elements
 * only (RARE_MATCHES), what a relevance order scores with (null: none is rare). An index is null
 * when some element matches nothing in it.
 */
export type IndexMatch = { all: string; ranked: string | null };
export type SearchMatch = { metadata: IndexMatch | null; text: IndexMatch | null };

const METADATA_SCORE = sql`bm25(archives_fts, 10.0, 10.0, 4.0, 2.0, 1.0)`;
const TEXT_SCORE = sql`bm25(archive_texts_fts)`;

/**
 * One index's part of a search: its matches (`a` joined, `condition` applied) as rows (id, ms,
 * ts), the index's column holding its score. The index is the outer loop (CROSS JOIN: SQLite
 * never reorders it). With `limit` (a relevance page's candidates) the part keeps that many:
 * the best by bm25 over the rare elements (the rest required through the matches of `all`, few
 * since a rare element is among them; scored before any catalogue row is read), or, with no rare
 * element, the newest — walked backwards by rowid, so a common word reads `limit` matches, not
 * all of them. Without `limit` no score is computed.
 */
function indexPart(index: "archives_fts" | "archive_texts_fts", match: IndexMatch, condition: RawBuilder<unknown>, limit: RawBuilder<unknown> | null) {
  const fts = sql.table(index);
  const score = index === "archives_fts" ? METADATA_SCORE : TEXT_SCORE;
  const columns = (value: RawBuilder<unknown>) => (index === "archives_fts" ? sql`a.id AS id, ${value} AS ms, NULL AS ts` : sql`a.id AS id, NULL AS ms, ${value} AS ts`);
  const hits = (expression: string, select: RawBuilder<unknown>) =>
    sql`SELECT ${select} FROM ${fts} CROSS JOIN archives a ON a.id = ${fts}.rowid WHERE ${fts} MATCH ${expression} AND ${condition}`;
  if (limit === null) return hits(match.all, columns(sql`NULL`));
  if (match.ranked === null) return sql`SELECT * FROM (${hits(match.all, columns(sql`0`))} ORDER BY ${fts}.rowid DESC LIMIT ${limit})`;
  // Scored in the index alone, then read in score order: the catalogue row (the access rule, the
  // filters) is read only until `limit` rows pass, not for every match. Reading those rows is
  // what a rare element's ranking cost — a page-cache miss each, 1,692 of them for one word of the
  // 100k bench (10 ms → 5 ms, decision 0295). The materialized CTE keeps SQLite from folding the
  // score back into the join.
  const scored = sql.id(`${index}_scored`);
  const required = match.ranked === match.all ? sql`` : sql` AND a.id IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match.all})`;
  return sql`SELECT * FROM (WITH ${scored} AS MATERIALIZED (SELECT rowid AS id, ${score} AS score FROM ${fts} WHERE ${fts} MATCH ${match.ranked} ORDER BY score, rowid DESC)
    SELECT ${columns(sql`${scored}.score`)} FROM ${scored} CROSS JOIN archives a ON a.id = ${scored}.id WHERE ${condition}${required} ORDER BY ${scored}.score, ${scored}.id DESC LIMIT ${limit})`;
}

/**
 * The matches of a list (id, and on a relevance page the metadata and text scores: bm25, lower
 * is better), the reader's rules and the filters applied: metadata hits, and text hits only where
 * the reader may open the file. A document found by both comes twice: readers take `distinct`
 * ids (the count and the facets) or group them (the rows, where its metadata score puts it among
 * the metadata hits). A relevance page keeps each index's best `candidates` (page × size): the
 * metadata hits list first, and at most as many text hits come before the page's last row as
 * that many minus the metadata hits above it, so its rows are among them. No GROUP BY over all
 * matches, and the count and the facets compute no score.
 */
function foundSql(reader: SearchReader, query: DocumentListQuery, match: SearchMatch | null, candidates: number | null = null) {
  const where = sql.join([metadataWhere(reader), ...filterSql(query)], sql` AND `);
  if (!match) return sql`SELECT a.id AS id, NULL AS ms, NULL AS ts FROM archives a WHERE ${where}`;
  const limit = candidates === null ? null : sql`${candidates}`;
  const parts = [
    ...(match.metadata ? [indexPart("archives_fts", match.metadata, where, limit)] : []),
    ...(match.text ? [indexPart("archive_texts_fts", match.text, sql`${where} AND ${openFileWhere(reader)}`, limit)] : []),
  ];
  return parts.length ? sql.join(parts, sql` UNION ALL `) : sql`SELECT NULL AS id, NULL AS ms, NULL AS ts WHERE 0`;
}

/**
 * The distinct documents of a list, at most `cap + 1` (one past the cap tells "more than" from
 * "exactly"; null: no cap). Without a search every document comes once already.
 */
function distinctFound(reader: SearchReader, query: DocumentListQuery, match: SearchMatch | null, cap: number | null) {
  return sql`SELECT ${match ? sql`DISTINCT ` : sql``}id FROM (${foundSql(reader, query, match)})${cap === null ? sql`` : sql` LIMIT ${cap + 1}`}`;
}

/** The catalogue row a searched page shows (`documentSelect`), its select list built once per isolate. */
const searchedDocumentSelect = builtOnce((db) => documentSelect({ db }));

/** A list row, with its scores and, on a searched page, where its indexed text is (`text_key`: R2; null with `text_indexed`: still in D1). */
export type SearchRow = Awaited<ReturnType<ReturnType<typeof documentSelect>["execute"]>>[number] & {
  ms: number | null;
  ts: number | null;
  text_key: string | null;
  text_indexed: number | null;
};

/** A keyset position: the rows after (or before) these order values (`documentSeekValues`). */
export type Seek = { seek: "after" | "before"; position: (string | number)[] };

/**
 * One page of the list: by relevance (metadata hits first, then text hits, each by bm25) by page
 * number, or by a column, by page number or from a keyset position (`before` reads backwards:
 * the caller reverses the rows).
 */
export function searchRowsStatement(
  deps: Deps,
  reader: SearchReader,
  query: DocumentListQuery,
  match: SearchMatch | null,
  seek: Seek | null = null,
  cap: number | null = SEARCH_CAP,
): Statement<SearchRow> {
  const relevance = query.sort === "relevance" && match;
  // A relevance page lists metadata hits before text hits, so the page's rows are among each
  // index's best `page × size`: ranking just those is exact, and keeps the sorter small. Past
  // the cap a page is empty (the capped total offers no such page).
  const candidates = Math.min(cap ?? Number.MAX_SAFE_INTEGER, query.page * query.size);
  const found = sql`SELECT id, MIN(ms) AS ms, MIN(ts) AS ts FROM (${foundSql(reader, query, match, relevance ? candidates : null)}) GROUP BY id`;
  const columns = orderColumns({ searched: match !== null, sort: query.sort === "relevance" ? "createdAt" : query.sort });
  const dir: SortDir = seek?.seek === "before" ? (query.dir === "asc" ? "desc" : "asc") : query.dir;
  const order = relevance
    ? sql`(f.ms IS NULL), f.ms, f.ts, a.id DESC`
    : sql.join(
        columns.map((column) => sql`${sql.ref(column)} ${sql.raw(dir)}`),
        sql`, `,
      );
  let rows = searchedDocumentSelect()
    .innerJoin(sql<{ id: number; ms: number | null; ts: number | null }>`(${found})`.as("f"), "f.id" as never, "a.id" as never)
    .leftJoin("archive_texts as t", (join) => join.onRef("t.archive_id", "=", "a.id").onRef("t.file_id", "=", "a.current_file_id").on("t.status", "=", "INDEXED"))
    .select([sql<number | null>`f.ms`.as("ms"), sql<number | null>`f.ts`.as("ts"), "t.text_key", sql<number | null>`t.archive_id`.as("text_indexed")])
    .orderBy(sql`${order}`)
    .limit(query.size);
  if (seek && !relevance) {
    const operator = sql.raw(dir === "asc" ? ">" : "<");
    rows = rows.where(sql<boolean>`(${sql.join(columns.map((column) => sql.ref(column)))}) ${operator} (${sql.join(seek.position)})`);
  } else rows = rows.offset((query.page - 1) * query.size);
  return statementOf(deps.d1, rows) as Statement<SearchRow>;
}

/**
 * How many documents the list holds (matches the reader may see, filters applied), counted up
 * to `cap + 1`: a count over the cap means "more than `cap`".
 */
export function searchCountStatement(deps: Deps, reader: SearchReader, query: DocumentListQuery, match: SearchMatch | null, cap: number | null = SEARCH_CAP): Statement<{ n: number }> {
  return statementOf(deps.d1, sql<{ n: number }>`SELECT COUNT(*) AS n FROM (${distinctFound(reader, query, match, cap)})`.compile(deps.db));
}

export type FacetRow = { facet: FacetKey; value: string | number | null; label: string | null; n: number };

/**
 * The facets' counts over the list's documents (the same rules and filters as its rows, so no
 * count reveals a document or a text the reader may not see), over at most `cap + 1` of them:
 * counts summing past `cap` are a sample, which the service drops (only the total's "more than"
 * is kept).
 */
export function facetStatement(deps: Deps, reader: SearchReader, query: DocumentListQuery, match: SearchMatch | null, cap: number | null = SEARCH_CAP): Statement<FacetRow> {
  const found = distinctFound(reader, query, match, cap);
  return statementOf(
    deps.d1,
    sql<FacetRow>`WITH f AS (${found}), d AS (
        SELECT a.year, a.unit_kerja_id, a.access_level, ${fileTypeSql} AS tipe FROM f CROSS JOIN archives a ON a.id = f.id)
      SELECT 'tahun' AS facet, year AS value, NULL AS label, COUNT(*) AS n FROM d GROUP BY year
      UNION ALL
      SELECT 'unit', d.unit_kerja_id, uk.nama, COUNT(*) FROM d JOIN unit_kerja uk ON uk.id = d.unit_kerja_id GROUP BY d.unit_kerja_id
      UNION ALL
      SELECT 'akses', access_level, NULL, COUNT(*) FROM d GROUP BY access_level
      UNION ALL
      SELECT 'tipe', tipe, NULL, COUNT(*) FROM d GROUP BY tipe`.compile(deps.db),
  );
}

/** The bodies of texts indexed before they moved to R2 (migration 0027), for the snippets of `ids`. */
export function legacyBodiesStatement(deps: Deps, ids: readonly number[]): Statement<{ id: number; body: string }> {
  return statementOf(
    deps.d1,
    sql<{ id: number; body: string }>`SELECT archive_id AS id, body FROM archive_texts
      WHERE archive_id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND status = 'INDEXED' AND text_key IS NULL`.compile(deps.db),
  );
}

/** Per statement: how many term/stem pairs go in one JSON parameter (far under D1's statement limits). */
const TERMS_PER_STATEMENT = 1000;
/** A text past this many distinct words adds the first ones only (a dictionary-sized file). */
const MAX_TERMS_PER_TEXT = 20_000;

/**
 * The statements that add the words of an indexed text and their stems to `search_terms`, so a
 * stemmed query finds them. The extraction consumer runs them when it stores a text as INDEXED
 * (in the same batch or after it); a word already known is skipped. Each statement binds one
 * JSON parameter, so D1's limit of 100 parameters never applies. `stem`: the search's stemmer
 * (a test builds an index with another one, as an older version of the app did).
 */
export function recordTermsStatements(d1: D1Database, body: string, stem: Stemmer = stemIndonesian): D1PreparedStatement[] {
  const words = [...new Set(foldedWords(body))].filter((word) => !/^\d+$/.test(word)).slice(0, MAX_TERMS_PER_TEXT);
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < words.length; start += TERMS_PER_STATEMENT) {
    const pairs = words.slice(start, start + TERMS_PER_STATEMENT).map((word) => [word, stem(word)]);
    statements.push(
      d1
        .prepare("INSERT OR IGNORE INTO search_terms (term, stem) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?)")
        .bind(JSON.stringify(pairs)),
    );
  }
  return statements;
}

/**
 * The words of a document's metadata into `search_terms` (with a text's words, the vocabulary a
 * query word expands through): the metadata index is searched by the same bounded expansion, so
 * a prefix of a title word finds it only once the word is known here. Idempotent.
 */
export async function recordMetadataTerms(d1: D1Database, metadata: DocumentWords): Promise<void> {
  const statements = metadataTermsStatements(d1, [metadata]);
  if (statements.length) await d1.batch(statements);
}

type DocumentWords = { title: string; documentNumber: string; keywords: string; description: string };

/**
 * The statements that record the metadata words of several documents: one body per 25 documents
 * (far below a text's 20,000-word cap even with long descriptions), so a back-fill batch writes a
 * few statements, not one per document.
 */
export function metadataTermsStatements(d1: D1Database, documents: readonly DocumentWords[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < documents.length; start += 25) {
    const body = documents.slice(start, start + 25).map((metadata) => [metadata.title, metadata.documentNumber, metadata.keywords, metadata.description].join(" "));
    statements.push(...recordTermsStatements(d1, body.join(" ")));
  }
  return statements;
}

/** Up to `limit` documents after archive id `after`, in id order, with the words of their metadata. */
export function documentWordsAfter({ db }: { db: Db }, after: number, limit: number) {
  return db
    .selectFrom("archives")
    .select(["id", "title", "document_number as documentNumber", "keywords", "description"])
    .where("id", ">", after)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The statement recording the metadata back-fill's progress: the last archive id done, or null at the end. */
export const metadataBackfillProgressStatement = (d1: D1Database, after: number | null): D1PreparedStatement =>
  d1.prepare("UPDATE search_stemmer SET metadata_terms_after = ? WHERE id = 1").bind(after);

/** Up to `limit` terms of the vocabulary after `after`, in term order (the primary key), with their stems. */
export function vocabularyAfter({ db }: { db: Db }, after: string, limit: number): Promise<{ term: string; stem: string }[]> {
  return db.selectFrom("search_terms").select(["term", "stem"]).where("term", ">", after).orderBy("term").limit(limit).execute();
}

/** The statement that gives each `[term, stem]` pair's term that stem, in one JSON parameter. */
export function updateStemsStatement(d1: D1Database, pairs: readonly (readonly [string, string])[]): D1PreparedStatement {
  return d1
    .prepare("UPDATE search_terms SET stem = json_extract(value, '$[1]') FROM json_each(?) WHERE search_terms.term = json_extract(value, '$[0]')")
    .bind(JSON.stringify(pairs));
}

/** Which stemmer the vocabulary's stems come from, and a re-stem under way (search_stemmer's one row). */
export function vocabularyStemmer({ db }: { db: Db }) {
  return db.selectFrom("search_stemmer").select(["version", "restem_version", "restem_after", "metadata_terms_after"]).where("id", "=", 1).executeTakeFirstOrThrow();
}

/** Records a re-stem's progress towards `version`: the last term done, or (null) the end, where `version` becomes the vocabulary's. */
export async function recordRestemProgress({ db }: { db: Db }, version: string, after: string | null): Promise<void> {
  const done = { version, restem_version: null, restem_after: null };
  await db
    .updateTable("search_stemmer")
    .set(after === null ? done : { restem_version: version, restem_after: after })
    .where("id", "=", 1)
    .execute();
}
