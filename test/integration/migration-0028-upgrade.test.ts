import { applyD1Migrations } from "cloudflare:test";
import { beforeAll, expect, it } from "vitest";
import { testEnv } from "../support/worker/env";

/**
 * Migration 0028 on a database that holds data at 0027: the retention cards' trigger-kept counts
 * start from the retention states and the destroyed records' tombstones already there, and follow
 * every later insert, status change and delete (the daily refresh's upsert rewriting a row with
 * the same status moves nothing).
 */

const DB = testEnv.RETENTION_UPGRADE_DB;
const T0 = "2026-03-01T08:00:00.000Z";
const uuid = () => crypto.randomUUID();

const counts = async () =>
  Object.fromEntries((await DB.prepare("SELECT status, total FROM retention_counts WHERE total <> 0").all<{ status: string; total: number }>()).results.map((row) => [row.status, row.total]));

beforeAll(async () => {
  const migrations = testEnv.TEST_MIGRATIONS;
  await applyD1Migrations(DB, migrations.filter((migration) => migration.name < "0028"));
  const archive = (id: number) =>
    DB.prepare(
      `INSERT INTO archives (id, uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id,
         r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at)
       VALUES (?, ?, 'Dokumen', ?, 2020, 'Deskripsi', 'a, b', 'PRIVATE', 1, 1, 1, ?, 'f.pdf', 10, 'application/pdf', ?, ?, ?)`,
    ).bind(id, uuid(), `NO/${id}`, `archives/${id}`, "0".repeat(64), T0, T0);
  const state = (id: number, status: string) =>
    DB.prepare("INSERT INTO retention_states (archive_id, status, unit_kerja_id, refreshed_at) VALUES (?, ?, 1, ?)").bind(id, status, T0);
  const tombstone = (reason: string) =>
    DB.prepare(
      `INSERT INTO archive_tombstones (uuid, archive_id, title, document_number, year, access_level, category_id, unit_kerja_id, file_hashes,
         created_at, deleted_at, purged_at, reason)
       VALUES (?, 999, 'Dihapus', 'NO/x', 2020, 'PRIVATE', 1, 1, '[]', ?, ?, ?, ?)`,
    ).bind(uuid(), T0, T0, T0, reason);
  await DB.batch([
    DB.prepare("INSERT INTO categories (id, category_name) VALUES (1, 'Surat Keputusan')"),
    DB.prepare(`INSERT INTO unit_kerja (id, nama, jenis, created_at, updated_at) VALUES (1, 'Fakultas Teknik', 'Fakultas', '${T0}', '${T0}')`),
    DB.prepare(`INSERT INTO users (id, uuid, full_name, username, role_id, unit_kerja_id, created_at, updated_at) VALUES (1, '${uuid()}', 'Staf', 'staf', 2, 1, '${T0}', '${T0}')`),
    ...[1, 2, 3, 4, 5].map(archive),
    state(1, "AKTIF"),
    state(2, "AKTIF"),
    state(3, "JATUH_TEMPO"),
    state(4, "TANPA_KODE"),
    tombstone("DESTROYED"),
    tombstone("DESTROYED"),
    tombstone("PURGED"),
  ]);
  await applyD1Migrations(DB, migrations.filter((migration) => migration.name.startsWith("0028")));
});

it("starts from the states and tombstones already there", async () => {
  expect(await counts()).toEqual({ AKTIF: 2, JATUH_TEMPO: 1, TANPA_KODE: 1, DIMUSNAHKAN: 2 });
});

it("follows every insert, status change and delete; an upsert keeping the status moves nothing", async () => {
  const upsert = (id: number, status: string) =>
    DB.prepare(
      `INSERT INTO retention_states (archive_id, status, unit_kerja_id, refreshed_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (archive_id) DO UPDATE SET status = excluded.status, refreshed_at = excluded.refreshed_at`,
    ).bind(id, status, T0);
  await DB.batch([upsert(5, "DITAHAN"), upsert(1, "AKTIF"), upsert(2, "INAKTIF"), DB.prepare("DELETE FROM retention_states WHERE archive_id = 3")]);
  expect(await counts()).toEqual({ AKTIF: 1, INAKTIF: 1, DITAHAN: 1, TANPA_KODE: 1, DIMUSNAHKAN: 2 });
  // A purge of the document takes its state with it (ON DELETE CASCADE), and a destruction adds a tombstone.
  await DB.batch([
    DB.prepare("DELETE FROM archive_files WHERE archive_id = 4"),
    DB.prepare("DELETE FROM archives WHERE id = 4"),
    DB.prepare(
      `INSERT INTO archive_tombstones (uuid, archive_id, title, document_number, year, access_level, category_id, unit_kerja_id, file_hashes,
         created_at, deleted_at, purged_at, reason) VALUES (?, 4, 'Dokumen', 'NO/4', 2020, 'PRIVATE', 1, 1, '[]', ?, ?, ?, 'DESTROYED')`,
    ).bind(uuid(), T0, T0, T0),
  ]);
  expect(await counts()).toEqual({ AKTIF: 1, INAKTIF: 1, DITAHAN: 1, DIMUSNAHKAN: 3 });
  const [kept, counted] = await DB.batch<{ status: string; n: number }>([
    DB.prepare("SELECT status, total AS n FROM retention_counts WHERE total <> 0 AND status <> 'DIMUSNAHKAN' ORDER BY status"),
    DB.prepare("SELECT status, COUNT(*) AS n FROM retention_states GROUP BY status ORDER BY status"),
  ]);
  expect(kept!.results).toEqual(counted!.results);
});
