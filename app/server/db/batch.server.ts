import type { Compilable } from "kysely";

/**
 * Run Kysely queries atomically in one D1 batch (D1 has no interactive transactions; a batch is
 * all-or-nothing). Writes with an audit row go through `commit` (audit/commit.server.ts); this
 * is for writes that have none (scheduled clean-up).
 */
export async function runBatch(d1: D1Database, queries: Compilable[]): Promise<D1Result[]> {
  if (queries.length === 0) return [];
  const statements = queries.map((query) => {
    const { sql, parameters } = query.compile();
    return d1.prepare(sql).bind(...parameters);
  });
  return d1.batch(statements);
}
