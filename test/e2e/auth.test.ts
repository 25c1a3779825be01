/**
 * Sign-in and sign-out, with JavaScript on and off (SPEC section 2: login page, sidebar
 * visibility, protected area). Single sign-on: sso.test.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  JS_MODES,
  baseURL,
  goto,
  login,
  loginThroughForm,
  pathOf,
  submitLogin,
  textOf,
  useBrowser,
  waitForHydration,
  type DemoAccount,
} from "../support/node/browser";

const browser = useBrowser();

/** Every entry of the signed-in sidebar, in order (closed Master entries included). */
function sidebarEntries(page: Page): Promise<string[]> {
  return page
    .getByTestId("sidebar")
    .locator("a, button, summary")
    .evaluateAll((elements) =>
      elements.map((element) => {
        // The pending-requests badge counts what other tests left open; the entry's name is what is checked.
        const entry = element.cloneNode(true) as Element;
        entry.querySelector("[data-testid=access-request-badge]")?.remove();
        return (entry.textContent ?? "").replace("›", "").replace(/\s+/g, " ").trim();
      }),
    );
}

const EXPECTED_SIDEBAR: Record<DemoAccount["role"], string[]> = {
  // The SPEC's entries, plus 'Sampah' (the trash), the records' life after filing ('Berkas',
  // 'Daftar Arsip', 'Pemindahan'), 'Penyusutan' (disposal), 'Pekerjaan' (jobs), 'Impor' (imports) and 'PPID' (the
  // information desk) for those who may open them, and the guide ('Panduan') for everyone.
  "Super Admin": ["Dashboard", "Documents", "Sampah", "Berkas", "Daftar Arsip", "Pemindahan", "Penyusutan", "Pekerjaan", "Impor", "PPID", "Master", "Audit Logs", "Unit Kerja", "Users", "Klasifikasi", "Panduan", "Logout"],
  "Satuan Kerja": ["Dashboard", "Documents", "Access Request", "Sampah", "Berkas", "Daftar Arsip", "Pemindahan", "Penyusutan", "Pekerjaan", "Impor", "Panduan", "Logout"],
  Viewer: ["Dashboard", "Documents", "Panduan", "Logout"],
};

const masterOpen = (page: Page) => page.getByTestId("sidebar").locator("details").evaluate((details) => (details as HTMLDetailsElement).open);

/** The raw session cookie of the context (for checking revocation outside the browser). */
async function sessionCookie(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "earsip_session");
  if (!cookie) throw new Error("no session cookie");
  return `${cookie.name}=${cookie.value}`;
}

