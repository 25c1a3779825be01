/**
 * Notifications and jobs in Chromium, JavaScript on and off, at a laptop and a phone: the bell's
 * unread count (server-rendered), opening one, 'Tandai dibaca', 'Tandai semua dibaca', the email
 * preferences form, and 'Pekerjaan' for Super Admin. Each run signs in as a fresh member of
 * Fakultas Teknik, so other files' requests never reach its bell.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api, apiSession, createTestDocument, requestTestAccess, type ApiSession } from "../support/node/api-fixtures";
import { expectNoAxeViolations } from "../support/node/axe";
import { queryE2eDb } from "../support/node/e2e-db";
import { DEMO_ACCOUNTS, SIZE_RUNS, JS_MODES, baseURL, goto, login, pathOf, textOf, useBrowser, waitForHydration } from "../support/node/browser";

const browser = useBrowser();
const PASSWORD = "Notifikasi-Uji-2026";

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A new Satuan Kerja member of Fakultas Teknik (the unit of ft.staff's documents). */
async function freshMember(admin: ApiSession): Promise<string> {
  const body = (await (await api("/api/v1/unit-kerja?size=50", { headers: { cookie: admin.cookie } })).json()) as { id: number; nama: string }[] | { data: { id: number; nama: string }[] };
  const units = Array.isArray(body) ? body : body.data;
  const username = `notif.${crypto.randomUUID().slice(0, 8)}`;
  const response = await api("/api/v1/users", {
    method: "POST",
    headers: { cookie: admin.cookie, "x-csrf-token": admin.csrfToken, "content-type": "application/json", origin: baseURL() },
    body: JSON.stringify({
      fullName: `Staf Notifikasi ${username.slice(6)}`,
      username,
      email: `${username}@univ.ac.id`,
      password: PASSWORD,
      roleName: "Satuan Kerja",
      unitKerjaId: units.find((unit) => unit.nama === "Fakultas Teknik")!.id,
    }),
  });
  if (response.status !== 201) throw new Error(`user create answered ${response.status}: ${await response.text()}`);
  return username;
}

/** A request by fe.staff for a new document of Fakultas Teknik: a notification for every member of that unit. */
async function requestForTeknik(title: string): Promise<void> {
  const doc = await createTestDocument(await apiSession(DEMO_ACCOUNTS.ftStaff.username), { title });
  await requestTestAccess(await apiSession(DEMO_ACCOUNTS.feStaff.username), doc.uuid);
}

/** Reload until the bell shows `count` (the dispatcher runs from the queue, a moment after the request). */
async function bellShows(page: Page, count: number): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const badge = page.getByTestId("notification-count");
    const shown = (await badge.count()) > 0 ? Number(await badge.textContent()) : 0;
    if (shown === count) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await goto(page, pathOf(page));
  }
  // Once (2026-11-29's CI) three of these waits ran out: say where the dispatch stood.
  const outbox = queryE2eDb("SELECT (SELECT value FROM site_state WHERE key = 'events_dispatched') AS dispatched, (SELECT MAX(id) FROM events) AS newest, (SELECT COUNT(*) FROM events WHERE error IS NOT NULL) AS failed");
  const dispatchers = queryE2eDb("SELECT status, attempts, lease_until, run_after, error FROM jobs WHERE kind = 'events.dispatch' ORDER BY id DESC LIMIT 3");
  throw new Error(`the bell never showed ${count}: outbox ${JSON.stringify(outbox)}, newest dispatcher jobs ${JSON.stringify(dispatchers)}`);
}

describe.each(SIZE_RUNS)("$size, $mode", ({ size, mode, viewport, javaScriptEnabled }) => {
  it("the bell counts what is unread, and the list and the preferences fit without sideways scrolling", { timeout: 120_000 }, async () => {
    const admin = await apiSession(DEMO_ACCOUNTS.admin.username);
    const username = await freshMember(admin);
    const { page } = await browser.newPage({ javaScriptEnabled, viewport });
    await login(page, { username }, { password: PASSWORD });
    expect(await page.getByTestId("notification-count").count()).toBe(0);
    await requestForTeknik(`Laporan Bell ${mode} ${size}`);
    await bellShows(page, 1);
    expect(await page.getByTestId("notification-bell").getAttribute("aria-label")).toBe("Notifikasi, 1 belum dibaca");
    await page.getByTestId("notification-bell").click();
    await page.getByRole("heading", { name: "Notifikasi", level: 1 }).waitFor();
    await waitForHydration(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, `/app/notifikasi ${mode} ${size}`);
    await page.getByTestId("notification-settings-link").click();
    await page.getByRole("heading", { name: "Pengaturan Notifikasi", level: 1 }).waitFor();
    await waitForHydration(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, `/app/notifikasi/pengaturan ${mode} ${size}`);
  });
});

