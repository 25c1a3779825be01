/**
 * Records keep their history, in the browser with JavaScript on and off: a new version through
 * the update form ('Riwayat Versi', an old version downloaded with its own bytes, a restore that
 * becomes the newest version), and delete → 'Sampah' → 'Pulihkan'; Super Admin's 'Hapus
 * Permanen' through its confirm dialog. axe-core and no sideways scroll on the trash page and
 * the history at a laptop and a phone size.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, JS_MODES, goto, login, useBrowser, waitForHydration } from "../support/node/browser";
import { apiSession, createTestDocument, trashTestDocument, uniqueWord } from "../support/node/api-fixtures";
import { expectNoAxeViolations } from "../support/node/axe";
import { pdfFile, sha256, type FilePayload } from "../support/node/files";

const { newPage } = useBrowser();

const SIZES = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
] as const;

/** A PRIVATE document of ft.staff, created through the API (its file kept, to compare downloads). */
async function ftDocument(scenario: string): Promise<{ uuid: string; title: string; file: FilePayload }> {
  const word = uniqueWord("riwayat");
  const title = `Arsip Riwayat ${scenario} ${word}`;
  const file = pdfFile("versi-awal.pdf", word);
  const { uuid } = await createTestDocument(await apiSession(DEMO_ACCOUNTS.ftStaff.username), { title, file, accessLevel: "PRIVATE" });
  return { uuid, title, file };
}

const versionRows = (page: Page) => page.getByTestId("version-row");

/** A file fetched with the page's own cookies (the history's download links). */
async function bytesOf(page: Page, path: string): Promise<Buffer> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return Buffer.from(await response.body());
}

async function toast(page: Page, text: string) {
  await page.getByTestId("toast").filter({ hasText: text }).waitFor({ state: "attached" });
}

describe.each(JS_MODES)("%s", (_mode, javaScriptEnabled) => {
  it("replace → 'Riwayat Versi' → download an old version → restore it as the newest", async () => {
    const doc = await ftDocument(javaScriptEnabled ? "js" : "nojs");
    const { page } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents/${doc.uuid}/update` });
    await page.getByRole("heading", { name: "Update Dokumen" }).waitFor();
    const second = pdfFile("versi-kedua.pdf", `${doc.title} v2`);
    await page.getByLabel("File Baru", { exact: false }).setInputFiles({ name: second.name, mimeType: second.mimeType, buffer: second.buffer });
    await page.getByLabel("Catatan versi (opsional)").fill("Nomor surat diperbaiki");
    await page.getByTestId("submit-document").click();
    await page.getByTestId("success-dialog").waitFor();

    await goto(page, `/app/documents/${doc.uuid}`);
    await page.getByRole("heading", { name: "Riwayat Versi" }).waitFor();
    expect(await versionRows(page).count()).toBe(2);
    const newest = versionRows(page).first();
    expect(await newest.textContent()).toContain("Terkini");
    expect(await newest.textContent()).toContain("Nomor surat diperbaiki");
    const oldLink = await versionRows(page).nth(1).getByTestId("version-download").getAttribute("href");
    expect(sha256(await bytesOf(page, oldLink!))).toBe(sha256(doc.file.buffer));

    await versionRows(page).nth(1).getByTestId("version-restore").click();
    await toast(page, "Versi 1 dipulihkan sebagai versi 3.");
    await waitForHydration(page);
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=version-row]").length === 3);
    expect(await versionRows(page).first().textContent()).toContain("Salinan versi 1");
    const current = await page.getByTestId("file-row").getByRole("link", { name: "Unduh", exact: true }).getAttribute("href");
    expect(sha256(await bytesOf(page, current!))).toBe(sha256(doc.file.buffer));
  });

  it("delete → 'Sampah' lists it with who deleted it → 'Pulihkan' brings it back", async () => {
    const doc = await ftDocument(javaScriptEnabled ? "js-sampah" : "nojs-sampah");
    const { page, expectHttpStatus } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents/${doc.uuid}` });
    await page.getByTestId("delete-document").click();
    const dialog = page.getByTestId("delete-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("dipindahkan ke Sampah");
    await dialog.getByRole("button", { name: "Ya, Hapus", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/app/documents");
    await toast(page, "Dokumen berhasil dihapus!");

    await page.getByRole("link", { name: "Sampah", exact: true }).first().click();
    await page.getByRole("heading", { name: "Sampah", level: 1 }).waitFor();
    await waitForHydration(page);
    const row = page.getByTestId("trash-row").filter({ hasText: doc.title });
    await row.waitFor();
    expect(await row.textContent()).toContain(DEMO_ACCOUNTS.ftStaff.fullName);
    // Satuan Kerja restores; only Super Admin purges.
    expect(await row.getByTestId("purge-document").count()).toBe(0);
    expectHttpStatus(404);
    expect((await page.request.get(`/app/documents/${doc.uuid}`)).status()).toBe(404);

    await row.getByTestId("restore-document").click();
    await toast(page, `Dokumen "${doc.title}" berhasil dipulihkan.`);
    await waitForHydration(page);
    expect(await page.getByTestId("trash-row").filter({ hasText: doc.title }).count()).toBe(0);
    await goto(page, `/app/documents/${doc.uuid}`);
    await page.getByRole("heading", { name: "Riwayat Versi" }).waitFor();
  });

  it("Super Admin: 'Hapus Permanen' asks first, then the document is gone for good", async () => {
    const doc = await ftDocument(javaScriptEnabled ? "js-permanen" : "nojs-permanen");
    await trashTestDocument(await apiSession(DEMO_ACCOUNTS.ftStaff.username), doc.uuid);

    const { page } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.admin, { open: `/app/trash?q=${encodeURIComponent(doc.title.split(" ").at(-1)!)}` });
    const row = page.getByTestId("trash-row").filter({ hasText: doc.title });
    await row.waitFor();
    await row.getByTestId("purge-document").click();
    const dialog = page.getByTestId("purge-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`"${doc.title}"`);
    await dialog.getByRole("button", { name: "Ya, Hapus Permanen", exact: true }).click();
    await toast(page, `Dokumen "${doc.title}" dihapus permanen.`);
    await waitForHydration(page);
    expect(await page.getByTestId("trash-row").filter({ hasText: doc.title }).count()).toBe(0);
  });
});

describe("layout and accessibility", () => {
  for (const viewport of SIZES) {
    it(`${viewport.width}×${viewport.height}: the trash page and the version history fit and pass axe`, async () => {
      const doc = await ftDocument(`axe${viewport.width}`);
      const { page } = await newPage({ javaScriptEnabled: true, viewport });
      await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents/${doc.uuid}` });
      await page.getByRole("heading", { name: "Riwayat Versi" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);

      await goto(page, "/app/trash");
      await page.getByRole("heading", { name: "Sampah", level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    });
  }

  it("Viewer is refused the trash (403 page, no sidebar entry)", async () => {
    const { page, expectHttpStatus } = await newPage({ javaScriptEnabled: false });
    await login(page, DEMO_ACCOUNTS.viewer);
    expect(await page.getByRole("link", { name: "Sampah", exact: true }).count()).toBe(0);
    expectHttpStatus(403);
    const response = await page.goto("/app/trash");
    expect(response?.status()).toBe(403);
    expect(await page.textContent("body")).toContain("Anda tidak memiliki izin untuk membuka Sampah.");
  });
});

