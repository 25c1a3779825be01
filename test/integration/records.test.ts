import { beforeAll, describe, expect, it, vi } from "vitest";
import { walkAuditChain } from "~/server/audit/integrity.server";
import { sealAuditChain } from "~/server/audit/chain.server";
import { createDb } from "~/server/db/db.server";
import { getDashboard } from "~/server/statistics/service.server";
import { sitemapPart, SITEMAP_ID_SPAN } from "~/server/documents/sitemap.server";
import { getPublicDocument, listDocuments } from "~/server/documents/service.server";
import { purgeExpiredTrash } from "~/server/documents/trash.server";
import { parseListQuery } from "~/domain/document-schemas";
import { recordMessages } from "~/i18n/records";
import { documentDetailText } from "~/i18n/document-detail";
import { accessWorld, approvedRequest, askAccess, getWith, ownerDocument, type AccessWorld } from "../support/worker/access-requests";
import { serviceContext, testClock, testJobContext } from "../support/worker/context";
import { archiveRow, auditRowsFor, downloadBytes, expectError, r2Keys, sendMultipart, type DocumentView } from "../support/worker/documents";
import { testEnv } from "../support/worker/env";
import { call, type SignedIn } from "../support/worker/http";
import { formBody, pdfBytes, sha256Hex } from "../support/worker/multipart";

/**
 * Records keep their history: a deleted document goes to the trash and is gone from every
 * reader until it is restored; replacing a file adds a version whose predecessors stay
 * downloadable; purging leaves a tombstone and the audit trail, and its files leave R2.
 */

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let world: AccessWorld;
beforeAll(async () => {
  world = await accessWorld();
});

const as = (session: SignedIn | null) => ({ cookie: session?.cookie, ip: session?.ip, csrfToken: session?.csrfToken });
const json = async <T,>(response: Response) => {
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as T;
};
const trash = (session: SignedIn, uuid: string) => call(`/api/v1/archives/${uuid}`, { method: "DELETE", ...as(session) });
const restore = (session: SignedIn, uuid: string) => call(`/api/v1/archives/${uuid}/restore`, { method: "POST", ...as(session) });
const purge = (session: SignedIn, uuid: string) => call(`/api/v1/trash/${uuid}`, { method: "DELETE", ...as(session) });
const trashList = (session: SignedIn | null, query = "") => call(`/api/v1/trash${query}`, as(session));
const addVersion = (session: SignedIn, uuid: string, data: Uint8Array, note?: string) =>
  sendMultipart(`/api/v1/archives/${uuid}/file`, session, formBody(note ? { note } : {}, { filename: "versi.pdf", data, contentType: "application/pdf" }));

type Reader = { name: string; sees: (doc: { uuid: string; title: string; word: string }) => Promise<boolean> };

/**
 * Every reader of documents, by name. Each answers whether it shows the document: a trashed one
 * must be absent from all of them, and present again after a restore.
 */
const READERS: Reader[] = [
  { name: "API list (signed in)", sees: async (doc) => (await json<{ data: DocumentView[] }>(await call("/api/v1/archives?size=50", as(world.admin.session)))).data.some((d) => d.uuid === doc.uuid) },
  { name: "API list (visitor, PUBLIC)", sees: async (doc) => (await json<{ data: DocumentView[] }>(await call("/api/v1/archives?size=50"))).data.some((d) => d.uuid === doc.uuid) },
  { name: "API list by category", sees: async (doc) => (await json<{ data: DocumentView[] }>(await call(`/api/v1/archives/category/${world.categoryId}?size=50`, as(world.admin.session)))).data.some((d) => d.uuid === doc.uuid) },
  { name: "search (q)", sees: async (doc) => (await json<{ data: DocumentView[] }>(await call(`/api/v1/archives?q=${doc.word}`, as(world.admin.session)))).data.some((d) => d.uuid === doc.uuid) },
  { name: "search total", sees: async (doc) => (await json<{ total: number }>(await call(`/api/v1/archives?q=${doc.word}`, as(world.admin.session)))).total > 0 },
  { name: "API detail", sees: async (doc) => (await call(`/api/v1/archives/${doc.uuid}`, as(world.admin.session))).status === 200 },
  { name: "download", sees: async (doc) => (await call(`/api/v1/archives/${doc.uuid}/download`, as(world.admin.session))).status === 200 },
  { name: "versions", sees: async (doc) => (await call(`/api/v1/archives/${doc.uuid}/versions`, as(world.admin.session))).status === 200 },
  {
    name: "category count (statistics, chart, dashboard)",
    sees: async () => {
      const stats = await json<{ archivesByCategory: { categoryName: string; count: number }[] }>(await call("/api/v1/statistics", as(world.admin.session)));
      return stats.archivesByCategory.some((category) => category.count > 0 && category.categoryName === categoryName);
    },
  },
  { name: "latest-5 panel", sees: async (doc) => (await getDashboard(await serviceContext(world.admin.user))).latestDocuments.some((d) => d.uuid === doc.uuid) },
  { name: "public list (edge-cached page)", sees: async (doc) => (await listDocuments(await serviceContext(null), parseListQuery(new URLSearchParams("size=50")), { publicOnly: true })).data.some((d) => d.uuid === doc.uuid) },
  { name: "public document page", sees: async (doc) => getPublicDocument(await serviceContext(null), doc.uuid).then(() => true, () => false) },
  {
    name: "sitemap",
    sees: async (doc) => {
      const row = (await archiveRow(doc.uuid))!;
      return (await sitemapPart({ db: createDb(testEnv.DB) }, Math.ceil(row.id / SITEMAP_ID_SPAN))).some((entry) => entry.uuid === doc.uuid);
    },
  },
  { name: "access-request creation", sees: async (doc) => (await askAccess(world.stranger.session, doc.uuid)).status !== 404 },
];

