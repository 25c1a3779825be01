/**
 * A local state folder's D1 database opened straight from its SQLite file with node:sqlite, behind
 * the scripts' `SqlRunner` interface: the very file the scripts under test wrote through wrangler,
 * read in milliseconds, where a platform proxy costs a workerd start (a second and a half of CPU)
 * each time. For a test's own setup and checks, while nothing else has the folder open.
 */
import { DatabaseSync } from "node:sqlite";
import { d1SqliteFile } from "../../../scripts/bench/seed-documents.ts";
import type { Row, SqlRunner } from "../../../scripts/ops/sql.ts";

export function d1FileRunner(persistTo: string): SqlRunner {
  const db = new DatabaseSync(d1SqliteFile(persistTo));
  const all = (sql: string) => db.prepare(sql).all() as Row[];
  return {
    target: `the D1 file in ${persistTo}`,
    async query<T>(sql: string) {
      return all(sql) as T[];
    },
    async queryAll(statements) {
      return statements.map(all);
    },
    // One transaction, as a D1 batch is.
    async batch(statements) {
      db.exec("BEGIN");
      try {
        for (const statement of statements) db.exec(statement);
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    async close() {
      db.close();
    },
  };
}

/** `use` with the folder's D1 file open, closed after. */
export async function withD1File<T>(persistTo: string, use: (db: SqlRunner) => Promise<T>): Promise<T> {
  const db = d1FileRunner(persistTo);
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}