async function fetchApp(cookie?: string) {
  const response = await fetch(`${baseURL()}/app`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  return response;
}

describe.each(JS_MODES)("%s", (_mode, javaScriptEnabled) => {
  describe("login", () => {
    it.each(Object.values(DEMO_ACCOUNTS).map((account) => [account.username, account] as const))(
      "%s signs in and sees the sidebar of the role",
      async (_username, account) => {
        const { page } = await browser.newPage({ javaScriptEnabled });
        await loginThroughForm(page, account);

        expect(pathOf(page)).toBe("/app");
        expect(await textOf(page, "[data-testid=header-user]")).toBe(account.fullName);
        // The browser also keeps its device cookie (a guesser behind the same NAT cannot lock it out).
        const device = (await page.context().cookies()).find((cookie) => cookie.name === "earsip_device");
        expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
        const sidebar = page.getByTestId("sidebar");
        expect(await sidebar.getByText("Logged in as").isVisible()).toBe(true);
        expect(await textOf(page, "[data-testid=sidebar-role]")).toBe(account.role);
        // 'PPID' follows a designation other test files give and take (Super Admin always has it).
        const entries = (await sidebarEntries(page)).filter((entry) => account.role === "Super Admin" || entry !== "PPID");
        expect(entries).toEqual(EXPECTED_SIDEBAR[account.role]);
        expect(await sidebar.getByRole("link", { name: "Dashboard", exact: true }).isVisible()).toBe(true);
        expect(await sidebar.getByRole("button", { name: "Logout", exact: true }).isVisible()).toBe(true);

        if (account.role === "Super Admin") {
          expect(await masterOpen(page)).toBe(false);
          expect(await sidebar.getByRole("link", { name: "Users", exact: true }).isVisible()).toBe(false);
          await goto(page, "/app/users");
          expect(await masterOpen(page)).toBe(true);
          expect(await sidebar.getByRole("link", { name: "Users", exact: true }).isVisible()).toBe(true);
          expect(await sidebar.getByRole("link", { name: "Audit Logs", exact: true }).isVisible()).toBe(true);
        }
      },
    );

    it("refuses an empty username", async () => {
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
      expectHttpStatus(400); // without JS the server validates (a 400 document)
      await submitLogin(page, "", DEMO_PASSWORD);
      const error = page.getByText("Username tidak boleh kosong.", { exact: true });
      await error.waitFor();
      expect(pathOf(page)).toBe("/login");
      const username = page.getByLabel("Username", { exact: true });
      expect(await username.getAttribute("aria-invalid")).toBe("true");
      expect(await username.getAttribute("aria-describedby")).toBe(await error.getAttribute("id"));
    });

    it("refuses a blank password", async () => {
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
      expectHttpStatus(400);
      await submitLogin(page, "viewer", "");
      await page.getByText("Password tidak boleh kosong.", { exact: true }).waitFor();
      expect(pathOf(page)).toBe("/login");
      expect(await page.getByText("Username tidak boleh kosong.").count()).toBe(0);
    });

    // One failure per mode for a demo account and one for an unknown username: far below the
    // lock of 5 failures per username.
    it.each([
      ["a wrong password", "viewer"],
      ["an unknown username", "tidak.terdaftar"],
    ])("refuses %s with the generic message", async (_case, username) => {
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
      expectHttpStatus(401);
      await submitLogin(page, username, "kata-sandi-salah");
      const alert = page.getByRole("alert");
      await alert.waitFor();
      expect(await textOf(page, "[role=alert]")).toBe("Login gagal. Cek kembali kredensial Anda.");
      expect(pathOf(page)).toBe("/login");
      expect(await page.getByLabel("Username", { exact: true }).inputValue()).toBe(username);
      // The password is never sent back (without JavaScript) and is emptied (with it).
      await expect.poll(() => page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
    });
  });

  describe("logout", () => {
    it("returns to / and revokes the session", async () => {
      const { page } = await browser.newPage({ javaScriptEnabled });
      await login(page, DEMO_ACCOUNTS.ftStaff);
      const cookie = await sessionCookie(page);
      expect((await fetchApp(cookie)).status).toBe(200);

      await page.getByTestId("sidebar").getByRole("button", { name: "Logout", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/");
      // The landing page's own element, not the URL: the URL changes before the new page renders.
      const ssoLink = page.getByTestId("sidebar").getByRole("link", { name: "Login SSO" });
      await ssoLink.waitFor();
      await waitForHydration(page);
      expect(await ssoLink.isVisible()).toBe(true);

      await goto(page, "/app");
      expect(pathOf(page)).toBe("/");
      // The old cookie no longer opens a session: it was revoked on the server, not just cleared.
      const replay = await fetchApp(cookie);
      expect(replay.status).toBe(302);
      expect(replay.headers.get("location")).toBe("/");
    });

    it("sends a visitor without a session from /app to /", async () => {
      const { page } = await browser.newPage({ javaScriptEnabled });
      await goto(page, "/app");
      expect(pathOf(page)).toBe("/");
      await goto(page, "/app/documents");
      expect(pathOf(page)).toBe("/");
      const response = await fetchApp();
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    });
  });
});

describe("JS on only", () => {
  it("the submit button reads 'Loading...' while the login request is in flight", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled: true });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let intercepted = false;
    await page.route(
      (url) => url.pathname === "/login.data",
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        intercepted = true;
        await released;
        await route.continue();
      },
    );

    await submitLogin(page, DEMO_ACCOUNTS.admin.username, DEMO_PASSWORD);
    // The button turns busy as the browser starts the request, which can be before the route
    // handler in this process has seen it: wait for the request to be held, then look.
    await expect.poll(() => intercepted).toBe(true);
    const busy = page.getByRole("button", { name: "Loading...", exact: true });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);

    release();
    await page.waitForURL((url) => url.pathname === "/app");
    expect(await textOf(page, "[data-testid=header-user]")).toBe(DEMO_ACCOUNTS.admin.fullName);
  });
});
