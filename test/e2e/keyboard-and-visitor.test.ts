/**
 * Keyboard and focus, the drawer, dialogs, success dialogs shown once, and a visitor's path from
 * the landing to a public document's preview and download; at 1366x800 and 390x844, JavaScript
 * on and off where behaviour differs.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, JS_MODES, goto, login, pathOf, useBrowser, waitForHydration } from "../support/node/browser";
import { pdfFile, sha256 } from "../support/node/files";

const browser = useBrowser();

const LAPTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
const POLL = { timeout: 10_000, interval: 100 };

/** What has focus: "tag#id[name]: text" — enough to tell controls apart in assertions. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return "body";
    const name = element.getAttribute("name");
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${name ? `[${name}]` : ""}: ${(element.textContent ?? "").replace(/\s+/g, " ").trim()}`;
  });
const focusInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest("dialog[open]"));

/** Press Tab until focus matches `pattern` (at most `limit` presses). */
async function tabTo(page: Page, pattern: RegExp, limit = 40): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    if (pattern.test(now)) return;
    seen.push(now);
  }
  throw new Error(`Tab never reached ${pattern}; went through:\n${seen.join("\n")}`);
}

const drawerVisible = (page: Page) => page.locator("#sidebar").evaluate((aside) => getComputedStyle(aside).visibility === "visible" && aside.getBoundingClientRect().x === 0);

async function waitForDrawer(page: Page, open: boolean) {
  await expect.poll(() => drawerVisible(page), POLL).toBe(open);
}

describe("keyboard", () => {
  it.each([
    ["laptop", LAPTOP],
    ["phone", PHONE],
  ] as const)("on a %s the skip link is the first Tab stop and leads to the main content", async (_name, viewport) => {
    const { page } = await browser.newPage({ javaScriptEnabled: true, viewport });
    await goto(page, "/documents");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("a: Lewati ke konten utama");
    expect(await page.getByTestId("skip-link").isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    expect(await focused(page)).toMatch(/^main#main/);
    // The next stop is inside the main content, not the sidebar.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
  });

  it("create -> detail -> delete with the keyboard only, focus managed at every step", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: true, viewport: LAPTOP });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents/create" });
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("a: Lewati ke konten utama");
    await page.keyboard.press("Enter");

    const title = `Dokumen Papan Ketik ${Date.now()}`;
    await tabTo(page, /\[categoryId\]/);
    await page.keyboard.press("ArrowDown");
    await tabTo(page, /\[title\]/);
    await page.keyboard.type(title);
    await tabTo(page, /\[documentNumber\]/);
    await page.keyboard.type("KBD/001/2026");
    await tabTo(page, /\[year\]/);
    await page.keyboard.type("2026");
    await tabTo(page, /\[keywords\]/);
    await page.keyboard.type("arsip, papan, ketik, fokus, dialog");
    await tabTo(page, /\[description\]/);
    await page.keyboard.type(Array.from({ length: 22 }, (_, i) => `kata${i + 1}`).join(" "));
    await tabTo(page, /\[file\]/);
    // Choosing a file opens the system picker; the test hands the file to the focused input.
    await page.locator("input[name=file]").setInputFiles(pdfFile("papan-ketik.pdf", title));
    await tabTo(page, /button.*Simpan/);
    await page.keyboard.press("Enter");

    const success = page.getByTestId("success-dialog");
    await success.getByRole("heading", { name: "Sukses!" }).waitFor();
    await expect.poll(() => focusInDialog(page), POLL).toBe(true);
    // Tab stays inside the modal dialog.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !document.activeElement?.closest("main") || !!document.activeElement?.closest("dialog"))).toBe(true);
    }
    await tabTo(page, /a: Lihat Dokumen/, 6);
    await page.keyboard.press("Enter");

    await page.getByRole("heading", { level: 1, name: "Detail Dokumen" }).waitFor();
    await expect.poll(() => focused(page), POLL).toBe("h1: Detail Dokumen");

    await tabTo(page, /a: Delete/);
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("delete-dialog");
    await dialog.getByRole("heading", { name: "Hapus Dokumen" }).waitFor();
    await expect.poll(() => focusInDialog(page), POLL).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => focused(page), POLL).toBe("a: Delete");

    await page.keyboard.press("Enter");
    await dialog.getByRole("heading", { name: "Hapus Dokumen" }).waitFor();
    await tabTo(page, /button.*Ya, Hapus/, 6);
    await page.keyboard.press("Enter");
    await page.getByTestId("toast").getByText("Dokumen berhasil dihapus!").waitFor();
    expect(pathOf(page)).toBe("/app/documents");
  });

  it("a dialog the URL opens on load (its code loaded later) becomes modal and closes with Esc", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: true, viewport: LAPTOP });
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/documents" });
    const detail = await page.locator("a.dt-title").first().getAttribute("href");
    // The delete confirmation is loaded on demand: the server renders it in place, the browser
    // hydrates it when its chunk arrives, and only then can it become modal.
    await goto(page, `${detail}?dialog=delete`);
    const dialog = page.getByTestId("delete-dialog");
    await dialog.getByRole("heading", { name: "Hapus Dokumen" }).waitFor();
    await expect.poll(() => page.evaluate(() => !!document.querySelector("dialog:modal")), POLL).toBe(true);
    await expect.poll(() => focusInDialog(page), POLL).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(pathOf(page)).toBe(detail);
    expect(new URL(page.url()).search).toBe("");
  });

  it("an invalid form focuses its first invalid field below the sticky header", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: true, viewport: PHONE });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents/create" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByTestId("submit-document").click();
    await expect.poll(() => focused(page), POLL).toMatch(/\[categoryId\]/);
    const [fieldTop, headerBottom] = await page.evaluate(() => [
      document.activeElement!.getBoundingClientRect().top,
      document.querySelector("header")!.getBoundingClientRect().bottom,
    ]);
    expect(fieldTop).toBeGreaterThanOrEqual(headerBottom);
  });
});

