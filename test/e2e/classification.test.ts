/**
 * Classification codes and security classes in the browser, JavaScript on and off: Super Admin
 * imports codes from CSV (a dry run first, then the import), ft.staff files a document under a
 * code with a class, fe.staff (another unit) sees its metadata but no file, and a SANGAT_RAHASIA
 * one not at all. axe-core and no sideways scroll on the scheme pages at both sizes.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, JS_MODES, goto, login, useBrowser, waitForHydration } from "../support/node/browser";
import { expectNoAxeViolations } from "../support/node/axe";
import { pdfFile } from "../support/node/files";

const { newPage } = useBrowser();

const SIZES = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
] as const;

const tag = () => Array.from({ length: 5 }, () => "BCDFGHJKLMNPQRSTVWXZ"[Math.floor(Math.random() * 20)]).join("");

async function toast(page: Page, text: string) {
  await page.getByTestId("toast").filter({ hasText: text }).waitFor({ state: "attached" });
}

const csvFile = (rows: string[]) => ({
  name: "skema.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(["kode,nama,deskripsi,klasifikasi_keamanan,retensi_aktif,retensi_inaktif,keterangan_akhir,dasar_hukum", ...rows].join("\r\n")),
});

/** Fill and submit the create form as ft.staff; returns the new document's detail URL. */
async function fileDocument(page: Page, fields: { title: string; code: string; securityClass: string }) {
  await goto(page, "/app/documents/create");
  await page.getByRole("heading", { name: "Buat Dokumen Baru" }).waitFor();
  await page.getByLabel("Kategori").selectOption({ label: "Pedoman" });
  await page.getByLabel("Judul").fill(fields.title);
  await page.getByLabel("Nomor Dokumen").fill(`KLS/${fields.title.slice(-5)}`);
  await page.getByLabel("Tahun").fill("2026");
  await page.getByLabel("Kata Kunci").fill("klasifikasi, kode, arsip, uji, keamanan");
  await page.getByLabel("Deskripsi").fill("Dokumen uji untuk kode klasifikasi dan klasifikasi keamanan arsip universitas.");
  const pdf = pdfFile("klasifikasi.pdf", fields.title);
  await page.getByLabel("File", { exact: true }).setInputFiles({ name: pdf.name, mimeType: pdf.mimeType, buffer: pdf.buffer });
  await page.getByLabel("Kode Klasifikasi", { exact: true }).selectOption(fields.code);
  await page.getByRole("radio", { name: new RegExp(`^${fields.securityClass}`) }).check();
  await page.getByTestId("submit-document").click();
  const dialog = page.getByTestId("success-dialog");
  await dialog.waitFor();
  const view = await dialog.getByRole("link", { name: "Lihat Dokumen" }).getAttribute("href");
  return view!;
}

