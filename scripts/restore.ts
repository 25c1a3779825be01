/**
 * Loads a backup of `npm run backup` into a FRESH database (and bucket).
 *
 *   npm run restore -- --from DIR [--files] [--remote [--database NAME]] [--persist-to DIR]
 *
 * The target must be migrated to the backup's migration first (`npx wrangler d1 migrations
 * apply DB --remote`; locally `npm run db:migrate:local`, or `--persist-to DIR` migrates that
 * folder itself) and hold no users, documents or audit rows: a restore never merges. Then, as one
 * unit: the triggers are set aside (their exact SQL is read from the target first), the rows the
 * migrations seeded are replaced by the backup's, every table is filled (foreign keys checked at
 * the end, so the order of rows does not matter), sqlite_sequence is restored (ids are never
 * handed out twice), the triggers are recreated as they were and each full-text index is refilled
 * (by its fts_refill statement, else FTS5's 'rebuild'). Counters the triggers keep come from the
 * backup as they were.
 *
 * Before anything is written, every file of the manifest is checked against the SHA-256 the
 * backup's database rows record (archive_files, file_fixity), not only the manifest's own, so a
 * file edited together with its manifest entry is caught; with --files each copy's bytes are
 * hashed too. Every difference is listed and nothing is restored. With --files the objects of
 * DIR/objects then go back into the bucket first. Without it the objects must already be in the
 * target bucket (same bucket, or a replica); fixity re-hashes them there later.
 *
 * Where: the local default through wrangler's platform proxy (one D1 batch, one transaction); the
 * deployed database with `--remote` as one SQL file through `wrangler d1 execute --remote --file`
 * (D1's import, made for large files) and the bucket through `wrangler r2 object put --remote`.
 * Should that import stop halfway, the target is no longer fresh and a second run refuses it:
 * delete and recreate the database, migrate it, and restore again.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  decodeRow,
  FORMAT,
  lastMigration,
  objectPath,
  proxyBucket,
  quoteIdent,
  readSchema,
  remoteBucket,
  sha256Hex,
  type Bucket,
  type Manifest,
} from "./ops/backup-format.ts";
import { migrateLocalFolder } from "./ops/local-migrations.ts";
import { localRunner, sqlLiteral, wranglerD1Execute, wranglerRunner, type SqlRunner, type WranglerTarget } from "./ops/sql.ts";

const USAGE = "usage: npm run restore -- --from DIR [--files] [--remote [--database NAME]] [--persist-to DIR]";
/** Rows per INSERT, and a size bound well inside D1's 100 KB per statement. */
const ROWS_PER_INSERT = 50;
const MAX_STATEMENT_BYTES = 50_000;
/** Differences listed at most in a refusal (the count says how many more). */
const MAX_PROBLEMS_SHOWN = 50;
/** Tables that hold rows only once the app has been used: any row there means "not fresh". */
const USER_TABLES = ["users", "archives", "audit_logs"];

class Refused extends Error {}

