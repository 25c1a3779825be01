/**
 * The consequence tests in the browser: an officer signs one on 'Uji Konsekuensi' without
 * JavaScript (390 px; an empty form first, its errors beside the fields), the public DIP page
 * shows it in its Daftar Informasi yang Dikecualikan; with JavaScript (1366 px) a past date is
 * refused at its field before one is signed. axe-clean on both pages.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, goto, login, useBrowser } from "../support/node/browser";
import { expectNoAxeViolations } from "../support/node/axe";

const { newPage } = useBrowser();

const PHONE_NO_JS = { javaScriptEnabled: false, viewport: { width: 390, height: 844 } };
const DESKTOP_JS = { javaScriptEnabled: true, viewport: { width: 1366, height: 800 } };

/** A day `days` after today, as a date field takes it. */
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("Uji Konsekuensi and the DIK", () => {
  it("an officer signs a test without JavaScript; the public DIP lists it under the DIK (390 px)", async () => {
    const { page, expectHttpStatus } = await newPage(PHONE_NO_JS);
    expectHttpStatus(400);
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/ppid" });
    await page.getByTestId("ppid-consequence-tests").click();
    await page.getByRole("heading", { level: 1, name: "Uji Konsekuensi" }).waitFor();

    await page.getByTestId("consequence-test-sign").click();
    await page.getByText("Informasi yang dikecualikan wajib diisi.").waitFor();
    expect(await page.getByText("Dasar hukum wajib diisi.").count()).toBe(1);

    const information = `Dokumen penawaran lelang ${randomUUID().slice(0, 8)}`;
    await page.getByLabel("Informasi yang dikecualikan").fill(information);
    await page.getByLabel("Dasar hukum (mis. Pasal 17 huruf h UU 14/2008)").fill("Pasal 17 huruf b UU 14/2008");
    await page.getByLabel("Berlaku sampai").fill(dayAfter(30));
    await page.getByLabel("Konsekuensi yang timbul bila informasi dibuka").fill("Membuka penawaran sebelum lelang selesai merugikan persaingan usaha yang sehat.");
    await page.getByTestId("consequence-test-sign").click();
    await page.getByText("Uji konsekuensi ditandatangani.").waitFor();
    const row = page.getByTestId("consequence-test-row").filter({ hasText: information });
    await row.waitFor();
    expect(await row.textContent()).toContain("Berlaku");
    await expectNoAxeViolations(page, "/app/ppid/uji-konsekuensi 390px");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    await page.context().clearCookies();
    await goto(page, "/ppid/dip");
    await page.getByRole("heading", { level: 2, name: "Daftar Informasi yang Dikecualikan" }).waitFor();
    const listed = page.getByTestId("dik-row").filter({ hasText: information });
    await listed.waitFor();
    expect(await listed.textContent()).toContain("Pasal 17 huruf b UU 14/2008");
    await expectNoAxeViolations(page, "/ppid/dip with the DIK 390px");
  });

  it("with JavaScript a past date is refused at its field, then the test is signed (1366 px)", async () => {
    const { page, expectHttpStatus } = await newPage(DESKTOP_JS);
    expectHttpStatus(400);
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/ppid/uji-konsekuensi" });
    await page.getByRole("heading", { level: 1, name: "Uji Konsekuensi" }).waitFor();
    const information = `Data pribadi pegawai ${randomUUID().slice(0, 8)}`;
    await page.getByLabel("Informasi yang dikecualikan").fill(information);
    await page.getByLabel("Dasar hukum (mis. Pasal 17 huruf h UU 14/2008)").fill("Pasal 17 huruf h UU 14/2008");
    await page.getByLabel("Konsekuensi yang timbul bila informasi dibuka").fill("Mengungkap rahasia pribadi pegawai.");
    await page.getByLabel("Berlaku sampai").fill(dayAfter(-1));
    await page.getByTestId("consequence-test-sign").click();
    await page.getByText("Masa berlaku harus setelah hari ini.").waitFor();
    await page.getByLabel("Berlaku sampai").fill(dayAfter(365));
    await page.getByTestId("consequence-test-sign").click();
    await page.getByTestId("consequence-test-row").filter({ hasText: information }).waitFor();
    await expectNoAxeViolations(page, "/app/ppid/uji-konsekuensi 1366px");
  });
});
