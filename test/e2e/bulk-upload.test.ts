/**
 * 'Unggah Banyak' from the documents list: ft.staff sends three files at once, JavaScript on
 * (1366×800: a title edited in the list before sending, the batch sent to the API) and off
 * (390×844: a post to the page); the report lists each
 * file's document, and the list finds them. axe-core clean on the form and the report.
 */
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, goto, login, useBrowser } from "../support/node/browser";
import { expectNoAxeViolations } from "../support/node/axe";
import { uniqueWord } from "../support/node/api-fixtures";
import { pdfFile } from "../support/node/files";

const { newPage } = useBrowser();

const cases = [
  { mode: "JavaScript on, 1366", javaScriptEnabled: true, viewport: { width: 1366, height: 800 } },
  { mode: "JavaScript off, 390", javaScriptEnabled: false, viewport: { width: 390, height: 844 } },
];

describe("Unggah Banyak", () => {
  it.each(cases)("$mode: three files become three documents, each in the report", { timeout: 120_000 }, async ({ javaScriptEnabled, viewport }) => {
    const word = uniqueWord("banyak");
    const { page } = await newPage({ javaScriptEnabled, viewport });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents" });
    await page.getByRole("heading", { name: "Semua Dokumen", level: 1 }).waitFor();
    await page.getByTestId("bulk-upload").click();
    await page.getByRole("heading", { name: "Unggah Banyak", level: 1 }).waitFor();
    await page.getByLabel("Kategori").selectOption({ label: "Pedoman" });
    await page.getByLabel("Tahun").fill("2025");
    await page.getByLabel("Kata Kunci").fill(`unggah, banyak, ${word}`);
    const files = ["Pedoman_Satu", "Pedoman_Dua", "Pedoman_Tiga"].map((stem) => pdfFile(`${stem}_${word}.pdf`, `${stem} ${word}`));
    await page.getByLabel("File", { exact: true }).setInputFiles(files.map((file) => ({ name: file.name, mimeType: file.mimeType, buffer: file.buffer })));
    if (javaScriptEnabled) {
      // The titles from the file names, editable before sending.
      const titles = page.getByTestId("bulk-upload-titles").getByRole("textbox");
      expect(await titles.count()).toBe(3);
      expect(await titles.first().inputValue()).toBe(`Pedoman Satu ${word}`);
      await page.getByLabel(`Judul untuk ${files[2]!.name}`).fill(`Pedoman Ketiga ${word}`);
    }
    await expectNoAxeViolations(page, "the bulk upload form");
    // With JavaScript the batch goes to the API (each file's bar follows the bytes sent).
    const viaApi = javaScriptEnabled ? page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/archives/batch") : null;
    await page.getByTestId("bulk-upload-submit").click();
    if (viaApi) expect((await viaApi).status()).toBe(200);
    await page.getByRole("heading", { name: "Hasil Unggah", level: 2 }).waitFor();
    expect(await page.getByTestId("bulk-upload-summary").textContent()).toBe("3 dokumen dibuat, 0 file ditolak.");
    const report = await page.getByTestId("bulk-upload-row").allTextContents();
    expect(report).toHaveLength(3);
    expect(report.every((line) => line.includes("Dibuat"))).toBe(true);
    expect(report[2]).toContain(javaScriptEnabled ? `Pedoman Ketiga ${word}` : `Pedoman Tiga ${word}`);
    await expectNoAxeViolations(page, "the bulk upload report");

    await page.getByRole("link", { name: `Pedoman Satu ${word}` }).click();
    await page.getByRole("heading", { name: "Detail Dokumen", level: 1 }).waitFor();
    expect(await page.locator("main").textContent()).toContain(`Pedoman Satu ${word}`);
    await goto(page, `/app/documents?q=${word}`);
    await page.getByRole("heading", { name: "Semua Dokumen", level: 1 }).waitFor();
    expect(await page.getByTestId("document-row").count()).toBe(3);
  });

  it("JavaScript off: a form without files answers with the message beside the field, nothing made", { timeout: 60_000 }, async () => {
    const { page, expectHttpStatus } = await newPage({ javaScriptEnabled: false });
    expectHttpStatus(400);
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents/unggah-banyak" });
    await page.getByRole("heading", { name: "Unggah Banyak", level: 1 }).waitFor();
    await page.getByLabel("Kategori").selectOption({ label: "Pedoman" });
    await page.getByLabel("Tahun").fill("2025");
    await page.getByLabel("Kata Kunci").fill("unggah, banyak");
    await page.getByTestId("bulk-upload-submit").click();
    await page.getByText("Pilih minimal satu file.").first().waitFor();
    expect(await page.getByRole("heading", { name: "Hasil Unggah" }).count()).toBe(0);
  });
});
