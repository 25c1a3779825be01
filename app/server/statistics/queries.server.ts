import type { CategoryCount, LatestDocument } from "~/domain/statistics";
import { preparedQuery } from "../db/prepared.server";
import { liveDocuments, type Audience } from "../documents/queries.server";
import { countedWhere, viewableWhere } from "../documents/access.server";

/**
 * Reads behind the dashboards, as prepared statements so a dashboard reads everything in one D1
 * round trip (`batchRead`). None scans the catalogue: document counts come from the
 * trigger-kept `archive_counts` (at most two rows per category), the newest documents walk the
 * `archives_created` / `archives_access_created` indexes and stop after `limit` rows, and users,
 * work units and categories are small tables (hundreds to a few thousand rows).
 */

type Kind = Audience["kind"];

/**
 * Every category in id order with the number of documents `audience` may see in it (the access
 * rule read on the trigger-kept counts; `unitId` from `audienceUnit`, a parameter).
 */
export const categoryCountsStatement = preparedQuery(
  (db, kind: Kind, unitId: number) =>
    db
      .selectFrom("categories as c")
      .leftJoin("archive_counts as n", (join) => join.onRef("n.category_id", "=", "c.id").on((eb) => countedWhere(kind, { unitId })(eb as never)))
      .select((eb) => ["c.id", "c.category_name", eb.fn.coalesce(eb.fn.sum<number>("n.total"), eb.lit(0)).as("total")])
      .groupBy(["c.id", "c.category_name"])
      .orderBy("c.id"),
  (kind) => kind,
);

export const toCategoryCount = (row: { id: number; category_name: string; total: number }): CategoryCount => ({
  categoryId: row.id,
  categoryName: row.category_name,
  count: Number(row.total),
});

export const countUsersStatement = preparedQuery((db, _shape: null) => db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")));

export const countUnitKerjaStatement = preparedQuery((db, _shape: null) =>
  db.selectFrom("unit_kerja").select((eb) => eb.fn.countAll<number>().as("n")),
);

/** The newest `limit` documents `audience` may see, newest first. */
export const latestDocumentsStatement = preparedQuery(
  (db, kind: Kind, unitId: number, limit: number) =>
    liveDocuments({ db })
      .where(viewableWhere(kind, { unitId }))
      .select(["a.uuid", "a.title", "a.access_level", "a.created_at"])
      .orderBy("a.created_at", "desc")
      .orderBy("a.id", "desc")
      .limit(limit),
  (kind) => kind,
);

export const toLatestDocument = (row: { uuid: string; title: string; access_level: "PRIVATE" | "PUBLIC"; created_at: string }): LatestDocument => ({
  uuid: row.uuid,
  title: row.title,
  accessLevel: row.access_level,
  createdAt: row.created_at,
});
