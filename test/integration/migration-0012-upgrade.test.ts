import { applyD1Migrations } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { testEnv } from "../support/worker/env";

/**
 * Migration 0012 on a database that already holds data: the OAI-PMH records come from what the
 * database knows — live PUBLIC documents (dated by their last change), documents that were public
 * once and are not now (trashed, or made private: the audit log says so), and purged documents
 * that were public (their tombstones). A document that never was public gets no record. The
 * triggers work from then on.
 */

const DB = testEnv.OAI_UPGRADE_DB;
const T0 = "2026-03-01T08:00:00.000Z";
const CHANGED = "2026-04-02T09:15:30.250Z";
const TRASHED = "2026-05-03T10:00:00.000Z";
const PURGED = "2026-06-04T11:00:00.000Z";

const uuid = () => crypto.randomUUID();
const DOCS = {
  livePublic: uuid(),
  neverPublic: uuid(),
  oncePublicNowPrivate: uuid(),
  trashedPublic: uuid(),
};
const TOMBSTONES = { purgedPublic: uuid(), purgedOncePublic: uuid(), purgedNeverPublic: uuid() };

beforeAll(async () => {
  const migrations = testEnv.TEST_MIGRATIONS;
  await applyD1Migrations(DB, migrations.filter((migration) => migration.name < "0012"));
  const archive = (id: string, access: "PUBLIC" | "PRIVATE", updatedAt: string, deletedAt: string | null) =>
    DB.prepare(
      `INSERT INTO archives (uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id,
         r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at, deleted_at)
       VALUES (?, 'Dokumen', ?, 2026, 'Deskripsi', 'a, b', ?, 1, 1, 1, ?, 'f.pdf', 10, 'application/pdf', ?, ?, ?, ?)`,
    ).bind(id, `NO/${id.slice(0, 8)}`, access, `archives/${id}`, "0".repeat(64), T0, updatedAt, deletedAt);
  const tombstone = (id: string, access: "PUBLIC" | "PRIVATE") =>
    DB.prepare(
      `INSERT INTO archive_tombstones (uuid, archive_id, title, document_number, year, access_level, category_id, unit_kerja_id, file_hashes,
         created_at, deleted_at, purged_at, reason)
       VALUES (?, 999, 'Dihapus', 'NO/x', 2025, ?, 1, 1, '[]', ?, ?, ?, 'PURGED')`,
    ).bind(id, access, T0, TRASHED, PURGED);
  const created = (id: string, accessLevel: string) =>
    DB.prepare(
      `INSERT INTO audit_logs (created_at, action, message, details, target_type, target_id) VALUES (?, 'DOCUMENT_CREATE', 'Dokumen diunggah', ?, 'archive', ?)`,
    ).bind(T0, JSON.stringify({ accessLevel }), id);
  await DB.batch([
    DB.prepare("INSERT INTO categories (id, category_name) VALUES (1, 'Surat Keputusan')"),
    DB.prepare(`INSERT INTO unit_kerja (id, nama, jenis, created_at, updated_at) VALUES (1, 'Fakultas Teknik', 'Fakultas', '${T0}', '${T0}')`),
    DB.prepare(`INSERT INTO users (id, uuid, full_name, username, role_id, unit_kerja_id, created_at, updated_at) VALUES (1, '${uuid()}', 'Staf', 'staf', 2, 1, '${T0}', '${T0}')`),
    archive(DOCS.livePublic, "PUBLIC", CHANGED, null),
    archive(DOCS.neverPublic, "PRIVATE", CHANGED, null),
    archive(DOCS.oncePublicNowPrivate, "PRIVATE", CHANGED, null),
    archive(DOCS.trashedPublic, "PUBLIC", CHANGED, TRASHED),
    created(DOCS.neverPublic, "PRIVATE"),
    created(DOCS.oncePublicNowPrivate, "PUBLIC"),
    tombstone(TOMBSTONES.purgedPublic, "PUBLIC"),
    tombstone(TOMBSTONES.purgedOncePublic, "PRIVATE"),
    created(TOMBSTONES.purgedOncePublic, "PUBLIC"),
    tombstone(TOMBSTONES.purgedNeverPublic, "PRIVATE"),
  ]);
  await applyD1Migrations(DB, migrations);
});

const records = async () =>
  new Map(
    (await DB.prepare("SELECT uuid, datestamp, deleted, category_id, unit_kerja_id FROM oai_records").all<{ uuid: string; datestamp: string; deleted: number }>()).results.map(
      (row) => [row.uuid, row],
    ),
  );

describe("migration 0012 on a database with documents, a trash and tombstones", () => {
  it("makes a record of every document that was public once, and of none other", async () => {
    const rows = await records();
    expect(rows.get(DOCS.livePublic)).toMatchObject({ deleted: 0, datestamp: "2026-04-02T09:15:30Z", category_id: 1, unit_kerja_id: 1 });
    expect(rows.get(DOCS.oncePublicNowPrivate)).toMatchObject({ deleted: 1, datestamp: "2026-04-02T09:15:30Z" });
    expect(rows.get(DOCS.trashedPublic)).toMatchObject({ deleted: 1, datestamp: "2026-05-03T10:00:00Z" });
    expect(rows.get(TOMBSTONES.purgedPublic)).toMatchObject({ deleted: 1, datestamp: "2026-06-04T11:00:00Z" });
    expect(rows.get(TOMBSTONES.purgedOncePublic)).toMatchObject({ deleted: 1 });
    expect(rows.has(DOCS.neverPublic)).toBe(false);
    expect(rows.has(TOMBSTONES.purgedNeverPublic)).toBe(false);
    expect(rows.size).toBe(5);
  });

  it("keeps them from then on: a change moves the datestamp, making it private deletes it", async () => {
    await DB.prepare("UPDATE archives SET title = 'Judul Baru' WHERE uuid = ?").bind(DOCS.livePublic).run();
    expect((await records()).get(DOCS.livePublic)).toMatchObject({ deleted: 0 });
    expect((await records()).get(DOCS.livePublic)!.datestamp > "2026-04-02T09:15:30Z").toBe(true);
    await DB.prepare("UPDATE archives SET access_level = 'PRIVATE', security_class = 'TERBATAS' WHERE uuid = ?").bind(DOCS.livePublic).run();
    expect((await records()).get(DOCS.livePublic)).toMatchObject({ deleted: 1 });
    await DB.prepare("UPDATE archives SET access_level = 'PUBLIC', security_class = 'BIASA' WHERE uuid = ?").bind(DOCS.neverPublic).run();
    expect((await records()).get(DOCS.neverPublic)).toMatchObject({ deleted: 0 });
  });
});
