import { beforeAll, describe, expect, it, vi } from "vitest";
import { accessWorld, type AccessWorld } from "../support/worker/access-requests";
import { testEnv } from "../support/worker/env";
import { call, unique, type SignedIn } from "../support/worker/http";
import { schemaProblems } from "../support/worker/xmllint";

/**
 * The EAD 2002 export for SIKN: `GET /api/v1/export/ead` validates against the Library of
 * Congress's ead.xsd (vendored, checked with Debian's xmllint) for an empty, a one-item and a
 * 500-item export, groups documents by berkas, and never carries a record that is not BIASA.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let world: AccessWorld;
const now = () => new Date().toISOString();

/** A classification code of its own (every selection below is one code's subtree). */
async function newCode(): Promise<{ id: number; code: string }> {
  const code = unique("EAD").replace(/[^A-Za-z0-9]/g, "").toUpperCase().slice(-10);
  const row = await testEnv.DB.prepare(
    `INSERT INTO classification_codes (code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at)
     VALUES (?, NULL, ?, '', 'BIASA', 2, 5, 'PERMANEN', 'PP 28/2012', ?, ?) RETURNING id`,
  )
    .bind(code, `Kode ${code} & lain-lain`, now(), now())
    .first<{ id: number }>();
  return { id: row!.id, code };
}

/**
 * `count` documents inserted in one statement (a recursive series), filed under `code`, Statis;
 * `biasa` decides PUBLIC/BIASA or PRIVATE/TERBATAS. Returns their uuids.
 */