const { values: options } = parseArgs({
  options: {
    from: { type: "string" },
    files: { type: "boolean", default: false },
    remote: { type: "boolean", default: false },
    database: { type: "string", default: "DB" },
    "persist-to": { type: "string" },
    // The --remote path (one SQL file through wrangler d1 execute) against a local folder, for tests.
    "via-wrangler": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
  strict: true,
});

if (options.help || !options.from) {
  console.log(USAGE);
  process.exit(options.help ? 0 : 2);
}

async function main(from: string) {
  if (!existsSync(join(from, "manifest.json"))) throw new Refused(`${from} holds no manifest.json: not a finished backup.`);
  const manifest = JSON.parse(await readFile(join(from, "manifest.json"), "utf8")) as Manifest;
  if (manifest.format !== FORMAT) throw new Refused(`${from} is not a backup of this format (${String(manifest.format)}).`);
  if (options.files && !manifest.files_copied) throw new Refused(`${from} holds no copies of the objects (it was made without --files).`);

  // ---- Every file against the hashes the backup's database rows name, before any target is touched
  const problems = await fileProblems(from, manifest, options.files);
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_PROBLEMS_SHOWN);
    const more = problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : "";
    throw new Refused(
      `${problems.length} file(s) of the backup differ from the hashes its database rows record; nothing was restored:\n  ${shown.join("\n  ")}${more}`,
    );
  }

  const persistTo = options["persist-to"] ?? ".wrangler/state";
  // Local convenience: a --persist-to folder is migrated first (a no-op when it already is).
  if (!options.remote && options["persist-to"]) await migrateLocalFolder(persistTo);

  let db: SqlRunner;
  let bucket: Bucket;
  let apply: (statements: string[]) => Promise<void>;
  const scratch = await mkdtemp(join(tmpdir(), "e-arsip-restore-"));
  if (options.remote || options["via-wrangler"]) {
    const target = options.remote
      ? ({ remote: true, database: options.database } as const)
      : ({ remote: false, database: options.database, persistTo } as const);
    db = wranglerRunner(target);
    apply = (statements) => executeFile(target, statements, scratch);
    if (options.remote) bucket = remoteBucket(scratch);
    else {
      const local = await localRunner(persistTo);
      bucket = proxyBucket(local.files);
      const close = db.close;
      db = { ...db, close: async () => (await close(), await local.close()) };
    }
  } else {
    const local = await localRunner(persistTo);
    db = local;
    bucket = proxyBucket(local.files);
    apply = (statements) => local.batch(statements);
  }

  try {
    // ---- Checks: same migration, same tables, nothing to overwrite --------------------------
    const migration = await lastMigration(db);
    if (migration !== manifest.last_migration) {
      throw new Refused(
        `${db.target} is at migration ${migration ?? "(none)"}, the backup at ${manifest.last_migration}. ` +
          `Apply the same migrations first (${options.remote ? "npx wrangler d1 migrations apply DB --remote" : "npm run db:migrate:local"}).`,
      );
    }
    const { dataTables: tables, fts, triggers } = await readSchema(db);
    const missing = manifest.tables.map((table) => table.name).filter((name) => !tables.includes(name));
    if (missing.length > 0) throw new Refused(`${db.target} lacks tables of the backup: ${missing.join(", ")}`);
    const [counts] = await db.query<Record<string, number>>(
      `SELECT ${USER_TABLES.map((table) => `(SELECT COUNT(*) FROM ${quoteIdent(table)}) AS ${quoteIdent(table)}`).join(", ")}`,
    );
    const used = USER_TABLES.filter((table) => (counts?.[table] ?? 0) > 0);
    if (used.length > 0) {
      throw new Refused(
        `${db.target} is not fresh: ${used.map((table) => `${table} holds ${counts![table]} row(s)`).join(", ")}. Restore only into a new, migrated database.`,
      );
    }

    // ---- The files first: re-runnable (their bytes were checked above)
    if (options.files) {
      for (const object of manifest.objects) {
        await bucket.put(object.key, new Uint8Array(await readFile(objectPath(from, object.key))), object.content_type);
      }
    }

    // ---- The database, as one unit ---------------------------------------------------------
    const statements: string[] = ["PRAGMA defer_foreign_keys = on"];
    for (const trigger of triggers) statements.push(`DROP TRIGGER ${quoteIdent(trigger.name)}`);
    // Rows the migrations seeded (roles, counters, the chain head, sequences) give way to the backup's.
    for (const table of [...manifest.tables].reverse()) {
      if (table.name !== "sqlite_sequence") statements.push(`DELETE FROM ${quoteIdent(table.name)}`);
    }
    for (const name of fts) statements.push(`INSERT INTO ${quoteIdent(name)} (${quoteIdent(name)}) VALUES ('delete-all')`);

    const refills = new Map<string, string>();
    for (const table of manifest.tables) {
      const rows = await readRows(from, table.name);
      if (rows.length !== table.rows) throw new Error(`tables/${table.name}.jsonl holds ${rows.length} rows, the manifest says ${table.rows}.`);
      if (table.name === "fts_refill") for (const row of rows) refills.set(String(row.fts_table), String(row.refill));
      if (table.name === "sqlite_sequence") {
        // Inserting explicit ids above made entries of their own; the backup's (which may be
        // higher, after deletions) replace them. d1_migrations keeps the target's.
        statements.push("DELETE FROM sqlite_sequence WHERE name <> 'd1_migrations'");
        statements.push(...insertStatements(table.name, rows.filter((row) => row.name !== "d1_migrations")));
      } else statements.push(...insertStatements(table.name, rows));
    }
    for (const trigger of triggers) statements.push(trigger.sql);
    for (const name of fts) statements.push(refills.get(name) ?? `INSERT INTO ${quoteIdent(name)} (${quoteIdent(name)}) VALUES ('rebuild')`);
    await apply(statements);

    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored ${manifest.tables.length} tables (${rows} rows) into ${db.target}, ${triggers.length} triggers recreated, ` +
        `${fts.length} search index(es) refilled` +
        (options.files ? `, ${manifest.objects.length} R2 objects put back and checked.` : `; the ${manifest.objects.length} R2 objects must already be in the bucket.`),
    );
  } finally {
    await db.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The tables whose rows record a stored object's SHA-256 (key column, hash column). */
const HASH_RECORDS = [
  { table: "archive_files", key: "r2_key", hash: "sha256" },
  { table: "file_fixity", key: "r2_key", hash: "sha256" },
] as const;

/**
 * What differs between the backup's files and the hashes its database rows record: a manifest
 * entry whose hash is not the rows' (both could have been edited together; the rows are what the
 * restored database will check fixity against), a key the rows name that the manifest lacks,
 * and with `--files` each copy's own SHA-256. Every difference is listed, not just the first.
 */
async function fileProblems(from: string, manifest: Manifest, copies: boolean): Promise<string[]> {
  const recorded = new Map<string, { hash: string; where: string }[]>();
  for (const { table, key, hash } of HASH_RECORDS) {
    if (!manifest.tables.some((entry) => entry.name === table)) continue;
    for (const row of await readRows(from, table)) {
      const entries = recorded.get(String(row[key])) ?? [];
      entries.push({ hash: String(row[hash]), where: table });
      recorded.set(String(row[key]), entries);
    }
  }
  const problems: string[] = [];
  const inManifest = new Set(manifest.objects.map((object) => object.key));
  for (const key of recorded.keys()) if (!inManifest.has(key)) problems.push(`${key}: named by the database, missing from the manifest`);
  for (const object of manifest.objects) {
    const rows = recorded.get(object.key) ?? [];
    if (rows.length === 0) problems.push(`${object.key}: in the manifest, named by no database row`);
    for (const row of rows) {
      if (row.hash !== object.sha256) problems.push(`${object.key}: the manifest says ${object.sha256}, ${row.where} says ${row.hash}`);
    }
    if (!copies) continue;
    const copy = objectPath(from, object.key);
    if (!existsSync(copy)) {
      problems.push(`${object.key}: no copy in the backup`);
      continue;
    }
    const actual = sha256Hex(new Uint8Array(await readFile(copy)));
    for (const expected of new Set([object.sha256, ...rows.map((row) => row.hash)])) {
      if (actual !== expected) problems.push(`${object.key}: the copy's SHA-256 is ${actual}, ${expected === object.sha256 ? "the manifest" : "the database"} says ${expected}`);
    }
  }
  return [...new Set(problems)];
}