describe.each(JS_MODES)("%s", (mode, javaScriptEnabled) => {
  const size = "1366x800";
  const viewport = { width: 1366, height: 800 };
  it("a notification opens the thing itself; read one, read all; preferences are kept", { timeout: 180_000 }, async () => {
    const admin = await apiSession(DEMO_ACCOUNTS.admin.username);
    const username = await freshMember(admin);
    const { page } = await browser.newPage({ javaScriptEnabled, viewport });
    await login(page, { username }, { password: PASSWORD });
    expect(await page.getByTestId("notification-count").count()).toBe(0);

    const first = `Laporan Bell ${mode} ${size} Satu`;
    await requestForTeknik(first);
    await bellShows(page, 1);
    expect(await page.getByTestId("notification-bell").getAttribute("aria-label")).toBe("Notifikasi, 1 belum dibaca");
    await page.getByTestId("notification-bell").click();
    await page.getByRole("heading", { name: "Notifikasi", level: 1 }).waitFor();
    await waitForHydration(page);
    const row = page.getByTestId("notification-row").filter({ hasText: first });
    await row.waitFor();
    expect(await row.textContent()).toContain("meminta akses");

    // Opening it marks it read and lands on the request's answer dialog.
    await row.getByTestId("notification-open").click();
    await page.waitForURL((url) => url.pathname === "/app/access-request");
    await page.getByTestId("respond-dialog").waitFor();
    await bellShows(page, 0);

    // 'Tandai dibaca' on the list, then 'Tandai semua dibaca'.
    await requestForTeknik(`Laporan Bell ${mode} ${size} Dua`);
    await requestForTeknik(`Laporan Bell ${mode} ${size} Tiga`);
    await goto(page, "/app/notifikasi");
    await bellShows(page, 2);
    await page.getByTestId("notification-row").filter({ hasText: "Dua" }).getByTestId("mark-read").click();
    await page.getByTestId("toast").waitFor();
    expect(await textOf(page, "[data-testid=toast]")).toContain("ditandai dibaca");
    await bellShows(page, 1);
    await page.getByTestId("mark-all-read").click();
    await page.getByText("1 notifikasi ditandai dibaca.").waitFor();
    await bellShows(page, 0);
    expect(await textOf(page, "[data-testid=empty]")).toContain("Tidak ada notifikasi yang belum dibaca.");
    await page.getByTestId("notifications-filter-all").click();
    await page.getByTestId("notification-row").first().waitFor();
    expect(await page.getByTestId("notification-row").count()).toBe(3);

    // Preferences: email for requests in the daily digest instead of at once.
    await page.getByTestId("notification-settings-link").click();
    await page.getByRole("heading", { name: "Pengaturan Notifikasi", level: 1 }).waitFor();
    await waitForHydration(page);
    const select = page.getByLabel("Permintaan akses masuk");
    expect(await select.inputValue()).toBe("IMMEDIATE");
    await select.selectOption("DIGEST");
    await page.getByTestId("save-preferences").click();
    await page.getByText("Pengaturan notifikasi disimpan.").waitFor();
    expect(await page.getByLabel("Permintaan akses masuk").inputValue()).toBe("DIGEST");
  });
});

describe.each(JS_MODES)("%s", (mode, javaScriptEnabled) => {
  it("'Pekerjaan' lists the system's jobs for Super Admin, filtered by status, with each job's report", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: { width: 1366, height: 800 } });
    await login(page, DEMO_ACCOUNTS.admin);
    await page.getByRole("link", { name: "Pekerjaan" }).first().click();
    await page.getByRole("heading", { name: "Pekerjaan", level: 1 }).waitFor();
    await waitForHydration(page);
    await expectNoAxeViolations(page, `/app/pekerjaan ${mode}`);
    await page.getByTestId("job-row").first().waitFor();
    await page.getByTestId("job-status-filter").selectOption("DONE");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Terapkan" }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "DONE");
    await page.getByTestId("job-row").first().waitFor();
    const statuses = await page.getByTestId("job-status").allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["Selesai"]));
    await page.getByTestId("job-open").first().click();
    await page.getByRole("heading", { level: 1 }).filter({ hasText: "Pekerjaan:" }).waitFor();
    await expectNoAxeViolations(page, `/app/pekerjaan/{id} ${mode}`);
    expect(await textOf(page, "[data-testid=job-detail]")).toContain("Selesai");
  });

  it("a Satuan Kerja sees only its own jobs; a Viewer has no 'Pekerjaan' entry", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    await login(page, DEMO_ACCOUNTS.feStaff, { open: "/app/pekerjaan" });
    expect(await textOf(page, "h1")).toBe("Pekerjaan");
    expect(await textOf(page, "[data-testid=empty]")).toContain("Belum ada pekerjaan.");
    expect(await sidewaysOverflow(page)).toBe(0);
    const { page: viewerPage } = await browser.newPage({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    await login(viewerPage, DEMO_ACCOUNTS.viewer);
    expect(await viewerPage.locator("#sidebar").getByRole("link", { name: "Pekerjaan" }).count()).toBe(0);
  });
});