describe.each(JS_MODES)("%s", (_mode, javaScriptEnabled) => {
  describe("drawer on a phone", () => {
    it("opens from its toggle; closed, its links are out of the tab order", async () => {
      const { page } = await browser.newPage({ javaScriptEnabled, viewport: PHONE });
      await goto(page, "/");
      await waitForDrawer(page, false);
      // Closed: Tab goes skip link -> menu toggle -> ... never into the drawer.
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      expect(await focused(page)).toMatch(/^input#nav-drawer/);
      expect(await page.locator("#nav-drawer").getAttribute("aria-label")).toBe("Menu navigasi");
      await page.keyboard.press("Space");
      await waitForDrawer(page, true);
      if (javaScriptEnabled) {
        // Focus moved into the drawer; Esc closes it and gives focus back to the toggle.
        expect(await page.evaluate(() => !!document.activeElement?.closest("#sidebar"))).toBe(true);
        await page.keyboard.press("Escape");
        await waitForDrawer(page, false);
        expect(await focused(page)).toMatch(/^input#nav-drawer/);
      } else {
        await page.keyboard.press("Space");
        await waitForDrawer(page, false);
      }
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => !document.activeElement?.closest("#sidebar"))).toBe(true);
      }
    });

    it("a link in the open drawer leads to the page, and the drawer is closed there", async () => {
      const { page } = await browser.newPage({ javaScriptEnabled, viewport: PHONE });
      await goto(page, "/");
      await page.getByTestId("menu-toggle").click();
      await waitForDrawer(page, true);
      await page.getByTestId("sidebar").getByRole("link", { name: "Semua Dokumen", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Semua Dokumen" }).waitFor();
      await waitForHydration(page);
      await waitForDrawer(page, false);
      if (javaScriptEnabled) expect(await focused(page)).toBe("h1: Semua Dokumen");
    });
  });

  describe("dialogs", () => {
    it.each([
      ["laptop", LAPTOP],
      ["phone", PHONE],
    ] as const)("the delete dialog on a %s is a <dialog>; Batal closes it", async (_name, viewport) => {
      const { page } = await browser.newPage({ javaScriptEnabled, viewport });
      await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents?q=Laboratorium" });
      await page.locator("a.dt-title").first().click();
      await page.getByRole("heading", { level: 1, name: "Detail Dokumen" }).waitFor();
      await waitForHydration(page);
      await page.getByTestId("delete-document").click();
      const dialog = page.getByRole("dialog", { name: "Hapus Dokumen" });
      await dialog.waitFor();
      expect(await dialog.evaluate((element) => element.tagName)).toBe("DIALOG");
      if (javaScriptEnabled) {
        await expect.poll(() => dialog.evaluate((element) => element.matches(":modal")), POLL).toBe(true);
        // The page behind is inert: its links cannot be clicked through the backdrop.
        expect(await page.evaluate(() => document.querySelector("main h1")!.closest("[inert]") !== null || !!document.querySelector("dialog:modal"))).toBe(true);
      }
      await dialog.getByRole("link", { name: "Batal", exact: true }).click();
      await dialog.waitFor({ state: "detached" });
      expect(new URL(page.url()).searchParams.has("dialog")).toBe(false);
    });
  });

  it("a success dialog shows once: Back from the document does not show it again", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: LAPTOP });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents" });
    await goto(page, "/app/documents/create");
    const title = `Dokumen Sekali Tampil ${Date.now()}`;
    await page.getByLabel("Kategori").selectOption({ index: 1 });
    await page.getByLabel("Judul").fill(title);
    await page.getByLabel("Nomor Dokumen").fill("ONCE/1/2026");
    await page.getByLabel("Tahun").fill("2026");
    await page.getByLabel("Kata Kunci").fill("satu, dua, tiga, empat, lima");
    await page.getByLabel("Deskripsi").fill(Array.from({ length: 22 }, (_, i) => `kata${i + 1}`).join(" "));
    await page.locator("input[name=file]").setInputFiles(pdfFile("sekali.pdf", title));
    await page.getByTestId("submit-document").click();
    const success = page.getByTestId("success-dialog");
    await success.getByText("Dokumen berhasil diunggah.").waitFor();
    await success.getByRole("link", { name: "Lihat Dokumen", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Detail Dokumen" }).waitFor();
    await page.goBack();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await waitForHydration(page);
    expect(await page.getByTestId("success-dialog").count()).toBe(0);
  });

  it.each([
    ["laptop", LAPTOP],
    ["phone", PHONE],
  ] as const)("a visitor on a %s goes from / to a public document, previews and downloads it", async (_name, viewport) => {
    const { page, context } = await browser.newPage({ javaScriptEnabled, viewport });
    await goto(page, "/");
    await page.getByTestId("browse-documents").click();
    await page.getByRole("heading", { level: 1, name: "Semua Dokumen" }).waitFor();
    await waitForHydration(page);
    // A PDF (its preview opens in the browser's viewer): the first title whose page names a PDF.
    const hrefs = await page.locator("a.dt-title").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    let pdfHref: string | undefined;
    for (const href of hrefs) {
      if ((await page.request.get(href).then((r) => r.text())).includes("citation_pdf_url")) {
        pdfHref = href;
        break;
      }
    }
    expect(pdfHref).toBeTruthy();
    const first = page.locator(`a.dt-title[href="${pdfHref}"]`);
    const title = (await first.textContent())!.trim();
    await first.click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await waitForHydration(page);
    expect(pathOf(page)).toMatch(/^\/documents\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId("public-description").textContent()).not.toBe("");
    expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("article");
    expect(await page.locator('meta[name="citation_title"]').getAttribute("content")).toBe(title);

    const preview = page.getByRole("link", { name: /^Lihat Dokumen/ });
    expect(await preview.getAttribute("target")).toBe("_blank");
    // The new tab's request, not its page: the tests' headless Chromium has no PDF viewer and
    // turns the navigation into a download (the bytes and their inline disposition are below).
    const [popup, previewRequest] = await Promise.all([
      context.waitForEvent("page"),
      context.waitForEvent("request", (request) => request.url().includes("/download/")),
      preview.click(),
    ]);
    expect(previewRequest.url()).toMatch(/\/api\/v1\/archives\/[0-9a-f-]{36}\/download\/[^/?]+\?disposition=inline$/);
    const previewResponse = await context.request.get(previewRequest.url());
    expect(previewResponse.headers()["content-disposition"]).toMatch(/^inline/);
    const previewBytes = await previewResponse.body();
    await popup.close();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Unduh", exact: true }).click()]);
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    expect(sha256(await readFile(path))).toBe(sha256(previewBytes));
  });
});

