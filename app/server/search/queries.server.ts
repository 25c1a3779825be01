import { sql, type RawBuilder } from "kysely";
import type { DocumentListQuery } from "~/domain/document-schemas";
import type { SortDir } from "~/domain/list-query";
import { FILE_TYPE_RULES, type FacetKey } from "~/domain/search/facets";
import { foldedWords, MARK_CLOSE, MARK_OPEN } from "~/domain/search/query";
import { stemIndonesian, type Stemmer } from "~/domain/search/indonesian";
import { TEXT_FILTERS } from "~/domain/text-extraction";
import type { Db } from "../db/db.server";
import { statementOf, type Statement } from "../db/prepared.server";
import { documentSelect, orderColumns, type Audience } from "../documents/queries.server";

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

/** Shorter words expand by prefix not at all (a two-letter prefix names half the vocabulary). */
const MIN_PREFIX = 3;

/**
 * Who reads, for the search: the metadata audience, and who may open files (`document.openFile`
 * in ~/domain/policy as SQL): PUBLIC files for anyone, every file for Super Admin, else the files
 * of the reader's unit (Satuan Kerja) and, but for SANGAT_RAHASIA, those they uploaded and those
 * their unit holds as the records centre (moved there by a pemindahan).
 */
export type SearchReader = { audience: Audience["kind"]; unitId: number; userId: number };

/**
 * The words of the corpus (`search_terms`) a query word stands for: same stem by `stem` (the
 * stemmer the vocabulary was stemmed with; null: no stemming), then by prefix.
 */
export function expansionStatement({ db, d1 }: Deps, word: string, stem: Stemmer | null): Statement<{ term: string }> {
  const byStem = stem
    ? sql`SELECT term, 0 AS k, length(term) AS l FROM (SELECT term FROM search_terms WHERE stem = ${stem(word)} ORDER BY length(term) LIMIT ${MAX_EXPANSIONS})`
    : null;
  const byPrefix =
    word.length >= MIN_PREFIX
      ? sql`SELECT term, 1 AS k, 0 AS l FROM (SELECT term FROM search_terms WHERE term >= ${word} AND term < ${`${word}\uffff`} ORDER BY term LIMIT ${MAX_EXPANSIONS})`
      : null;
  const parts = [byStem, byPrefix].filter((part): part is RawBuilder<unknown> => part !== null);
  const union = parts.length ? sql.join(parts, sql` UNION ALL `) : sql`SELECT NULL AS term, 0 AS k, 0 AS l WHERE 0`;
  return statementOf(d1, sql<{ term: string }>`SELECT term FROM (${union}) ORDER BY k, l LIMIT ${MAX_EXPANSIONS}`.compile(db));
}

