/**
 * A backup of the database, and of the files or at least their fingerprints, that
 * `npm run restore` can load into a fresh database.
 *
 *   npm run backup -- --out DIR [--files] [--remote [--database NAME]] [--persist-to DIR]
 *
 * Writes DIR/manifest.json (time, newest migration, row counts, every R2 object archive_files
 * refers to with its recorded size and SHA-256) and DIR/tables/<table>.jsonl. FTS5 indexes are
 * left out (`wrangler d1 export` refuses them; the restore rebuilds them). With --files each
 * object is also copied to DIR/objects/<key> and its SHA-256 checked against the database while
 * copying: a mismatch or a missing object fails the backup, naming the keys.
 *
 * Tables are read a page at a time (keyset on rowid), so a large table never sits in one answer.
 * The rows are not one snapshot: back up while nobody writes (or from a D1 Time Travel restore),
 * and keep the app's own write paths out during the run.
 *
 * Where: the local default (`.wrangler/state`, or `--persist-to DIR`) through wrangler's
 * platform proxy; the deployed database and bucket with `--remote` (through `wrangler d1
 * execute --remote` and `wrangler r2 object get --remote`, one call per object, so --files on a
 * large bucket is slow: there, R2 replication or a bucket-to-bucket copy keeps the bytes and the
 * manifest's hashes tell whether they are still the ones recorded; log in with `wrangler login`).
 */
import { appendFile, mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  encodeRow,
  FORMAT,
  lastMigration,
  objectPath,
  proxyBucket,
  quoteIdent,
  quoteText,
  readSchema,
  remoteBucket,
  sha256Hex,
  type Bucket,
  type Manifest,
} from "./ops/backup-format.ts";
import { localRunner, sqlLiteral, wranglerRunner, type SqlRunner } from "./ops/sql.ts";

const USAGE = "usage: npm run backup -- --out DIR [--files] [--remote [--database NAME]] [--persist-to DIR]";
/** Rows per query: small enough for any D1 answer, large enough to be quick. */
const PAGE = 500;

const { values: options } = parseArgs({
  options: {
    out: { type: "string" },
    files: { type: "boolean", default: false },
    remote: { type: "boolean", default: false },
    database: { type: "string", default: "DB" },
    "persist-to": { type: "string", default: ".wrangler/state" },
    help: { type: "boolean", default: false },
  },
  strict: true,
});

if (options.help || !options.out) {
  console.log(USAGE);
  process.exit(options.help ? 0 : 2);
}

async function main(out: string) {
  let bucket: Bucket;
  let db: SqlRunner;
  if (options.remote) {
    db = wranglerRunner({ remote: true, database: options.database });
    bucket = remoteBucket(join(out, ".scratch"));
  } else {
    const local = await localRunner(options["persist-to"]);
    db = local;
    bucket = proxyBucket(local.files);
  }
  try {
    const migration = await lastMigration(db);
    if (!migration) throw new Error(`${db.target} has no applied migrations: nothing to back up.`);
    await mkdir(join(out, "tables"), { recursive: true });

    const tables: Manifest["tables"] = [];
    for (const table of (await readSchema(db)).dataTables) {
      const rows = await dumpTable(db, table, join(out, "tables", `${table}.jsonl`));
      tables.push({ name: table, rows });
    }

    // One entry per key: a version restored from an older one shares its object.
    const objects = new Map<string, Manifest["objects"][number]>();
    let afterId = 0;
    for (;;) {
      const rows = await db.query<{ id: number; r2_key: string; file_size: number; sha256: string; mime_type: string }>(
        `SELECT id, r2_key, file_size, sha256, mime_type FROM archive_files WHERE id > ${sqlLiteral(afterId)} ORDER BY id LIMIT ${PAGE}`,
      );
      for (const row of rows) {
        if (!objects.has(row.r2_key)) objects.set(row.r2_key, { key: row.r2_key, size: row.file_size, sha256: row.sha256, content_type: row.mime_type });
      }
      if (rows.length < PAGE) break;
      afterId = rows.at(-1)!.id;
    }

    if (options.files) {
      const problems: string[] = [];
      for (const object of objects.values()) {
        const stored = await bucket.get(object.key);
        if (!stored) {
          problems.push(`missing: ${object.key}`);
          continue;
        }
        const hash = sha256Hex(stored.bytes);
        if (hash !== object.sha256 || stored.bytes.byteLength !== object.size) {
          problems.push(`changed: ${object.key} (recorded ${object.sha256}, ${object.size} bytes; stored ${hash}, ${stored.bytes.byteLength} bytes)`);
          continue;
        }
        const path = objectPath(out, object.key);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, stored.bytes);
      }
      if (problems.length > 0) throw new Error(`${problems.length} object(s) in R2 differ from what the database recorded:\n  ${problems.join("\n  ")}`);
    }

    const manifest: Manifest = {
      format: FORMAT,
      created_at: new Date().toISOString(),
      source: db.target,
      last_migration: migration,
      tables,
      objects: [...objects.values()],
      files_copied: options.files,
    };
    // Written last: a folder without a manifest is an unfinished backup, and restore refuses it.
    await writeFile(join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backed up ${db.target}: ${tables.length} tables, ${rows} rows, ${objects.size} R2 objects ${options.files ? "copied and checked" : "listed"} → ${out}`,
    );
  } finally {
    await db.close();
    await rm(join(out, ".scratch"), { recursive: true, force: true });
  }
}

/** One table as JSON lines, a page at a time; answers the row count. */
async function dumpTable(db: SqlRunner, table: string, file: string): Promise<number> {
  const withoutRowid = /WITHOUT\s+ROWID\s*$/i.test(
    (await db.query<{ sql: string | null }>(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ${quoteText(table)}`))[0]?.sql ?? "",
  );
  await writeFile(file, "");
  let count = 0;
  const append = async (rows: Record<string, unknown>[]) => {
    if (rows.length === 0) return;
    await appendFile(file, `${rows.map(encodeRow).join("\n")}\n`);
    count += rows.length;
  };
  if (withoutRowid || table === "sqlite_sequence") {
    // No rowid to page on: these are small bookkeeping tables, read by primary key order at once.
    // d1_migrations' own sequence belongs to the target's migrations, not to the data.
    const rows = await db.query<Record<string, unknown>>(
      `SELECT * FROM ${quoteIdent(table)} ${table === "sqlite_sequence" ? "WHERE name <> 'd1_migrations'" : ""} ORDER BY 1`,
    );
    await append(rows);
  } else {
    let after: number | null = null;
    for (;;) {
      const rows: Record<string, unknown>[] = await db.query(
        `SELECT rowid AS "__rowid", * FROM ${quoteIdent(table)} ${after === null ? "" : `WHERE rowid > ${sqlLiteral(after)}`} ORDER BY rowid LIMIT ${PAGE}`,
      );
      await append(rows.map(({ __rowid: _rowid, ...row }) => row));
      if (rows.length < PAGE) break;
      after = rows.at(-1)!.__rowid as number;
    }
  }
  return count;
}

try {
  await main(resolve(options.out));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
