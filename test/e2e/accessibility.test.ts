/**
 * axe-core on every page the app has, at a laptop (1366x800) and a phone (390x844) with
 * JavaScript on, and at the phone with JavaScript off (SIZE_RUNS): any WCAG 2.1 A/AA (or axe
 * best-practice) violation fails the test with the list of what was found. Pages are visited by
 * role: visitor, Satuan Kerja, Super Admin (whose users, work units and audit log pages, with their
 * dialogs, admin.test.ts audits the same way).
 */
import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { auditPages, expectNoAxeViolations } from "../support/node/axe";
import { DEMO_ACCOUNTS, SIZE_RUNS, goto, login, useBrowser } from "../support/node/browser";

const browser = useBrowser();

/** Each test audits a dozen pages; a shared machine needs more than the default minute. */
const MANY_PAGES = 300_000;

/** Seeded PRIVATE document of ft.staff. */
const FT_PRIVATE = "Pedoman Penggunaan Laboratorium Komputer";
const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";

async function firstHref(page: Page, selector: string): Promise<string> {
  const link = page.locator(selector).first();
  await link.waitFor();
  const href = await link.getAttribute("href");
  if (!href) throw new Error(`no href on ${selector}`);
  return href;
}

describe.each(SIZE_RUNS)("$size, $mode", ({ viewport, javaScriptEnabled }) => {
  it("visitor pages: landing, guide, public list, public document, login, not found", async () => {
    const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled, viewport });
    expectHttpStatus(404);
    await goto(page, "/documents");
    const publicDocument = await firstHref(page, "a.dt-title");
    await auditPages(page, ["/", "/panduan", "/documents", "/documents?q=zzzzqqqq", publicDocument, "/login", "/tidak-ada", `/documents/${UNKNOWN_UUID}`]);
  }, MANY_PAGES);

  it("the drawer, opened on a phone, has no violations", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport });
    await goto(page, "/");
    if (viewport.width < 1280) {
      await page.getByTestId("menu-toggle").click();
      await page.getByTestId("sidebar").getByRole("link", { name: "Panduan", exact: true }).waitFor();
    }
    await expectNoAxeViolations(page, "/ with the drawer open");
  }, MANY_PAGES);

  it("Satuan Kerja pages: dashboard, list, create (empty and invalid), detail, update, dialogs, 403 and 404", async () => {
    const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled, viewport });
    // 400: the create form posted empty without JavaScript answers with its errors.
    expectHttpStatus(400, 403, 404);
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents?q=${encodeURIComponent("Laboratorium Komputer")}` });
    const detail = await firstHref(page, `a.dt-title:text-is("${FT_PRIVATE}")`);
    const uuid = detail.split("/").pop()!;
    await auditPages(page, [
      "/app",
      "/app/documents",
      "/app/documents?q=zzzzqqqq",
      "/app/documents/create",
      `/app/documents/create?created=${uuid}`,
      detail,
      `${detail}?dialog=delete`,
      `${detail}/update`,
      `${detail}/update?updated=1`,
      "/app/access-request",
      "/app/users",
      "/app/tidak-ada",
      `/app/documents/${UNKNOWN_UUID}`,
    ]);

    // The create form after a submit with every field empty (errors beside the fields).
    await goto(page, "/app/documents/create");
    await page.getByRole("button", { name: "Simpan", exact: true }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectNoAxeViolations(page, "/app/documents/create with errors");
  }, MANY_PAGES);

  // Users, work units and the audit log, with their dialogs: admin.test.ts.
  it("Super Admin's dashboard; Viewer's 403 on access requests", async () => {
    const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled, viewport });
    expectHttpStatus(403);
    await login(page, DEMO_ACCOUNTS.admin);
    await auditPages(page, ["/app"]);
    const viewer = await browser.newPage({ javaScriptEnabled, viewport });
    viewer.expectHttpStatus(403);
    await login(viewer.page, DEMO_ACCOUNTS.viewer);
    await auditPages(viewer.page, ["/app", "/app/access-request"]);
  }, MANY_PAGES);
});
