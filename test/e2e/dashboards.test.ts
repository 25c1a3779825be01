/**
 * The public landing and the /app dashboards in Chromium, JavaScript on and off: totals, the
 * per-category cards, the charts (a table without JavaScript, a chart.js canvas with it, the
 * table kept as its description), the newest documents, the CSV export, the edge cache of `/`
 * following PUBLIC changes at once and never PRIVATE ones, and both screen sizes.
 * axe-core is not installed in this project, so no automated accessibility audit runs here.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { makePdf } from "../../scripts/demo-files.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, JS_MODES, baseURL, goto, login, textOf, useBrowser } from "../support/node/browser";
import type { z } from "zod";
import type { StatisticsViewSchema } from "../../app/domain/api/statistics";

const browser = useBrowser();

type Statistics = z.infer<typeof StatisticsViewSchema>;
type Session = { cookie: string; csrfToken: string };

const ICON_KEYS: Record<string, string> = {
  Foto: "foto",
  Audio: "audio",
  "Surat Keputusan": "surat keputusan",
  "Surat/Korespondensi": "surat/korespondensi",
  "Sertifikat Akreditasi": "sertifikat akreditasi",
  Pedoman: "pedoman",
  "Laporan Kegiatan": "laporan kegiatan",
  SOP: "sop",
};
const DAY_MONTH_YEAR = /^\d{2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}$/;
const POLL = { timeout: 10_000, interval: 100 };

const api = (path: string, init?: RequestInit) => fetch(new URL(path, baseURL()), { redirect: "manual", ...init });

async function signIn(username: string): Promise<Session> {
  const response = await api("/api/v1/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie: response.headers.getSetCookie()[0]!.split(";")[0]!, csrfToken };
}

async function statistics(session?: Session): Promise<Statistics> {
  const response = await api("/api/v1/statistics", { headers: session ? { cookie: session.cookie } : {} });
  expect(response.status).toBe(200);
  return (await response.json()) as Statistics;
}

/** Titles of the newest five documents the caller may see, from the API list. */
async function newestTitles(session?: Session): Promise<string[]> {
  const response = await api("/api/v1/archives?size=5", { headers: session ? { cookie: session.cookie } : {} });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { title: string }[] }).data.map((document) => document.title);
}

function metadataForm(fields: Record<string, string>, withFile: boolean): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (withFile) form.set("file", new Blob([Buffer.from(makePdf([fields.title ?? "Dokumen"]))], { type: "application/pdf" }), "dashboard.pdf");
  return form;
}

const documentFields = (categoryId: number, title: string, accessLevel: "PUBLIC" | "PRIVATE") => ({
  categoryId: String(categoryId),
  title,
  documentNumber: `DASH/${Date.now()}`,
  year: "2026",
  keywords: "dashboard, statistik, publik, uji, arsip",
  description: "Dokumen uji untuk dashboard publik dan statistik kategori.",
  accessLevel,
});

