/**
 * Every server-rendered page is valid HTML (html-validate: the standard, a11y and document
 * presets, plus the `aria-hidden` label rule; see test/support/node/html-validity.ts). The pages
 * are read from the route config itself, so a screen added later is validated without touching
 * this file, as a visitor and as each role; dialogs and error states addressed by URL or by a
 * refused post are validated too. Plain HTTP against the production build (what a browser
 * without JavaScript receives, which is also what the browser hydrates).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../support/node/browser";
import { apiSession, createTestDocument, requestTestAccess, answerTestRequest, replaceTestFile, trashTestDocument } from "../support/node/api-fixtures";
import { queryE2eDb } from "../support/node/e2e-db";
import { htmlProblems } from "../support/node/html-validity";
import { fetchAs, signInOverHttp, type HttpSession } from "../support/node/http-session";
import { pagePatterns } from "../support/shared/product-routes";

/** Routes that answer something other than a page (files, redirects, the token hand-off). */
const NOT_PAGES = new Set(["/robots.txt", "/sitemap.xml", "/sitemap/:part", "/logout", "/callback", "/app/session", "/app/klasifikasi/export.csv", "/app/berita-acara/:uuid/pdf", "/app/penyusutan/daftar/:uuid/daftar.csv", "/app/penyusutan/ead.xml", "/app/daftar-arsip/unduh.csv", "/app/daftar-arsip/unduh.pdf", "/app/pemindahan/:uuid/daftar.csv", "/app/pemindahan/:uuid/berita-acara.pdf", "/ppid/status/tanda-terima.pdf", "/app/ppid/:report/unduh.csv", "/app/ppid/:report/unduh.pdf", "/ppid/dip.csv", "/ppid/status/unduh"]);

type Ids = { document: string; publicDocument: string; user: string; unit: string; request: string };

/** A concrete URL for a pattern, with ids that exist (so the page itself renders, not its 404). */
function urlOf(pattern: string, ids: Ids): string {
  if (pattern.endsWith("*")) return pattern.replace("*", "tidak-ada-halaman-ini");
  return pattern
    .replace(/^\/documents\/:uuid/, `/documents/${ids.publicDocument}`)
    .replace(/^\/app\/documents\/:uuid/, `/app/documents/${ids.document}`)
    .replace(/^\/app\/users\/:uuid/, `/app/users/${ids.user}`)
    .replace(/^\/app\/manage-unit-kerja\/:id/, `/app/manage-unit-kerja/${ids.unit}`)
    .replace(/^\/app\/access-request\/download\/:uuid/, `/app/access-request/download/${ids.request}`);
}

const pages = pagePatterns().filter((pattern) => !NOT_PAGES.has(pattern));

async function expectValid(path: string, session: HttpSession | null, form?: Record<string, string>) {
  const response = await fetchAs(path, session, form);
  const type = response.headers.get("content-type") ?? "";
  const html = await response.text();
  if (response.status >= 300 && response.status < 400) return { status: response.status, html };
  expect(type, `${path}: ${response.status}`).toContain("text/html");
  const problems = await htmlProblems(html);
  expect(problems, `${path} (${response.status}) has invalid HTML`).toEqual([]);
  return { status: response.status, html };
}

describe("valid HTML on every server-rendered page", () => {
  const sessions: Record<string, HttpSession> = {};
  let ids: Ids;
  let pendingRequest: string;
  let approvedRequest: string;

  beforeAll(async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) sessions[account.username] = await signInOverHttp(account.username);
    const ft = await apiSession(DEMO_ACCOUNTS.ftStaff.username);
    const fe = await apiSession(DEMO_ACCOUNTS.feStaff.username);
    const privateDocument = await createTestDocument(ft, { accessLevel: "PRIVATE" });
    const publicDocument = await createTestDocument(ft, { accessLevel: "PUBLIC" });
    const other = await createTestDocument(ft, { accessLevel: "PRIVATE" });
    // A version history with an older version to restore, and a trash that is not empty.
    await replaceTestFile(ft, privateDocument.uuid);
    await trashTestDocument(ft, (await createTestDocument(ft, { accessLevel: "PRIVATE" })).uuid);
    pendingRequest = await requestTestAccess(fe, privateDocument.uuid);
    approvedRequest = await requestTestAccess(fe, other.uuid);
    await answerTestRequest(ft, approvedRequest, "accept");
    const user = queryE2eDb<{ uuid: string }>("SELECT uuid FROM users WHERE username = ?", DEMO_ACCOUNTS.feStaff.username)[0]!;
    const unit = queryE2eDb<{ id: number }>("SELECT id FROM unit_kerja ORDER BY id LIMIT 1")[0]!;
    ids = { document: privateDocument.uuid, publicDocument: publicDocument.uuid, user: user.uuid, unit: String(unit.id), request: approvedRequest };
  });

  it("finds the pages in app/routes.ts", () => {
    expect(pages).toEqual(expect.arrayContaining(["/", "/documents", "/documents/:uuid", "/login", "/app", "/app/documents/:uuid", "/app/users/:uuid"]));
  });

  describe.each([
    ["a visitor", null],
    ["Super Admin", DEMO_ACCOUNTS.admin.username],
    ["Satuan Kerja", DEMO_ACCOUNTS.ftStaff.username],
    ["Satuan Kerja (requester)", DEMO_ACCOUNTS.feStaff.username],
    ["Viewer", DEMO_ACCOUNTS.viewer.username],
  ] as const)("as %s", (_role, username) => {
    it("every page (or its refusal) validates", async () => {
      for (const pattern of pages) await expectValid(urlOf(pattern, ids), username ? sessions[username]! : null);
    });
  });

  it("dialogs addressed by the URL validate", async () => {
    const admin = sessions[DEMO_ACCOUNTS.admin.username]!;
    const owner = sessions[DEMO_ACCOUNTS.ftStaff.username]!;
    const requester = sessions[DEMO_ACCOUNTS.feStaff.username]!;
    const publicId = ids.publicDocument;
    const checks: [string, HttpSession][] = [
      [`/app/documents/${ids.document}?dialog=delete`, admin],
      [`/app/documents/${publicId}?dialog=delete`, owner],
      [`/app/documents/create?created=${ids.document}`, owner],
      [`/app/users/${ids.user}?dialog=delete`, admin],
      [`/app/users/${ids.user}?dialog=end-sessions`, admin],
      [`/app/manage-unit-kerja?dialog=delete&id=${ids.unit}`, admin],
      [`/app/access-request?box=received&respond=${pendingRequest}`, owner],
      [`/app/access-request?box=received&revoke=${approvedRequest}`, owner],
      [`/app/access-request?box=sent`, requester],
      [`/app/documents?q=tidakadadokumenseperti`, owner],
    ];
    for (const [path, session] of checks) {
      const { status } = await expectValid(path, session);
      expect(status, path).toBe(200);
    }
  });

  it("forms answered with errors validate (no JavaScript)", async () => {
    expect((await expectValid("/login", null, { username: "", password: "" })).status).toBe(400);
    const owner = sessions[DEMO_ACCOUNTS.ftStaff.username]!;
    expect((await expectValid(`/app/access-request?box=received&respond=${pendingRequest}`, owner, { intent: "respond", uuid: pendingRequest })).status).toBe(400);
  });
});
