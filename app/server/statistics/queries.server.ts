import type { CategoryCount, LatestDocument } from "~/domain/statistics";
import { preparedQuery } from "../prepared.server";

/**
 * Reads behind the dashboards, as prepared statements so a dashboard reads everything in one D1
 * round trip (`batchRead`). None scans the catalogue: document counts come from the
 * trigger-kept `archive_counts` (at most two rows per category), the newest documents walk the
 * `archives_created` / `archives_access_created` indexes and stop after `limit` rows, and users,
 * work units and categories are small tables (hundreds to a few thousand rows).
 */

type Audience = { publicOnly: boolean };
const audienceKey = ({ publicOnly }: Audience) => (publicOnly ? "public" : "all");

/** Every category in id order with its document count; `publicOnly` counts PUBLIC documents only. */
export const categoryCountsStatement = preparedQuery(
  (db, { publicOnly }: Audience) =>
    db
      .selectFrom("categories as c")
      .leftJoin("archive_counts as n", (join) =>
        publicOnly
          ? join.onRef("n.category_id", "=", "c.id").on("n.access_level", "=", "PUBLIC")
          : join.onRef("n.category_id", "=", "c.id"),
      )
      .select((eb) => ["c.id", "c.category_name", eb.fn.coalesce(eb.fn.sum<number>("n.total"), eb.lit(0)).as("total")])
      .groupBy(["c.id", "c.category_name"])
      .orderBy("c.id"),
  audienceKey,
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

/** The newest `limit` documents (PUBLIC ones only with `publicOnly`), newest first. */
export const latestDocumentsStatement = preparedQuery(
  (db, { publicOnly }: Audience, limit: number) =>
    db
      .selectFrom("archives")
      .select(["uuid", "title", "access_level", "created_at"])
      .$if(publicOnly, (qb) => qb.where("access_level", "=", "PUBLIC"))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit),
  audienceKey,
);

export const toLatestDocument = (row: { uuid: string; title: string; access_level: "PRIVATE" | "PUBLIC"; created_at: string }): LatestDocument => ({
  uuid: row.uuid,
  title: row.title,
  accessLevel: row.access_level,
  createdAt: row.created_at,
});