async function createDocument(session: Session, fields: Record<string, string>): Promise<string> {
  const response = await api("/api/v1/archives", {
    method: "POST",
    headers: { cookie: session.cookie, "x-csrf-token": session.csrfToken, origin: baseURL() },
    body: metadataForm(fields, true),
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return (JSON.parse(text) as { data: { uuid: string } }).data.uuid;
}

async function updateDocument(session: Session, uuid: string, fields: Record<string, string>) {
  const response = await api(`/api/v1/archives/${uuid}`, {
    method: "PUT",
    headers: { cookie: session.cookie, "x-csrf-token": session.csrfToken, origin: baseURL() },
    body: metadataForm(fields, false),
  });
  expect(response.status, await response.text()).toBe(200);
}

async function deleteDocument(session: Session, uuid: string) {
  const response = await api(`/api/v1/archives/${uuid}`, {
    method: "DELETE",
    headers: { cookie: session.cookie, "x-csrf-token": session.csrfToken, origin: baseURL() },
  });
  expect(response.status).toBe(200);
}

// ---------------------------------------------------------------------------------------------
// Page readers

type Card = { name: string; count: number; href: string; icon: string };

const cards = (page: Page): Promise<Card[]> =>
  page.getByTestId("category-card").evaluateAll((links) =>
    links.map((link) => ({
      name: link.querySelector("[data-testid=category-card-name]")?.textContent ?? "",
      count: Number(link.querySelector("[data-testid=category-card-count]")?.textContent),
      href: link.getAttribute("href") ?? "",
      icon: link.querySelector("svg")?.getAttribute("data-icon") ?? "",
    })),
  );

const latestRows = (page: Page) =>
  page.getByTestId("latest-document").evaluateAll((rows) =>
    rows.map((row) => {
      const text = (testId: string) => (row.querySelector(`[data-testid=${testId}]`)?.textContent ?? "").trim();
      const link = row.querySelector("a");
      return {
        title: text("latest-title"),
        access: text("latest-access"),
        date: text("latest-date"),
        href: link?.getAttribute("href") ?? null,
        // Followed by the router's click listener (AppLink), or loaded as a whole page.
        throughRouter: link ? link.matches("[data-page],[data-discover]") : null,
      };
    }),
  );

/** The fallback table of a chart: [label, number] per row (the doughnut adds a share). */
const chartTable = (page: Page, testId: string) =>
  page.getByTestId(`${testId}-table`).locator("tbody tr").evaluateAll((rows) =>
    rows.map((row) => [(row.querySelector("th")?.textContent ?? "").trim(), Number.parseInt(row.querySelector("td")?.textContent ?? "", 10)] as const),
  );

const value = async (page: Page, testId: string) => Number(await textOf(page, `[data-testid=${testId}-value]`));

/** The chart parts of `statistics`: the first eight categories as [name, count]. */
const firstEight = (stats: Statistics) => stats.archivesByCategory.slice(0, 8).map((category) => [category.categoryName, category.count] as const);

async function expectCardsMatch(page: Page, stats: Statistics, listPath: string) {
  const expected = stats.archivesByCategory.slice(0, 8);
  expect(await cards(page)).toEqual(
    expected.map((category) => ({
      name: category.categoryName,
      count: category.count,
      href: `${listPath}?category=${category.categoryId}`,
      icon: ICON_KEYS[category.categoryName] ?? "default",
    })),
  );
}

async function expectChartsDrawn(page: Page, stats: Statistics) {
  for (const [testId, name] of [
    ["bar-chart", "Distribusi Dokumen, diagram batang jumlah dokumen per kategori"],
    ["doughnut-chart", "Distribusi Dokumen, diagram donat jumlah dokumen per kategori"],
  ] as const) {
    // chart.js is fetched only when a chart comes near the viewport.
    await page.getByTestId(testId).scrollIntoViewIfNeeded();
    await page.locator(`[data-testid=${testId}][data-chart-drawn=true]`).waitFor(POLL);
    const canvas = page.getByTestId(`${testId}-canvas`);
    expect(await canvas.getAttribute("role")).toBe("img");
    expect(await canvas.getAttribute("aria-label")).toBe(name);
    expect(await canvas.isVisible()).toBe(true);
    // The table stays as the canvas's description: same numbers, in the DOM, visually hidden.
    const tableId = await page.getByTestId(`${testId}-table`).getAttribute("id");
    expect(await canvas.getAttribute("aria-describedby")).toBe(tableId);
    expect(await chartTable(page, testId)).toEqual(firstEight(stats));
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(100);
    expect(box!.height).toBeGreaterThan(100);
  }
}

async function expectChartFallbacks(page: Page, stats: Statistics) {
  for (const testId of ["bar-chart", "doughnut-chart"]) {
    expect(await page.getByTestId(`${testId}-table`).isVisible()).toBe(true);
    expect(await page.getByTestId(`${testId}-canvas`).count()).toBe(0);
    expect(await chartTable(page, testId)).toEqual(firstEight(stats));
    expect(await textOf(page, `[data-testid=${testId}] figcaption`)).toBe("Distribusi Dokumen");
  }
}

/** No horizontal scrolling at the page's width, and no table cut off by its rounded frame. */
const fitsWidth = (page: Page) =>
  page.evaluate(
    () =>
      document.documentElement.scrollWidth <= window.innerWidth &&
      [...document.querySelectorAll("main table")]
        // A drawn chart's table is visually hidden (1px), on purpose.
        .filter((table) => !table.closest(".sr-only"))
        .every((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0) + 1),
  );

// ---------------------------------------------------------------------------------------------

describe("public landing /", () => {
  it("without JS: Total Dokumen, category cards, chart tables, the newest five PUBLIC documents, CSV link", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: false });
    await goto(page, "/");
    const stats = await statistics();
    expect(await textOf(page, "h1")).toBe("Dashboard");
    // Only Total Dokumen in the summary.
    expect(await page.getByTestId("summary-cards").locator("li").count()).toBe(1);
    expect(await value(page, "total-documents")).toBe(stats.totalVisibleArchives);
    expect(await page.getByTestId("total-documents").getAttribute("href")).toBe("/documents");
    await expectCardsMatch(page, stats, "/documents");
    expect(await cards(page)).toHaveLength(8);
    await expectChartFallbacks(page, stats);

    const latest = await latestRows(page);
    expect(latest.map((row) => row.title)).toEqual(await newestTitles());
    expect(latest).toHaveLength(5);
    for (const row of latest) {
      expect(row.access).toBe("PUBLIC");
      expect(row.date).toMatch(DAY_MONTH_YEAR);
      // A plain link to the public page, which a visitor gets whole from the edge cache.
      expect(row.href).toMatch(/^\/documents\/[0-9a-f-]{36}$/);
      expect(row.throughRouter).toBe(false);
    }
    expect(await page.getByTestId("statistics-csv").getAttribute("href")).toBe("/api/v1/statistics/categories.csv");
    expect(await page.getByRole("link", { name: "Login SSO" }).isVisible()).toBe(true);

    // A card leads to the public list of its category.
    await page.getByTestId("category-card").first().click();
    await page.waitForURL((url) => url.pathname === "/documents");
    await page.getByRole("heading", { name: "Semua Dokumen" }).waitFor();
    expect(new URL(page.url()).searchParams.get("category")).toBe(String(stats.archivesByCategory[0]!.categoryId));
  });

  it("with JS: chart.js draws both charts lazily, only on pages with charts", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: true });
    const chartChunks: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/chart-runtime-[^/]+\.js$/.test(request.url())) chartChunks.push(new URL(request.url()).pathname);
    });
    await goto(page, "/panduan");
    await page.getByRole("heading", { name: "Panduan E-Arsip", level: 1 }).waitFor();
    expect(chartChunks).toEqual([]);

    const response = await page.goto("/");
    const html = await response!.text();
    // Not preloaded: the chunk is fetched by a dynamic import after hydration.
    expect(html).not.toContain("chart-runtime");
    await expectChartsDrawn(page, await statistics());
    expect(chartChunks).toHaveLength(1);
  });

  it("shows a PUBLIC document at once (create, rename, re-classify, delete) and never a PRIVATE one", async () => {
    const staff = await signIn(DEMO_ACCOUNTS.ftStaff.username);
    const { page } = await browser.newPage({ javaScriptEnabled: false });
    const before = await statistics();
    const [first, second] = [before.archivesByCategory[5]!, before.archivesByCategory[6]!];
    const cardCount = async (name: string) => (await cards(page)).find((card) => card.name === name)?.count;
    /** Load / as a visitor (through the edge cache); `x-cache` says whether it was stored. */
    const landing = async () => {
      const response = await page.goto("/");
      await page.getByTestId("latest-documents").waitFor();
      return response!.headers()["x-cache"];
    };

    // Warm the cache, so the next loads prove that a change bypasses the stored page.
    await landing();
    await expect.poll(landing, POLL).toBe("HIT");
    expect(await value(page, "total-documents")).toBe(before.totalVisibleArchives);

    const stamp = Date.now().toString(36);
    const title = `Pengumuman Dashboard Publik ${stamp}`;
    const uuid = await createDocument(staff, documentFields(first.categoryId, title, "PUBLIC"));
    expect(await landing()).toBe("MISS");
    expect(await value(page, "total-documents")).toBe(before.totalVisibleArchives + 1);
    expect(await cardCount(first.categoryName)).toBe(first.count + 1);
    expect((await latestRows(page))[0]!.title).toBe(title);

    const renamed = `Pengumuman Dashboard Diganti ${stamp}`;
    await updateDocument(staff, uuid, documentFields(first.categoryId, renamed, "PUBLIC"));
    expect(await landing()).toBe("MISS");
    const titles = (await latestRows(page)).map((row) => row.title);
    expect(titles[0]).toBe(renamed);
    expect(titles).not.toContain(title);

    await updateDocument(staff, uuid, documentFields(second.categoryId, renamed, "PUBLIC"));
    expect(await landing()).toBe("MISS");
    expect(await cardCount(first.categoryName)).toBe(first.count);
    expect(await cardCount(second.categoryName)).toBe(second.count + 1);
    expect(await chartTable(page, "bar-chart")).toContainEqual([second.categoryName, second.count + 1]);

    // A PRIVATE document changes nothing a visitor sees: the cached page stays valid. The server
    // is shared with other test files whose background work (extraction, jobs) may still change
    // public things, so a MISS is retried with a fresh private change a few times; a private
    // change that always invalidates the page still fails.
    const privateChangeKeepsCache = async (change: (attempt: number) => Promise<unknown>) => {
      for (let attempt = 1; attempt <= 3; attempt++) {
        await expect.poll(landing, POLL).toBe("HIT");
        await change(attempt);
        if ((await landing()) === "HIT") return true;
      }
      return false;
    };
    const secret = `Memo Rahasia Dashboard ${stamp}`;
    let privateUuid = "";
    expect(
      await privateChangeKeepsCache(async (attempt) => {
        privateUuid = await createDocument(staff, documentFields(first.categoryId, `${secret} ${attempt}`, "PRIVATE"));
      }),
    ).toBe(true);
    expect(await value(page, "total-documents")).toBe(before.totalVisibleArchives + 1);
    expect(await page.content()).not.toContain(secret);
    expect(
      await privateChangeKeepsCache((attempt) =>
        updateDocument(staff, privateUuid, documentFields(attempt % 2 ? second.categoryId : first.categoryId, `${secret} diubah ${attempt}`, "PRIVATE")),
      ),
    ).toBe(true);
    expect(await cardCount(second.categoryName)).toBe(second.count + 1);

    await deleteDocument(staff, uuid);
    expect(await landing()).toBe("MISS");
    expect(await value(page, "total-documents")).toBe(before.totalVisibleArchives);
    expect(await cardCount(second.categoryName)).toBe(second.count);
    expect((await latestRows(page)).map((row) => row.title)).not.toContain(renamed);
    await deleteDocument(staff, privateUuid);
  });

  it("redirects a signed-in user to /app, privately", async () => {
    const staff = await signIn(DEMO_ACCOUNTS.viewer.username);
    const response = await api("/", { headers: { cookie: staff.cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/app");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-cache")).toBeNull();
  });

  it("downloads the per-category CSV through the plain link", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: false });
    await goto(page, "/");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("statistics-csv").click()]);
    expect(download.suggestedFilename()).toBe("statistik-kategori.csv");
    const text = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
    const stats = await statistics();
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Kategori,Jumlah Dokumen");
    expect(lines.slice(1)).toEqual(stats.archivesByCategory.map((category) => `${category.categoryName.includes(",") ? `"${category.categoryName}"` : category.categoryName},${category.count}`));
  });
});

