/**
 * The PPID desk's public side, with JavaScript on (1366 px) and off (390 px): a visitor asks
 * for information at /ppid, confirms through the emailed link, reads the receipt and checks the
 * status with the number and the secret code. axe-clean on each page.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { goto, useBrowser } from "../support/node/browser";
import { expectNoAxeViolations } from "../support/node/axe";
import { queryE2eDb } from "../support/node/e2e-db";

const { newPage } = useBrowser();

const RUNS = [
  { mode: "JavaScript on", javaScriptEnabled: true, viewport: { width: 1366, height: 800 } },
  { mode: "JavaScript off", javaScriptEnabled: false, viewport: { width: 390, height: 844 } },
] as const;

describe.each(RUNS)("$mode at $viewport.width px", ({ javaScriptEnabled, viewport }) => {
  it("a visitor asks, confirms by email, and checks the status", async () => {
    const { page, expectHttpStatus } = await newPage({ javaScriptEnabled, viewport });
    // A wrong secret code is answered 400, at the form.
    expectHttpStatus(400);
    const email = `pemohon-${randomUUID().slice(0, 8)}@example.test`;
    await goto(page, "/ppid");
    await page.getByRole("heading", { level: 1, name: "Layanan Informasi Publik (PPID)" }).waitFor();
    await expectNoAxeViolations(page, `/ppid ${viewport.width}px`);

    await page.getByLabel("Nama").fill("Siti Pemohon");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByLabel("Rincian informasi yang dibutuhkan").fill("Laporan keuangan tahun 2025");
    await page.getByLabel("Tujuan penggunaan informasi").fill("Penelitian skripsi");
    await page.getByLabel("Salinan softcopy").check();
    await page.getByRole("radio", { name: "Email" }).check();
    await page.getByTestId("submit-ppid-request").click();
    await page.getByTestId("ppid-sent").waitFor();
    // Not registered until the link is opened.
    expect(queryE2eDb("SELECT registration_number FROM ppid_requests WHERE email = ?", email)).toEqual([{ registration_number: null }]);

    const [mail] = queryE2eDb<{ text_body: string }>("SELECT text_body FROM email_messages WHERE to_address = ?", email);
    const link = /(\/ppid\/konfirmasi\/\S+)/.exec(mail!.text_body)![1]!;
    await goto(page, link);
    await page.getByRole("heading", { level: 1, name: "Konfirmasi Permohonan Informasi" }).waitFor();
    await page.getByTestId("confirm-ppid-request").click();
    await page.getByTestId("ppid-receipt").waitFor();
    await expectNoAxeViolations(page, `receipt ${viewport.width}px`);
    const number = (await page.getByTestId("ppid-number").textContent())!.trim();
    const code = (await page.getByTestId("ppid-code").textContent())!.trim();
    expect(number).toMatch(/^PPID\/\d{4}\/\d{6}$/);

    await goto(page, "/ppid/status");
    await page.getByRole("heading", { level: 1, name: "Status Permohonan Informasi" }).waitFor();
    await page.getByLabel("Nomor registrasi").fill(number);
    await page.getByLabel("Kode rahasia").fill("SALAH");
    await page.getByTestId("check-ppid-status").click();
    await page.getByText("Nomor registrasi atau kode rahasia tidak cocok.").waitFor();
    await page.getByLabel("Kode rahasia").fill(code);
    await page.getByTestId("check-ppid-status").click();
    await page.getByTestId("ppid-status").waitFor();
    expect(await page.getByTestId("ppid-status").textContent()).toBe("Diterima");
    await expectNoAxeViolations(page, `/ppid/status ${viewport.width}px`);
    // Nothing of the look-up in the address bar.
    expect(page.url()).not.toContain(code);
  });
});
