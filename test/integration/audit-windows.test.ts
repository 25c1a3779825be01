import { exports } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { runSystemJob } from "~/server/jobs/runner.server";
import { testJobContext } from "../support/worker/context";
import { testEnv } from "../support/worker/env";
import { auditRowsFor, uploadDocument } from "../support/worker/documents";
import { createCategory, createUnitStaff, createUser } from "../support/worker/factories";
import { ORIGIN, call, login, type SignedIn } from "../support/worker/http";
import { pdfBytes } from "../support/worker/multipart";

/**
 * Nobody can grow the audit log at will: a download is audited once per file, client and hour
 * (HEAD never), and refusals (403 from any door: the API, a CSRF check, a page, see
 * test/e2e/gates.test.ts) once per client per 15 minutes, each new window's row counting what the
 * previous window repeated.
 */
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

let categoryId: number;
let owner: SignedIn;
let admin: SignedIn;
let outsider: SignedIn;
let doc: { uuid: string };

beforeAll(async () => {
  categoryId = (await createCategory()).id;
  const ownerUser = await createUnitStaff();
  const outsiderUser = await createUnitStaff();
  const adminUser = await createUser({ role: "Super Admin" });
  owner = await login(ownerUser.username, ownerUser.password);
  outsider = await login(outsiderUser.username, outsiderUser.password);
  admin = await login(adminUser.username, adminUser.password);
  doc = await uploadDocument(owner, { categoryId, bytes: pdfBytes(5_000), fileName: "Surat Keputusan.pdf" });
});

// Each test opens its own windows.
beforeEach(async () => {
  await testEnv.DB.prepare("DELETE FROM audit_windows").run();
});

/** Moves every open window an hour and a minute into the past: it is closed, and the next event opens a new one. */
const endWindows = () =>
  testEnv.DB.prepare("UPDATE audit_windows SET started_at = ?, ends_at = ?")
    .bind(new Date(Date.now() - 61 * 60_000).toISOString(), new Date(Date.now() - 60_000).toISOString())
    .run();

/** The maintenance job's summaries of the windows that closed. */
const summarize = () => runSystemJob(testJobContext("queue"), "maintenance");
const repeatRowsFor = async (actorId: number) =>
  (
    await testEnv.DB.prepare("SELECT message, details FROM audit_logs WHERE action = 'AUDIT_REPEATS' AND actor_id = ? ORDER BY id")
      .bind(actorId)
      .all<{ message: string; details: string }>()
  ).results.map((row) => ({ message: row.message, details: JSON.parse(row.details) as Record<string, unknown> }));

const download = (who: SignedIn, init: { method?: string; headers?: Record<string, string> } = {}) =>
  call(`/api/v1/archives/${doc.uuid}/download`, { cookie: who.cookie, ip: who.ip, ...init });

const rowsOf = async (action: string) =>
  (await auditRowsFor(doc.uuid)).filter((row) => row.action === action).map((row) => ({ actorId: row.actor_id, details: JSON.parse(row.details ?? "{}") as Record<string, unknown> }));

type DeniedRow = { actor_id: number | null; message: string; details: string };
const deniedRowsOf = async (who: SignedIn) =>
  (
    await testEnv.DB.prepare("SELECT actor_id, message, details FROM audit_logs WHERE action = 'ACCESS_DENIED' AND actor_id = ? ORDER BY id")
      .bind(who.body.user.userId)
      .all<DeniedRow>()
  ).results.map((row) => ({ message: row.message, details: JSON.parse(row.details) as Record<string, unknown> }));

describe("downloads", () => {
  it("HEAD is never a download; repeated downloads and byte-0 ranges of one client make one row per hour", async () => {
    const before = (await rowsOf("DOCUMENT_DOWNLOAD")).length;
    // (Straight to the Worker: the OpenAPI document lists GET; Hono answers HEAD with it.)
    const head = await exports.default.fetch(`${ORIGIN}/api/v1/archives/${doc.uuid}/download`, {
      method: "HEAD",
      headers: { cookie: owner.cookie, "cf-connecting-ip": owner.ip },
    });
    expect(head.status).toBe(200);
    expect(await rowsOf("DOCUMENT_DOWNLOAD")).toHaveLength(before);

    for (let i = 0; i < 3; i++) await (await download(owner)).arrayBuffer();
    for (let i = 0; i < 2; i++) await (await download(owner, { headers: { range: "bytes=0-0" } })).arrayBuffer();
    const rows = await rowsOf("DOCUMENT_DOWNLOAD");
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ actorId: owner.body.user.userId, details: { auditedOncePerMinutes: 60 } });

    // Another client has its own window.
    await (await download(admin)).arrayBuffer();
    expect((await rowsOf("DOCUMENT_DOWNLOAD")).at(-1)?.actorId).toBe(admin.body.user.userId);

    // When the hour closes, the maintenance job records how often the download repeated.
    await endWindows();
    await summarize();
    const summary = (await repeatRowsFor(owner.body.user.userId)).at(-1)!;
    expect(summary.details).toMatchObject({ action: "DOCUMENT_DOWNLOAD", repeats: 4 });
    expect(summary.message).toContain("4 kali lagi");
    // The next hour's first row need not say it again.
    await (await download(owner)).arrayBuffer();
    const last = (await rowsOf("DOCUMENT_DOWNLOAD")).at(-1)!;
    expect(last.actorId).toBe(owner.body.user.userId);
    expect(last.details.repeatsBefore).toBeUndefined();
  });
});

describe("refusals", () => {
  it("a client's 403s from the API and the CSRF check make one ACCESS_DENIED row per window, with the reason", async () => {
    const before = (await deniedRowsOf(outsider)).length;
    for (let i = 0; i < 5; i++) expect((await download(outsider)).status).toBe(403);
    // A write without its CSRF token: refused too, in the same window.
    const forged = await call(`/api/v1/archives/${doc.uuid}`, { method: "DELETE", cookie: outsider.cookie, ip: outsider.ip });
    expect(forged.status).toBe(403);

    const rows = await deniedRowsOf(outsider);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.message).toBe(`Akses ditolak: GET /api/v1/archives/${doc.uuid}/download`);
    expect(rows.at(-1)!.details).toMatchObject({ method: "GET", path: `/api/v1/archives/${doc.uuid}/download`, auditedOncePerMinutes: 15 });
    expect(typeof rows.at(-1)!.details.reason).toBe("string");

    // Nothing about the burst is written on the next refusal: the job records it when the window closes.
    expect(await repeatRowsFor(outsider.body.user.userId)).toEqual([]);
    await endWindows();
    await summarize();
    const summaries = await repeatRowsFor(outsider.body.user.userId);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.details).toMatchObject({ action: "ACCESS_DENIED", repeats: 5 });
    expect((summaries[0]!.details.paths as string[]).sort()).toEqual([`DELETE /api/v1/archives/${doc.uuid}`, `GET /api/v1/archives/${doc.uuid}/download`]);
    // Summarized once, however often the job runs.
    await summarize();
    expect(await repeatRowsFor(outsider.body.user.userId)).toHaveLength(1);
    expect((await download(outsider)).status).toBe(403);
    const next = await deniedRowsOf(outsider);
    expect(next).toHaveLength(before + 2);
    expect(next.at(-1)!.details.repeatsBefore).toBeUndefined();
  });
});