describe("public document page", () => {
  it("answers 404 for a private document, also to a signed-in user; the sitemap lists public documents only", async () => {
    const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled: false });
    expectHttpStatus(404);
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents?q=Laboratorium" });
    const href = (await page.locator('a.dt-title:text-is("Pedoman Penggunaan Laboratorium Komputer")').getAttribute("href"))!;
    const uuid = href.split("/").pop()!;
    const response = await page.goto(`/documents/${uuid}`);
    expect(response?.status()).toBe(404);

    const index = await page.request.get("/sitemap.xml").then((r) => r.text());
    const partUrl = /<loc>([^<]+)<\/loc>/.exec(index)?.[1];
    expect(partUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sitemap\/1\.xml$/);
    const part = await page.request.get(partUrl!).then((r) => r.text());
    expect(part).toContain("/documents</loc>");
    expect(part).not.toContain(uuid);
    const publicUuid = /\/documents\/([0-9a-f-]{36})<\/loc>/.exec(part)?.[1];
    expect(publicUuid).toBeTruthy();
    expect((await page.request.get(`/documents/${publicUuid}`)).status()).toBe(200);
    const robots = await page.request.get("/robots.txt").then((r) => r.text());
    expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
    expect(robots).toContain("Disallow: /app");
    expect(robots).toContain("Disallow: /api/");
  });
});
