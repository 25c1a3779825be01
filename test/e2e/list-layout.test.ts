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

/**
 * Every pair of the visible controls of the list's toolbar that overlap (none should). Controls
 * inside the closed 'Filter' toggle are not rendered, though they still answer a layout box.
 */
const overlappingControls = (page: Page) =>
  page.locator("form[role=search]").evaluate((form) => {
    const boxes = [...form.querySelectorAll("input:not([type=hidden]), select, button, a, summary")]
      .filter((element) => element.checkVisibility())
      .map((element) => ({ name: element.getAttribute("name") ?? element.textContent ?? element.tagName, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    const overlaps: string[] = [];
    for (const [index, a] of boxes.entries()) {
      for (const b of boxes.slice(index + 1)) {
        const apart = a.box.right <= b.box.left || b.box.right <= a.box.left || a.box.bottom <= b.box.top || b.box.bottom <= a.box.top;
        if (!apart) overlaps.push(`${a.name} × ${b.name}`);
      }
    }
    return overlaps;
  });

/** Page width beyond the viewport (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Pixels between the lowest of the buttons beside the page's heading and what follows the
 * header: on a phone the buttons wrap under the heading and must not sit on the list's card.
 */
const spaceBelowHeaderButtons = (page: Page) =>
  page.locator("main h1").evaluate((heading) => {
    const header = heading.parentElement!.parentElement!;
    const lowestButton = Math.max(...[...header.querySelectorAll("a, button")].map((button) => button.getBoundingClientRect().bottom));
    return header.nextElementSibling!.getBoundingClientRect().top - lowestButton;
  });

/**
 * Only the phone's list differs without JavaScript (sorting posts through 'Terapkan'), so it runs
 * in both modes; the other layouts and URLs are the same markup either way and run with it on.
 */
describe("JS on", () => {
  const javaScriptEnabled = true;

  it("1366×800: the laptop's eleven columns fit, the Aksi column included; from 1536 px Deskripsi and the code too", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: LAPTOP });
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/documents" });
    expect(await sidewaysOverflow(page)).toBe(0);
    const table = page.getByTestId("documents-table");
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    const visibleHeaders = () => table.locator("thead th").evaluateAll((cells) => cells.filter((cell) => cell.getBoundingClientRect().width > 0).length);
    // The SPEC's twelve but Deskripsi (on the phone card and the detail page), which would
    // squeeze every other column into mid-word breaks at this width.
    expect(await visibleHeaders()).toBe(11);
    const actions = page.getByTestId("document-row").first().locator("td").last();
    const box = (await actions.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(LAPTOP.width);
    expect(await actions.getByRole("link", { name: "Lihat", exact: true }).isVisible()).toBe(true);
    // Judul links to the detail page.
    const title = page.getByTestId("document-row").first().locator("td").nth(1).getByRole("link");
    expect(await title.getAttribute("href")).toMatch(/^\/app\/documents\/[0-9a-f-]{36}$/);

    // At 1280 px Kata Kunci, Uploader and Ukuran step back so Judul keeps room to read.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await visibleHeaders()).toBe(8);
    expect(await table.locator("thead th").nth(1).evaluate((cell) => cell.getBoundingClientRect().width)).toBeGreaterThanOrEqual(240);
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);

    // A wide screen adds Deskripsi and 'Kode Klasifikasi', still without sideways scrolling.
    await page.setViewportSize({ width: 1600, height: 900 });
    expect(await visibleHeaders()).toBe(13);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  });

  it("390×844: a visitor's catalogue is cards with a 44 px 'Unduh'", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: PHONE });
    await goto(page, "/documents");
    expect(await sidewaysOverflow(page)).toBe(0);
    const download = page.getByTestId("document-row").first().getByRole("link", { name: "Unduh", exact: true });
    expect((await download.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });

  it("390×844: every list's buttons keep the heading's distance from the list when they wrap under it", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: PHONE });
    const measured: Record<string, number> = {};
    await goto(page, "/ppid/dip");
    measured["/ppid/dip"] = await spaceBelowHeaderButtons(page);
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/users" });
    for (const path of ["/app/users", "/app/manage-unit-kerja", "/app/audit-logs", "/app/ppid/dip", "/app/berkas", "/app/klasifikasi"]) {
      if (pathOf(page) !== path) await goto(page, path);
      measured[path] = await spaceBelowHeaderButtons(page);
    }
    for (const [path, space] of Object.entries(measured)) expect(space, path).toBeGreaterThanOrEqual(16);
  });

  it("1366×800: a row's title opens the document through the router, and showing the list asks the server for none of its rows' routes", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: LAPTOP });
    const discovered: string[] = [];
    const documentLoads: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/__manifest") discovered.push(...(url.searchParams.get("paths") ?? "").split(","));
      if (request.resourceType() === "document") documentLoads.push(url.pathname);
    });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents" });
    await page.waitForLoadState("networkidle");
    expect(discovered.filter((path) => /^\/app\/documents\/[0-9a-f-]{36}/.test(path))).toEqual([]);
    documentLoads.length = 0;
    await page.getByTestId("document-row").first().locator("a.dt-title").click();
    await page.getByRole("heading", { level: 1, name: "Detail Dokumen" }).waitFor();
    expect(documentLoads).toEqual([]);
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
    // The range of the last page, ending at the total.
    const [, from, to, total] = /^Showing (\d+)–(\d+) of (\d+) entries$/.exec(await textOf(page, "[data-testid=showing]")) ?? [];
    expect(Number(from)).toBe((Number(last) - 1) * 20 + 1);
    expect(to).toBe(total);
    // An unknown category says so.
    await goto(page, "/app/documents?category=999");
    expect(pathOf(page)).toBe("/app/documents");
    expect(await textOf(page, "[data-testid=list-notice]")).toBe("Kategori tidak ditemukan.");
  });
});