async function insertDocuments(code: { id: number }, count: number, biasa: boolean, berkasId: number | null = null): Promise<string[]> {
  const tag = unique("ead");
  await testEnv.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO archives (uuid, title, document_number, year, description, keywords, access_level, security_class, category_id, uploader_id, unit_kerja_id,
       r2_key, file_name, file_size, mime_type, sha256, classification_id, archival_state, berkas_id, created_at, updated_at)
     SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
       ? || ' arsip <' || i || '> & "kutip"', 'NO/' || ? || '/' || i, 2000 + (i % 20), 'Deskripsi ' || i, 'satu, dua', ?, ?, ?, ?, ?,
       'archives/' || ? || '/' || i, 'f.pdf', 2048, 'application/pdf', ?, ?, 'STATIS', ?, ?, ?
     FROM n`,
  )
    .bind(count, tag, tag, biasa ? "PUBLIC" : "PRIVATE", biasa ? "BIASA" : "TERBATAS", world.categoryId, world.owner.user.id, world.ownerUnit.id, tag, "0".repeat(64), code.id, berkasId, now(), now())
    .run();
  const { results } = await testEnv.DB.prepare("SELECT uuid FROM archives WHERE document_number LIKE ? ORDER BY id").bind(`NO/${tag}/%`).all<{ uuid: string }>();
  return results.map((row) => row.uuid);
}

async function exportEad(session: SignedIn | null, query: string): Promise<Response> {
  return call(`/api/v1/export/ead${query}`, { cookie: session?.cookie, ip: session?.ip });
}

async function validEad(query: string): Promise<string> {
  const response = await exportEad(world.admin.session, query);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  expect(response.headers.get("content-disposition")).toContain("attachment");
  const xml = await response.text();
  expect(await schemaProblems(xml, "ead"), xml.slice(0, 3000)).toEqual([]);
  return xml;
}

const items = (xml: string) => xml.match(/<c level="item"/g)?.length ?? 0;

beforeAll(async () => {
  world = await accessWorld();
});

describe("EAD 2002 validates against ead.xsd", () => {
  it("an empty export", async () => {
    const code = await newCode();
    // The check itself can fail: a document without its header is refused.
    expect(await schemaProblems('<ead xmlns="urn:isbn:1-931666-22-9"/>', "ead")).not.toEqual([]);
    const xml = await validEad(`?klasifikasi=${code.code}`);
    expect(items(xml)).toBe(0);
    expect(xml).toContain('xmlns="urn:isbn:1-931666-22-9"');
    expect(xml).toContain('<archdesc level="fonds">');
  });

  it("a one-item export: the berkas as a file, the document as an item, ISAD(G)'s mandatory elements", async () => {
    const code = await newCode();
    const berkas = await testEnv.DB.prepare(
      "INSERT INTO berkas (number, title, classification_id, unit_kerja_id, created_at, updated_at) VALUES ('7', 'Rencana Strategis 2019', ?, ?, ?, ?) RETURNING id",
    )
      .bind(code.id, world.ownerUnit.id, now(), now())
      .first<{ id: number }>();
    const [uuid] = await insertDocuments(code, 1, true, berkas!.id);
    const xml = await validEad(`?berkas=${berkas!.id}`);
    expect(items(xml)).toBe(1);
    expect(xml.match(/<c level="file"/g)?.length).toBe(1);
    expect(xml).toContain(uuid!);
    // Reference code, title, dates (normalised), extent, creator, appraisal, access.
    expect(xml).toContain(`>${code.code}/7</unitid>`);
    expect(xml).toContain("<unittitle>Rencana Strategis 2019</unittitle>");
    expect(xml).toMatch(/<unitdate normal="\d{4}"/);
    expect(xml).toContain("<extent>1 item</extent>");
    expect(xml).toContain(`<corpname>${world.ownerUnit.nama}</corpname>`);
    expect(xml).toContain("aktif 2 tahun, inaktif 5 tahun, keterangan akhir permanen. Dasar: PP 28/2012.");
    expect(xml).toContain("Biasa/Terbuka");
  });

  it("a paper record (no digital file) is described as one physical item, still valid", async () => {
    const code = await newCode();
    const [paper, digital] = await insertDocuments(code, 2, true);
    // As an import of a line without a file leaves it: the copy of a file's columns empty.
    await testEnv.DB.prepare("UPDATE archives SET r2_key = 'no-file/' || uuid, file_name = '', file_size = 0, mime_type = '', sha256 = '' WHERE uuid = ?").bind(paper).run();
    const xml = await validEad(`?klasifikasi=${code.code}`);
    const itemOf = (uuid: string) => xml.slice(xml.indexOf(uuid), xml.indexOf("</did>", xml.indexOf(uuid)));
    expect(itemOf(paper!)).toContain("<physdesc><extent>1 arsip fisik</extent></physdesc>");
    expect(itemOf(digital!)).toContain("<extent>1 berkas elektronik</extent>");
  });

  it("a 500-item export, and never a record that is not BIASA (default scope statis too)", async () => {
    const code = await newCode();
    const open = await insertDocuments(code, 500, true);
    const closed = await insertDocuments(code, 5, false);
    const started = performance.now();
    const xml = await validEad(`?klasifikasi=${code.code}`);
    console.info(`EAD export, 500 items: ${xml.length} characters; export and xmllint ${(performance.now() - started).toFixed(0)} ms`);
    expect(items(xml)).toBe(500);
    for (const uuid of [open[0]!, open[499]!]) expect(xml).toContain(uuid);
    for (const uuid of closed) expect(xml).not.toContain(uuid);
    // Escaped titles, not broken XML.
    expect(xml).toContain("arsip &lt;1&gt; &amp; &quot;kutip&quot;");

    const statis = await validEad("");
    expect(items(statis)).toBeGreaterThanOrEqual(500);
    for (const uuid of closed) expect(statis).not.toContain(uuid);
    const { results } = await testEnv.DB.prepare("SELECT details FROM audit_logs WHERE action = 'EAD_EXPORT' AND actor_id = ? ORDER BY id").bind(world.admin.user.id).all<{ details: string }>();
    expect(results.map((row) => JSON.parse(row.details).items)).toContain(500);
  });
});

describe("who may export", () => {
  it("Super Admin only; a selection names one scope", async () => {
    expect((await exportEad(world.owner.session, "")).status).toBe(403);
    expect((await exportEad(world.viewer.session, "")).status).toBe(403);
    expect((await exportEad(null, "")).status).toBe(401);
    expect((await exportEad(world.admin.session, "?berkas=999999999")).status).toBe(404);
    expect((await exportEad(world.admin.session, "?berkas=1&klasifikasi=PP")).status).toBe(400);
  });
});
