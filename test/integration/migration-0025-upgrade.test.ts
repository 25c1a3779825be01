import { applyD1Migrations } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { testEnv } from "../support/worker/env";

/**
 * Migration 0025 on a database that holds data at 0022: work units, a code, documents and their
 * retention states. Every row stays as it was; the documents come out unfiled, at their unit and
 * not vital; no unit is the records centre; the new triggers keep a berkas's unit and code and
 * refuse to delete what a berkas uses.
 */

const DB = testEnv.ARCHIVAL_UPGRADE_DB;
const T0 = "2026-03-01T08:00:00.000Z";
const all = async <T = Record<string, unknown>,>(sql: string, ...values: unknown[]) => (await DB.prepare(sql).bind(...values).all<T>()).results;
const refusal = async (sql: string, ...values: unknown[]) => {
  try {
    await DB.prepare(sql).bind(...values).run();
    return null;
  } catch (error) {
    return String(error);
  }
};

let before: Record<string, unknown>[];

beforeAll(async () => {
  await applyD1Migrations(DB, testEnv.TEST_MIGRATIONS.filter((migration) => migration.name < "0025"));
  await DB.batch([
    DB.prepare("INSERT INTO categories (id, category_name) VALUES (1, 'Surat Keputusan')"),
    DB.prepare("INSERT INTO unit_kerja (id, nama, jenis, created_at, updated_at) VALUES (1, 'Fakultas Teknik', 'Fakultas', ?, ?), (2, 'Biro Umum', 'Biro', ?, ?)").bind(T0, T0, T0, T0),
    DB.prepare("INSERT INTO users (id, uuid, full_name, username, role_id, unit_kerja_id, created_at, updated_at) VALUES (1, ?, 'Staf', 'staf', 2, 1, ?, ?)").bind(crypto.randomUUID(), T0, T0),
    DB.prepare(
      `INSERT INTO classification_codes (id, code, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at)
       VALUES (1, 'KP', 'Kepegawaian', '', 'TERBATAS', 2, 5, 'MUSNAH', '', ?, ?), (2, 'PP', 'Perencanaan', '', 'TERBATAS', 2, 5, 'PERMANEN', '', ?, ?)`,
    ).bind(T0, T0, T0, T0),
    ...[1, 2].map((id) =>
      DB.prepare(
        `INSERT INTO archives (id, uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id,
           r2_key, file_name, file_size, mime_type, sha256, classification_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, 2015, 'Deskripsi', 'a', 'PRIVATE', 1, 1, 1, ?, 'f.pdf', 1000, 'application/pdf', ?, 1, ?, ?)`,
      ).bind(id, crypto.randomUUID(), `Dokumen ${id}`, `NO/${id}`, `archives/${id}`, "0".repeat(64), T0, T0),
    ),
    DB.prepare("INSERT INTO retention_states (archive_id, status, disposition, active_until, inactive_until, unit_kerja_id, refreshed_at) VALUES (1, 'JATUH_TEMPO', 'MUSNAH', '2017-12-31', '2022-12-31', 1, ?)").bind(T0),
  ]);
  before = await all("SELECT id, uuid, title, unit_kerja_id, classification_id FROM archives ORDER BY id");
  await applyD1Migrations(DB, testEnv.TEST_MIGRATIONS);
});

describe("migration 0025 on data", () => {
  it("keeps every document and state; nothing filed, moved, vital or a records centre", async () => {
    expect(await all("SELECT id, uuid, title, unit_kerja_id, classification_id FROM archives ORDER BY id")).toEqual(before);
    expect(await all("SELECT berkas_id, custody_unit_id FROM archives")).toEqual([
      { berkas_id: null, custody_unit_id: null },
      { berkas_id: null, custody_unit_id: null },
    ]);
    expect(await all("SELECT status FROM retention_states")).toEqual([{ status: "JATUH_TEMPO" }]);
    expect(await all("SELECT is_records_centre FROM unit_kerja ORDER BY id")).toEqual([{ is_records_centre: 0 }, { is_records_centre: 0 }]);
    for (const table of ["berkas", "transfers", "transfer_items", "vital_records", "vital_copies", "vital_drills"]) {
      expect(await all(`SELECT * FROM ${table}`)).toEqual([]);
    }
  });

  it("keeps a berkas to its unit and code, one records centre, and what a berkas uses", async () => {
    await DB.prepare("INSERT INTO berkas (id, number, title, classification_id, unit_kerja_id, created_at, updated_at) VALUES (1, '1', 'Berkas pegawai', 1, 1, ?, ?)").bind(T0, T0).run();
    expect(await refusal("UPDATE archives SET berkas_id = 1 WHERE id = 1")).toBeNull();
    // Another code, or another unit, cannot join it; a filed document cannot leave its code.
    await DB.prepare("UPDATE archives SET classification_id = 2 WHERE id = 2").run();
    expect(await refusal("UPDATE archives SET berkas_id = 1 WHERE id = 2")).toContain("BERKAS_MISMATCH");
    expect(await refusal("UPDATE archives SET classification_id = 2 WHERE id = 1")).toContain("BERKAS_MISMATCH");
    expect(await refusal("UPDATE berkas SET unit_kerja_id = 2 WHERE id = 1")).toContain("BERKAS_MISMATCH");
    expect(await refusal("DELETE FROM berkas WHERE id = 1")).toContain("BERKAS_IN_USE");
    expect(await refusal("DELETE FROM classification_codes WHERE id = 1")).toContain("CLASSIFICATION_IN_USE");
    expect(await refusal("DELETE FROM unit_kerja WHERE id = 2")).toBeNull();
    await DB.prepare("INSERT INTO unit_kerja (id, nama, jenis, is_records_centre, created_at, updated_at) VALUES (3, 'Arsip', 'Unit', 1, ?, ?)").bind(T0, T0).run();
    expect(await refusal("INSERT INTO unit_kerja (id, nama, jenis, is_records_centre, created_at, updated_at) VALUES (4, 'Arsip Dua', 'Unit', 1, ?, ?)", T0, T0)).toContain("UNIQUE");
  });
});
