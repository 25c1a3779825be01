import { applyD1Migrations } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { sealAuditChain } from "~/server/audit/chain.server";
import { walkAuditChain } from "~/server/audit/integrity.server";
import { createDb } from "~/server/db/db.server";
import { testEnv } from "../support/worker/env";

/**
 * Migration 0016 on a database that holds data at 0015: users (two of them deleted after they
 * wrote audit rows, the newest among them), work units (the newest deleted after its audit row),
 * classification codes, documents with their files (the newest purged: only its tombstone names
 * it), sessions, an access request, an API token, a per-user upload counter of a deleted user,
 * and a sealed audit chain. The rebuilt tables keep every row with its id, nothing that refers to
 * them loses a row or a reference, every index and trigger is back and works, the chain still
 * verifies, and the next ids are above every id the database ever named.
 */

const DB = testEnv.ID_UPGRADE_DB;
const T0 = "2026-03-01T08:00:00.000Z";
const uuid = () => crypto.randomUUID();
const deps = () => ({ db: createDb(DB), d1: DB, now: () => new Date() });

const REBUILT = ["users", "unit_kerja", "categories", "classification_codes", "archives"] as const;
/** Tables whose rows must come out exactly as they went in. */
const KEPT = [
  ...REBUILT,
  "archive_files",
  "sessions",
  "access_requests",
  "api_tokens",
  "audit_logs",
  "audit_chain_head",
  "unit_storage",
  "archive_counts",
  "classification_counts",
  "oai_records",
  "archive_tombstones",
  "fixity_checks",
] as const;

