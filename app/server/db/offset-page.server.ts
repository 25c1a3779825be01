import { sql, type SelectQueryBuilder } from "kysely";
import { containsAny } from "./like-pattern.server";

type PageQuery = { q: string; dir: "asc" | "desc"; page: number; size: number };

/**
 * One page of a small table's list (users, work units): `q` matched anywhere in `searchColumns`
 * (LIKE, wildcards escaped), sorted by `sortColumn` then `idColumn` so the order is total, and the
 * number of matches. These tables hold hundreds of rows, so OFFSET and COUNT(*) are fine here;
 * the catalogue and the audit log page differently.
 */
export async function offsetPage<DB, TB extends keyof DB, Row>(
  select: () => SelectQueryBuilder<DB, TB, Row>,
  columns: { search: readonly string[]; sort: string; id: string },
  query: PageQuery,
): Promise<{ rows: Row[]; total: number }> {
  const base = () => (query.q ? select().where(containsAny(columns.search.map((column) => sql.ref(column)), query.q) as never) : select());
  const [rows, count] = await Promise.all([
    base()
      .orderBy(sql.ref(columns.sort), query.dir)
      .orderBy(sql.ref(columns.id), query.dir)
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base()
      .clearSelect()
      .select(sql<number>`count(*)`.as("n") as never)
      .executeTakeFirst() as Promise<{ n: number } | undefined>,
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
