/**
 * Arteri's export through /app/impor with JavaScript off on a phone (390×844): ft.staff chooses
 * the category Arteri lacks, uploads a ZIP holding Arteri's XLSX (title in row 1, headers in row
 * 2) and the scans, and sees the dry run's result: the manifest read as Arteri's, the unknown
 * code of row 4 named by its line, nothing to run. The fixed export runs, and the document's page
 * shows where the paper is ('Lokasi Simpan'). axe-core clean.
 */
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, goto, login, useBrowser } from "../support/node/browser";
import { expectNoAxeViolations } from "../support/node/axe";
import { runImportUntilDone } from "../support/node/imports";
import { pdfFile } from "../support/node/files";
import { ARTERI_HEADERS, xlsxBytes } from "../support/shared/xlsx";

const { newPage } = useBrowser();

function arteriZip(tag: string, codes: string[]) {
  const row = (n: number, code: string) => [`AR/${tag}/${n}`, { serial: 44259 + n }, code, `Surat Keputusan Arteri ${tag} ${n}`, "Fakultas Teknik", "", "Ruang Arsip", "Kertas", "Asli", 1, String(n), `sk-${n}.pdf`];
  const workbook = xlsxBytes([{ name: "Arsip", rows: [["DAFTAR ARSIP AKTIF"], ARTERI_HEADERS, ...codes.map((code, index) => row(index + 1, code))] }]);
  const files = Object.fromEntries(codes.map((_, index) => index + 1).map((n) => [`sk-${n}.pdf`, new Uint8Array(pdfFile(`sk-${n}.pdf`, `Arteri ${tag} ${n}`).buffer)]));
  return { name: "arteri.zip", mimeType: "application/zip", buffer: Buffer.from(zipSync({ "export-arteri.xlsx": workbook, ...files })) };
}

describe("JavaScript off, 390", () => {
  it("an Arteri ZIP's dry run shows the result by line; the fixed one imports with its Lokasi Simpan", { timeout: 90_000 }, async () => {
    const tag = `OFF${Date.now().toString(36).toUpperCase()}`;
    const { page } = await newPage({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/impor" });
    await page.getByRole("heading", { name: "Impor Arsip", level: 1 }).waitFor();

    const check = async (codes: string[]) => {
      await page.getByLabel("Kategori untuk baris tanpa kategori").selectOption({ label: "Surat Keputusan" });
      await page.getByLabel("Berkas ZIP").setInputFiles(arteriZip(tag, codes));
      await page.getByTestId("check-import").click();
      await page.getByRole("heading", { name: /Hasil uji coba/ }).waitFor();
    };
    await check(["HK.02", "ZZ.99.99"]);

    expect(await page.getByTestId("import-format").textContent()).toBe("Manifes: export-arteri.xlsx (ekspor Arteri).");
    expect(await page.getByTestId("import-status").textContent()).toContain("2 baris, 2 berkas, 1 kesalahan");
    const errors = page.getByTestId("import-error");
    expect(await errors.count()).toBe(1);
    expect(await errors.first().textContent()).toMatch(/Baris 4.*klasifikasi/i);
    expect(await page.getByTestId("run-import").count()).toBe(0);
    await expectNoAxeViolations(page, "impor Arteri (uji coba), JavaScript off, 390");

    // Fixed (row 2 under a known code), run, and done a moment later (the queue runs the job).
    await check(["HK.02", "HK.02"]);
    expect(await page.getByTestId("import-status").textContent()).toContain("Siap diimpor");
    expect(await runImportUntilDone(page)).toContain("Selesai");

    await goto(page, `/app/documents?q=${tag}`);
    await page.getByRole("heading", { name: "Semua Dokumen", level: 1 }).waitFor();
    await page.getByRole("link", { name: `Surat Keputusan Arteri ${tag} 1`, exact: true }).first().click();
    await page.getByTestId("document-detail").waitFor();
    expect(await page.getByRole("row", { name: /Lokasi Simpan/ }).textContent()).toContain("Ruang Arsip, Boks 1");
    await expectNoAxeViolations(page, "dokumen impor Arteri, JavaScript off, 390");
  });
});
