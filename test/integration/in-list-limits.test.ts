import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { createScheduledController } from "cloudflare:test";
import { MAX_LIST_ITEMS } from "~/domain/disposal";
import { approveUndecided, createDisposalList, disposalListCsv, getDisposalList } from "~/server/disposal/service.server";
import { executeDisposalList } from "~/server/jobs/system.server";
import { checkDocumentFixity } from "~/server/fixity/service.server";
import { refreshRetentionStates } from "~/server/retention/service.server";
import { BACKFILL_PER_RUN } from "~/server/text-extraction/service.server";
import { serviceContext } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { createArchive, createCategory, createUnitKerja, createUser, type CreatedUser } from "../support/worker/factories";

/**
 * D1 binds at most 100 parameters per statement: every statement that binds a list (an `IN`
 * list, a multi-row insert) must hold at the list's documented maximum. Each case here runs one
 * such list at exactly its maximum.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let admin: CreatedUser;
let owner: CreatedUser;
let categoryId: number;
let unitId: number;

beforeAll(async () => {
  const unit = await createUnitKerja();
  unitId = unit.id;
  categoryId = (await createCategory()).id;
  admin = await createUser({ role: "Super Admin" });
  owner = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
});

async function dueCode(disposition: "MUSNAH" | "PERMANEN"): Promise<number> {
  const code = `L${crypto.randomUUID().replace(/-/g, "").slice(0, 9).toUpperCase()}`;
  const now = new Date().toISOString();
  const row = await testEnv.DB.prepare(
    `INSERT INTO classification_codes (code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at)
     VALUES (?, NULL, ?, '', 'TERBATAS', 1, 1, ?, '', ?, ?) RETURNING id`,
  )
    .bind(code, `Kode ${code}`, disposition, now, now)
    .first<{ id: number }>();
  return row!.id;
}

/** `count` documents of the owner's unit filed under a 1 + 1 year code, from 2010: long due. */
async function dueDocuments(count: number, disposition: "MUSNAH" | "PERMANEN"): Promise<string[]> {
  const codeId = await dueCode(disposition);
  const created = [];
  for (let i = 0; i < count; i++) created.push(await createArchive({ uploaderId: owner.id, categoryId, unitKerjaId: unitId }));
  const ids = created.map((row) => row.id);
  await testEnv.DB.batch(ids.map((id) => testEnv.DB.prepare("UPDATE archives SET classification_id = ?, year = 2010 WHERE id = ?").bind(codeId, id)));
  await refreshRetentionStates(await serviceContext(admin), { archiveIds: ids });
  return created.map((row) => row.uuid);
}

describe("a disposal list of exactly the maximum number of items", () => {
  for (const kind of ["MUSNAH", "SERAH"] as const) {
    it(`Usul ${kind === "MUSNAH" ? "Musnah" : "Serah"} of ${MAX_LIST_ITEMS}: listed, decided, shown, exported and executed`, async () => {
      const uuids = await dueDocuments(MAX_LIST_ITEMS, kind === "MUSNAH" ? "MUSNAH" : "PERMANEN");
      const ctx = await serviceContext(admin);
      const list = await createDisposalList(ctx, { kind, archives: uuids, note: "" });
      expect(await approveUndecided(ctx, list.uuid)).toBe(MAX_LIST_ITEMS);
      const view = await getDisposalList(ctx, list.uuid);
      expect(view.items).toHaveLength(MAX_LIST_ITEMS);
      const csv = await disposalListCsv(ctx, list.uuid);
      expect(csv.body.trim().split("\r\n")).toHaveLength(MAX_LIST_ITEMS + 1);
      const result = await executeDisposalList(ctx, list.uuid);
      expect(result).toMatchObject({ done: MAX_LIST_ITEMS, skipped: 0 });
    });
  }
});

describe("the text backfill of the 30-minute cron", () => {
  it(`re-queues more than one full queue batch (100) of waiting texts, up to BACKFILL_PER_RUN (${BACKFILL_PER_RUN})`, async () => {
    const sent: unknown[] = [];
    const queue = { sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((message) => message.body)) };
    for (let i = 0; i < 120; i++) await createArchive({ uploaderId: owner.id, categoryId, unitKerjaId: unitId });
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/30 * * * *" }), { ...testEnv, EXTRACTION_QUEUE: queue as unknown as Queue });
    expect(sent.length).toBeGreaterThanOrEqual(120);
    const stale = await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM archive_texts WHERE status = 'PENDING' AND queued_at = '1970-01-01T00:00:00.000Z'").first<{ n: number }>();
    expect(stale!.n).toBe(0);
  });
});

describe("fixity of one document", () => {
  it("re-hashes a document with more versions than one IN list holds", async () => {
    const archive = await createArchive({ uploaderId: owner.id, categoryId, unitKerjaId: unitId });
    const versions = 101;
    const bytes = (n: number) => new TextEncoder().encode(`versi ${n}`);
    const sha = async (n: number) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes(n)))].map((b) => b.toString(16).padStart(2, "0")).join("");
    const statements = [];
    for (let n = 2; n <= versions; n++) {
      const key = `archives/${archive.uuid}/v${n}`;
      await testEnv.FILES.put(key, bytes(n));
      statements.push(
        testEnv.DB.prepare(
          `INSERT INTO archive_files (archive_id, version, r2_key, file_name, file_size, mime_type, sha256, uploader_id, created_at)
           VALUES (?, ?, ?, 'v.txt', ?, 'text/plain', ?, ?, ?)`,
        ).bind(archive.id, n, key, bytes(n).byteLength, await sha(n), owner.id, new Date().toISOString()),
      );
    }
    await testEnv.DB.batch(statements);
    const report = await checkDocumentFixity(await serviceContext(admin), archive.uuid);
    expect(report.results).toHaveLength(versions);
    // Version 1 of the factory has no object; every other one matches.
    expect(report.results.filter((result) => result.outcome === "OK")).toHaveLength(versions - 1);
  });
});
