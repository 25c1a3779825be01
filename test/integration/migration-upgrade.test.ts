import { applyD1Migrations } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { jobContext, type ServiceContext } from "~/server/context.server";
import { createDb } from "~/server/db/db.server";
import { runSystemJob } from "~/server/jobs/runner.server";
import { deleteDocument, listDocuments } from "~/server/documents/service.server";
import { restoreDocument } from "~/server/documents/trash.server";
import { parseListQuery } from "~/domain/document-schemas";
import { testEnv } from "../support/worker/env";
import { serviceContext } from "../support/worker/context";
import type { CreatedUser } from "../support/worker/factories";

/**
 * Migrations are forward-only and must upgrade a database that already holds data: a database
 * at the schema before the record model (0001–0007) is filled the way that schema's writers
 * filled it — documents with their one file, a replaced file recorded in the audit log, upload
 * markers, an approved request — and then migrated; the records must come out whole.
 */

const DB = testEnv.UPGRADE_DB;
const T0 = "2026-03-01T08:00:00.000Z";
const REPLACED_AT = "2026-05-05T10:30:00.000Z";

type OldArchive = { uuid: string; title: string; access: "PUBLIC" | "PRIVATE"; category: number; uploader: number; unit: number | null; size: number };
const ARCHIVES: OldArchive[] = [
  { uuid: crypto.randomUUID(), title: "SK Rektor Kalender Akademik", access: "PUBLIC", category: 1, uploader: 2, unit: 1, size: 1000 },
  { uuid: crypto.randomUUID(), title: "Surat Undangan Rapat Senat", access: "PRIVATE", category: 2, uploader: 2, unit: 1, size: 2000 },
  { uuid: crypto.randomUUID(), title: "Pedoman Akademik Fakultas", access: "PUBLIC", category: 2, uploader: 3, unit: 2, size: 3000 },
  { uuid: crypto.randomUUID(), title: "Laporan Pengabdian Masyarakat", access: "PRIVATE", category: 1, uploader: 3, unit: 2, size: 4000 },
  { uuid: crypto.randomUUID(), title: "Sertifikat Akreditasi Institusi", access: "PUBLIC", category: 1, uploader: 1, unit: null, size: 5000 },
];

beforeAll(async () => {
  const migrations = testEnv.TEST_MIGRATIONS;
  await applyD1Migrations(DB, migrations.filter((migration) => migration.name < "0008"));
  const statements = [
    DB.prepare("INSERT INTO categories (id, category_name) VALUES (1, 'Surat Keputusan'), (2, 'Pedoman')"),
    DB.prepare(`INSERT INTO unit_kerja (id, nama, jenis, created_at, updated_at) VALUES (1, 'Fakultas Teknik', 'Fakultas', '${T0}', '${T0}'), (2, 'Fakultas Ekonomi', 'Fakultas', '${T0}', '${T0}')`),
    DB.prepare(
      `INSERT INTO users (id, uuid, full_name, username, role_id, unit_kerja_id, created_at, updated_at) VALUES
       (1, '${crypto.randomUUID()}', 'Admin', 'admin', 1, NULL, '${T0}', '${T0}'),
       (2, '${crypto.randomUUID()}', 'Staf FT', 'ft.staff', 2, 1, '${T0}', '${T0}'),
       (3, '${crypto.randomUUID()}', 'Staf FE', 'fe.staff', 2, 2, '${T0}', '${T0}')`,
    ),
    ...ARCHIVES.map((archive, i) =>
      DB.prepare(
        `INSERT INTO archives (uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id,
           r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at)
         VALUES (?, ?, ?, 2026, 'Deskripsi', 'a, b, c, d, e', ?, ?, ?, ?, ?, ?, ?, 'application/pdf', ?, ?, ?)`,
      ).bind(archive.uuid, archive.title, `NO/${i}`, archive.access, archive.category, archive.uploader, archive.unit, `archives/${archive.uuid}`, `f${i}.pdf`, archive.size, `${i}`.repeat(64), T0, T0),
    ),
    // The second document's file was replaced once: only the audit log knows when.
    DB.prepare(
      `INSERT INTO audit_logs (created_at, action, message, actor_id, target_type, target_id) VALUES (?, 'DOCUMENT_FILE_REPLACE', 'File diganti', 2, 'archive', ?)`,
    ).bind(REPLACED_AT, ARCHIVES[1]!.uuid),
    // An upload that died half way and a replaced file waiting for the sweep.
    DB.prepare(`INSERT INTO pending_uploads (r2_key, created_at, upload_id) VALUES ('archives/died', '${T0}', 'upload-1'), ('archives/replaced', '${T0}', NULL)`),
    DB.prepare(
      `INSERT INTO access_requests (uuid, archive_id, requester_id, owner_unit_kerja_id, status, request_message, token_hash, token_seed, created_at, responded_at, expires_at)
       VALUES (?, (SELECT id FROM archives WHERE uuid = ?), 3, 1, 'APPROVED', 'Mohon', 'hash', 'seed', ?, ?, '2099-01-01T00:00:00.000Z')`,
    ).bind(crypto.randomUUID(), ARCHIVES[1]!.uuid, T0, T0),
  ];
  await DB.batch(statements);
  await applyD1Migrations(DB, migrations);
});

