import type { Compilable } from "kysely";

/**
 * Run Kysely queries atomically in one D1 batch. D1 has no interactive transactions; a batch
 * is all-or-nothing, so a change and its audit row are always written together.
 */
export async function runBatch(d1: D1Database, queries: Compilable[]): Promise<D1Result[]> {
  const statements = queries.map((query) => {
    const { sql, parameters } = query.compile();
    return d1.prepare(sql).bind(...parameters);
  });
  return d1.batch(statements);
}
