/**
 * `npm run backup` and `npm run restore` round-trip the demo data between two real local states:
 * the source is seeded by scripts/local-setup.ts (plus a sealed audit chain, a trashed document
 * and a deleted user, the cases a naive dump gets wrong), backed up with --files, and restored
 * into a fresh folder. The restored database has the same rows in every table, the same search
 * answers (a trashed document stays out of the index), the same id sequences, an audit chain
 * that verifies, and a bucket whose objects have the recorded SHA-256. A second restore into the
 * now-used database is refused, the --remote path (one SQL file) restores the same, and a
 * backup with --files fails on an object whose bytes changed.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../support/node/run-script";
import type { Manifest } from "../../scripts/ops/backup-format.ts";
import { localBindings } from "../../scripts/ops/sql.ts";
import { withD1File } from "../support/node/d1-file";

/**
 * The app's own chain code (sealer and verifier), loaded at run time through the `~` alias: its
 * types need the Workers globals, which this Node project does not compile against.
 */
type AppDb = { readonly __appDb: unique symbol };
type ChainDeps = { db: AppDb; d1: unknown };
type ChainReport = { ok: boolean; checked: number; head: { id: number; hash: string } | null };
const appModule = async <T>(path: string): Promise<T> => (await import(/* @vite-ignore */ path)) as T;
const { sealAuditChain } = await appModule<{ sealAuditChain(deps: ChainDeps & { now: () => Date }): Promise<{ head: unknown }> }>(
  "~/server/audit/chain.server",
);
const { walkAuditChain } = await appModule<{ walkAuditChain(deps: ChainDeps): Promise<ChainReport> }>("~/server/audit/integrity.server");
const { createDb } = await appModule<{ createDb(d1: unknown): AppDb }>("~/server/db/db.server");

const run = (args: string[]) => runScript(args);

let root: string;
let source: string;
let target: string;
let backupDir: string;
let manifest: Manifest;

/** The app's own chain code over a local state's D1. */
async function withAppDb<T>(state: string, use: (deps: ChainDeps) => Promise<T>): Promise<T> {
  const bindings = await localBindings(state);
  try {
    return await use({ db: createDb(bindings.DB), d1: bindings.DB });
  } finally {
    await bindings.dispose();
  }
}

const SEARCHES = ["surat", "keputusan", "laporan", "rektor*", "2025"];
const searchRows = (state: string) =>
  withD1File(state, async (db) => {
    const answers: Record<string, number[]> = {};
    for (const term of SEARCHES) {
      const rows = await db.query<{ rowid: number }>(`SELECT rowid FROM archives_fts WHERE archives_fts MATCH '${term}' ORDER BY rowid`);
      answers[term] = rows.map((row) => row.rowid);
    }
    return answers;
  });

