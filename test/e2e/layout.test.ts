/**
 * Layout, metadata, not-found and permission pages (SPEC section 2); the drawer with JavaScript on
 * and off.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, JS_MODES, goto, login, pathOf, textOf, useBrowser } from "../support/node/browser";

const browser = useBrowser();

const NOT_FOUND = {
  title: "Arsip atau Halaman Tidak Ditemukan",
  text: "Sistem tidak dapat menemukan sumber daya arsip yang Anda minta. Hal ini mungkin disebabkan oleh tautan yang tidak valid atau arsip telah diarsipkan secara permanen.",
  back: "Kembali ke Dasboard Utama",
};

async function expectNotFoundPage(page: Page) {
  const heading = page.getByRole("heading", { level: 1 });
  expect(await heading.textContent()).toBe(NOT_FOUND.title);
  expect(await page.getByText(NOT_FOUND.text, { exact: true }).isVisible()).toBe(true);
  const back = page.getByRole("link", { name: NOT_FOUND.back, exact: true });
  expect(await back.getAttribute("href")).toBe("/");
}

const robots = (page: Page) => page.locator('meta[name="robots"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute("content") ?? ""));

/** Horizontal position of the sidebar: < 0 when it is off-screen. */
const sidebarBox = async (page: Page) => {
  // Measured directly: a closed drawer is also visibility:hidden, for which boundingBox() is null.
  const box = await page.locator("aside[aria-label=Sidebar]").evaluate((aside) => {
    const rect = aside.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  });
  return box;
};

