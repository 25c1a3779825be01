/**
 * Single sign-on in Chromium, JavaScript on and off: 'Login SSO' on the public sidebar, the local
 * OIDC identity provider of scripts/dev-idp.ts (started by the e2e global setup, which points the
 * app's OIDC_* vars at it), back through /callback to /app. The first sign-in links ft.staff by
 * the verified email the IdP sends (SSO_LINK_BY=email, the default in wrangler.toml); the next
 * one finds the account by subject. Protocol failures and each linking rule are covered in
 * test/integration/sso.test.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS, JS_MODES, baseURL, goto, textOf, useBrowser, waitForHydration } from "../support/node/browser";

const browser = useBrowser();

/** From the public landing page to the IdP's login form, signed in there as `username`. */
async function signInAtIdp(page: Page, username: string) {
  await goto(page, "/");
  await page.getByTestId("sidebar").getByRole("link", { name: "Login SSO", exact: true }).click();
  await page.waitForURL((url) => url.origin === inject("idpURL") && url.pathname.startsWith("/interaction/"));
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("password-apa-saja");
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
}

describe.each(JS_MODES)("%s", (_mode, javaScriptEnabled) => {
  it("'Login SSO' signs ft.staff in at the IdP and lands on /app as Satuan Kerja", async () => {
    const { page, context } = await browser.newPage({ javaScriptEnabled });
    await signInAtIdp(page, DEMO_ACCOUNTS.ftStaff.username);

    await page.waitForURL((url) => url.origin === baseURL() && url.pathname === "/app");
    await waitForHydration(page);
    expect(await textOf(page, "[data-testid=sidebar-role]")).toBe("Satuan Kerja");
    expect(await textOf(page, "[data-testid=header-user]")).toBe(DEMO_ACCOUNTS.ftStaff.fullName);

    const cookies = await context.cookies(baseURL());
    expect(cookies.find((cookie) => cookie.name === "earsip_session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    // The state/PKCE cookie is gone once the sign-in completed.
    expect(cookies.filter((cookie) => cookie.name.startsWith("earsip_oidc"))).toEqual([]);
  });

  it("an IdP account unknown to E-Arsip ends on /login with the unknown-user notice", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled });
    await signInAtIdp(page, "tamu");

    await page.waitForURL((url) => url.origin === baseURL() && url.pathname === "/login");
    await waitForHydration(page);
    expect(new URL(page.url()).search).toBe("?sso=unknown-user");
    expect(await textOf(page, "[role=status]")).toBe("Akun SSO Anda belum terdaftar di E-Arsip. Hubungi administrator.");
  });

  it("/login?sso=unconfigured shows the not-configured notice (where 'Login SSO' goes without OIDC_ISSUER)", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled });
    await goto(page, "/login?sso=unconfigured");
    await page.getByRole("status").waitFor();
    expect(await textOf(page, "[role=status]")).toBe(
      "Single sign-on (SSO) belum dikonfigurasi untuk sistem ini. Silakan masuk dengan username dan password.",
    );
  });
});
