/**
 * A ZIP above what the page posts at once (~11 MiB, generated here) goes up in parts with
 * JavaScript: the progress bar reaches 100%, then the dry run shows as for a posted ZIP.
 * JavaScript on at 1366×800 only (without it the form posts, as imports.test.ts covers); axe clean.
 */
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, goto, login, useBrowser } from "../support/node/browser";
import { expectNoAxeViolations } from "../support/node/axe";
import { pdfFile } from "../support/node/files";

const { newPage } = useBrowser();
const MIB = 1024 * 1024;

function bigZip(tag: string) {
  const manifest = ["documentNumber,title,year,category,classificationCode,keywords,file", `IMPB/${tag}/1,Surat Keputusan Impor Besar ${tag},2020,Pedoman,,"impor, uji",sk-1.pdf`].join("\r\n");
  const zip = zipSync({
    "manifest.csv": strToU8(manifest),
    "sk-1.pdf": new Uint8Array(pdfFile("sk-1.pdf", `Impor besar ${tag}`).buffer),
    // Stored, not deflated: the ZIP keeps its ~11 MiB.
    "lampiran/pindaian-besar.bin": [new Uint8Array(11 * MIB), { level: 0 }],
  });
  return { name: "arsip-besar.zip", mimeType: "application/zip", buffer: Buffer.from(zip) };
}

describe("JavaScript on, 1366", () => {
  it("a large ZIP goes up in parts with a progress bar, then its dry run shows", { timeout: 90_000 }, async () => {
    const tag = `MP${Date.now().toString(36).toUpperCase()}`;
    const { page } = await newPage({ javaScriptEnabled: true, viewport: { width: 1366, height: 800 } });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/impor" });
    await page.getByRole("heading", { name: "Impor Arsip", level: 1 }).waitFor();
    expect(await page.getByText(/Tanpa JavaScript, satu kiriman memuat ZIP sampai 95 MB/).count()).toBe(1);

    const parts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().includes("/api/v1/imports/uploads/")) parts.push(request.url());
    });
    // Every value the progress bar shows, kept across the client-side navigation that follows.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>("[data-testid=import-upload-progress]");
        if (bar) seen.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const file = bigZip(tag);
    await page.getByLabel("Berkas ZIP").setInputFiles(file);
    await page.getByTestId("check-import").click();
    await page.getByTestId("import-upload-progress").waitFor();
    await expectNoAxeViolations(page, "impor (mengunggah per bagian)");
    await page.getByRole("heading", { name: /Hasil uji coba: arsip-besar\.zip/ }).waitFor({ timeout: 60_000 });

    expect(parts.map((url) => url.split("/").pop())).toEqual(["1", "2", "3"]);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(Math.max(...seen)).toBe(100);
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    expect(await page.getByTestId("import-status").textContent()).toContain("Siap diimpor");
    expect(await page.getByTestId("run-import").count()).toBe(1);
    await expectNoAxeViolations(page, "impor (uji coba dari unggahan per bagian)");
    // Not run: cancelled, so its ZIP leaves storage now.
    await page.getByTestId("cancel-import").click();
    await page.getByTestId("toast").filter({ hasText: "Impor dibatalkan" }).waitFor({ state: "attached" });
  });
});