describe.each(JS_MODES)("dashboard /app (%s)", (_mode, javaScriptEnabled) => {
  it("Super Admin: summary cards, category cards, charts and the newest five", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.admin);
    await page.getByRole("heading", { name: "Dashboard Admin" }).waitFor();
    const stats = await statistics(await signIn(DEMO_ACCOUNTS.admin.username));

    const summary = [
      ["total-documents", "Total Dokumen", stats.totalVisibleArchives, "/app/documents"],
      ["total-users", "Total Pengguna", stats.totalUsers, "/app/users"],
      ["total-categories", "Total Kategori", stats.totalCategories, "/app/documents"],
      ["total-unit-kerja", "Total Unit Kerja", stats.totalUnitKerja, "/app/manage-unit-kerja"],
    ] as const;
    for (const [testId, label, expected, href] of summary) {
      const card = page.getByTestId(testId);
      expect((await card.textContent())?.startsWith(label), label).toBe(true);
      expect(await value(page, testId), label).toBe(expected);
      expect(await card.getAttribute("href"), label).toBe(href);
    }
    expect(await page.getByRole("heading", { name: "Statistik Per Kategori" }).isVisible()).toBe(true);
    await expectCardsMatch(page, stats, "/app/documents");
    if (javaScriptEnabled) await expectChartsDrawn(page, stats);
    else await expectChartFallbacks(page, stats);

    const admin = await signIn(DEMO_ACCOUNTS.admin.username);
    const latest = await latestRows(page);
    expect(latest.map((row) => row.title)).toEqual(await newestTitles(admin));
    for (const row of latest) {
      expect(row.date).toMatch(DAY_MONTH_YEAR);
      expect(row.href).toMatch(/^\/app\/documents\/[0-9a-f-]{36}$/);
      expect(row.throughRouter).toBe(true);
    }
    // No create option on the dashboard.
    expect(await page.getByTestId("latest").getByRole("link", { name: /Buat/ }).count()).toBe(0);

    await page.getByTestId("total-users").click();
    await page.getByRole("heading", { name: "Manajemen Pengguna" }).waitFor();
  });

  it("Satuan Kerja: category cards and the newest documents (PRIVATE ones too), no summary and no charts", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.ftStaff);
    await page.getByRole("heading", { name: "Dashboard", exact: true }).waitFor();
    const staff = await signIn(DEMO_ACCOUNTS.ftStaff.username);
    const stats = await statistics(staff);
    expect(stats.totalUsers).toBeNull();
    expect(await page.getByTestId("summary-cards").count()).toBe(0);
    expect(await page.getByTestId("charts").count()).toBe(0);
    await expectCardsMatch(page, stats, "/app/documents");
    expect((await latestRows(page)).map((row) => row.title)).toEqual(await newestTitles(staff));

    await page.getByTestId("category-card").nth(2).click();
    await page.getByRole("heading", { name: "Semua Dokumen" }).waitFor();
    expect(new URL(page.url()).searchParams.get("category")).toBe(String(stats.archivesByCategory[2]!.categoryId));
  });
});

describe("screen sizes", () => {
  for (const viewport of [{ width: 1366, height: 800 }, { width: 390, height: 844 }]) {
    it(`${viewport.width}x${viewport.height}: / and the admin dashboard fit the width, charts drawn`, async () => {
      const { page } = await browser.newPage({ javaScriptEnabled: true, viewport });
      await goto(page, "/");
      await expectChartsDrawn(page, await statistics());
      expect(await fitsWidth(page)).toBe(true);
      expect(await page.getByTestId("category-card").first().isVisible()).toBe(true);

      await login(page, DEMO_ACCOUNTS.admin);
      await page.getByRole("heading", { name: "Dashboard Admin" }).waitFor();
      await expectChartsDrawn(page, await statistics(await signIn(DEMO_ACCOUNTS.admin.username)));
      expect(await fitsWidth(page)).toBe(true);
      expect(await page.getByTestId("total-documents").isVisible()).toBe(true);
    });
  }
});
