/**
 * The list kit in the browser: the document list fits a 1366 px laptop and a 390 px phone
 * without sideways scrolling, rows become cards with 44 px actions on the phone, the empty
 * message is visible there, and odd list URLs are answered honestly (canonical URL, last page,
 * unknown category). JavaScript on and off.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, JS_MODES, goto, login, pathOf, textOf, useBrowser } from "../support/node/browser";

const browser = useBrowser();
const LAPTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Page width beyond the viewport (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each(JS_MODES)("%s", (_mode, javaScriptEnabled) => {
  it("1366×800: all twelve columns fit, the Aksi column included", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: LAPTOP });
    await login(page, DEMO_ACCOUNTS.admin);
    await goto(page, "/app/documents");
    expect(await sidewaysOverflow(page)).toBe(0);
    const table = page.getByTestId("documents-table");
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    const headers = await table.locator("thead th").evaluateAll((cells) => cells.filter((cell) => cell.getBoundingClientRect().width > 0).length);
    expect(headers).toBe(12);
    const actions = page.getByTestId("document-row").first().locator("td").last();
    const box = (await actions.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(LAPTOP.width);
    expect(await actions.getByRole("link", { name: "Lihat", exact: true }).isVisible()).toBe(true);
    // Judul links to the detail page.
    const title = page.getByTestId("document-row").first().locator("td").nth(1).getByRole("link");
    expect(await title.getAttribute("href")).toMatch(/^\/app\/documents\/[0-9a-f-]{36}$/);
  });

  it("390×844: rows are cards with 44 px actions, nothing scrolls sideways", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: PHONE });
    await login(page, DEMO_ACCOUNTS.ftStaff);
    await goto(page, "/app/documents");
    expect(await sidewaysOverflow(page)).toBe(0);
    const row = page.getByTestId("document-row").first();
    expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe("flex");
    const rowBox = (await row.boundingBox())!;
    expect(rowBox.x).toBeGreaterThanOrEqual(0);
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(await row.getByRole("link").first().isVisible()).toBe(true); // the title
    for (const name of ["Lihat", "Unduh"]) {
      const link = row.getByRole("link", { name, exact: true });
      const box = (await link.boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
    }
    // Sorting stays reachable: the sortable headers become a row of sort links.
    expect(await page.getByRole("link", { name: /^Judul/ }).isVisible()).toBe(true);

    await goto(page, "/app/documents?q=zzqxjtidakada");
    const empty = page.getByTestId("empty");
    expect(await empty.isVisible()).toBe(true);
    const box = (await empty.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  it("390×844: a visitor's catalogue is cards with a 44 px 'Unduh'", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: PHONE });
    await goto(page, "/documents");
    expect(await sidewaysOverflow(page)).toBe(0);
    const download = page.getByTestId("document-row").first().getByRole("link", { name: "Unduh", exact: true });
    expect((await download.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });

  it("answers odd list URLs honestly", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.viewer);
    // Empty and default parameters are dropped (a form posted without JavaScript sends them).
    await goto(page, "/app/documents?q=&category=&size=10&page=1");
    expect(page.url()).toMatch(/\/app\/documents$/);
    // A page past the end goes to the last page.
    await goto(page, "/app/documents?size=20&page=99");
    const last = new URL(page.url()).searchParams.get("page");
    expect(Number(last)).toBeGreaterThan(1);
    expect(Number(last)).toBeLessThan(99);
    expect(await textOf(page, "[data-testid=showing]")).toMatch(/^Showing [1-9]\d* of \d+ entries$/);
    // An unknown category says so.
    await goto(page, "/app/documents?category=999");
    expect(pathOf(page)).toBe("/app/documents");
    expect(await textOf(page, "[data-testid=list-notice]")).toBe("Kategori tidak ditemukan.");
  });
});
