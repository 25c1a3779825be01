import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AuditLogView, KeysetPage } from "~/domain/audit-log";
import { auditRows, firstAuditIdFrom } from "~/server/audit-log/queries.server";
import { createDb } from "~/server/db/db.server";
import { csvQuoted as csvCell } from "~/server/http/csv.server";
import { deniedMessages } from "~/i18n/id";
import { expectJson, send, signedIn } from "../support/worker/admin";
import { testEnv } from "../support/worker/env";
import { createUser, type CreatedUser } from "../support/worker/factories";
import type { SignedIn } from "../support/worker/http";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

type Page = KeysetPage<AuditLogView, Record<string, unknown>>;

/**
 * 600 generated audit rows, 7 minutes apart from 2030-01-01 15:00 UTC (22:00 in Jakarta), by
 * two actors and three actions; they are the newest rows in time and in id, as live rows are.
 */
const GENERATED = 600;
const START = Date.parse("2030-01-01T15:00:00.000Z");
const STEP_MS = 7 * 60 * 1000;
const ACTIONS = ["LOGIN", "DOCUMENT_DOWNLOAD", "USER_UPDATE"] as const;
type Generated = { id: number; createdAt: string; action: string; actorId: number };

let admin: SignedIn;
let actors: [CreatedUser, CreatedUser];
let generated: Generated[];

const jakartaDay = (iso: string) => new Date(Date.parse(iso) + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);
const allIdsNewestFirst = async () =>
  (await testEnv.DB.prepare("SELECT id FROM audit_logs ORDER BY id DESC").all<{ id: number }>()).results.map((row) => row.id);

beforeAll(async () => {
  admin = (await signedIn("Super Admin")).session;
  actors = [await createUser(), await createUser()];
  const statements = Array.from({ length: GENERATED }, (_, i) =>
    testEnv.DB.prepare(
      "INSERT INTO audit_logs (created_at, action, message, details, actor_id, ip_address, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id, created_at, action, actor_id",
    ).bind(new Date(START + i * STEP_MS).toISOString(), ACTIONS[i % 3], `Kejadian ${i}`, JSON.stringify({ n: i }), actors[i % 2]!.id, "203.0.113.9", "uji/1.0"),
  );
  const results = await testEnv.DB.batch<{ id: number; created_at: string; action: string; actor_id: number }>(statements);
  generated = results.map((result) => {
    const row = result.results[0]!;
    return { id: row.id, createdAt: row.created_at, action: row.action, actorId: row.actor_id };
  });
});

/** Follow Next links from the first page to the end, then Previous links back to the start. */
async function walk(filters: string, size = 50): Promise<{ forward: number[]; backward: number[]; pages: Page[] }> {
  const base = `/api/v1/audit-logs?size=${size}${filters ? `&${filters}` : ""}`;
  const pages: Page[] = [];
  let page = await expectJson<Page>(await send(admin, "GET", base), 200, base);
  expect(page.previous, "first page has no Previous").toBeNull();
  pages.push(page);
  while (page.next) {
    page = await expectJson<Page>(await send(admin, "GET", `${base}&before=${page.next.before}`), 200);
    pages.push(page);
    expect(pages.length).toBeLessThan(100);
  }
  const forward = pages.flatMap((p) => p.data.map((row) => row.id));
  const backwardPages: number[][] = [pages.at(-1)!.data.map((row) => row.id)];
  while (page.previous) {
    page = await expectJson<Page>(await send(admin, "GET", `${base}&after=${page.previous.after}`), 200);
    backwardPages.unshift(page.data.map((row) => row.id));
  }
  return { forward, backward: backwardPages.flat(), pages };
}

