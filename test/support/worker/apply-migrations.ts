import { applyD1Migrations } from "cloudflare:test";
import { testEnv } from "./env";

/*
 * Runs before each test file. The suite runs with `isolate: false` (vitest.integration.config.ts):
 * each vitest worker keeps one workerd for all its files, so a file first empties what the
 * worker's previous file left (every D1 database and R2 bucket) and then migrates afresh, and
 * starts from the same empty, migrated state as it would in a runtime of its own.
 */

const DATABASES = [
  testEnv.DB,
  testEnv.UPGRADE_DB,
  testEnv.OAI_UPGRADE_DB,
  testEnv.ID_UPGRADE_DB,
  testEnv.ARCHIVAL_UPGRADE_DB,
  testEnv.SCALE_DB,
  testEnv.TEXT_UPGRADE_DB,
  testEnv.RETENTION_UPGRADE_DB,
];
const BUCKETS = [testEnv.FILES, testEnv.VITAL_FILES];

type SchemaObject = { type: "table" | "view" | "trigger"; name: string; sql: string | null };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Drops every trigger, view and table (d1_migrations too). The rows go first, in one transaction
 * whose foreign keys are checked only at its end (the schema has reference cycles), with the
 * triggers already gone so a delete writes nothing elsewhere. Then the empty tables are dropped:
 * SQLite refuses to drop a table still referred to by one whose own parent is gone, so a refused
 * drop waits for the next pass.
 */
async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
    .all<SchemaObject>();
  if (results.length === 0) return;
  const ofType = (type: SchemaObject["type"]) => results.filter((object) => object.type === type).map((object) => object.name);
  const virtualTables = results.filter((object) => /^CREATE VIRTUAL TABLE/i.test(object.sql ?? "")).map((object) => object.name);
  const tables = ofType("table").filter((name) => !virtualTables.some((table) => name === table || name.startsWith(`${table}_`)));

  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = ON"),
    ...ofType("trigger").map((name) => db.prepare(`DROP TRIGGER IF EXISTS ${quote(name)}`)),
    ...tables.map((name) => db.prepare(`DELETE FROM ${quote(name)}`)),
  ]);
  await db.batch([...ofType("view").map((name) => db.prepare(`DROP VIEW ${quote(name)}`)), ...virtualTables.map((name) => db.prepare(`DROP TABLE ${quote(name)}`))]);
  let remaining = tables;
  while (remaining.length > 0) {
    const refused: string[] = [];
    for (const name of remaining) {
      await db
        .prepare(`DROP TABLE ${quote(name)}`)
        .run()
        .catch(() => refused.push(name));
    }
    if (refused.length === remaining.length) throw new Error(`could not drop: ${refused.join(", ")}`);
    remaining = refused;
  }
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, limit: 1000 });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/**
 * A queue message the previous file left in flight may still be handled while this runs (it
 * finds its job gone and ends); a write of its landing between two steps gets one more try.
 */
async function emptyDatabaseRetried(db: D1Database): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await emptyDatabase(db);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

await Promise.all([...DATABASES.map(emptyDatabaseRetried), ...BUCKETS.map(emptyBucket)]);
await applyD1Migrations(testEnv.DB, testEnv.TEST_MIGRATIONS);
