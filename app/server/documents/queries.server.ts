import { sql, type SelectQueryBuilder } from "kysely";
import type { Category } from "~/domain/documents";
import type { DocumentSort } from "~/domain/document-schemas";
import { decodeCursor, encodeCursor, type CursorKind } from "~/domain/list-cursor";
import type { SortDir } from "~/domain/list-query";
import type { Database } from "../db/schema";
import { audienceOf } from "~/domain/policy";
import type { Audience } from "~/domain/access-rule";
import { audienceUnit, audienceValues, countedWhere, liveWhere, viewableWhere, type ArchiveBuilder } from "./access.server";
import { inCodeSubtree } from "../classification/queries.server";
import type { Db } from "../db/db.server";
import { allRows, firstRow, preparedQuery } from "../db/prepared.server";
import type { TextStatus } from "~/domain/text-extraction";

/** Plain reads of the catalogue, reusable by any service: each takes its dependencies first. */
export type Deps = { db: Db };

/**
 * The one read of live documents — not in the trash (the access rule's state term). Every reader
 * of the catalogue (lists, search, detail, downloads, dashboards, sitemap, feeds, access-request
 * creation) starts here; the list indexes cover live rows only (`WHERE deleted_at IS NULL`), so
 * this condition is also what lets SQLite use them.
 */
export function liveDocuments({ db }: Deps) {
  return db.selectFrom("archives as a").where(liveWhere);
}

/**
 * Who is reading the catalogue (~/domain/access-rule): readers that return documents, counts,
 * facets or snippets take one and filter with `visibleDocuments` (or, in prepared list
 * statements, `viewableWhere` with the audience's kind as the shape and its unit as a parameter).
 */
export type { Audience };
export { audienceOf, audienceUnit };

/** The live documents `audience` may see the metadata of. */
export function visibleDocuments(deps: Deps, audience: Audience) {
  return liveDocuments(deps).where(viewableWhere(audience.kind, audienceValues(audience)));
}

/**
 * Live documents with their category, uploader and owning unit. A searched list (`q` or a facet)
 * is the search's (app/server/search), which joins its matches to this select.
 */
export function documentSelect(deps: Deps) {
  return liveDocuments(deps)
    .innerJoin("categories as c", "c.id", "a.category_id")
    .innerJoin("users as u", "u.id", "a.uploader_id")
    .leftJoin("classification_codes as k", "k.id", "a.classification_id")
    .leftJoin("unit_kerja as uk", "uk.id", "a.unit_kerja_id")
    .select((eb) => [
      "a.id",
      "a.uuid",
      "a.title",
      "a.document_number",
      "a.year",
      "a.description",
      "a.keywords",
      "a.access_level",
      "a.category_id",
      "c.category_name",
      "a.uploader_id",
      "a.unit_kerja_id",
      "a.berkas_id",
      "a.custody_unit_id",
      // Arsip vital: a primary-key probe of a small table per row.
      eb.exists(eb.selectFrom("vital_records as v").select("v.archive_id").whereRef("v.archive_id", "=", "a.id")).as("vital"),
      "a.r2_key",
      "a.file_name",
      "a.file_size",
      "a.mime_type",
      "a.sha256",
      "a.current_file_id",
      "a.current_version",
      "a.security_class",
      "a.archival_state",
      "a.classification_id",
      "k.code as classification_code",
      "k.name as classification_name",
      "a.retention_start_date",
      "a.physical_location",
      "a.created_at",
      "a.updated_at",
      "u.full_name as uploader",
      "uk.nama as unit_kerja_name",
    ]);
}

/** One catalogue row with its category name, uploader name and owning unit (`unit_kerja_id`). */
export type DocumentRow = NonNullable<Awaited<ReturnType<ReturnType<typeof documentSelect>["executeTakeFirst"]>>>;

const isUuid = (value: string) => /^[0-9a-f-]{36}$/i.test(value);