const tableCounts = (state: string, tables: string[]) =>
  withD1File(state, async (db) => {
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = (await db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}"`))[0]!.n;
    return counts;
  });

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "e-arsip-backup-"));
  source = join(root, "source");
  target = join(root, "target");
  backupDir = join(root, "backup");
  const setup = await run(["scripts/local-setup.ts", "--persist-to", source]);
  expect(setup.code, setup.stderr).toBe(0);
  expect(setup.stdout).toContain("Demo data seeded");

  await withD1File(source, (db) =>
    db.batch([
      // More audit rows than the seed writes, so the chain has links to check.
      ...Array.from(
        { length: 5 },
        (_, i) =>
          `INSERT INTO audit_logs (created_at, action, message, details, actor_id, target_type, target_id, ip_address, user_agent) VALUES ('2026-01-0${i + 1}T00:00:00.000Z', 'LOGIN', 'Uji cadangan ${i}', '{"n":${i}}', 1, 'user', 'x', '127.0.0.1', 'uji')`,
      ),
      // A trashed document leaves the search index: a plain FTS 'rebuild' would bring it back.
      "UPDATE archives SET deleted_at = '2026-01-10T00:00:00.000Z', deleted_by = 1 WHERE id = (SELECT MIN(id) FROM archives)",
      // A deleted newest user: its id must stay used after the restore.
      "INSERT INTO users (uuid, full_name, username, role_id, created_at, updated_at) VALUES ('uji-hapus', 'Akun Dihapus', 'akun.dihapus', (SELECT id FROM roles WHERE name = 'Viewer'), '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
      "DELETE FROM users WHERE username = 'akun.dihapus'",
    ]),
  );
  const sealed = await withAppDb(source, (deps) => sealAuditChain({ ...deps, now: () => new Date() }));
  expect(sealed.head).not.toBeNull();

  const backup = await run(["scripts/backup.ts", "--out", backupDir, "--files", "--persist-to", source]);
  expect(backup.code, backup.stderr).toBe(0);
  manifest = JSON.parse(await readFile(join(backupDir, "manifest.json"), "utf8")) as Manifest;

  // A fresh state: restore migrates a --persist-to folder itself before loading.
  const restore = await run(["scripts/restore.ts", "--from", backupDir, "--files", "--persist-to", target]);
  expect(restore.code, restore.stderr + restore.stdout).toBe(0);
}, 300_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe("npm run backup / npm run restore", () => {
  it("backs up every data table but no FTS shadow table, and lists every stored file with its SHA-256", async () => {
    const names = manifest.tables.map((table) => table.name);
    expect(names).toEqual(expect.arrayContaining(["users", "archives", "archive_files", "audit_logs", "sqlite_sequence", "fts_refill"]));
    expect(names.filter((name) => name.startsWith("archives_fts") || name === "d1_migrations" || name.startsWith("_cf_"))).toEqual([]);
    // Parents before children.
    expect(names.indexOf("roles")).toBeLessThan(names.indexOf("users"));
    expect(names.indexOf("users")).toBeLessThan(names.indexOf("audit_logs"));
    expect(manifest.last_migration).toMatch(/^\d{4}_.+\.sql$/);
    const files = await withD1File(source, (db) => db.query<{ n: number }>("SELECT COUNT(DISTINCT r2_key) AS n FROM archive_files"));
    expect(manifest.objects).toHaveLength(files[0]!.n);
    expect(manifest.objects.length).toBeGreaterThan(0);
    for (const object of manifest.objects) expect(object.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("restores the same number of rows in every table, and the same id sequences", async () => {
    const names = manifest.tables.map((table) => table.name);
    const [before, after] = [await tableCounts(source, names), await tableCounts(target, names)];
    // sqlite_sequence also holds d1_migrations' own entry, which each side keeps for itself.
    expect(after).toEqual(before);
    for (const table of manifest.tables) if (table.name !== "sqlite_sequence") expect(after[table.name], table.name).toBe(table.rows);
    const sequences = (state: string) =>
      withD1File(state, (db) => db.query<{ name: string; seq: number }>("SELECT name, seq FROM sqlite_sequence WHERE name <> 'd1_migrations' ORDER BY name"));
    const restored = await sequences(target);
    expect(restored).toEqual(await sequences(source));
    // The deleted user's id is not handed out again.
    const maxUser = await withD1File(target, (db) => db.query<{ id: number }>("SELECT MAX(id) AS id FROM users"));
    expect(restored.find((row) => row.name === "users")!.seq).toBeGreaterThan(maxUser[0]!.id);
    // The triggers are all back.
    const triggers = (state: string) => withD1File(state, (db) => db.query<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name"));
    expect(await triggers(target)).toEqual(await triggers(source));
  });

  it("rebuilds the search index: the same searches find the same documents, the trashed one not", async () => {
    const [before, after] = [await searchRows(source), await searchRows(target)];
    expect(after).toEqual(before);
    expect(Object.values(after).flat().length).toBeGreaterThan(0);
    const trashed = await withD1File(target, (db) => db.query<{ id: number; title: string }>("SELECT id, title FROM archives WHERE deleted_at IS NOT NULL"));
    expect(trashed.length).toBeGreaterThanOrEqual(1);
    for (const document of trashed) {
      const word = document.title.split(/\s+/).find((part) => /^[A-Za-z]{4,}$/.test(part))!;
      const hits = await withD1File(target, (db) => db.query<{ rowid: number }>(`SELECT rowid FROM archives_fts WHERE archives_fts MATCH '${word}'`));
      expect(hits.map((hit) => hit.rowid), word).not.toContain(document.id);
    }
    // FTS5's own structural check of the refilled index (rank 0: not against the content view,
    // which also lists the trashed documents the index leaves out on purpose).
    const integrity = await withD1File(target, (db) => db.query("INSERT INTO archives_fts (archives_fts, rank) VALUES ('integrity-check', 0)"));
    expect(integrity).toEqual([]);
  });

  it("restores an audit chain that verifies, with the same head", async () => {
    const [before, after] = [await withAppDb(source, walkAuditChain), await withAppDb(target, walkAuditChain)];
    expect(after.ok).toBe(true);
    expect(after.checked).toBeGreaterThan(1);
    expect(after.checked).toBe(before.checked);
    expect(after.head).toEqual(before.head);
  });

  it("puts every file back with the recorded SHA-256", async () => {
    const bindings = await localBindings(target);
    try {
      for (const object of manifest.objects) {
        const stored = await bindings.FILES.get(object.key);
        expect(stored, object.key).not.toBeNull();
        const bytes = Buffer.from(await new Response(stored!.body).arrayBuffer());
        expect(createHash("sha256").update(bytes).digest("hex"), object.key).toBe(object.sha256);
        expect(bytes.byteLength).toBe(object.size);
      }
    } finally {
      await bindings.dispose();
    }
  });

  // A whole wrangler CLI run over one SQL file of the seeded database: 71 s alone on the 2-core
  // machine, past two minutes beside the integration layer. The limit guards against a hang, not speed.
  it("restores the same through the --remote path (one SQL file through wrangler d1 execute)", { timeout: 300_000 }, async () => {
    const viaFile = join(root, "via-file");
    const restore = await run(["scripts/restore.ts", "--from", backupDir, "--persist-to", viaFile, "--via-wrangler"]);
    expect(restore.code, restore.stderr + restore.stdout).toBe(0);
    const names = manifest.tables.map((table) => table.name);
    expect(await tableCounts(viaFile, names)).toEqual(await tableCounts(source, names));
    expect(await searchRows(viaFile)).toEqual(await searchRows(source));
    const chain = await withAppDb(viaFile, walkAuditChain);
    expect(chain.ok).toBe(true);
    expect(chain.head).toEqual((await withAppDb(source, walkAuditChain)).head);
  });

  it("refuses to restore into a database that is in use", async () => {
    const again = await run(["scripts/restore.ts", "--from", backupDir, "--persist-to", target]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("not fresh");
    expect(await tableCounts(target, ["users"])).toEqual(await tableCounts(source, ["users"]));
  });

  it("refuses a backup whose file and manifest hash were both edited, listing the file against the hash its database rows name; nothing is restored", async () => {
    const tampered = join(root, "backup-tampered");
    await cp(backupDir, tampered, { recursive: true });
    const victim = manifest.objects[0]!;
    const forged = new TextEncoder().encode("isi yang diganti");
    const forgedHash = createHash("sha256").update(forged).digest("hex");
    await writeFile(join(tampered, "objects", victim.key), forged);
    const edited: Manifest = { ...manifest, objects: manifest.objects.map((object) => (object.key === victim.key ? { ...object, sha256: forgedHash, size: forged.byteLength } : object)) };
    await writeFile(join(tampered, "manifest.json"), JSON.stringify(edited));
    // The backup is checked before any target is touched (a fresh one would be migrated first).
    const empty = join(root, "target-untouched");
    const restore = await run(["scripts/restore.ts", "--from", tampered, "--files", "--persist-to", empty]);
    expect(restore.code, restore.stderr + restore.stdout).toBe(2);
    expect(restore.stderr).toContain(`${victim.key}: the manifest says ${forgedHash}, archive_files says ${victim.sha256}`);
    expect(restore.stderr).toContain(`${victim.key}: the copy's SHA-256 is ${forgedHash}, the database says ${victim.sha256}`);
    expect(restore.stderr).toContain("nothing was restored");
    expect(existsSync(empty)).toBe(false);
  });

  it("fails a backup with --files when a stored object no longer has its recorded SHA-256", async () => {
    const victim = manifest.objects[0]!;
    const bindings = await localBindings(source);
    try {
      await bindings.FILES.put(victim.key, new TextEncoder().encode("bukan isi aslinya"));
    } finally {
      await bindings.dispose();
    }
    const backup = await run(["scripts/backup.ts", "--out", join(root, "backup-bad"), "--files", "--persist-to", source]);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain(`changed: ${victim.key}`);
  });
});
