/**
 * Import of a small ZIP in the browser: ft.staff uploads a ZIP whose manifest has an unknown
 * classification code, sees the error by line, uploads the fixed ZIP, runs it and sees it done.
 * JavaScript on at 1366×800, off at 390×844 (the forms post either way); axe-core clean.
 */
import { strToU8, zipSync } from "fflate";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, goto, login, useBrowser } from "../support/node/browser";
import { expectNoAxeViolations } from "../support/node/axe";
import { runImportUntilDone } from "../support/node/imports";
import { pdfFile } from "../support/node/files";

const { newPage } = useBrowser();

const RUNS = [
  { mode: "JavaScript on, 1366", javaScriptEnabled: true, viewport: { width: 1366, height: 800 } },
  { mode: "JavaScript off, 390", javaScriptEnabled: false, viewport: { width: 390, height: 844 } },
] as const;

function zipWith(tag: string, code: string) {
  const header = "documentNumber,title,year,category,classificationCode,keywords,file";
  const lines = [1, 2].map((n) => `IMP/${tag}/${n},Surat Keputusan Impor ${tag} ${n},2020,Pedoman,${code},"impor, uji",sk-${n}.pdf`);
  const files = Object.fromEntries([1, 2].map((n) => [`sk-${n}.pdf`, new Uint8Array(pdfFile(`sk-${n}.pdf`, `Impor ${tag} ${n}`).buffer)]));
  return { name: "arsip.zip", mimeType: "application/zip", buffer: Buffer.from(zipSync({ "manifest.csv": strToU8([header, ...lines].join("\r\n")), ...files })) };
}

/**
 * Uploads a ZIP and waits for its own result. Each upload is a new import with its own address,
 * but the old and new result pages share their heading, and with JavaScript on the address can
 * change before the new page is drawn: wait for the status the new dry run should show.
 */
async function check(page: Page, file: ReturnType<typeof zipWith>, expectedStatus: string) {
  const before = page.url();
  await page.getByLabel("Berkas ZIP").setInputFiles(file);
  await page.getByTestId("check-import").click();
  await page.waitForURL((url) => url.href !== before);
  await page.getByRole("heading", { name: /Hasil uji coba/ }).waitFor();
  await page.getByTestId("import-status").filter({ hasText: expectedStatus }).waitFor({ timeout: 15_000 });
}

describe.each(RUNS)("$mode", ({ mode, javaScriptEnabled, viewport }) => {
  it("a dry run names the bad line; the fixed ZIP imports", { timeout: 120_000 }, async () => {
    const tag = `${javaScriptEnabled ? "ON" : "OFF"}${Date.now().toString(36).toUpperCase()}`;
    const { page } = await newPage({ javaScriptEnabled, viewport });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/impor" });
    await page.getByRole("heading", { name: "Impor Arsip", level: 1 }).waitFor();

    await check(page, zipWith(tag, "ZZ.99.99"), "Ada kesalahan");
    const errors = page.getByTestId("import-error");
    expect(await errors.count()).toBe(2);
    expect(await errors.first().textContent()).toMatch(/Baris 2.*klasifikasi/i);
    expect(await page.getByTestId("run-import").count()).toBe(0);
    await expectNoAxeViolations(page, `impor (kesalahan), ${mode}`);

    // Fixed: filed under no code.
    await check(page, zipWith(tag, ""), "Siap diimpor");
    expect(await runImportUntilDone(page)).toContain("Selesai");
    expect(await page.getByTestId("import-row").first().textContent()).toContain("arsip.zip");
    await expectNoAxeViolations(page, `impor (selesai), ${mode}`);
    await goto(page, `/app/documents?q=${tag}`);
    await page.getByRole("heading", { name: "Semua Dokumen", level: 1 }).waitFor();
    expect(await page.getByText(`Surat Keputusan Impor ${tag} 1`).count()).toBeGreaterThan(0);
  });
});