let categoryName: string;

describe("the trash", () => {
  it("a trashed document is absent from every reader, and present again after a restore", async () => {
    categoryName = (await testEnv.DB.prepare("SELECT category_name FROM categories WHERE id = ?").bind(world.categoryId).first<{ category_name: string }>())!.category_name;
    const word = `temulawak${crypto.randomUUID().replace(/[^a-f]/g, "").slice(0, 6)}`;
    const title = `Arsip publik ${word}`;
    const { uuid } = await ownerDocument(world, "PUBLIC", title);
    // The one document of this category: its count is the category's count.
    const doc = { uuid, title, word };
    const versionBefore = (await testEnv.DB.prepare("SELECT value FROM site_state WHERE key = 'public_version'").first<{ value: number }>())!.value;

    for (const reader of READERS) expect(await reader.sees(doc), `${reader.name} before`).toBe(true);
    expect((await trash(world.owner.session, uuid)).status).toBe(200);
    for (const reader of READERS) expect(await reader.sees(doc), `${reader.name} while trashed`).toBe(false);
    // Public pages are cached under the public version: the trash moved it on.
    expect((await testEnv.DB.prepare("SELECT value FROM site_state WHERE key = 'public_version'").first<{ value: number }>())!.value).toBeGreaterThan(versionBefore);

    expect((await restore(world.owner.session, uuid)).status).toBe(200);
    for (const reader of READERS) expect(await reader.sees(doc), `${reader.name} after restore`).toBe(true);
    expect((await auditRowsFor(uuid)).map((row) => row.action)).toEqual(expect.arrayContaining(["DOCUMENT_TRASH", "DOCUMENT_RESTORE"]));
  });

  it("lists who deleted what and when; Super Admin sees all, Satuan Kerja its unit's, Viewer and visitors nothing", async () => {
    const { uuid, view } = await ownerDocument(world);
    await trash(world.owner.session, uuid);
    type Page = { data: { uuid: string; deletedBy: string; purgeAt: string; deletedAt: string; canRestore: boolean; canPurge: boolean }[]; total: number };
    const forAdmin = await json<Page>(await trashList(world.admin.session, `?q=${encodeURIComponent(view.documentNumber)}`));
    expect(forAdmin.data).toEqual([expect.objectContaining({ uuid, deletedBy: world.owner.user.fullName, canRestore: true, canPurge: true })]);
    const entry = forAdmin.data[0]!;
    expect(Date.parse(entry.purgeAt) - Date.parse(entry.deletedAt)).toBe(30 * 86400_000);
    const forColleague = await json<Page>(await trashList(world.colleague.session));
    expect(forColleague.data.find((row) => row.uuid === uuid)).toMatchObject({ canRestore: true, canPurge: false });
    const forOtherUnit = await json<Page>(await trashList(world.requester.session));
    expect(forOtherUnit.data.some((row) => row.uuid === uuid)).toBe(false);
    await expectError(await trashList(world.viewer.session), 403, recordMessages.trashDenied);
    expect((await trashList(null)).status).toBe(401);
  });

  it("permissions: restore by the unit, purge by Super Admin only; others get 403 or 404 and nothing changes", async () => {
    const { uuid } = await ownerDocument(world);
    await trash(world.owner.session, uuid);
    await expectError(await restore(world.requester.session, uuid), 404, recordMessages.trashNotFound);
    await expectError(await restore(world.viewer.session, uuid), 403, recordMessages.trashDenied);
    expect((await restore(null as unknown as SignedIn, uuid)).status).toBe(401);
    await expectError(await purge(world.owner.session, uuid), 403, recordMessages.purgeDenied);
    await expectError(await purge(world.viewer.session, uuid), 403, recordMessages.purgeDenied);
    const deletedAt = async () => (await testEnv.DB.prepare("SELECT deleted_at FROM archives WHERE uuid = ?").bind(uuid).first<{ deleted_at: string | null }>())!.deleted_at;
    expect(await deletedAt()).not.toBeNull();
    expect((await restore(world.colleague.session, uuid)).status).toBe(200);
    expect(await deletedAt()).toBeNull();
  });

  it("'Hapus Permanen': the files leave R2, a tombstone and the audit trail stay, the chain verifies", async () => {
    const { uuid, bytes } = await ownerDocument(world);
    const second = pdfBytes(2222);
    expect((await addVersion(world.owner.session, uuid, second)).status).toBe(200);
    const keys = (await testEnv.DB.prepare("SELECT f.r2_key FROM archive_files f JOIN archives a ON a.id = f.archive_id WHERE a.uuid = ?").bind(uuid).all<{ r2_key: string }>()).results.map((row) => row.r2_key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await r2Keys()).toContain(key);
    await trash(world.owner.session, uuid);

    const response = await purge(world.admin.session, uuid);
    expect(await response.json()).toMatchObject({ success: true });
    expect(await archiveRow(uuid)).toBeNull();
    const listed = await r2Keys();
    for (const key of keys) expect(listed).not.toContain(key);
    expect(await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM file_deletions WHERE r2_key IN (?, ?)").bind(...keys).first<{ n: number }>()).toEqual({ n: 0 });

    const tombstone = (await testEnv.DB.prepare("SELECT * FROM archive_tombstones WHERE uuid = ?").bind(uuid).first<Record<string, string>>())!;
    expect(tombstone).toMatchObject({ reason: "PURGED", deleted_by_username: world.owner.user.username, purged_by_username: world.admin.user.username });
    expect(JSON.parse(tombstone.file_hashes!)).toEqual([
      expect.objectContaining({ version: 1, sha256: await sha256Hex(bytes) }),
      expect.objectContaining({ version: 2, sha256: await sha256Hex(second) }),
    ]);
    expect((await auditRowsFor(uuid)).map((row) => row.action)).toEqual(["DOCUMENT_CREATE", "DOCUMENT_FILE_REPLACE", "DOCUMENT_TRASH", "DOCUMENT_PURGE"]);
    const deps = { db: createDb(testEnv.DB), d1: testEnv.DB, now: () => new Date() };
    await sealAuditChain(deps, 1000);
    expect((await walkAuditChain(deps)).ok).toBe(true);
  });

  it("the cron purges what has been in the trash longer than TRASH_DAYS, not what is younger", async () => {
    const old = await ownerDocument(world);
    const young = await ownerDocument(world);
    await trash(world.owner.session, old.uuid);
    await trash(world.owner.session, young.uuid);
    await testEnv.DB.prepare("UPDATE archives SET deleted_at = ? WHERE uuid = ?").bind(new Date(Date.now() - 31 * 86400_000).toISOString(), old.uuid).run();

    const purged = await purgeExpiredTrash(testJobContext("maintenance", testClock()));
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await archiveRow(old.uuid)).toBeNull();
    expect(await archiveRow(young.uuid)).not.toBeNull();
    expect(await testEnv.DB.prepare("SELECT reason, purged_by_username FROM archive_tombstones WHERE uuid = ?").bind(old.uuid).first()).toEqual({ reason: "TRASH_EXPIRED", purged_by_username: null });
    const audit = (await auditRowsFor(old.uuid)).at(-1)!;
    expect(audit).toMatchObject({ action: "DOCUMENT_PURGE", actor_id: null });
    // A job may purge; it may not act as a user.
    await expect(purgeExpiredTrash(testJobContext("audit-chain"))).rejects.toThrow();
  });

  it("an approval revoked by the trash stays revoked after a restore, and the requester may ask again", async () => {
    const doc = await ownerDocument(world);
    const approved = await approvedRequest(world, doc.uuid);
    await trash(world.owner.session, doc.uuid);
    await restore(world.owner.session, doc.uuid);
    expect((await getWith(world.requester.session, approved.downloadUrl!)).status).toBe(403);
    expect((await askAccess(world.requester.session, doc.uuid)).status).toBe(201);
  });
});