const documentByUuidStatement = preparedQuery((db, _shape: null, uuid: string) => documentSelect({ db }).where("a.uuid", "=", uuid));

/**
 * A document by its public id (anything not shaped like a UUID finds nothing, unqueried). The
 * detail pages' read: compiled once per isolate.
 */
export async function findDocumentByUuid(deps: Deps & { d1: D1Database }, uuid: string): Promise<DocumentRow | undefined> {
  return isUuid(uuid) ? firstRow(documentByUuidStatement(deps.d1, null, uuid)) : undefined;
}

/**
 * The document an uploader already created with this (already uploader-scoped) idempotency key,
 * live or in the trash (the key still names it).
 */
export async function findDocumentByIdempotencyKey({ db }: Deps, uploaderId: number, key: string | null) {
  if (!key) return undefined;
  return db
    .selectFrom("archives")
    .select(["uuid", "deleted_at"])
    .where("idempotency_key", "=", key)
    .where("uploader_id", "=", uploaderId)
    .executeTakeFirst();
}

/**
 * The values a list's filters bind as parameters, in this order: the category, the reader's unit
 * (`audienceUnit`), and the range of classification codes a code filter covers (the code and
 * every code below it: `codeSubtree` of ~/domain/classification), and the retention status
 * (`?retensi=`, read from the cron-refreshed retention_states).
 */
export type FilterValues = [categoryId: number, unitId: number, codeFrom: string, codeTo: string, retentionStatus: string];

/**
 * What makes the SQL of a list page of the catalogue differ (never a searched one: the search
 * reads those); the values (filters, limit, offset) are parameters.
 */
export type DocumentListShape = {
  audience: Audience["kind"];
  category: boolean;
  code: boolean;
  /** Super Admin's filter by text-extraction status: one of four, so a literal of the SQL. */
  text: TextStatus | null;
  retention: boolean;
  sort: DocumentSort;
  dir: SortDir;
};
const shapeKey = (shape: DocumentListShape) =>
  `${shape.audience}${+shape.category}${+shape.code}${shape.text ?? ""}${+shape.retention}:${shape.sort}:${shape.dir}`;

/**
 * Documents whose text stands at `status`. A document without a row for its current file yet
 * waits (PENDING): the backfill gives it one.
 */
const textStatusWhere = (eb: ArchiveBuilder, status: TextStatus) => {
  const settled = (s: TextStatus | null) =>
    eb
      .selectFrom("archive_texts as t")
      .select("t.archive_id")
      .whereRef("t.archive_id", "=", "a.id")
      .whereRef("t.file_id", "=", "a.current_file_id")
      .where("t.status", s === null ? "!=" : "=", s ?? "PENDING");
  return status === "PENDING" ? eb.not(eb.exists(settled(null))) : eb.exists(settled(status));
};

const filterWhere = (shape: DocumentListShape, [categoryId, unitId, codeFrom, codeTo, retentionStatus]: FilterValues) => (eb: ArchiveBuilder) =>
  eb.and([
    viewableWhere(shape.audience, { unitId })(eb),
    ...(shape.category ? [eb("a.category_id", "=", categoryId)] : []),
    ...(shape.code
      ? [
          eb("a.classification_id", "in", eb.selectFrom("classification_codes").select("id").where(inCodeSubtree("code", { from: codeFrom, to: codeTo }))),
        ]
      : []),
    ...(shape.text ? [textStatusWhere(eb, shape.text)] : []),
    ...(shape.retention
      ? [eb("a.id", "in", eb.selectFrom("retention_states").select("archive_id").where("status", "=", retentionStatus as "AKTIF"))]
      : []),
  ]);

/**
 * The filter of a page's rows. The public list sorted by anything but upload time reads its sort
 * index and skips private rows (`+` keeps SQLite off the access-level index, which is ordered by
 * upload time): otherwise SQLite takes every PUBLIC row from that index and sorts them all, 44 ms
 * instead of 0.05 ms for page 1 by title at 100k documents. With a category its index still wins.
 */