const all = async <T,>(sql: string, ...values: unknown[]) => (await DB.prepare(sql).bind(...values).all<T>()).results;

describe("upgrading a database that holds data to the record model", () => {
  it("turns every document's file into its version 1, pointed to, with the same bytes' identity", async () => {
    const rows = await all<Record<string, unknown>>(
      `SELECT a.uuid, a.r2_key, a.file_name, a.file_size, a.sha256, a.uploader_id, a.current_version, a.deleted_at,
              f.version, f.r2_key AS f_key, f.file_name AS f_name, f.file_size AS f_size, f.sha256 AS f_sha, f.uploader_id AS f_uploader, f.created_at AS f_created
         FROM archives a JOIN archive_files f ON f.id = a.current_file_id ORDER BY a.id`,
    );
    expect(rows).toHaveLength(ARCHIVES.length);
    for (const [i, row] of rows.entries()) {
      expect(row).toMatchObject({ uuid: ARCHIVES[i]!.uuid, version: 1, current_version: 1, deleted_at: null });
      expect([row.f_key, row.f_name, row.f_size, row.f_sha, row.f_uploader]).toEqual([row.r2_key, row.file_name, row.file_size, row.sha256, row.uploader_id]);
      expect(row.f_created).toBe(i === 1 ? REPLACED_AT : T0);
    }
    expect((await all<{ n: number }>("SELECT COUNT(*) AS n FROM archive_files"))[0]!.n).toBe(ARCHIVES.length);
  });

  it("recounts each unit's storage from the versions and keeps counts, search and requests", async () => {
    expect(await all("SELECT unit_kerja_id, bytes FROM unit_storage ORDER BY unit_kerja_id")).toEqual([
      { unit_kerja_id: 1, bytes: 3000 },
      { unit_kerja_id: 2, bytes: 7000 },
    ]);
    expect((await all<{ n: number }>("SELECT SUM(total) AS n FROM archive_counts"))[0]!.n).toBe(ARCHIVES.length);
    expect(await all("SELECT rowid FROM archives_fts WHERE archives_fts MATCH 'akreditasi'")).toHaveLength(1);
    expect(await all("SELECT status FROM access_requests")).toEqual([{ status: "APPROVED" }]);
  });

  it("0015: indexes existing documents under their uploader's name and counts the existing audit rows", async () => {
    // 'Staf FE' uploaded two of them; the word is in no title.
    expect(await all("SELECT rowid FROM archives_fts WHERE archives_fts MATCH '\"fe\"*'")).toHaveLength(2);
    await DB.prepare("INSERT INTO archives_fts (archives_fts) VALUES ('integrity-check')").run();
    const audit = (await all<{ n: number }>("SELECT COUNT(*) AS n FROM audit_logs"))[0]!.n;
    expect(await all("SELECT total FROM audit_log_counts WHERE dimension = 'all'")).toEqual([{ total: audit }]);
    expect(await all("SELECT value, total FROM audit_log_counts WHERE dimension = 'actor' AND value = '2'")).toEqual([
      { value: "2", total: (await all<{ n: number }>("SELECT COUNT(*) AS n FROM audit_logs WHERE actor_id = 2"))[0]!.n },
    ]);
  });

  it("0020–0021: every existing document waits for its text (its current file), and keeps no retention override", async () => {
    const texts = await all<{ status: string; current: number }>(
      "SELECT t.status, t.file_id = a.current_file_id AS current FROM archives a LEFT JOIN archive_texts t ON t.archive_id = a.id",
    );
    expect(texts).toEqual(ARCHIVES.map(() => ({ status: "PENDING", current: 1 })));
    expect(
      await all("SELECT id FROM archives WHERE retention_start_date IS NOT NULL OR retention_extended_until IS NOT NULL OR disposition_override IS NOT NULL OR archival_state IS NOT NULL"),
    ).toEqual([]);
  });

  it("0023: starts an empty outbox and no jobs; the first daily clock gives every existing document its retention row", async () => {
    expect(await all("SELECT key, value FROM site_state WHERE key IN ('events_dispatched', 'retention_checked_at') ORDER BY key")).toEqual([
      { key: "events_dispatched", value: 0 },
      { key: "retention_checked_at", value: 0 },
    ]);
    expect(await all("SELECT id FROM events")).toEqual([]);
    expect(await all("SELECT id FROM jobs")).toEqual([]);
    const ctx: ServiceContext = { ...jobContext({ ...testEnv, DB }, "queue"), db: createDb(DB), d1: DB };
    expect((await runSystemJob(ctx, "retention")).outcome).toBe("done");
    const states = await all<{ status: string; status_since: string | null }>("SELECT status, status_since FROM retention_states ORDER BY archive_id");
    expect(states).toHaveLength(ARCHIVES.length);
    expect(states.every((row) => row.status === "TANPA_KODE" && row.status_since !== null)).toBe(true);
    expect((await all<{ value: number }>("SELECT value FROM site_state WHERE key = 'retention_checked_at'"))[0]!.value).toBeGreaterThan(0);
  });

  it("0030: no user is a PPID officer, the PPID registers start empty, and a unit's official moves the public version", async () => {
    expect(await all("SELECT id FROM users WHERE ppid_role IS NOT NULL")).toEqual([]);
    for (const table of ["ppid_requests", "ppid_objections", "ppid_counters", "ppid_leave_days", "ppid_consequence_tests", "ppid_dip_entries"]) {
      expect(await all(`SELECT * FROM ${table}`), table).toEqual([]);
    }
    const version = async () => (await all<{ value: number }>("SELECT value FROM site_state WHERE key = 'public_version'"))[0]!.value;
    const before = await version();
    await DB.prepare("UPDATE unit_kerja SET nama_pejabat = 'Dr. Pejabat PPID' WHERE id = 1").run();
    expect(await version()).toBe(before + 1);
  });

  it("0031: the search job gives the existing documents' metadata words to the vocabulary, once", async () => {
    expect(await all("SELECT metadata_terms_after FROM search_stemmer")).toEqual([{ metadata_terms_after: 0 }]);
    expect(await all("SELECT term FROM search_terms WHERE term IN ('akreditasi', 'pengabdian')")).toEqual([]);
    const ctx: ServiceContext = { ...jobContext({ ...testEnv, DB }, "queue"), db: createDb(DB), d1: DB };
    expect((await runSystemJob(ctx, "search.restem")).outcome).toBe("done");
    expect(await all("SELECT term FROM search_terms WHERE term IN ('akreditasi', 'pengabdian') ORDER BY term")).toEqual([{ term: "akreditasi" }, { term: "pengabdian" }]);
    expect(await all("SELECT metadata_terms_after FROM search_stemmer")).toEqual([{ metadata_terms_after: null }]);
  });

  it("moves upload markers to staging and starts an empty deletion queue", async () => {
    expect(await all("SELECT r2_key, upload_id FROM file_staging ORDER BY r2_key")).toEqual([
      { r2_key: "archives/died", upload_id: "upload-1" },
      { r2_key: "archives/replaced", upload_id: null },
    ]);
    expect(await all("SELECT name FROM sqlite_master WHERE name = 'pending_uploads'")).toEqual([]);
    expect(await all("SELECT * FROM file_deletions")).toEqual([]);
  });

  it("serves the upgraded records through the app's own reads and writes: list, trash, restore", async () => {
    // The admin of the upgraded database (id 1), acting on it.
    const admin: CreatedUser = { id: 1, uuid: crypto.randomUUID(), username: "admin", fullName: "Admin", role: "Super Admin", unitKerjaId: null, password: "" };
    const ctx = { ...(await serviceContext(admin)), db: createDb(DB), d1: DB };
    const total = async () => (await listDocuments(ctx, parseListQuery(new URLSearchParams()))).total;
    expect(await total()).toBe(ARCHIVES.length);
    await deleteDocument(ctx, ARCHIVES[0]!.uuid);
    expect(await total()).toBe(ARCHIVES.length - 1);
    expect(await all("SELECT rowid FROM archives_fts WHERE archives_fts MATCH 'kalender'")).toHaveLength(0);
    await restoreDocument(ctx, ARCHIVES[0]!.uuid);
    expect(await total()).toBe(ARCHIVES.length);
    expect(await all("SELECT rowid FROM archives_fts WHERE archives_fts MATCH 'kalender'")).toHaveLength(1);
  });
});