describe("file versions", () => {
  it("replace → 2 versions; the old bytes stay downloadable with an equal SHA-256; restore copies it as version 3", async () => {
    const { uuid, bytes } = await ownerDocument(world);
    const second = pdfBytes(4321);
    expect((await addVersion(world.owner.session, uuid, second, "Perbaikan nomor")).status).toBe(200);

    type Versions = { data: { version: number; sha256: string; note: string | null; isCurrent: boolean; downloadUrl: string; canRestore: boolean; uploader: string }[] };
    const listed = await json<Versions>(await call(`/api/v1/archives/${uuid}/versions`, as(world.owner.session)));
    expect(listed.data.map((v) => [v.version, v.isCurrent, v.note])).toEqual([
      [2, true, "Perbaikan nomor"],
      [1, false, null],
    ]);
    expect(listed.data[1]).toMatchObject({ sha256: await sha256Hex(bytes), canRestore: true, uploader: world.owner.user.fullName });
    const old = await call(listed.data[1]!.downloadUrl, as(world.owner.session));
    expect(old.status).toBe(200);
    expect(await sha256Hex(await downloadBytes(old))).toBe(await sha256Hex(bytes));
    // Ranges work on old versions too (a continuation is not another download).
    const part = await call(listed.data[1]!.downloadUrl, { ...as(world.owner.session), headers: { range: "bytes=5-14" } });
    expect(part.status).toBe(206);
    expect(await downloadBytes(part)).toEqual(bytes.slice(5, 15));
    expect((await auditRowsFor(uuid)).filter((row) => row.action === "DOCUMENT_VERSION_DOWNLOAD")).toHaveLength(1);

    const restored = await call(`/api/v1/archives/${uuid}/versions/1/restore`, { method: "POST", json: { note: "Kembali ke versi awal" }, ...as(world.owner.session) });
    const body = await json<{ message: string; data: DocumentView }>(restored);
    expect(body.message).toBe(recordMessages.versionRestored(1, 3));
    expect(body.data.currentVersion).toBe(3);
    const current = await call(`/api/v1/archives/${uuid}/download`, as(world.owner.session));
    expect(await sha256Hex(await downloadBytes(current))).toBe(await sha256Hex(bytes));
    const after = await json<Versions>(await call(`/api/v1/archives/${uuid}/versions`, as(world.owner.session)));
    expect(after.data.map((v) => v.version)).toEqual([3, 2, 1]);
    await expectError(await call(`/api/v1/archives/${uuid}/versions/3/restore`, { method: "POST", ...as(world.owner.session) }), 409, recordMessages.versionIsCurrent);
    await expectError(await call(`/api/v1/archives/${uuid}/versions/9/download`, as(world.owner.session)), 404, recordMessages.versionNotFound);
  });

  it("permission matrix: versions follow the file rules; restoring follows editing", async () => {
    const { uuid } = await ownerDocument(world);
    await addVersion(world.owner.session, uuid, pdfBytes(1500));
    const list = (session: SignedIn | null) => call(`/api/v1/archives/${uuid}/versions`, as(session));
    const download = (session: SignedIn | null) => call(`/api/v1/archives/${uuid}/versions/1/download`, as(session));
    const restoreV1 = (session: SignedIn | null) => call(`/api/v1/archives/${uuid}/versions/1/restore`, { method: "POST", ...as(session) });

    for (const session of [world.owner.session, world.colleague.session, world.admin.session]) {
      expect((await list(session)).status).toBe(200);
      expect((await download(session)).status).toBe(200);
    }
    for (const session of [world.requester.session, world.viewer.session]) {
      await expectError(await list(session), 403, documentDetailText.noAccess);
      await expectError(await download(session), 403, documentDetailText.noAccess);
      expect((await restoreV1(session)).status).toBe(403);
    }
    // A visitor does not learn that a private document exists.
    expect((await list(null)).status).toBe(404);
    expect((await download(null)).status).toBe(404);
    expect((await restoreV1(null)).status).toBe(401);
    // A colleague may open the files but not edit the document.
    expect((await restoreV1(world.colleague.session)).status).toBe(403);
    expect((await restoreV1(world.admin.session)).status).toBe(200);
  });

  it("a visitor may list and download the versions of a PUBLIC document", async () => {
    const { uuid } = await ownerDocument(world, "PUBLIC");
    expect((await call(`/api/v1/archives/${uuid}/versions`)).status).toBe(200);
    expect((await call(`/api/v1/archives/${uuid}/versions/1/download`)).status).toBe(200);
  });
});
