/**
 * 'Verifikasi Integritas' on the audit-log page in Chromium, JavaScript on and off: the button
 * posts the form, the page shows the result of walking the audit-log hash chain.
 */
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, JS_MODES, goto, login, textOf, useBrowser } from "../support/node/browser";

const browser = useBrowser();

describe("audit log integrity", () => {
  it.each(JS_MODES)("%s: Super Admin verifies the chain and reads that it is intact", async (_mode, javaScriptEnabled) => {
    const { page } = await browser.newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/audit-logs" });
    await page.getByRole("button", { name: "Verifikasi Integritas" }).click();
    const result = page.getByTestId("audit-integrity-result");
    await result.waitFor();
    expect(await textOf(page, "[data-testid=audit-integrity-result]")).toMatch(/^Rantai log audit utuh: \d+ entri diperiksa\./);
    await expect(result.getAttribute("role")).resolves.toBe("status");
  });
});