describe("GET /api/v1/audit-logs (keyset paging)", () => {
  it("walks every row newest first, without duplicates or gaps, forward and back", async () => {
    const expected = await allIdsNewestFirst();
    expect(expected.length).toBeGreaterThan(GENERATED);
    const { forward, backward, pages } = await walk("");
    expect(forward).toEqual(expected);
    expect(backward).toEqual(expected);
    expect(pages.slice(0, -1).every((page) => page.data.length === 50)).toBe(true);
    expect(pages.at(-1)!.next).toBeNull();

    const first = pages[0]!.data[0]!;
    expect(first).toStrictEqual({
      id: expected[0],
      timestamp: generated.at(-1)!.createdAt,
      action: generated.at(-1)!.action,
      details: { n: GENERATED - 1, message: `Kejadian ${GENERATED - 1}` },
      ipAddress: "203.0.113.9",
      userAgent: "uji/1.0",
      actor: { username: actors[(GENERATED - 1) % 2]!.username, fullName: actors[(GENERATED - 1) % 2]!.fullName },
      targetType: null,
      targetId: null,
    });
  });

  it("filters by actor, by action, and both, each walked completely", async () => {
    const newestFirst = [...generated].reverse();
    const byActor = newestFirst.filter((row) => row.actorId === actors[1].id).map((row) => row.id);
    expect((await walk(`actor=${actors[1].username.toUpperCase()}`, 20)).forward).toEqual(byActor);

    const byAction = (await allIdsNewestFirstWhere("action = 'USER_UPDATE'"));
    expect((await walk("action=USER_UPDATE", 30)).forward).toEqual(byAction);

    const both = newestFirst.filter((row) => row.actorId === actors[0].id && row.action === "DOCUMENT_DOWNLOAD").map((row) => row.id);
    expect(both.length).toBeGreaterThan(50);
    const walked = await walk(`actor=${actors[0].username}&action=DOCUMENT_DOWNLOAD`, 40);
    expect(walked.forward).toEqual(both);
    expect(walked.backward).toEqual(both);
  });

  it("filters by a Jakarta date range (both days included)", async () => {
    const days = [...new Set(generated.map((row) => jakartaDay(row.createdAt)))];
    expect(days).toEqual(["2030-01-01", "2030-01-02", "2030-01-03", "2030-01-04"]);
    const newestFirst = [...generated].reverse();
    const inDays = (from: string, to: string) => newestFirst.filter((row) => jakartaDay(row.createdAt) >= from && jakartaDay(row.createdAt) <= to).map((row) => row.id);

    expect((await walk("from=2030-01-02&to=2030-01-02")).forward).toEqual(inDays("2030-01-02", "2030-01-02"));
    expect((await walk("from=2030-01-01&to=2030-01-01", 5)).forward).toEqual(inDays("2030-01-01", "2030-01-01"));
    expect((await walk("from=2030-01-03")).forward).toEqual(inDays("2030-01-03", "2030-01-04"));
    expect((await walk("to=2030-01-01", 50)).forward).toEqual(
      (await allIdsNewestFirst()).filter((id) => id < generated.find((row) => jakartaDay(row.createdAt) === "2030-01-02")!.id),
    );
    expect((await walk(`from=2030-01-02&to=2030-01-03&actor=${actors[0].username}&action=LOGIN`)).forward).toEqual(
      newestFirst
        .filter((row) => jakartaDay(row.createdAt) >= "2030-01-02" && jakartaDay(row.createdAt) <= "2030-01-03" && row.actorId === actors[0].id && row.action === "LOGIN")
        .map((row) => row.id),
    );
    // No rows: a later range, an inverted range, an unknown actor.
    for (const filters of ["from=2031-01-01", "from=2030-01-03&to=2030-01-01", "actor=tidak-ada-orangnya"]) {
      expect(await expectJson<Page>(await send(admin, "GET", `/api/v1/audit-logs?${filters}`), 200)).toMatchObject({ data: [], previous: null, next: null });
    }
  });

  it("odd parameters fall back instead of failing; an unknown action is no filter", async () => {
    const expected = (await allIdsNewestFirst()).slice(0, 10);
    for (const query of ["action=DROP_TABLE", "before=abc", "after=-5", "from=2030-13-45", "size=7", "page=3"]) {
      const page = await expectJson<Page>(await send(admin, "GET", `/api/v1/audit-logs?${query}`), 200, query);
      expect(page.data.map((row) => row.id), query).toEqual(expected);
    }
  });

  it("every read is index-backed: no scan of the table, no sort (EXPLAIN QUERY PLAN)", async () => {
    const db = createDb(testEnv.DB);
    const plan = async (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
      const { sql, parameters } = query.compile();
      const { results } = await testEnv.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...parameters).all<{ detail: string }>();
      return results.map((row) => row.detail).join(" | ");
    };
    const cases: [Parameters<typeof auditRows>[1], Parameters<typeof auditRows>[2], RegExp][] = [
      [{}, null, /SEARCH a USING INTEGER PRIMARY KEY|SCAN a/],
      [{}, { before: 500 }, /SEARCH a USING INTEGER PRIMARY KEY \((row)?id<\?\)/],
      [{ action: "LOGIN" }, { before: 500 }, /SEARCH a USING (COVERING )?INDEX audit_logs_action \(action=\? AND (row)?id<\?\)/],
      [{ actorId: actors[0].id }, { after: 100 }, /SEARCH a USING (COVERING )?INDEX audit_logs_actor \(actor_id=\? AND (row)?id>\?\)/],
      [{ actorId: actors[0].id, minId: 10, endId: 400 }, null, /SEARCH a USING (COVERING )?INDEX audit_logs_actor \(actor_id=\? AND (row)?id>\? AND (row)?id<\?\)/],
    ];
    for (const [scope, bound, expected] of cases) {
      const detail = await plan(auditRows({ db }, scope, bound, 11));
      expect(detail, JSON.stringify(scope)).toMatch(expected);
      expect(detail, JSON.stringify(scope)).not.toMatch(/TEMP B-TREE/);
    }
    const dateLookup = await plan(
      db.selectFrom("audit_logs").select("id").where("created_at", ">=", "2030-01-02T00:00:00.000Z").orderBy("created_at").orderBy("id").limit(1),
    );
    expect(dateLookup).toMatch(/USING (COVERING )?INDEX audit_logs_created/);
    expect(dateLookup).not.toMatch(/TEMP B-TREE/);
    expect(await firstAuditIdFrom({ db }, "2030-01-01T15:00:00.000Z")).toBe(generated[0]!.id);
  });
});