describe.each(JS_MODES)("%s", (_mode, javaScriptEnabled) => {
  it("390×844: rows are cards with 44 px actions, nothing scrolls sideways", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: PHONE });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents" });
    expect(await sidewaysOverflow(page)).toBe(0);
    // The page's buttons wrap under its heading: they keep the heading's distance from the list.
    expect(await spaceBelowHeaderButtons(page)).toBeGreaterThanOrEqual(16);
    // A row with a file to download (another file of this worker may have added newer ones without: a paper record, a RAHASIA one).
    const row = page
      .getByTestId("document-row")
      .filter({ has: page.getByRole("link", { name: "Unduh", exact: true }) })
      .first();
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
    // Sorting stays reachable: a labelled select and its direction (a form, so without JS too).
    expect(await page.getByTestId("sort-select").isVisible()).toBe(true);
    expect(await page.getByTestId("sort-dir").isVisible()).toBe(true);
    expect(await overlappingControls(page)).toEqual([]);
    // Opened, the filters take their own rows: still nothing over anything.
    await page.getByTestId("list-filters").locator("summary").click();
    await page.getByTestId("code-filter").waitFor();
    expect(await overlappingControls(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    const sortedBy = (sort: string, dir: string) => (url: URL) => url.searchParams.get("sort") === sort && url.searchParams.get("dir") === dir;
    if (javaScriptEnabled) {
      // Each change applies at once. The toolbar is redrawn (a new form) for each new address:
      // wait for that before the next change, not only for the address.
      const changeAndWaitForRedraw = async (testId: string, value: string, reached: (url: URL) => boolean) => {
        const before = await page.getByTestId(testId).elementHandle();
        await page.getByTestId(testId).selectOption(value);
        await page.waitForURL(reached);
        await page.waitForFunction((element) => !element?.isConnected, before);
      };
      await changeAndWaitForRedraw("sort-select", "title", (url) => url.searchParams.get("sort") === "title");
      await changeAndWaitForRedraw("sort-dir", "asc", sortedBy("title", "asc"));
    } else {
      await page.getByTestId("sort-select").selectOption("title");
      await page.getByTestId("sort-dir").selectOption("asc");
      await page.getByRole("button", { name: "Terapkan" }).click();
    }
    await page.waitForURL(sortedBy("title", "asc"));
    await page.getByTestId("document-row").first().waitFor();
    expect(await page.getByTestId("sort-select").inputValue()).toBe("title");
    expect(await page.getByTestId("sort-dir").inputValue()).toBe("asc");

    await goto(page, "/app/documents?q=zzqxjtidakada");
    const empty = page.getByTestId("empty");
    expect(await empty.isVisible()).toBe(true);
    const box = (await empty.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});
