import { applyD1Migrations } from "cloudflare:test";
import { beforeAll, expect, it } from "vitest";
import { testEnv } from "../support/worker/env";

/**
 * Migration 0032 on a database that holds documents at 0031: each keeps every column as it was
 * and gains 'Lokasi Simpan' as NULL (not recorded); the search index still finds it, and a
 * physical location can be written afterwards. (This file's own empty database: every
 * integration file starts from empty storage.)
 */

const DB = testEnv.UPGRADE_DB;
const T0 = "2026-03-01T08:00:00.000Z";

beforeAll(async () => {
  const migrations = testEnv.TEST_MIGRATIONS;
  await applyD1Migrations(DB, migrations.filter((migration) => migration.name < "0032"));
  const archive = (id: number) =>
    DB.prepare(
      `INSERT INTO archives (id, uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id,
         r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at)
       VALUES (?, ?, ?, ?, 2020, 'Deskripsi', 'a, b', 'PRIVATE', 1, 1, 1, ?, 'f.pdf', 10, 'application/pdf', ?, ?, ?)`,
    ).bind(id, crypto.randomUUID(), `Surat Keputusan Nomor ${id}`, `NO/${id}`, `archives/${id}`, "0".repeat(64), T0, T0);
  await DB.batch([
    DB.prepare("INSERT INTO categories (id, category_name) VALUES (1, 'Surat Keputusan')"),
    DB.prepare(`INSERT INTO unit_kerja (id, nama, jenis, created_at, updated_at) VALUES (1, 'Fakultas Teknik', 'Fakultas', '${T0}', '${T0}')`),
    DB.prepare(`INSERT INTO users (id, uuid, full_name, username, role_id, unit_kerja_id, created_at, updated_at) VALUES (1, '${crypto.randomUUID()}', 'Staf', 'staf', 2, 1, '${T0}', '${T0}')`),
    archive(1),
    archive(2),
  ]);
  await applyD1Migrations(DB, migrations.filter((migration) => migration.name.startsWith("0032")));
});

it("keeps the documents as they were, with no physical location recorded", async () => {
  const { results } = await DB.prepare("SELECT id, title, document_number, physical_location FROM archives ORDER BY id").all();
  expect(results).toEqual([
    { id: 1, title: "Surat Keputusan Nomor 1", document_number: "NO/1", physical_location: null },
    { id: 2, title: "Surat Keputusan Nomor 2", document_number: "NO/2", physical_location: null },
  ]);
});

it("takes a physical location afterwards, and the search index is untouched", async () => {
  await DB.prepare("UPDATE archives SET physical_location = 'Gedung A, Rak 3, Boks 12' WHERE id = 2").run();
  expect((await DB.prepare("SELECT physical_location FROM archives WHERE id = 2").first<{ physical_location: string }>())!.physical_location).toBe("Gedung A, Rak 3, Boks 12");
  const found = await DB.prepare("SELECT rowid FROM archives_fts WHERE archives_fts MATCH 'keputusan' ORDER BY rowid").all<{ rowid: number }>();
  expect(found.results.map((row) => row.rowid)).toEqual([1, 2]);
});
