import { beforeAll, describe, expect, it, vi } from "vitest";
import type { TombstoneView } from "~/domain/records";
import { documentDetailText } from "~/i18n/document-detail";
import { accessWorld, ownerDocument, type AccessWorld } from "../support/worker/access-requests";
import { expectJson, send } from "../support/worker/admin";
import { testEnv } from "../support/worker/env";
import { call, type SignedIn } from "../support/worker/http";

/**
 * Tombstones you can reach: a destroyed or purged record's old address answers 410 with what
 * remains of it — for Super Admin and its owning unit with when and how it left (the Berita
 * Acara that destroyed it, or who purged it from the trash); for anyone else only that a record
 * that was public is gone, and 404 for one that was not.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

type Gone = { message: string; error: string; tombstone: TombstoneView };

const detail = (session: SignedIn | null, uuid: string) => call(`/api/v1/archives/${uuid}`, { cookie: session?.cookie, ip: session?.ip });

/** Trashed by its owner, purged by Super Admin ('Hapus Permanen'). */
async function purged(accessLevel: "PRIVATE" | "PUBLIC") {
  const doc = await ownerDocument(world, accessLevel);
  await expectJson(await send(world.owner.session, "DELETE", `/api/v1/archives/${doc.uuid}`), 200);
  await expectJson(await send(world.admin.session, "DELETE", `/api/v1/trash/${doc.uuid}`), 200);
  return doc;
}

describe("a purged record", () => {
  it("answers 410 with its tombstone to Super Admin and its owning unit: title, number, when, purged from the trash by whom", async () => {
    const doc = await purged("PRIVATE");
    for (const session of [world.admin.session, world.owner.session, world.colleague.session]) {
      const body = await expectJson<Gone>(await detail(session, doc.uuid), 410);
      expect(body.message).toBe(documentDetailText.gone);
      expect(body.tombstone).toEqual({
        uuid: doc.uuid,
        title: doc.view.title,
        documentNumber: doc.view.documentNumber,
        year: doc.view.year,
        removal: {
          how: "PURGED",
          at: expect.any(String),
          by: `${world.admin.user.fullName} (${world.admin.user.username})`,
          deletedAt: expect.any(String),
          deletedBy: `${world.owner.user.fullName} (${world.owner.user.username})`,
          beritaAcara: null,
        },
      });
    }
  });

  it("answers 404 to anyone else for a record that was not public, as before", async () => {
    const doc = await purged("PRIVATE");
    for (const session of [world.requester.session, world.viewer.session, null]) {
      expect((await detail(session, doc.uuid)).status).toBe(404);
    }
  });

  it("answers 410 without the private details to anyone for a record that was public", async () => {
    const doc = await purged("PUBLIC");
    for (const session of [world.requester.session, world.viewer.session, null]) {
      const body = await expectJson<Gone>(await detail(session, doc.uuid), 410);
      expect(body.tombstone).toEqual({ uuid: doc.uuid, title: doc.view.title, documentNumber: doc.view.documentNumber, year: doc.view.year, removal: null });
    }
  });

  it("a record in the trash is not gone: 404 as before", async () => {
    const doc = await ownerDocument(world);
    await expectJson(await send(world.owner.session, "DELETE", `/api/v1/archives/${doc.uuid}`), 200);
    expect((await detail(world.admin.session, doc.uuid)).status).toBe(404);
  });
});

describe("a destroyed record", () => {
  it("names the Berita Acara it was destroyed under, linked to its PDF and its verification page", async () => {
    const now = new Date().toISOString();
    const list = crypto.randomUUID();
    const ba = crypto.randomUUID();
    const uuid = crypto.randomUUID();
    const number = `UM/2026/${String(Math.floor(Math.random() * 900) + 100)}`;
    await testEnv.DB.batch([
      testEnv.DB.prepare("INSERT INTO disposal_lists (uuid, kind, number, status, created_at, executed_at) VALUES (?, 'MUSNAH', ?, 'EXECUTED', ?, ?)").bind(list, number, now, now),
      testEnv.DB.prepare(
        `INSERT INTO berita_acara (uuid, list_id, kind, number, issued_on, place, item_count, list_sha256, r2_key, pdf_sha256, created_at)
         VALUES (?, (SELECT id FROM disposal_lists WHERE uuid = ?), 'PEMUSNAHAN', ?, '2026-11-20', 'Jakarta', 1, ?, ?, ?, ?)`,
      ).bind(ba, list, `BA/${number}`, "a".repeat(64), `berita-acara/${ba}.pdf`, "b".repeat(64), now),
      testEnv.DB.prepare(
        `INSERT INTO archive_tombstones (uuid, archive_id, title, document_number, year, access_level, category_id, unit_kerja_id, file_hashes, created_at, deleted_at,
           deleted_by_username, purged_at, purged_by_username, reason, berita_acara_id)
         VALUES (?, 999999, 'Surat Edaran Lama', 'SE/01/2010', 2010, 'PRIVATE', ?, ?, '[]', ?, ?, ?, ?, ?, 'DESTROYED', (SELECT id FROM berita_acara WHERE uuid = ?))`,
      ).bind(uuid, world.categoryId, world.ownerUnit.id, now, now, world.admin.user.username, now, world.admin.user.username, ba),
    ]);
    const body = await expectJson<Gone>(await detail(world.owner.session, uuid), 410);
    expect(body.tombstone.removal).toMatchObject({
      how: "DESTROYED",
      beritaAcara: { uuid: ba, number: `BA/${number}`, issuedOn: "2026-11-20", pdfUrl: `/app/berita-acara/${ba}/pdf`, verificationUrl: `/verifikasi/${ba}` },
    });
    expect((await detail(world.requester.session, uuid)).status).toBe(404);
  });
});
