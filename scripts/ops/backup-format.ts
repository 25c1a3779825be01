/**
 * What `npm run backup` writes and `npm run restore` reads, and the pieces both need.
 *
 *   DIR/manifest.json        format, created_at, last migration, row counts, R2 objects
 *   DIR/tables/<name>.jsonl  one JSON object per row (column → value; blobs as {"$blob": hex})
 *   DIR/objects/<key>        the R2 objects, with --files
 *
 * FTS5 tables and their shadow tables are left out: D1 refuses to export them and a restore may
 * not write them; the restore refills each index instead (fts_refill, migration 0014).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { projectRoot, wrangler, type R2Like, type SqlRunner } from "./sql.ts";

export const FORMAT = "e-arsip-backup/v1";

export type Manifest = {
  format: typeof FORMAT;
  created_at: string;
  source: string;
  /** The newest applied migration: a restore goes only into a database at the same one. */
  last_migration: string | null;
  /** Row counts per table, in restore order (parents first). */
  tables: { name: string; rows: number }[];
  /** Every R2 object archive_files refers to, with what the database recorded about it. */
  objects: { key: string; size: number; sha256: string; content_type: string }[];
  /** Whether DIR/objects holds the objects' bytes. */
  files_copied: boolean;
};

type MasterRow = { type: string; name: string; sql: string | null };

/** What a backup and a restore read of a database's schema. */
export type Schema = {
  /**
   * The tables whose rows a backup holds, parents before children (by foreign key; cycles and
   * self-references are fine because the restore defers foreign keys to its commit). Left out:
   * virtual tables and FTS shadow tables (`<fts>_*`), SQLite's and Cloudflare's internal tables
   * (sqlite_sequence excepted: restored so ids are never handed out twice) and d1_migrations
   * (the target has its own, and must be at the same migration).
   */
  dataTables: string[];
  /** FTS5 virtual tables. */
  fts: string[];
  /** Triggers, in the order they were created. */
  triggers: { name: string; sql: string }[];
};

const isVirtual = (row: MasterRow) => /^CREATE\s+VIRTUAL\s+TABLE/i.test(row.sql ?? "");

/**
 * The schema in one round trip (each is a `wrangler d1 execute` on the --remote path): the
 * catalogue, and every foreign key of the tables a backup may hold.
 */
export async function readSchema(db: SqlRunner): Promise<Schema> {
  const [master, fks] = (await db.queryAll([
    "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'trigger') ORDER BY rowid",
    `SELECT m.name AS child, f."table" AS parent FROM sqlite_master m, pragma_foreign_key_list(m.name) f
     WHERE m.type = 'table' AND m.sql NOT LIKE 'CREATE VIRTUAL TABLE%' AND substr(m.name, 1, 4) <> '_cf_' AND substr(m.name, 1, 7) <> 'sqlite_'`,
  ])) as [MasterRow[], { child: string; parent: string }[]];
  const tables = master.filter((row) => row.type === "table");
  const virtual = tables.filter(isVirtual).map((table) => table.name);
  const names = tables
    .map((table) => table.name)
    .filter(
      (name) =>
        !virtual.includes(name) &&
        !virtual.some((v) => name.startsWith(`${v}_`)) &&
        !name.startsWith("sqlite_") &&
        !name.startsWith("_cf_") &&
        name !== "d1_migrations",
    )
    .sort();
  const parents = new Map<string, string[]>();
  for (const name of names) {
    const own = fks.filter((fk) => fk.child === name).map((fk) => fk.parent);
    parents.set(name, [...new Set(own)].filter((parent) => parent !== name && names.includes(parent)));
  }
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return; // a cycle: deferred foreign keys cover it
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent);
    visiting.delete(name);
    ordered.push(name);
  };
  for (const name of names) visit(name);
  return {
    dataTables: [...ordered, "sqlite_sequence"],
    fts: tables.filter((table) => isVirtual(table) && /USING\s+fts5/i.test(table.sql ?? "")).map((table) => table.name),
    triggers: master.filter((row) => row.type === "trigger").map((row) => ({ name: row.name, sql: row.sql ?? "" })),
  };
}