describe.each(JS_MODES)("%s", (_mode, javaScriptEnabled) => {
  it("Super Admin imports codes from CSV: a dry run lists the problems by line and writes nothing; the fixed file imports", async () => {
    const prefix = `E${tag()}`;
    const { page } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/klasifikasi/import" });
    await page.getByRole("heading", { name: "Impor Skema Klasifikasi (CSV)" }).waitFor();

    await page.getByLabel("File CSV").setInputFiles(csvFile([`${prefix},Induk Impor,,TERBATAS,2,3,MUSNAH,`, `${prefix}.01,Anak Impor,,RAHASIA,dua,3,MUSNAH,`]));
    await page.getByTestId("check-import").click();
    const report = page.getByTestId("import-report");
    await report.waitFor();
    expect(await report.getByRole("heading").textContent()).toContain("1 masalah ditemukan");
    expect(await page.getByTestId("import-row").filter({ hasText: `${prefix}.01` }).textContent()).toContain("Retensi berupa bilangan bulat");
    expect(await page.getByTestId("apply-import").count()).toBe(0);

    await page.getByLabel("File CSV").setInputFiles(csvFile([`${prefix},Induk Impor,,TERBATAS,2,3,MUSNAH,`, `${prefix}.01,Anak Impor,,RAHASIA,2,3,MUSNAH,`]));
    await page.getByTestId("check-import").click();
    await page.getByTestId("import-report").getByRole("heading", { name: /Semua baris valid: 2 kode baru/ }).waitFor();
    await page.getByTestId("apply-import").click();
    await page.getByRole("heading", { name: "Klasifikasi Arsip", level: 1 }).waitFor();
    await toast(page, "Impor selesai: 2 kode baru, 0 kode diperbarui.");
    await waitForHydration(page);
    await goto(page, `/app/klasifikasi?q=${prefix}`);
    expect(await page.getByTestId("code-row").count()).toBe(2);
  });

  it("ft.staff files a RAHASIA document under a code; fe.staff sees the metadata, no file, no preview", async () => {
    const title = `Arsip Berkode ${javaScriptEnabled ? "js" : "nojs"} ${tag()}`;
    const staff = await newPage({ javaScriptEnabled });
    await login(staff.page, DEMO_ACCOUNTS.ftStaff);
    const detail = await fileDocument(staff.page, { title, code: "HK.03", securityClass: "Rahasia" });
    await goto(staff.page, detail);
    await staff.page.getByTestId("document-detail").waitFor();
    const text = await staff.page.getByTestId("document-detail").textContent();
    expect(text).toContain("HK.03 — Perjanjian Kerja Sama");
    expect(text).toContain("Rahasia");
    // Download only: no 'Lihat Dokumen' preview for RAHASIA, even for its owner.
    expect(await staff.page.getByTestId("file-row").getByRole("link", { name: "Lihat Dokumen" }).count()).toBe(0);

    const other = await newPage({ javaScriptEnabled });
    await login(other.page, DEMO_ACCOUNTS.feStaff, { open: detail });
    await other.page.getByTestId("document-detail").waitFor();
    expect(await other.page.getByTestId("file-name").count()).toBe(0);
    expect(await other.page.getByTestId("file-notice").count()).toBe(1);
    expect(await other.page.getByTestId("request-document").count()).toBe(1);
    // The list shows the class beside Tipe Akses.
    await goto(other.page, `/app/documents?q=${encodeURIComponent(title.split(" ").at(-1)!)}`);
    const row = other.page.getByTestId("document-row").first();
    await row.waitFor();
    expect(await row.textContent()).toContain("Rahasia");
  });

  it("a SANGAT_RAHASIA document does not exist for another unit", async () => {
    const title = `Berkas Sangat Rahasia ${javaScriptEnabled ? "js" : "nojs"} ${tag()}`;
    const staff = await newPage({ javaScriptEnabled });
    await login(staff.page, DEMO_ACCOUNTS.ftStaff);
    const detail = await fileDocument(staff.page, { title, code: "KP.04", securityClass: "Sangat Rahasia" });

    const other = await newPage({ javaScriptEnabled });
    other.expectHttpStatus(404);
    await login(other.page, DEMO_ACCOUNTS.feStaff);
    expect((await other.page.goto(detail))?.status()).toBe(404);
    await goto(other.page, `/app/documents?q=${encodeURIComponent(title.split(" ").at(-1)!)}`);
    await other.page.getByTestId("empty").waitFor();
  });
});

describe("layout and accessibility", () => {
  for (const viewport of SIZES) {
    it(`${viewport.width}×${viewport.height}: the scheme list, its form and the import page fit and pass axe`, async () => {
      const { page } = await newPage({ javaScriptEnabled: true, viewport });
      await login(page, DEMO_ACCOUNTS.admin);
      for (const [path, heading] of [
        ["/app/klasifikasi", "Klasifikasi Arsip"],
        ["/app/klasifikasi/create", "Buat Kode Klasifikasi"],
        ["/app/klasifikasi/import", "Impor Skema Klasifikasi (CSV)"],
        ["/app/documents/create", "Buat Dokumen Baru"],
      ] as const) {
        await goto(page, path);
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page, path);
      }
    });
  }
});