describe("GET /api/v1/audit-logs/export.csv", () => {
  it("streams every matching row as escaped CSV (formula cells defused) and audits the export", async () => {
    const author = await createUser();
    const nasty = [
      '=HYPERLINK("http://evil.test","klik")',
      "+62 812",
      "-1+1",
      "@SUM(A1)",
      'Kata "kutip", koma\nbaris dua',
      "\tTab",
      // Spreadsheets read a full-width ＝ as = and skip invisible characters.
      "\uFF1D1+1",
      "\u200B=1+1",
      "\u00AD\uFEFF@SUM(A1)",
    ];
    await testEnv.DB.batch(
      nasty.map((message) =>
        testEnv.DB.prepare("INSERT INTO audit_logs (created_at, action, message, actor_id, ip_address, user_agent) VALUES (?, 'LOGIN', ?, ?, '10.0.0.1', ?)").bind(
          "2030-02-01T00:00:00.000Z",
          message,
          author.id,
          "=cmd|' /C calc'!A0",
        ),
      ),
    );
    const response = await send(admin, "GET", `/api/v1/audit-logs/export.csv?actor=${author.username}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="log-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Read with the byte-order mark kept (response.text() would drop it).
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    const ids = (await testEnv.DB.prepare("SELECT id FROM audit_logs WHERE actor_id = ? ORDER BY id DESC").bind(author.id).all<{ id: number }>()).results;
    const expectedMessages = [...nasty].reverse();
    const expectedLines = ids.map(
      (row, i) =>
        `"${row.id}","2030-02-01T00:00:00.000Z","LOGIN","${author.username}",${csvCell(expectedMessages[i])},"10.0.0.1","'=cmd|' /C calc'!A0"`,
    );
    expect(text).toBe(`\uFEFF"ID","Waktu (UTC)","Aksi","Pengguna","Detail","Alamat IP","User Agent"\r\n${expectedLines.join("\r\n")}\r\n`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""klik"")"`);
    expect(text).toContain(`"'+62 812"`);
    expect(text).toContain(`"'-1+1"`);
    expect(text).toContain(`"'@SUM(A1)"`);
    expect(text).toContain(`"'\uFF1D1+1"`);
    expect(text).toContain(`"'\u200B=1+1"`);
    expect(text).toContain(`"'\u00AD\uFEFF@SUM(A1)"`);
    expect(text).toContain(`"Kata ""kutip"", koma\nbaris dua"`);

    const exportRow = await testEnv.DB.prepare("SELECT action, details, actor_id FROM audit_logs WHERE action = 'AUDIT_LOG_EXPORT' ORDER BY id DESC LIMIT 1").first<{ details: string; actor_id: number }>();
    expect(JSON.parse(exportRow!.details)).toEqual({ filters: { actor: author.username } });
    expect(exportRow!.actor_id).toBe(admin.body.user.userId);
  });

  it("an unfiltered export holds every row, across several chunks, newest first", async () => {
    const response = await send(admin, "GET", "/api/v1/audit-logs/export.csv");
    const lines = (await response.text()).split("\r\n").slice(1, -1);
    const ids = await allIdsNewestFirst();
    expect(ids.length).toBeGreaterThan(500);
    // Messages with line breaks span lines; count rows by their leading id cell instead.
    const exported = lines.filter((line) => /^"\d+","/.test(line)).map((line) => Number(line.slice(1, line.indexOf('"', 1))));
    expect(exported).toEqual(ids);
  });

  it("CSV cells: quotes doubled, leading formula characters defused, everything quoted", () => {
    expect(csvCell("biasa")).toBe('"biasa"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell('a"b')).toBe('"a""b"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}x`)).toBe(`"'${start}x"`);
    expect(csvCell("x=1")).toBe('"x=1"');
    for (const disguised of ["\uFF1Dx", "\uFF0Bx", "\uFF0Dx", "\uFF20x", "\u200B=x", "\u2060\u200D+x", "\u00AD-x", "\u3164@x", "\u180E=x"]) {
      expect(csvCell(disguised)).toBe(`"'${disguised}"`);
    }
    expect(csvCell("a\uFF1D1")).toBe('"a\uFF1D1"');
  });
});

describe("audit rows cannot be changed through the API", () => {
  it("PUT, PATCH, DELETE and POST on /api/v1/audit-logs… are 404 and change nothing", async () => {
    const id = generated[0]!.id;
    // What a row records (its seal, hash and prev_hash, is added by the sealer in the background).
    const recorded = "SELECT id, created_at, action, message, details, actor_id, target_type, target_id, ip_address, user_agent FROM audit_logs WHERE id = ?";
    const before = await testEnv.DB.prepare(recorded).bind(id).first();
    const count = await allIdsNewestFirst();
    for (const method of ["PUT", "PATCH", "DELETE", "POST"]) {
      for (const path of ["/api/v1/audit-logs", `/api/v1/audit-logs/${id}`, "/api/v1/audit-logs/export.csv"]) {
        const response = await send(admin, method, path, method === "DELETE" ? undefined : { json: { message: "diubah" } });
        const body = await response.text();
        expect([404, 405], `${method} ${path} ${body}`).toContain(response.status);
      }
    }
    expect(await testEnv.DB.prepare(recorded).bind(id).first()).toEqual(before);
    expect(await allIdsNewestFirst()).toEqual(count);
    expect(deniedMessages.auditLog).toBe("Anda tidak memiliki izin untuk melihat log audit.");
  });
});

async function allIdsNewestFirstWhere(where: string): Promise<number[]> {
  return (await testEnv.DB.prepare(`SELECT id FROM audit_logs WHERE ${where} ORDER BY id DESC`).all<{ id: number }>()).results.map((row) => row.id);
}
