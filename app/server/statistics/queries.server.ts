import type { CategoryCount, LatestDocument } from "~/domain/statistics";
import type { Db } from "../db.server";

/**
 * Reads behind the dashboards. None scans the catalogue: document counts come from the
 * trigger-kept `archive_counts` (at most two rows per category), the newest documents walk the
 * `archives_created` / `archives_access_created` indexes and stop after `limit` rows, and users,
 * work units and categories are small tables (hundreds to a few thousand rows).
 */

/** Every category in id order with its document count; `publicOnly` counts PUBLIC documents only. */
export async function categoryCounts({ db }: { db: Db }, { publicOnly }: { publicOnly: boolean }): Promise<CategoryCount[]> {
  const rows = await db
    .selectFrom("categories as c")
    .leftJoin("archive_counts as n", (join) =>
      publicOnly
        ? join.onRef("n.category_id", "=", "c.id").on("n.access_level", "=", "PUBLIC")
        : join.onRef("n.category_id", "=", "c.id"),
    )
    .select((eb) => ["c.id", "c.category_name", eb.fn.coalesce(eb.fn.sum<number>("n.total"), eb.lit(0)).as("total")])
    .groupBy(["c.id", "c.category_name"])
    .orderBy("c.id")
    .execute();
  return rows.map((row) => ({ categoryId: row.id, categoryName: row.category_name, count: Number(row.total) }));
}

export async function countUsers({ db }: { db: Db }): Promise<number> {
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countUnitKerja({ db }: { db: Db }): Promise<number> {
  const row = await db.selectFrom("unit_kerja").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The newest `limit` documents (PUBLIC ones only with `publicOnly`), newest first. */
export async function latestDocuments(
  { db }: { db: Db },
  { publicOnly, limit }: { publicOnly: boolean; limit: number },
): Promise<LatestDocument[]> {
  const rows = await db
    .selectFrom("archives")
    .select(["uuid", "title", "access_level", "created_at"])
    .$if(publicOnly, (qb) => qb.where("access_level", "=", "PUBLIC"))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ uuid: row.uuid, title: row.title, accessLevel: row.access_level, createdAt: row.created_at }));
}
