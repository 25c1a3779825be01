import { applyD1Migrations } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { jobContext } from "~/server/context.server";
import { createDb } from "~/server/db/db.server";
import { moveLegacyTexts } from "~/server/text-extraction/service.server";
import { testEnv } from "../support/worker/env";

/**
 * Migration 0027 on a database that holds data at 0022/0026: documents whose texts are INDEXED
 * with their bodies in D1 (one of them in the trash), one waiting (PENDING), one without text.
 * After it, the contentless index finds every indexed text (the trashed one's too: reads leave it
 * out through the access rule), the bodies are still there for the snippets, and the cron's
 * backfill moves them to R2 (the index untouched); a text that waits again leaves the index and
 * its R2 object goes to the deletion queue.
 */

const DB = testEnv.TEXT_UPGRADE_DB;
const T0 = "2026-03-01T08:00:00.000Z";
const TEXTS = ["Keputusan rektor tentang kalender akademik", "Laporan pengabdian masyarakat desa mitra", "Memo yang sudah dibuang ke sampah"];

const all = async <T,>(query: string, ...values: unknown[]) => (await DB.prepare(query).bind(...values).all<T>()).results;
const matches = async (word: string) => (await all<{ rowid: number }>("SELECT rowid FROM archive_texts_fts WHERE archive_texts_fts MATCH ? ORDER BY rowid", word)).map((row) => row.rowid);

beforeAll(async () => {
  const migrations = testEnv.TEST_MIGRATIONS;
  await applyD1Migrations(DB, migrations.filter((migration) => migration.name < "0027"));
  await DB.batch([
    DB.prepare("INSERT INTO categories (id, category_name) VALUES (1, 'Surat Keputusan')"),
    DB.prepare(`INSERT INTO users (id, uuid, full_name, username, role_id, unit_kerja_id, created_at, updated_at) VALUES (1, ?, 'Admin', 'admin', 1, NULL, '${T0}', '${T0}')`).bind(crypto.randomUUID()),
    ...[1, 2, 3, 4, 5].flatMap((id) => [
      DB.prepare(
        `INSERT INTO archives (id, uuid, title, document_number, year, description, keywords, access_level, category_id, uploader_id, unit_kerja_id,
           r2_key, file_name, file_size, mime_type, sha256, created_at, updated_at)
         VALUES (?, ?, ?, ?, 2026, 'Deskripsi', 'a, b, c, d, e', 'PUBLIC', 1, 1, NULL, ?, 'f.pdf', 1000, 'application/pdf', ?, '${T0}', '${T0}')`,
      ).bind(id, crypto.randomUUID(), `Dokumen ${id}`, `NO/${id}`, `archives/${id}`, `${id}`.repeat(64)),
      DB.prepare(
        `INSERT INTO archive_files (id, archive_id, version, r2_key, file_name, file_size, mime_type, sha256, uploader_id, created_at)
         VALUES (?1, ?1, 1, ?2, 'f.pdf', 1000, 'application/pdf', ?3, 1, '${T0}')`,
      ).bind(id, `archives/${id}`, `${id}`.repeat(64)),
      DB.prepare("UPDATE archives SET current_file_id = ?1 WHERE id = ?1").bind(id),
    ]),
    // Texts as 0020/0022 stored them: the body in D1, the external-content index kept by triggers.
    ...TEXTS.map((body, index) =>
      DB.prepare(`INSERT INTO archive_texts (archive_id, file_id, status, body, queued_at, extracted_at) VALUES (?1, ?1, 'INDEXED', ?2, '${T0}', '${T0}')`).bind(index + 1, body),
    ),
    DB.prepare(`INSERT INTO archive_texts (archive_id, file_id, status, queued_at) VALUES (4, 4, 'PENDING', '${T0}')`),
    DB.prepare(`INSERT INTO archive_texts (archive_id, file_id, status, queued_at, extracted_at) VALUES (5, 5, 'NO_TEXT', '${T0}', '${T0}')`),
    DB.prepare(`UPDATE archives SET deleted_at = '${T0}', deleted_by = 1 WHERE id = 3`),
  ]);
  expect(await all("SELECT rowid FROM archive_texts_fts WHERE archive_texts_fts MATCH 'sampah'")).toEqual([]);
  await applyD1Migrations(DB, migrations);
});

describe("0027: the texts leave the catalogue", () => {
  it("indexes every INDEXED text in the contentless index, the trashed one too, and keeps the bodies until they move", async () => {
    expect(await matches("rektor")).toEqual([1]);
    expect(await matches("pengabdian AND desa")).toEqual([2]);
    expect(await matches("sampah")).toEqual([3]);
    expect(await matches('"kalender akademik"')).toEqual([1]);
    const rows = await all<{ archive_id: number; status: string; body: string; text_key: string | null }>("SELECT archive_id, status, body, text_key FROM archive_texts ORDER BY archive_id");
    expect(rows.map((row) => [row.status, row.body, row.text_key])).toEqual([
      ["INDEXED", TEXTS[0], null],
      ["INDEXED", TEXTS[1], null],
      ["INDEXED", TEXTS[2], null],
      ["PENDING", "", null],
      ["NO_TEXT", "", null],
    ]);
    expect((await all<{ refill: string }>("SELECT refill FROM fts_refill WHERE fts_table = 'archive_texts_fts'"))[0]!.refill).toMatch(/^UPDATE archive_texts SET status = 'PENDING'/);
  });

  it("the backfill moves the bodies to R2 without touching the index; a text waiting again leaves the index and R2", async () => {
    const ctx = { ...jobContext(testEnv, "text-extraction"), db: createDb(DB), d1: DB };
    const publicVersion = async () => (await all<{ value: number }>("SELECT value FROM site_state WHERE key = 'public_version'"))[0]!.value;
    const version = await publicVersion();
    expect(await moveLegacyTexts(ctx)).toBe(3);
    // Where a text is kept changes nothing visitors see: the public pages' cache key stays.
    expect(await publicVersion()).toBe(version);
    expect(await moveLegacyTexts(ctx)).toBe(0);
    const rows = await all<{ archive_id: number; body: string; text_key: string }>("SELECT archive_id, body, text_key FROM archive_texts WHERE status = 'INDEXED' ORDER BY archive_id");
    for (const [index, row] of rows.entries()) {
      expect(row.body).toBe("");
      expect(await (await testEnv.FILES.get(row.text_key))?.text()).toBe(TEXTS[index]);
    }
    expect(await matches("rektor")).toEqual([1]);

    await DB.prepare("UPDATE archive_texts SET status = 'PENDING', text_key = NULL WHERE archive_id = 1").run();
    expect(await matches("rektor")).toEqual([]);
    expect(await all("SELECT r2_key FROM file_deletions")).toEqual([{ r2_key: rows[0]!.text_key }]);
    await DB.prepare("INSERT INTO archive_texts_fts (archive_texts_fts, rank) VALUES ('integrity-check', 0)").run();
  });
});