/** The newest applied migration, or null when there is no d1_migrations table (or it is empty). */
export async function lastMigration(db: SqlRunner): Promise<string | null> {
  const rows = await db.query<{ name: string }>("SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1").catch(() => []);
  return rows[0]?.name ?? null;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const quoteText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A row as one JSON line: blobs become {"$blob": hex}. */
export function encodeRow(row: Record<string, unknown>): string {
  return JSON.stringify(row, (_key, value: unknown) => {
    if (value instanceof ArrayBuffer) return { $blob: Buffer.from(value).toString("hex") };
    if (value instanceof Uint8Array) return { $blob: Buffer.from(value).toString("hex") };
    return value;
  });
}

export function decodeRow(line: string): Record<string, unknown> {
  return JSON.parse(line, (_key, value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value) && typeof (value as { $blob?: unknown }).$blob === "string"
      ? new Uint8Array(Buffer.from((value as { $blob: string }).$blob, "hex"))
      : value,
  ) as Record<string, unknown>;
}

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Where an object's copy lives in a backup folder (keys are paths like `archives/2026/…`). */
export function objectPath(dir: string, key: string): string {
  if (key.split("/").some((part) => part === ".." || part === "") || key.startsWith("/")) throw new Error(`unsafe R2 key: ${key}`);
  return join(dir, "objects", key);
}

/** The bucket, read and written: the local one through the platform proxy, or the deployed one through `wrangler r2 object`. */
export type Bucket = {
  get(key: string): Promise<{ bytes: Uint8Array; contentType?: string } | null>;
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
};

export function proxyBucket(files: R2Like): Bucket {
  return {
    async get(key) {
      const object = await files.get(key);
      if (!object) return null;
      const bytes = new Uint8Array(await new Response(object.body).arrayBuffer());
      return { bytes, contentType: object.httpMetadata?.contentType };
    },
    async put(key, bytes, contentType) {
      await files.put(key, bytes, { httpMetadata: contentType ? { contentType } : undefined, sha256: sha256Hex(bytes) });
    },
  };
}

/** The FILES bucket's name in wrangler.toml. */
function bucketName(): string {
  const toml = readFileSync(`${projectRoot}wrangler.toml`, "utf8");
  const match = /\[\[r2_buckets\]\][^[]*?binding\s*=\s*"FILES"[^[]*?bucket_name\s*=\s*"([^"]+)"/.exec(toml);
  if (!match) throw new Error("wrangler.toml names no bucket for the FILES binding");
  return match[1]!;
}

export function remoteBucket(scratch: string): Bucket {
  const bucket = bucketName();
  const r2Object = (args: string[]) => wrangler(["r2", "object", ...args, "--remote"]);
  return {
    async get(key) {
      const file = join(scratch, "object.tmp");
      await mkdir(dirname(file), { recursive: true });
      const result = await r2Object(["get", `${bucket}/${key}`, "--file", file]);
      if (result.code !== 0) {
        if (/not found|does not exist|NoSuchKey/i.test(result.stderr + result.stdout)) return null;
        throw new Error(`wrangler r2 object get ${key} failed: ${(result.stderr || result.stdout).trim().slice(-500)}`);
      }
      return { bytes: new Uint8Array(await readFile(file)) };
    },
    async put(key, bytes, contentType) {
      const file = join(scratch, "object.tmp");
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
      const result = await r2Object(["put", `${bucket}/${key}`, "--file", file, ...(contentType ? ["--content-type", contentType] : [])]);
      if (result.code !== 0) throw new Error(`wrangler r2 object put ${key} failed: ${(result.stderr || result.stdout).trim().slice(-500)}`);
    },
  };
}
