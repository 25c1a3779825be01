import { createScheduledController } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { AuditChainReport } from "~/domain/audit-integrity";
import { auditRowHash, GENESIS_HASH, sealAuditChain, sealRound, type ChainRow } from "~/server/audit/chain.server";
import { createDb } from "~/server/db/db.server";
import { walkAuditChain } from "~/server/audit/integrity.server";
import worker from "../../workers/app";
import { commit } from "~/server/audit/commit.server";
import { revokeLiveTokens } from "~/server/documents/service.server";
import { serviceContext } from "../support/worker/context";
import { expectJson, send, signedIn } from "../support/worker/admin";
import { testEnv } from "../support/worker/env";
import { allowConsoleError } from "../support/worker/fail-on-console-error";
import { createAccessRequest, createArchive, createCategory, createUnitKerja, createUnitStaff, createUser } from "../support/worker/factories";
import { call, login, uniqueIp } from "../support/worker/http";

const DB = testEnv.DB;
const deps = () => ({ db: createDb(DB), d1: DB, now: () => new Date() });
const sealAll = () => sealAuditChain(deps(), 1000);
const walk = () => walkAuditChain(deps());

const COLUMNS = "id, created_at, action, message, details, actor_id, actor_ref, actor_username, target_type, target_id, ip_address, user_agent, hash, prev_hash";
const rowById = (id: number) => DB.prepare(`SELECT ${COLUMNS} FROM audit_logs WHERE id = ?`).bind(id).first<ChainRow>();
const lastId = async () => (await DB.prepare("SELECT max(id) AS id FROM audit_logs").first<{ id: number }>())!.id;

/** Insert a plain audit row straight into D1 (as a trigger or another writer would), unsealed. */
function insertRow(message: string, actorId: number | null = null) {
  return DB.prepare("INSERT INTO audit_logs (created_at, action, message, actor_id) VALUES (?, 'LOGIN', ?, ?) RETURNING id")
    .bind(new Date().toISOString(), message, actorId)
    .first<{ id: number }>()
    .then((row) => row!.id);
}

