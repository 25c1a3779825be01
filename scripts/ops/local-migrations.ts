/**
 * The migrations a local state folder lacks, applied as `wrangler d1 migrations apply --local`
 * applies them: in file order, each file's statements in one batch, its name then recorded in
 * wrangler's own `d1_migrations` table (so `npm run db:migrate:local` afterwards finds nothing to
 * do, and the other way round). Through one local runtime instead of one per file: wrangler
 * starts a runtime for every migration, about 25 s of CPU for this project's 28.
 *
 * Local folders only: the deployed database is migrated by `wrangler d1 migrations apply
 * --remote` (`npm run deploy`).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { unstable_splitSqlQuery } from "wrangler";
import { localBindings, projectRoot, sqlLiteral, type D1Like } from "./sql.ts";

/** wrangler's record of the applied migrations, created with wrangler's own statement, to the letter. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/** Applies the project's pending migrations to `db` (a local D1); answers the names applied. */
export async function applyLocalMigrations(db: D1Like): Promise<string[]> {
  await db.batch([db.prepare(MIGRATIONS_TABLE)]);
  const applied = new Set((await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map((row) => row.name));
  const directory = join(projectRoot, "migrations");
  const pending = readdirSync(directory)
    .filter((file) => file.endsWith(".sql") && !applied.has(file))
    .sort();
  for (const name of pending) {
    const statements = unstable_splitSqlQuery(readFileSync(join(directory, name), "utf8"));
    await db.batch(statements.map((statement) => db.prepare(statement)));
    // A batch of its own: in the same batch as a migration that rebuilds a table, the local D1
    // drops the connection.
    await db.batch([db.prepare(`INSERT INTO d1_migrations (name) VALUES (${sqlLiteral(name)})`)]);
  }
  return pending;
}

/** Migrates the local state folder `persistTo` (a no-op when it already is). */
export async function migrateLocalFolder(persistTo: string): Promise<void> {
  const { DB, dispose } = await localBindings(persistTo);
  try {
    await applyLocalMigrations(DB);
  } finally {
    await dispose();
  }
}