async function readRows(from: string, table: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(from, "tables", `${table}.jsonl`), "utf8");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map(decodeRow);
}

/** Multi-row INSERTs of literal values (no bound parameters: the CLI path binds none). */
function insertStatements(table: string, rows: Record<string, unknown>[]): string[] {
  const statements: string[] = [];
  let columns: string[] | null = null;
  let values: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (columns && values.length > 0) {
      statements.push(`INSERT INTO ${quoteIdent(table)} (${columns.map(quoteIdent).join(", ")}) VALUES ${values.join(", ")}`);
    }
    values = [];
    bytes = 0;
  };
  for (const row of rows) {
    const keys = Object.keys(row);
    if (columns === null || keys.join("\0") !== columns.join("\0")) {
      flush();
      columns = keys;
    }
    const tuple = `(${keys.map((key) => sqlLiteral(row[key])).join(", ")})`;
    if (values.length >= ROWS_PER_INSERT || bytes + tuple.length > MAX_STATEMENT_BYTES) flush();
    values.push(tuple);
    bytes += tuple.length;
  }
  flush();
  return statements;
}

/** The statements as one SQL file through `wrangler d1 execute --file` (D1's import for --remote). */
async function executeFile(target: WranglerTarget, statements: string[], scratch: string) {
  const file = join(scratch, "restore.sql");
  await writeFile(file, `${statements.map((statement) => `${statement};`).join("\n")}\n`);
  await wranglerD1Execute(target, ["--file", file, "--yes"]);
}

try {
  await main(resolve(options.from));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof Refused ? 2 : 1);
}