/** Put a row back exactly as it was (every column, id included) after a test tampered with it. */
async function restore(row: ChainRow) {
  await DB.prepare("DELETE FROM audit_logs WHERE id = ?").bind(row.id).run();
  const columns = Object.keys(row) as (keyof ChainRow)[];
  await DB.prepare(`INSERT INTO audit_logs (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
    .bind(...columns.map((column) => row[column]))
    .run();
}

/** A few sealed rows with sealed rows after them, so tampering hits the middle of the chain. */
async function sealedMiddleRow(): Promise<ChainRow> {
  const ids = [];
  for (let i = 0; i < 3; i++) ids.push(await insertRow(`tamper target ${i}`));
  await sealAll();
  return (await rowById(ids[1]!))!;
}

async function waitUntilSealed(id: number): Promise<ChainRow> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const row = await rowById(id);
    if (row?.hash) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`audit row ${id} was not sealed`);
}

// Each walk reads the whole log of this database; on a busy machine that takes seconds.
describe("audit log hash chain", { timeout: 60_000 }, () => {
  it("seals a row written through commit right after the response, linked to the row before it", async () => {
    const user = await createUser();
    const ip = uniqueIp();
    await login(user.username, user.password, { ip });
    const { id } = (await DB.prepare("SELECT id FROM audit_logs WHERE action = 'LOGIN' AND ip_address = ?").bind(ip).first<{ id: number }>())!;
    const row = await waitUntilSealed(id);

    expect(row.actor_ref).toBe(user.id);
    expect(row.actor_username).toBe(user.username);
    const before = await DB.prepare("SELECT hash FROM audit_logs WHERE id < ? ORDER BY id DESC LIMIT 1").bind(id).first<{ hash: string }>();
    expect(row.prev_hash).toBe(before?.hash ?? GENESIS_HASH);
    expect(row.hash).toBe(await auditRowHash(row, row.prev_hash!));
  });

  it("seals rows of the set-based access-request writes (expiry, revocation on an access-level change)", async () => {
    const unit = await createUnitKerja();
    const owner = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const requester = await createUnitStaff();
    const category = await createCategory();
    const archive = await createArchive({ uploaderId: owner.id, categoryId: category.id, unitKerjaId: unit.id });
    const other = await createArchive({ uploaderId: owner.id, categoryId: category.id, unitKerjaId: unit.id });
    const base = { requesterId: requester.id, ownerUnitKerjaId: unit.id, status: "APPROVED" as const };
    const lapsed = await createAccessRequest({ ...base, archiveId: other.id, expiresAt: new Date(Date.now() - 1000).toISOString() });
    const live = await createAccessRequest({ ...base, archiveId: archive.id, expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    const uuidOf = async (id: number) => (await DB.prepare("SELECT uuid FROM access_requests WHERE id = ?").bind(id).first<{ uuid: string }>())!.uuid;

    // The revocation an access-level change writes: one audit row per live approval, set-based.
    const ctx = await serviceContext(owner);
    await commit(ctx, revokeLiveTokens(ctx, { id: archive.id, title: "Arsip" }, "access_level_changed"));
    const revoked = (await DB.prepare("SELECT id, hash FROM audit_logs WHERE action = 'ACCESS_REQUEST_REVOKE' AND target_id = ?").bind(await uuidOf(live.id)).first<{ id: number; hash: string | null }>())!;
    expect(revoked.hash).toBeNull();

    // The set-based expiry (one INSERT ... SELECT per matching request) runs in the 30-minute cron, which seals afterwards.
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/30 * * * *" }), testEnv);
    const expired = (await DB.prepare("SELECT id, hash FROM audit_logs WHERE action = 'ACCESS_REQUEST_EXPIRE' AND target_id = ?").bind(await uuidOf(lapsed.id)).first<{ id: number; hash: string | null }>())!;
    expect(expired.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await rowById(revoked.id))!.hash).toMatch(/^[0-9a-f]{64}$/);

    const report = await walk();
    expect(report).toMatchObject({ ok: true, unsealed: expect.any(Number) });
    expect(report.checked).toBeGreaterThan(0);
  });

  it("parallel writers and parallel sealers produce one linear chain", async () => {
    const first = (await lastId()) + 1;
    const writers = Array.from({ length: 12 }, (_, w) =>
      (async () => {
        for (let i = 0; i < 25; i++) await insertRow(`parallel ${w}-${i}`);
      })(),
    );
    // Sealers racing the writers and each other, each from its own snapshot.
    let stop = false;
    const sealers = Array.from({ length: 4 }, async () => {
      let conflicts = 0;
      while (!stop) {
        const result = await sealRound(deps(), 7);
        if (result.conflict) conflicts += 1;
      }
      return conflicts;
    });
    await Promise.all(writers);
    stop = true;
    await Promise.all(sealers);
    await Promise.all([sealAll(), sealAll(), sealAll()]);

    const { results } = await DB.prepare("SELECT id, hash, prev_hash FROM audit_logs WHERE id >= ? ORDER BY id").bind(first - 1).all<{ id: number; hash: string; prev_hash: string }>();
    expect(results.length).toBeGreaterThanOrEqual(301);
    for (let i = 1; i < results.length; i++) {
      expect(results[i]!.hash, `row ${results[i]!.id}`).not.toBeNull();
      expect(results[i]!.prev_hash, `row ${results[i]!.id}`).toBe(results[i - 1]!.hash);
    }
    expect((await walk()).ok).toBe(true);
  });

  it("names a row edited directly in D1 (message, details, created_at, actor) with reason content", async () => {
    const target = await sealedMiddleRow();
    const someone = await createUser();
    const edits: [string, unknown][] = [
      ["message", "Pesan yang dipalsukan"],
      ["details", '{"forged":true}'],
      ["created_at", "2020-01-01T00:00:00.000Z"],
      ["actor_id", someone.id],
    ];
    for (const [column, value] of edits) {
      await DB.prepare(`UPDATE audit_logs SET ${column} = ? WHERE id = ?`).bind(value, target.id).run();
      const report = await walk();
      await restore(target);
      expect(report.ok, column).toBe(false);
      expect(report.firstBroken, column).toEqual({ id: target.id, reason: "content" });
    }
    expect((await walk()).ok).toBe(true);
  });

  it("finds a deleted row as a broken link at the row after it", async () => {
    const target = await sealedMiddleRow();
    await DB.prepare("DELETE FROM audit_logs WHERE id = ?").bind(target.id).run();
    const report = await walk();
    await restore(target);
    expect(report.firstBroken).toEqual({ id: target.id + 1, reason: "link" });
    expect((await walk()).ok).toBe(true);
  });

  it("finds an edit whose hash was recomputed at the next row (link)", async () => {
    const target = await sealedMiddleRow();
    const forged = { ...target, message: "Pesan yang dipalsukan" };
    const forgedHash = await auditRowHash(forged, target.prev_hash!);
    await DB.prepare("UPDATE audit_logs SET message = ?, hash = ? WHERE id = ?").bind(forged.message, forgedHash, target.id).run();
    const report = await walk();
    await restore(target);
    expect(report.firstBroken).toEqual({ id: target.id + 1, reason: "link" });
  });

  it("finds a row whose seal was erased while later rows keep theirs (missing)", async () => {
    const target = await sealedMiddleRow();
    await DB.prepare("UPDATE audit_logs SET hash = NULL, prev_hash = NULL WHERE id = ?").bind(target.id).run();
    const report = await walk();
    await restore(target);
    expect(report.firstBroken).toEqual({ id: target.id, reason: "missing" });
  });

  it("finds the newest rows deleted, which a chain alone cannot show, through the recorded head (missing)", async () => {
    await insertRow("tail 1");
    await insertRow("tail 2");
    await sealAll();
    const head = (await DB.prepare("SELECT last_id FROM audit_chain_head").first<{ last_id: number }>())!.last_id;
    expect(head).toBe(await lastId());
    const tail = [(await rowById(head - 1))!, (await rowById(head))!];
    await DB.prepare("DELETE FROM audit_logs WHERE id >= ?").bind(head - 1).run();
    const report = await walk();
    for (const row of tail) await restore(row);
    expect(report.firstBroken).toEqual({ id: head, reason: "missing" });
    expect((await walk()).ok).toBe(true);
  });

  it("stays intact when a user is deleted (actor_id becomes NULL, the snapshot stays)", async () => {
    const user = await createUser();
    const id = await insertRow("by a user deleted later", user.id);
    await insertRow("after it");
    await sealAll();
    await DB.prepare("DELETE FROM users WHERE id = ?").bind(user.id).run();
    const row = (await rowById(id))!;
    expect(row).toMatchObject({ actor_id: null, actor_ref: user.id, actor_username: user.username });
    expect(await walk()).toMatchObject({ ok: true });
  });

  it("POST /api/v1/audit-logs/verify: Super Admin gets the report (and an audit row); others are refused", async () => {
    const admin = await signedIn("Super Admin");
    const report = await expectJson<AuditChainReport>(await send(admin.session, "POST", "/api/v1/audit-logs/verify"), 200);
    expect(report).toMatchObject({ ok: true, unsealed: expect.any(Number), head: { id: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect(report.checked).toBeGreaterThan(0);
    expect(report.firstBroken).toBeUndefined();
    const audited = await DB.prepare("SELECT actor_id, details FROM audit_logs WHERE action = 'AUDIT_CHAIN_VERIFY' ORDER BY id DESC LIMIT 1").first<{ actor_id: number; details: string }>();
    expect(audited?.actor_id).toBe(admin.user.id);
    expect(JSON.parse(audited!.details)).toMatchObject({ ok: true, checked: report.checked });

    for (const role of ["Satuan Kerja", "Viewer"] as const) {
      const { session } = await signedIn(role);
      const body = await expectJson<{ message: string }>(await send(session, "POST", "/api/v1/audit-logs/verify"), 403, role);
      expect(body.message).toBe("Anda tidak memiliki izin untuk melihat log audit.");
    }
    expect((await call("/api/v1/audit-logs/verify", { method: "POST" })).status).toBe(401);
  });

  it("daily cron seals and verifies, logging the head hash; a broken chain is logged as an error", async () => {
    const cron = () => worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "17 3 * * *" }), testEnv);
    const pending = await insertRow("before the daily run");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await cron();
      const line = log.mock.calls.map((args) => String(args[0])).find((text) => text.includes("audit_chain_verify"));
      expect(JSON.parse(line!)).toMatchObject({ event: "audit_chain_verify", ok: true, head: { hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
      expect((await rowById(pending))!.hash).not.toBeNull();

      const target = await sealedMiddleRow();
      await DB.prepare("UPDATE audit_logs SET message = 'dipalsukan' WHERE id = ?").bind(target.id).run();
      const errors = allowConsoleError();
      await cron();
      await restore(target);
      expect(JSON.parse(String(errors.mock.calls[0]![0]))).toMatchObject({ ok: false, firstBroken: { id: target.id, reason: "content" } });
    } finally {
      log.mockRestore();
    }
  });

  it("measures: sealing one write, and sealing + verifying 10,000 rows", async () => {
    // One row, as after a typical request.
    const singles: number[] = [];
    for (let i = 0; i < 20; i++) {
      await insertRow(`single ${i}`);
      const started = performance.now();
      await sealAuditChain(deps());
      singles.push(performance.now() - started);
    }
    // 10,000 rows in one statement, then sealed and walked.
    await DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
       INSERT INTO audit_logs (created_at, action, message, details, ip_address, user_agent)
       SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'DOCUMENT_DOWNLOAD', 'Dokumen "Laporan ' || i || '" diunduh', '{"n":' || i || '}', '10.0.0.1', 'Mozilla/5.0 (bench)' FROM n`,
    ).run();
    const sealStarted = performance.now();
    const sealed = await sealAuditChain(deps(), 100);
    const sealMs = performance.now() - sealStarted;
    const report = await walk();
    expect(sealed.sealed).toBeGreaterThanOrEqual(10_000);
    expect(report.ok).toBe(true);
    const median = singles.sort((a, b) => a - b)[Math.floor(singles.length / 2)]!;
    console.log(
      `[audit-chain] seal after one write: median ${median.toFixed(1)} ms; seal 10k rows: ${sealMs.toFixed(0)} ms; ` +
        `verify ${report.checked} rows: ${report.durationMs} ms (${((report.durationMs * 10_000) / report.checked).toFixed(0)} ms per 10k)`,
    );
  }, 120_000);
});
