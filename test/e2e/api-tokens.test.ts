/**
 * The 'Token API' page (/app/api-tokens) in Chromium, at a laptop and a phone with JavaScript and
 * at the phone without (SIZE_RUNS): reached from the header, no axe violations, nothing scrolls sideways; a token is
 * made, shown once, works as `Authorization: Bearer` against /api/v1 (read+write without a CSRF
 * token), and stops working once revoked; the form's refusals come back beside the field; a
 * Super Admin sees everyone's tokens and revokes them. The API reference (/api/docs) renders
 * under the site's CSP with nothing loaded from elsewhere.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../support/node/axe";
import { DEMO_ACCOUNTS, JS_MODES, SIZE_RUNS, baseURL, goto, login, textOf, useBrowser, waitForHydration } from "../support/node/browser";

const browser = useBrowser();

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const api = (path: string, init: RequestInit = {}) => fetch(new URL(path, baseURL()), { redirect: "manual", ...init });
const withToken = (token: string, path: string, init: RequestInit = {}) =>
  api(path, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });

async function toast(page: Page): Promise<string> {
  await page.getByTestId("toast").waitFor();
  return textOf(page, "[data-testid=toast]");
}

/** Fill and send 'Buat Token'; answers the token the page shows once. */
async function createToken(page: Page, name: string, scope: "Baca saja (read)" | "Baca & tulis (read+write)", lifetime = "30 hari"): Promise<string> {
  await page.getByLabel("Nama Token", { exact: true }).fill(name);
  await page.getByLabel(scope, { exact: true }).check();
  await page.getByLabel("Masa Berlaku", { exact: true }).selectOption({ label: lifetime });
  await page.getByTestId("create-token").click();
  const value = page.getByTestId("created-token-value");
  await value.waitFor();
  await waitForHydration(page);
  return (await value.textContent())!.trim();
}

describe.each(SIZE_RUNS)("$size, $mode", ({ viewport, javaScriptEnabled }) => {
  it("the page is reached from the header, fits, and has no axe violations", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport });
    await login(page, DEMO_ACCOUNTS.viewer);
    await page.getByTestId("header-api-tokens").click();
    await page.waitForURL((url) => url.pathname === "/app/api-tokens");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Token API", exact: true }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, "/app/api-tokens");
  });
});

describe.each(JS_MODES)("%s", (mode, javaScriptEnabled) => {
  const account = javaScriptEnabled ? DEMO_ACCOUNTS.ftStaff : DEMO_ACCOUNTS.feStaff;

  it("a token is shown once, works as a bearer token (no CSRF token), and stops at once when revoked", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    await login(page, account, { open: "/app/api-tokens" });
    const name = `Integrasi SRIKANDI ${mode}`;
    const token = await createToken(page, name, "Baca & tulis (read+write)");
    expect(token).toMatch(/^earsip_[A-Za-z0-9_-]{43}$/);
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, "/app/api-tokens (token shown)");
    const row = page.getByTestId("token-row").filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByTestId("token-status").textContent()).toBe("Aktif");
    expect(await row.textContent()).not.toContain(token);

    const me = await withToken(token, "/api/v1/users/me");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ name: account.fullName, x_csrf_token: null });
    // A change with the token alone: no cookie, no CSRF token.
    const verify = await withToken(token, `/api/v1/archives/${crypto.randomUUID()}`, { method: "DELETE" });
    expect(verify.status).toBe(404);

    // Shown once: the page loaded again does not have it.
    await goto(page, "/app/api-tokens");
    expect(await page.content()).not.toContain(token);

    await row.getByTestId("revoke-token").click();
    const dialog = page.getByTestId("revoke-dialog");
    await dialog.waitFor();
    await expectNoAxeViolations(page, "/app/api-tokens?dialog=revoke");
    await dialog.getByRole("button", { name: "Ya, Cabut" }).click();
    expect(await toast(page)).toBe(`Token API "${name}" dicabut.`);
    expect(await page.getByTestId("token-row").filter({ hasText: name }).getByTestId("token-status").textContent()).toBe("Dicabut");
    expect((await withToken(token, "/api/v1/users/me")).status).toBe(401);
  });

  it("a read token is refused every change; a refused form comes back with the message beside the field", async () => {
    const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.viewer, { open: "/app/api-tokens" });
    expectHttpStatus(400);
    await page.getByTestId("create-token").click();
    const error = page.locator("#main").getByText("Nama token wajib diisi.");
    await error.waitFor();
    const token = await createToken(page, `Baca saja ${mode}`, "Baca saja (read)", "7 hari");
    expect((await withToken(token, "/api/v1/archives")).status).toBe(200);
    const write = await withToken(token, `/api/v1/archives/${crypto.randomUUID()}`, { method: "DELETE" });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ message: "Token API ini hanya untuk membaca (cakupan read): perubahan ditolak." });
  });
});

describe("Super Admin", () => {
  it("sees everyone's tokens with their owners and revokes another user's token", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: true });
    await login(page, DEMO_ACCOUNTS.feStaff, { open: "/app/api-tokens" });
    const token = await createToken(page, "Milik Fakultas Ekonomi", "Baca saja (read)");

    const admin = await browser.newPage({ javaScriptEnabled: false });
    await login(admin.page, DEMO_ACCOUNTS.admin, { open: "/app/api-tokens?q=Fakultas+Ekonomi" });
    const row = admin.page.getByTestId("token-row").filter({ hasText: "Milik Fakultas Ekonomi" });
    await row.waitFor();
    expect(await row.textContent()).toContain("fe.staff");
    await row.getByTestId("revoke-token").click();
    await admin.page.getByTestId("revoke-dialog").getByRole("button", { name: "Ya, Cabut" }).click();
    expect(await toast(admin.page)).toBe('Token API "Milik Fakultas Ekonomi" dicabut.');
    expect((await withToken(token, "/api/v1/users/me")).status).toBe(401);
  });
});

describe("API reference (/api/docs)", () => {
  it("renders the OpenAPI document with the site's CSP, nothing loaded from elsewhere, no violation", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: true });
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseURL()) && !request.url().startsWith("data:")) foreign.push(request.url());
    });
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener("securitypolicyviolation", (event) => (window as unknown as { violations: string[] }).violations.push(event.violatedDirective));
    });
    const response = await page.goto("/api/docs");
    expect(response!.status()).toBe(200);
    await page.getByText("E-Arsip API", { exact: false }).first().waitFor();
    await page.locator(".opblock").first().waitFor();
    expect(await page.locator(".opblock").count()).toBeGreaterThan(35);
    expect(await page.getByText("/api/v1/archives/{uuid}/download").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