/** Facet filters and the category/code filters of the list, as SQL on `a` (archives). */
function filterSql(query: DocumentListQuery): RawBuilder<unknown>[] {
  const filters: RawBuilder<unknown>[] = [];
  if (query.category !== undefined) filters.push(sql`a.category_id = ${query.category}`);
  if (query.klasifikasi !== undefined) {
    filters.push(
      sql`a.classification_id IN (SELECT id FROM classification_codes WHERE code >= ${query.klasifikasi} AND code < ${`${query.klasifikasi}/`})`,
    );
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
    rule.exact ? sql`WHEN a.mime_type = ${sql.lit(rule.exact)} THEN ${sql.lit(rule.group)}` : sql`WHEN a.mime_type LIKE ${sql.lit(`${rule.prefix}%`)} THEN ${sql.lit(rule.group)}`,
  ),
  sql` `,
)} ELSE 'dokumen' END)`;

const metadataWhere = (reader: SearchReader) =>
  reader.audience === "public"
    ? sql`a.access_level = 'PUBLIC'`
    : reader.audience === "unit"
      ? sql`(a.security_class <> 'SANGAT_RAHASIA' OR a.unit_kerja_id = ${reader.unitId})`
      : sql`1`;

const openFileWhere = (reader: SearchReader) =>
  reader.audience === "public"
    ? sql`a.access_level = 'PUBLIC'`
    : reader.audience === "unit"
      ? sql`(a.access_level = 'PUBLIC' OR a.unit_kerja_id = ${reader.unitId} OR ((a.uploader_id = ${reader.userId} OR a.custody_unit_id = ${reader.unitId}) AND a.security_class <> 'SANGAT_RAHASIA'))`
      : sql`1`;

export type SearchMatch = { metadata: string | null; text: string | null };

/**
 * The documents a list shows (id, and with `scored` the metadata and text scores: bm25, lower is
 * better), the reader's rules and the filters applied: metadata hits, then text-only hits (not
 * among the metadata hits, and only where the reader may open the file). Each index is the outer
 * loop of its part (CROSS JOIN: SQLite never reorders it), so only matches are read; no GROUP BY
 * over all matches, and the count and the facets compute no score.
 */
function foundSql(reader: SearchReader, query: DocumentListQuery, match: SearchMatch | null, scored: boolean, candidates: number | null = null) {
  const where = sql.join([sql`a.deleted_at IS NULL`, metadataWhere(reader), ...filterSql(query)], sql` AND `);
  if (!match) return sql`SELECT a.id AS id, NULL AS ms, NULL AS ts FROM archives a WHERE ${where}`;
  const parts: RawBuilder<unknown>[] = [];
  // Title and number weigh most, then keywords, description, uploader.
  const metaScore = scored ? sql`bm25(archives_fts, 10.0, 10.0, 4.0, 2.0, 1.0)` : sql`NULL`;
  // A relevance order keeps each index's best `candidates` (a sorter of that size, not a sort of
  // every match), so the page's joins and order see at most twice that many rows.
  const best = (part: RawBuilder<unknown>, score: string, limit: RawBuilder<unknown> | null) =>
    limit === null ? part : sql`SELECT * FROM (${part} ORDER BY ${sql.ref(score)}, id DESC LIMIT ${limit})`;
  const metadataHits = (columns: RawBuilder<unknown>) =>
    sql`SELECT ${columns} FROM archives_fts CROSS JOIN archives a ON a.id = archives_fts.rowid WHERE archives_fts MATCH ${match.metadata} AND ${where}`;
  if (match.metadata) {
    parts.push(best(metadataHits(sql`a.id AS id, ${metaScore} AS ms, NULL AS ts`), "ms", candidates === null ? null : sql`${candidates}`));
  }
  if (match.text) {
    const notMetadata = match.metadata ? sql` AND a.id NOT IN (SELECT rowid FROM archives_fts WHERE archives_fts MATCH ${match.metadata})` : sql``;
    // Text hits list after the metadata hits, so a page that metadata hits fill needs none: the
    // text part ranks only what the metadata hits leave of `candidates` (LIMIT 0 reads nothing),
    // so a word common in titles never scores every text that holds it.
    const textLimit =
      candidates === null
        ? null
        : match.metadata
          ? sql`MAX(0, ${candidates} - (SELECT COUNT(*) FROM (${metadataHits(sql`1`)} LIMIT ${candidates})))`
          : sql`${candidates}`;
    parts.push(
      best(
        sql`SELECT a.id AS id, NULL AS ms, ${scored ? sql`bm25(archive_texts_fts)` : sql`NULL`} AS ts FROM archive_texts_fts CROSS JOIN archives a ON a.id = archive_texts_fts.rowid
      WHERE archive_texts_fts MATCH ${match.text} AND ${where} AND ${openFileWhere(reader)}${notMetadata}`,
        "ts",
        textLimit,
      ),
    );
  }
  return parts.length ? sql.join(parts, sql` UNION ALL `) : sql`SELECT NULL AS id, NULL AS ms, NULL AS ts WHERE 0`;
}

export type SearchRow = Awaited<ReturnType<ReturnType<typeof documentSelect>["execute"]>>[number] & { ms: number | null; ts: number | null };

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
  const found = foundSql(reader, query, match, true, relevance ? candidates : null);
  const columns = orderColumns({ searched: match !== null, sort: query.sort === "relevance" ? "createdAt" : query.sort });
  const dir: SortDir = seek?.seek === "before" ? (query.dir === "asc" ? "desc" : "asc") : query.dir;
  const order = relevance
    ? sql`(f.ms IS NULL), f.ms, f.ts, a.id DESC`
    : sql.join(
        columns.map((column) => sql`${sql.ref(column)} ${sql.raw(dir)}`),
        sql`, `,
      );
  let rows = documentSelect(deps)
    .innerJoin(sql<{ id: number; ms: number | null; ts: number | null }>`(${found})`.as("f"), "f.id" as never, "a.id" as never)
    .select([sql<number | null>`f.ms`.as("ms"), sql<number | null>`f.ts`.as("ts")])
    .orderBy(sql`${order}`)
    .limit(query.size);
  if (seek && !relevance) {
    const operator = sql.raw(dir === "asc" ? ">" : "<");
    rows = rows.where(sql<boolean>`(${sql.join(columns.map((column) => sql.ref(column)))}) ${operator} (${sql.join(seek.position)})`);
  } else rows = rows.offset((query.page - 1) * query.size);
  return statementOf(deps.d1, rows) as Statement<SearchRow>;
}

/** One row past the cap tells "more than" from "exactly"; null: no cap. */
const limitPast = (cap: number | null) => (cap === null ? sql`` : sql` LIMIT ${cap + 1}`);

/**
 * How many documents the list holds (matches the reader may see, filters applied), counted up
 * to `cap + 1`: a count over the cap means "more than `cap`".
 */
export function searchCountStatement(deps: Deps, reader: SearchReader, query: DocumentListQuery, match: SearchMatch | null, cap: number | null = SEARCH_CAP): Statement<{ n: number }> {
  return statementOf(deps.d1, sql<{ n: number }>`SELECT COUNT(*) AS n FROM (${foundSql(reader, query, match, false)}${limitPast(cap)})`.compile(deps.db));
}

export type FacetRow = { facet: FacetKey; value: string | number | null; label: string | null; n: number };

/**
 * The facets' counts over the list's documents (the same rules and filters as its rows, so no
 * count reveals a document or a text the reader may not see), over at most `cap + 1` of them:
 * counts summing past `cap` are a sample, which the service drops (only the total's "more than"
 * is kept).
 */
export function facetStatement(deps: Deps, reader: SearchReader, query: DocumentListQuery, match: SearchMatch | null, cap: number | null = SEARCH_CAP): Statement<FacetRow> {
  const found = sql`${foundSql(reader, query, match, false)}${limitPast(cap)}`;
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

/** Snippets of the texts of `ids` around the matches of `text` (FTS5 snippet(), marks as MARK_OPEN/CLOSE). */
export function snippetStatement(deps: Deps, text: string, ids: readonly number[]): Statement<{ id: number; snippet: string }> {
  return statementOf(
    deps.d1,
    sql<{ id: number; snippet: string }>`SELECT rowid AS id, snippet(archive_texts_fts, 0, ${MARK_OPEN}, ${MARK_CLOSE}, '…', 24) AS snippet
      FROM archive_texts_fts WHERE archive_texts_fts MATCH ${text} AND rowid IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`.compile(deps.db),
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
  return db.selectFrom("search_stemmer").select(["version", "restem_version", "restem_after"]).where("id", "=", 1).executeTakeFirstOrThrow();
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
