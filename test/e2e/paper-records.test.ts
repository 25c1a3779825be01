/**
 * Paper records in the browser, JavaScript off on a phone (390×844): ft.staff imports a CSV alone
 * (a register of paper records, no ZIP) through /app/impor, runs it, finds the record in the
 * list and opens its page, which says it is a physical record and where it is kept, with no
 * download. axe-core clean.
 */
import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, goto, login, useBrowser } from "../support/node/browser";
import { expectNoAxeViolations } from "../support/node/axe";
import { runImportUntilDone } from "../support/node/imports";

const { newPage } = useBrowser();

describe("JavaScript off, 390", () => {
  it("a CSV alone imports paper records; the record's page says where the paper is", { timeout: 90_000 }, async () => {
    const tag = `FIS${Date.now().toString(36).toUpperCase()}`;
    const { page } = await newPage({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/impor" });
    await page.getByRole("heading", { name: "Impor Arsip", level: 1 }).waitFor();

    const csv = ["documentNumber,title,year,category,keywords,Lokasi Simpan", `FIS/${tag}/1,Register Surat Masuk ${tag},1998,Pedoman,register,"Ruang Arsip Lt. 2, Boks 12"`].join("\r\n");
    await page.getByLabel("Berkas ZIP").setInputFiles({ name: "register.csv", mimeType: "text/csv", buffer: Buffer.from(strToU8(csv)) });
    await page.getByTestId("check-import").click();
    await page.getByRole("heading", { name: /Hasil uji coba/ }).waitFor();
    expect(await page.getByTestId("import-status").textContent()).toContain("Siap diimpor");
    expect(await runImportUntilDone(page)).toContain("Selesai");

    await goto(page, `/app/documents?q=${tag}`);
    await page.getByRole("heading", { name: "Semua Dokumen", level: 1 }).waitFor();
    await page.getByRole("link", { name: `Register Surat Masuk ${tag}`, exact: true }).first().click();
    await page.getByTestId("document-detail").waitFor();
    expect(await page.getByTestId("physical-record").textContent()).toBe("Arsip fisik (tanpa berkas digital)");
    expect(await page.getByTestId("physical-location").textContent()).toBe("Lokasi Simpan: Ruang Arsip Lt. 2, Boks 12");
    expect(await page.getByRole("link", { name: "Unduh" }).count()).toBe(0);
    await expectNoAxeViolations(page, "arsip fisik, JavaScript off, 390");
  });
});