const all = async <T = Record<string, unknown>,>(sql: string, ...values: unknown[]) => (await DB.prepare(sql).bind(...values).all<T>()).results;
const one = async <T = Record<string, unknown>,>(sql: string, ...values: unknown[]) => (await all<T>(sql, ...values))[0];
const rowsOf = (table: string) => all(`SELECT * FROM ${table} ORDER BY 1, 2`);
const schemaObjects = async () =>
  Object.fromEntries(
    (await all<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type IN ('index', 'trigger', 'view') AND sql IS NOT NULL")).map((row) => [row.name, row.sql]),
  );

const before: { rows: Record<string, unknown[]>; schema: Record<string, string>; chainChecked: number } = { rows: {}, schema: {}, chainChecked: 0 };
/** The schema right after 0016 (later migrations add objects of their own). */
let upgradedSchema: Record<string, string> = {};
/** The kept tables' rows right after 0016 (later migrations add columns of their own). */
const upgradedRows: Record<string, unknown[]> = {};
const DOC = { kalender: uuid(), pedoman: uuid(), purged: uuid() };

beforeAll(async () => {
  const migrations = testEnv.TEST_MIGRATIONS;
  await applyD1Migrations(DB, migrations.filter((migration) => migration.name < "0016"));

  const user = (id: number, username: string, fullName: string, role: number, unit: number | null) =>
    DB.prepare(`INSERT INTO users (id, uuid, full_name, username, role_id, unit_kerja_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).bind(
      id, uuid(), fullName, username, role, unit, T0, T0,
    );
  const archive = (id: number, docUuid: string, title: string, access: string, uploader: number, unit: number, classification: number | null) => [
    DB.prepare(
      `INSERT INTO archives (id, uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id,
         r2_key, file_name, file_size, mime_type, sha256, classification_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, 2026, 'Deskripsi', 'a, b, c', ?, 1, ?, ?, ?, 'f.pdf', 1000, 'application/pdf', ?, ?, ?, ?)`,
    ).bind(id, docUuid, title, `NO/${id}`, access, uploader, unit, `archives/${docUuid}`, "0".repeat(64), classification, T0, T0),
    DB.prepare(
      `INSERT INTO archive_files (id, archive_id, version, r2_key, file_name, file_size, mime_type, sha256, uploader_id, created_at)
       VALUES (?, ?, 1, ?, 'f.pdf', 1000, 'application/pdf', ?, ?, ?)`,
    ).bind(id, id, `archives/${docUuid}`, "0".repeat(64), uploader, T0),
    DB.prepare("UPDATE archives SET current_file_id = ? WHERE id = ?").bind(id, id),
  ];
  const audit = (action: string, actor: number | null, target: [string, string] | null, details: unknown = null) =>
    DB.prepare(`INSERT INTO audit_logs (created_at, action, message, details, actor_id, target_type, target_id) VALUES (?, ?, 'Pesan', ?, ?, ?, ?)`).bind(
      T0, action, details === null ? null : JSON.stringify(details), actor, target?.[0] ?? null, target?.[1] ?? null,
    );

  await DB.batch([
    DB.prepare("INSERT INTO categories (id, category_name) VALUES (1, 'Surat Keputusan'), (2, 'Pedoman')"),
    DB.prepare(
      `INSERT INTO unit_kerja (id, nama, jenis, created_at, updated_at) VALUES
       (1, 'Fakultas Teknik', 'Fakultas', '${T0}', '${T0}'), (2, 'Fakultas Ekonomi', 'Fakultas', '${T0}', '${T0}'), (3, 'Unit Sementara', 'Unit', '${T0}', '${T0}')`,
    ),
    DB.prepare(
      `INSERT INTO classification_codes (id, code, parent_id, name, retention_active_years, retention_inactive_years, final_disposition, created_at, updated_at) VALUES
       (1, 'PP', NULL, 'Pendidikan', 2, 3, 'PERMANEN', '${T0}', '${T0}'), (2, 'PP.01', 1, 'Kurikulum', 2, 3, 'MUSNAH', '${T0}', '${T0}')`,
    ),
    user(1, "admin", "Admin Utama", 1, null),
    user(2, "ft.staff", "Staf Teknik", 2, 1),
    user(3, "fe.staff", "Staf Ekonomi", 2, 2),
    user(4, "sementara", "Pengguna Sementara", 3, null),
    user(5, "pergi", "Pengguna Pergi", 2, 3),
    ...archive(1, DOC.kalender, "SK Rektor Kalender Akademik", "PUBLIC", 2, 1, 2),
    ...archive(2, DOC.pedoman, "Pedoman Akademik Fakultas", "PRIVATE", 3, 2, null),
    DB.prepare(
      `INSERT INTO sessions (id_hash, user_id, csrf_token, created_at, last_seen_at, expires_at) VALUES
       ('session-2', 2, 'csrf', '${T0}', '${T0}', '2099-01-01T00:00:00.000Z'), ('session-3', 3, 'csrf', '${T0}', '${T0}', '2099-01-01T00:00:00.000Z')`,
    ),
    DB.prepare(
      `INSERT INTO access_requests (id, uuid, archive_id, requester_id, owner_unit_kerja_id, status, request_message, token_hash, token_seed,
         requester_role, requester_unit_kerja_id, created_at, responded_at, expires_at)
       VALUES (1, ?, 2, 2, 2, 'APPROVED', 'Mohon', 'token-hash', 'seed', 'Satuan Kerja', 1, ?, ?, '2099-01-01T00:00:00.000Z')`,
    ).bind(uuid(), T0, T0),
    DB.prepare(
      `INSERT INTO api_tokens (id, uuid, user_id, name, scope, token_hash, token_prefix, role_id, unit_kerja_id, created_at, expires_at)
       VALUES (1, ?, 3, 'Skrip', 'read', 'api-hash', 'ea_1234', 2, 2, ?, '2099-01-01T00:00:00.000Z')`,
    ).bind(uuid(), T0),
    DB.prepare(`INSERT INTO fixity_checks (r2_key, checked_at, outcome, expected_sha256, requested_by) VALUES (?, ?, 'OK', ?, 1)`).bind(
      `archives/${DOC.kalender}`, T0, "0".repeat(64),
    ),
    audit("LOGIN", 2, null),
    audit("LOGIN", 4, null),
    audit("DOCUMENT_CREATE", 5, ["archive", DOC.purged], { accessLevel: "PRIVATE" }),
    audit("USER_UPDATE", 1, ["user", "x"], { changed: ["unitKerjaId"] }),
    audit("DOCUMENT_UPDATE", 1, ["archive", DOC.pedoman], { unitKerjaId: { from: 2, to: 3 } }),
    audit("UNIT_KERJA_DELETE", 1, ["unit_kerja", "3"], { nama: "Unit Sementara" }),
    // What a purge of the newest document (id 3) leaves.
    DB.prepare(
      `INSERT INTO archive_tombstones (uuid, archive_id, title, document_number, year, access_level, category_id, unit_kerja_id, file_hashes,
         created_at, deleted_at, purged_at, reason)
       VALUES (?, 3, 'Dihapus', 'NO/3', 2026, 'PRIVATE', 1, 3, '[]', ?, ?, ?, 'PURGED')`,
    ).bind(DOC.purged, T0, T0, T0),
    // A deleted user's upload counter, which 0015 left behind.
    DB.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES ('upload:4', 7, ?)").bind(new Date().toISOString()),
  ]);
  const sealed = await sealAuditChain(deps());
  expect(sealed.sealed).toBe(6);
  // The newest user and the newest unit go after they appear in the log.
  await DB.batch([DB.prepare("DELETE FROM users WHERE id IN (5, 4)"), DB.prepare("DELETE FROM unit_kerja WHERE id = 3")]);

  for (const table of KEPT) before.rows[table] = await rowsOf(table);
  before.schema = await schemaObjects();
  const report = await walkAuditChain(deps());
  expect(report).toMatchObject({ ok: true });
  before.chainChecked = report.checked;

  await applyD1Migrations(DB, migrations.filter((migration) => migration.name < "0017"));
  upgradedSchema = await schemaObjects();
  for (const table of KEPT) upgradedRows[table] = await rowsOf(table);
  await applyD1Migrations(DB, migrations);
});

describe("migration 0016 on a database at 0015 with data", () => {
  it("keeps every row of the rebuilt tables and of every table referring to them, ids included", async () => {
    for (const table of KEPT) expect(upgradedRows[table], table).toEqual(before.rows[table]);
    expect(await all("SELECT id, username FROM users ORDER BY id")).toEqual([
      { id: 1, username: "admin" },
      { id: 2, username: "ft.staff" },
      { id: 3, username: "fe.staff" },
    ]);
    // The deleted users' audit rows still name them by snapshot; actor_id was cleared by the deletion, not by the migration.
    expect(await all("SELECT actor_id, actor_ref, actor_username FROM audit_logs WHERE actor_ref IN (4, 5) ORDER BY id")).toEqual([
      { actor_id: null, actor_ref: 4, actor_username: "sementara" },
      { actor_id: null, actor_ref: 5, actor_username: "pergi" },
    ]);
  });

  it("leaves every foreign key satisfied and no work table behind", async () => {
    expect(await all("PRAGMA foreign_key_check")).toEqual([]);
    expect(await all("SELECT name FROM sqlite_master WHERE name LIKE '%\\_next' ESCAPE '\\' OR name LIKE '%\\_hold' ESCAPE '\\'")).toEqual([]);
    expect(await one("PRAGMA legacy_alter_table")).toEqual({ legacy_alter_table: 0 });
  });

  it("rebuilds the tables with AUTOINCREMENT and brings back every index, trigger and view as it was", async () => {
    for (const table of REBUILT) {
      expect((await one<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", table))!.sql, table).toMatch(/AUTOINCREMENT/);
    }
    const after = upgradedSchema;
    const added = Object.keys(after).filter((name) => !(name in before.schema));
    expect(added.sort()).toEqual(["classification_counts_forget", "users_forget_counters"]);
    for (const [name, sql] of Object.entries(before.schema)) expect(after[name], name).toBe(sql);
  });

  it("starts each sequence above every id the database still names (deleted users, units and documents included)", async () => {
    const sequences = Object.fromEntries((await all<{ name: string; seq: number }>("SELECT name, seq FROM sqlite_sequence")).map((row) => [row.name, row.seq]));
    expect(sequences).toMatchObject({ users: 5, unit_kerja: 3, categories: 2, classification_codes: 2, archives: 3 });
  });

  it("forgets the counters of users deleted before it (their ids stay retired)", async () => {
    expect(await all("SELECT key FROM rate_limits WHERE key LIKE 'upload:%'")).toEqual([]);
    expect(await all("SELECT value, total FROM audit_log_counts WHERE dimension = 'actor' ORDER BY value")).toEqual([
      { value: "1", total: 3 },
      { value: "2", total: 1 },
    ]);
  });

  it("keeps the triggers working: guards, search, counts", async () => {
    await expect(DB.prepare("DELETE FROM users WHERE id = 1").run()).rejects.toThrow(/LAST_SUPER_ADMIN/);
    await expect(DB.prepare("DELETE FROM users WHERE id = 2").run()).rejects.toThrow(/USER_HAS_DOCUMENTS/);
    await expect(DB.prepare("DELETE FROM unit_kerja WHERE id = 1").run()).rejects.toThrow(/UNIT_KERJA_IN_USE/);
    await expect(DB.prepare("DELETE FROM classification_codes WHERE id = 1").run()).rejects.toThrow(/CLASSIFICATION_IN_USE/);
    await expect(DB.prepare("UPDATE archives SET security_class = 'BIASA' WHERE id = 2").run()).rejects.toThrow(/SECURITY_CLASS_MISMATCH/);

    expect(await all("SELECT rowid FROM archives_fts WHERE archives_fts MATCH 'kalender'")).toEqual([{ rowid: 1 }]);
    await DB.prepare("UPDATE users SET full_name = 'Staf Teknik Sipil' WHERE id = 2").run();
    expect(await all("SELECT rowid FROM archives_fts WHERE archives_fts MATCH 'sipil'")).toEqual([{ rowid: 1 }]);
    await DB.prepare("INSERT INTO archives_fts (archives_fts) VALUES ('integrity-check')").run();

    const publicVersion = async () => (await one<{ value: number }>("SELECT value FROM site_state WHERE key = 'public_version'"))!.value;
    const version = await publicVersion();
    await DB.prepare("UPDATE archives SET access_level = 'PUBLIC', security_class = 'BIASA' WHERE id = 2").run();
    expect(await publicVersion()).toBeGreaterThan(version);
    expect(await one("SELECT deleted FROM oai_records WHERE uuid = ?", DOC.pedoman)).toEqual({ deleted: 0 });
    expect(await one("SELECT SUM(total) AS n FROM archive_counts WHERE access_level = 'PUBLIC'")).toEqual({ n: 2 });
  });

  it("still verifies the audit chain, and seals what is written after it", async () => {
    expect(await walkAuditChain(deps())).toMatchObject({ ok: true, checked: before.chainChecked });
    await DB.prepare("INSERT INTO audit_logs (created_at, action, message, actor_id) VALUES (?, 'LOGIN', 'Masuk', 3)").bind(new Date().toISOString()).run();
    await sealAuditChain(deps());
    expect(await walkAuditChain(deps())).toMatchObject({ ok: true, checked: before.chainChecked + 1 });
  });

  it("hands out ids never used before: no user inherits a deleted user's id, audit rows or upload count", async () => {
    const { id } = (await one<{ id: number }>(
      `INSERT INTO users (uuid, full_name, username, role_id, created_at, updated_at) VALUES (?, 'Pengguna Baru', 'baru', 3, ?, ?) RETURNING id`,
      uuid(), T0, T0,
    ))!;
    expect(id).toBe(6);
    expect(await all("SELECT id FROM audit_logs WHERE actor_ref = ? OR actor_id = ?", id, id)).toEqual([]);
    expect(await all("SELECT key FROM rate_limits WHERE key = ?", `upload:${id}`)).toEqual([]);

    const unit = await one<{ id: number }>(`INSERT INTO unit_kerja (nama, created_at, updated_at) VALUES ('Unit Baru', ?, ?) RETURNING id`, T0, T0);
    expect(unit).toEqual({ id: 4 });
    const archive = await one<{ id: number }>(
      `INSERT INTO archives (uuid, title, document_number, year, description, keywords, category_id, uploader_id, r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at)
       VALUES (?, 'Dokumen Baru', 'NO/4', 2026, 'd', 'k', 1, 3, 'archives/baru', 'f.pdf', 1, 'application/pdf', ?, ?, ?) RETURNING id`,
      uuid(), "0".repeat(64), T0, T0,
    );
    expect(archive).toEqual({ id: 4 });
  });
});