function rowFilter(shape: DocumentListShape, values: FilterValues) {
  if (!(shape.audience === "public" && !shape.category && !shape.code && !shape.text && !shape.retention && shape.sort !== "createdAt")) return filterWhere(shape, values);
  return viewableWhere("public", { unitId: values[1] }, { unindexed: true });
}

/** A column of a list's order and the row field holding its value (what a keyset cursor records). */
type OrderKey = { column: string; field: "id" | "created_at" | "title" | "year" | "document_number" | "file_size"; kind: CursorKind };

const ID_KEY: OrderKey = { column: "a.id", field: "id", kind: "int" };
const CREATED_KEY: OrderKey = { column: "a.created_at", field: "created_at", kind: "text" };
const SORT_KEYS: Record<DocumentSort, readonly OrderKey[]> = {
  createdAt: [CREATED_KEY, ID_KEY],
  title: [{ column: "a.title", field: "title", kind: "text" }, ID_KEY],
  // Within a year by upload time: the order of the archives_year index (year, created_at, id), so
  // a page reads the index in order instead of sorting all rows of a year (13 ms vs 0.04 ms).
  year: [{ column: "a.year", field: "year", kind: "int" }, CREATED_KEY, ID_KEY],
  documentNumber: [{ column: "a.document_number", field: "document_number", kind: "text" }, ID_KEY],
  fileSize: [{ column: "a.file_size", field: "file_size", kind: "int" }, ID_KEY],
  // Only a search ranks (app/server/search); without one relevance is the default order.
  relevance: [CREATED_KEY, ID_KEY],
};

/** What a list's order depends on: its sort, and whether the search found its rows (`searched`). */
export type OrderShape = { sort: DocumentSort; searched?: boolean };

/** The columns of `archives a` a list is ordered by, the unique id last, as its keyset cursor records them. */
export const orderColumns = (shape: OrderShape): readonly string[] => orderKeys(shape).map((key) => key.column);

/**
 * The columns a list is ordered by, each in the list's direction, the unique id last: every sort
 * column is NOT NULL, so the order is total and each row has one position, which a keyset cursor
 * records. Newest first in a search is by id alone: ids grow with upload time (created_at is set
 * once, at insert), and the search reads its matches by id.
 */
function orderKeys(shape: OrderShape): readonly OrderKey[] {
  return shape.searched && shape.sort === "createdAt" ? [ID_KEY] : SORT_KEYS[shape.sort];
}

function orderedBy<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, keys: readonly OrderKey[], dir: SortDir): QB {
  return keys.reduce((ordered, key) => ordered.orderBy(sql.ref(key.column), dir) as QB, qb);
}

/** The order's keys a cursor records as values: all but the last, the id, which it carries first. */
const cursorValueKeys = (shape: OrderShape) => orderKeys(shape).slice(0, -1);

/** The keyset cursor of a row in this list's order. */
export function documentCursor(shape: OrderShape, row: DocumentRow): string {
  return encodeCursor(row.id, cursorValueKeys(shape).map((key) => row[key.field]));
}

/** The seek values (sort values, then the id) of a cursor made for this list's order, or null. */
export function documentSeekValues(shape: OrderShape, raw: string | undefined): (string | number)[] | null {
  const cursor = decodeCursor(raw, cursorValueKeys(shape).map((key) => key.kind));
  return cursor && [...cursor.values, cursor.id];
}

/**
 * One page of rows by number, filtered and sorted; compiled once per shape. Past page 1 (`deferred`) the page's ids come first from the order's
 * index alone, with LIMIT/OFFSET, and only those ten rows are read and joined: skipping 49,990
 * entries of a covering index costs 3.4 ms, skipping as many joined rows 49 ms (100k documents).
 */