/** Waits (polling from Node: page scripts may be off) for the drawer to finish sliding. */
async function waitForDrawer(page: Page, open: boolean) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const box = await sidebarBox(page);
    if (open ? box.x === 0 : box.x + box.width <= 0) return;
    if (Date.now() > deadline) throw new Error(`drawer did not ${open ? "open" : "close"}: ${JSON.stringify(box)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The pages below post no form and draw the same markup either way, so they run with JavaScript
 * on (the server's HTML alone is checked below the browser, in the gates and HTML tests); the
 * drawer, which works differently without JavaScript, runs in both.
 */
describe("JS on", () => {
  const javaScriptEnabled = true;

  describe("not found", () => {
    it("an unknown public path answers 404 with the not-found page", async () => {
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
      expectHttpStatus(404);
      const response = await goto(page, "/tidak-ada");
      expect(response?.status()).toBe(404);
      await expectNotFoundPage(page);
      expect(await page.title()).toContain(NOT_FOUND.title);

      await page.getByRole("link", { name: NOT_FOUND.back, exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/");
    });

    it("an unknown path under /app answers 404 inside the layout", async () => {
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
      expectHttpStatus(404);
      await login(page, DEMO_ACCOUNTS.viewer);
      const response = await goto(page, "/app/xyz");
      expect(response?.status()).toBe(404);
      await expectNotFoundPage(page);
      expect(await textOf(page, "[data-testid=header-user]")).toBe(DEMO_ACCOUNTS.viewer.fullName);
      expect(await page.getByTestId("sidebar").getByRole("link", { name: "Dashboard", exact: true }).isVisible()).toBe(true);
    });
  });

  describe("metadata", () => {
    it("/ is indexable and has a title", async () => {
      const { page } = await browser.newPage({ javaScriptEnabled });
      await goto(page, "/");
      const contents = await robots(page);
      expect(contents.length).toBeGreaterThan(0);
      for (const content of contents) {
        expect(content).toContain("index");
        expect(content).not.toContain("noindex");
      }
      expect(await page.title()).toBe("Arsip Dokumen Resmi Universitas | E-Arsip");
    });

    it("/login and the /app pages are noindex and have titles", async () => {
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
      expectHttpStatus(404);
      const noindex = async (path: string, title: string) => {
        await goto(page, path);
        expect(pathOf(page)).toBe(path);
        const contents = await robots(page);
        expect(contents.length, path).toBeGreaterThan(0);
        for (const content of contents) expect(content, path).toContain("noindex");
        expect(await page.title(), path).toBe(title);
      };
      await noindex("/login", "Login | E-Arsip");
      await login(page, DEMO_ACCOUNTS.admin);
      await noindex("/app", "Dashboard | E-Arsip");
      await noindex("/app/documents", "Semua Dokumen | E-Arsip");
      await noindex("/app/users", "Manajemen Pengguna | E-Arsip");
      await noindex("/app/xyz", "Arsip atau Halaman Tidak Ditemukan | E-Arsip");
    });
  });

  describe("permissions", () => {
    it("a Viewer is refused the audit log (403)", async () => {
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
      expectHttpStatus(403);
      await login(page, DEMO_ACCOUNTS.viewer);
      const response = await goto(page, "/app/audit-logs");
      expect(response?.status()).toBe(403);
      expect(await textOf(page, "[data-testid=error-message]")).toBe("Anda tidak memiliki izin untuk melihat log audit.");
      expect(await page.getByTestId("sidebar").isVisible()).toBe(true);
    });

    it("a Satuan Kerja is refused the users page (403)", async () => {
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
      expectHttpStatus(403);
      await login(page, DEMO_ACCOUNTS.ftStaff);
      const response = await goto(page, "/app/users");
      expect(response?.status()).toBe(403);
      expect(await textOf(page, "[data-testid=error-message]")).toBe("Anda tidak memiliki izin untuk mengakses halaman ini.");
    });
  });

  describe("breadcrumb", () => {
    it("shows Dashboard / Manage Unit Kerja on /app/manage-unit-kerja", async () => {
      const { page } = await browser.newPage({ javaScriptEnabled });
      await login(page, DEMO_ACCOUNTS.admin, { open: "/app/manage-unit-kerja" });
      const crumbs = page.getByTestId("breadcrumb").locator("li > a, li > [aria-current]");
      const texts = await crumbs.evaluateAll((elements) => elements.map((element) => element.textContent?.trim()));
      expect(texts).toEqual(["Dashboard", "Manage Unit Kerja"]);
      expect(await crumbs.first().getAttribute("href")).toBe("/app");
      expect(await crumbs.last().getAttribute("aria-current")).toBe("page");
      expect(await page.getByTestId("sidebar").locator("details").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);

      await crumbs.first().click();
      // The URL changes before the new route has rendered: wait for the dashboard's heading.
      await page.getByRole("heading", { level: 1, name: "Dashboard Admin" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/app");
      expect(await textOf(page, "h1")).toBe("Dashboard Admin");
    });
  });

  describe("links", () => {
    it("the sidebar's and a list's links navigate in the page, without loading a document again", async () => {
      const { page } = await browser.newPage({ javaScriptEnabled });
      await login(page, DEMO_ACCOUNTS.admin, { open: "/app/manage-unit-kerja" });
      // Survives only a navigation inside the page.
      await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
      const documentLoads: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") documentLoads.push(request.url());
      });
      const sidebarLink = page.getByTestId("sidebar").getByRole("link", { name: "Documents", exact: true });
      await sidebarLink.click();
      await page.getByRole("heading", { level: 1, name: "Semua Dokumen" }).waitFor();
      expect(await sidebarLink.getAttribute("aria-current")).toBe("page");

      await page.locator('a[data-sort="title"]').click();
      await page.locator('th[aria-sort="ascending"] a[data-sort="title"]').waitFor();
      expect(new URL(page.url()).searchParams.get("sort")).toBe("title");

      expect(documentLoads).toEqual([]);
      expect(await page.evaluate(() => (window as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    });
  });
});

describe.each(JS_MODES)("%s", (_mode, javaScriptEnabled) => {
  describe("drawer", () => {
    it.each(["/", "/app"])("on %s the sidebar is a drawer on a small screen", async (path) => {
      const { page } = await browser.newPage({ javaScriptEnabled, viewport: { width: 390, height: 800 } });
      if (path === "/app") await login(page, DEMO_ACCOUNTS.viewer);
      else await goto(page, path);

      const closed = await sidebarBox(page);
      expect(closed.x + closed.width).toBeLessThanOrEqual(0);

      await page.getByTestId("menu-toggle").click();
      await waitForDrawer(page, true);
      const open = await sidebarBox(page);
      expect(open.x).toBe(0);
      const entry = path === "/" ? "Panduan" : "Documents";
      expect(await page.getByTestId("sidebar").getByRole("link", { name: entry, exact: true }).isVisible()).toBe(true);

      // The overlay beside the drawer closes it.
      await page.mouse.click(360, 400);
      await waitForDrawer(page, false);
    });

    it("the sidebar is always visible at 1280 wide", async () => {
      const { page } = await browser.newPage({ javaScriptEnabled, viewport: { width: 1280, height: 800 } });
      await goto(page, "/");
      const box = await sidebarBox(page);
      expect(box.x).toBe(0);
      expect(box.width).toBe(256);
      expect(await page.getByTestId("menu-toggle").isVisible()).toBe(false);
      expect(await page.getByTestId("sidebar").getByRole("link", { name: "Panduan", exact: true }).isVisible()).toBe(true);
      // The PPID desk is the public's too: its link is on every public page.
      await page.getByTestId("sidebar").getByRole("link", { name: "PPID", exact: true }).click();
      await page.getByRole("heading", { name: "Layanan Informasi Publik (PPID)", level: 1 }).waitFor();
    });
  });
});
