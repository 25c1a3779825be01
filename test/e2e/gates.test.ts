/**
 * Gates by position: every route that app/routes.ts places inside the Master layout refuses
 * Satuan Kerja and Viewer (403 with the SPEC text, a <title> and an <h1>) and sends visitors to
 * /, for page loads (GET) and form posts (POST) alike; the Super Admin gets each page. The
 * routes are read from the route config itself, so a screen added to the layout later is
 * covered without touching this file. Plain HTTP against the production build.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, baseURL } from "../support/node/browser";
import { executeOnE2eDb, queryE2eDb } from "../support/node/e2e-db";
import { fetchAs, signInOverHttp as signIn, type HttpSession } from "../support/node/http-session";
import { pagePatterns } from "../support/shared/product-routes";

const MASTER_LAYOUT = "routes/app/master-layout.tsx";
const AUDIT_LOG_DENIED = "Anda tidak memiliki izin untuk melihat log audit.";
const PAGE_DENIED = "Anda tidak memiliki izin untuk mengakses halaman ini.";

/** A concrete URL for a pattern (`:uuid` and other params filled in). */
const urlOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000");

/** GET, or POST a form holding only the CSRF token, as `session` (null: a visitor). */
const request = (path: string, session: HttpSession | null, method: "GET" | "POST" = "GET") => fetchAs(path, session, method === "POST" ? {} : undefined);

const masterRoutes = pagePatterns(undefined, MASTER_LAYOUT);
/** Resource routes named like a file (…/export.csv) answer a download, not a page. */
const isDownload = (pattern: string) => /\.[a-z]+$/.test(pattern);

describe("the Master layout gate", () => {
  const sessions: Record<string, HttpSession> = {};

  beforeAll(async () => {
    for (const account of [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.ftStaff, DEMO_ACCOUNTS.viewer]) sessions[account.username] = await signIn(account.username);
  });

  it("finds the Master screens in app/routes.ts", () => {
    expect(masterRoutes).toEqual(
      expect.arrayContaining(["/app/audit-logs", "/app/manage-unit-kerja", "/app/users", "/app/users/create", "/app/users/:uuid", "/app/users/:uuid/update"]),
    );
  });

  describe.each(masterRoutes)("%s", (pattern) => {
    const path = urlOf(pattern);
    const denied = pattern.startsWith("/app/audit-logs") ? AUDIT_LOG_DENIED : PAGE_DENIED;

    it.each([
      ["Satuan Kerja", DEMO_ACCOUNTS.ftStaff.username],
      ["Viewer", DEMO_ACCOUNTS.viewer.username],
    ])("refuses a %s with 403 and the SPEC text, page and post alike", async (_role, username) => {
      const session = sessions[username]!;
      const page = await request(path, session);
      const html = await page.text();
      expect(page.status).toBe(403);
      expect(html).toContain(denied);
      // A download (a resource route such as export.csv) has no page to render: the refusal
      // is its body alone. Every screen renders the error page.
      if (!isDownload(pattern)) {
        expect(html).toMatch(/<title>Akses Ditolak \| E-Arsip<\/title>/);
        expect(html).toMatch(/<h1[^>]*>Akses Ditolak<\/h1>/);
      }

      const post = await request(path, session, "POST");
      expect(post.status).toBe(403);
      expect(await post.text()).toContain(denied);
    });

    it("sends a visitor to /", async () => {
      const page = await request(path, null);
      await page.arrayBuffer();
      expect(page.status).toBe(302);
      expect(new URL(page.headers.get("location")!, baseURL()).pathname).toBe("/");
    });

    it("lets the Super Admin in", async () => {
      const page = await request(path, sessions[DEMO_ACCOUNTS.admin.username]!);
      const html = await page.text();
      // Past the gate, a made-up id is the screen's own 404 (never the gate's 403 or redirect).
      if (pattern.includes(":")) {
        expect(page.status).toBe(404);
        expect(html).not.toContain(denied);
      } else expect(page.status).toBe(200);
    });
  });
});

describe("the access-request layout gate", () => {
  const accessRequestRoutes = pagePatterns(undefined, "routes/app/access-request-layout.tsx");
  const sessions: Record<string, HttpSession> = {};

  beforeAll(async () => {
    for (const account of [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.ftStaff, DEMO_ACCOUNTS.viewer]) sessions[account.username] = await signIn(account.username);
  });

  it("finds /app/access-request in app/routes.ts", () => {
    expect(accessRequestRoutes).toContain("/app/access-request");
  });

  it("finds the no-JavaScript download page in the same layout", () => {
    expect(accessRequestRoutes).toContain("/app/access-request/download/:uuid");
  });

  it.each(accessRequestRoutes)("%s: everyone who may list requests (not Viewer); Viewer gets 403, visitors go to /", async (pattern) => {
    const path = urlOf(pattern);
    const viewer = await request(path, sessions[DEMO_ACCOUNTS.viewer.username]!);
    expect(viewer.status).toBe(403);
    expect(await viewer.text()).toContain(PAGE_DENIED);
    // Satuan Kerja, and Super Admin (who oversees every unit's requests), pass the gate: the
    // list answers 200 (a unit member's on its default side, 'Masuk'), the download page of an
    // unknown request 404 from its own loader.
    for (const username of [DEMO_ACCOUNTS.ftStaff.username, DEMO_ACCOUNTS.admin.username]) {
      const canonical = pattern.includes(":uuid") || username !== DEMO_ACCOUNTS.ftStaff.username ? path : `${path}?box=received`;
      const allowed = await request(canonical, sessions[username]!);
      const html = await allowed.text();
      expect(allowed.status, username).toBe(pattern.includes(":uuid") ? 404 : 200);
      expect(html, username).not.toContain(PAGE_DENIED);
      const post = await request(path, sessions[username]!, "POST");
      await post.arrayBuffer();
      expect(post.status, username).not.toBe(403);
    }
    const visitor = await request(path, null);
    await visitor.arrayBuffer();
    expect(visitor.status).toBe(302);
  });
});

describe("refusals are audited", () => {
  it("a page refused by its gate writes one ACCESS_DENIED row per client and window, however often it is asked", async () => {
    const viewer = await signIn(DEMO_ACCOUNTS.viewer.username);
    const { id } = queryE2eDb<{ id: number }>("SELECT id FROM users WHERE username = ?", DEMO_ACCOUNTS.viewer.username)[0]!;
    // Other files' refusals of this account may have opened its window already: start a new one.
    executeOnE2eDb("DELETE FROM audit_windows WHERE key = ?", `ACCESS_DENIED|user:${id}`);
    const rowsBefore = queryE2eDb<{ n: number }>("SELECT COUNT(*) AS n FROM audit_logs WHERE action = 'ACCESS_DENIED' AND actor_id = ?", id)[0]!.n;
    for (let i = 0; i < 3; i++) {
      const page = await request("/app/users", viewer);
      await page.arrayBuffer();
      expect(page.status).toBe(403);
    }
    const rows = queryE2eDb<{ message: string }>("SELECT message FROM audit_logs WHERE action = 'ACCESS_DENIED' AND actor_id = ? ORDER BY id", id);
    expect(rows).toHaveLength(rowsBefore + 1);
    expect(rows.at(-1)!.message).toBe("Akses ditolak: GET /app/users");
  });
});