export const documentRowsStatement = preparedQuery(
  (db, shape: DocumentListShape & { deferred: boolean }, ...rest: [...FilterValues, limit: number, offset: number]) => {
    const [categoryId, unitId, codeFrom, codeTo, retentionStatus, limit, offset] = rest;
    const values: FilterValues = [categoryId, unitId, codeFrom, codeTo, retentionStatus];
    const keys = orderKeys(shape);
    if (!shape.deferred) {
      return orderedBy(documentSelect({ db }).where(rowFilter(shape, values)), keys, shape.dir)
        .limit(limit)
        .offset(offset);
    }
    const page = orderedBy(liveDocuments({ db }).select("a.id").where(rowFilter(shape, values)), keys, shape.dir).limit(limit).offset(offset);
    return orderedBy(documentSelect({ db }).where("a.id", "in", page), keys, shape.dir);
  },
  (shape) => `${shapeKey(shape)}:${shape.deferred ? "deferred" : "offset"}`,
);

/**
 * The page of rows that follows (`after`) or precedes (`before`) a position in the list's order,
 * the seek values from `documentSeekValues`: a row-value comparison the order's index answers
 * directly, so a page 5,000 deep costs what page 1 does. `before` reads backwards: the caller
 * reverses the rows.
 */
export const documentSeekStatement = preparedQuery(
  (db, shape: DocumentListShape & { seek: "after" | "before" }, ...rest: [...FilterValues, limit: number, ...position: (string | number)[]]) => {
    const [categoryId, unitId, codeFrom, codeTo, retentionStatus, limit, ...position] = rest;
    const keys = orderKeys(shape);
    const forward = shape.seek === "after";
    const dir: SortDir = forward ? shape.dir : shape.dir === "asc" ? "desc" : "asc";
    const operator = dir === "asc" ? ">" : "<";
    const columns = sql.join(keys.map((key) => sql.ref(key.column)));
    return orderedBy(
      documentSelect({ db })
        .where(rowFilter(shape, [categoryId, unitId, codeFrom, codeTo, retentionStatus]))
        .where(sql<boolean>`(${columns}) ${sql.raw(operator)} (${sql.join(position)})`),
      keys,
      dir,
    ).limit(limit);
  },
  (shape) => `${shapeKey(shape)}:${shape.seek}`,
);

/**
 * How many documents a list shows in total. Without a code, text or retention filter the
 * trigger-kept counts answer (never a COUNT(*) of the catalogue); anything else counts the
 * matching rows the reader may see.
 */
export const documentCountStatement = preparedQuery(
  (db, shape: DocumentListShape, ...values: FilterValues) => {
    if (!shape.code && !shape.text && !shape.retention) return countFromCounters({ db }, shape.audience, shape.category ? values[0] : null, values[1]);
    return liveDocuments({ db })
      .where(filterWhere(shape, values))
      .select((eb) => eb.fn.countAll<number>().as("n"));
  },
  // The count does not depend on the order.
  (shape) => shapeKey({ ...shape, sort: "createdAt", dir: "desc" }),
);

/**
 * The trigger-kept document counts an audience may see (per category, access level and, for
 * SANGAT_RAHASIA documents, owning unit), summed: no table scan, and no total counts a document
 * the reader may not see.
 */
export function countFromCounters({ db }: Deps, audience: Audience["kind"], categoryId: number | null, unitId: number) {
  const counts = db
    .selectFrom("archive_counts as n")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("n.total"), eb.lit(0)).as("n"))
    .where(countedWhere(audience, { unitId }));
  return categoryId === null ? counts : counts.where("n.category_id", "=", categoryId);
}

export const categoriesStatement = preparedQuery((db, _shape: null) => db.selectFrom("categories").select(["id", "category_name"]).orderBy("id"));

export const toCategory = (row: { id: number; category_name: string }): Category => ({ id: row.id, categoryName: row.category_name });

export async function listCategories(deps: Deps & { d1: D1Database }): Promise<Category[]> {
  return (await allRows(categoriesStatement(deps.d1, null))).map(toCategory);
}

export async function categoryExists({ db }: Deps, categoryId: number): Promise<boolean> {
  return !!(await db.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst());
}
