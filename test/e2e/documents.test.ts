/**
 * The document catalogue end to end, its forms with JavaScript on and off (SPEC section 2:
 * Document list, Shared table behaviour, Create, Detail, Update; section 6 permissions; section 8
 * messages): create -> list -> search -> detail -> preview -> download -> update -> delete, each
 * as the roles that may and may not.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, JS_MODES, goto, login, pathOf, textOf, useBrowser, waitForHydration } from "../support/node/browser";
import { htmlPosingAsPdf, pdfFile, pngFile, sha256, type FilePayload } from "../support/node/files";

const browser = useBrowser();

/** The table's columns in markup order; 'Kode Klasifikasi' shows on wide screens only. */
const TABLE_COLUMNS = ["No", "Judul", "Kategori", "Kata Kunci", "Deskripsi", "Tipe Akses", "Nomor Dokumen", "Kode Klasifikasi", "Tahun", "Uploader", "Tanggal Unggah", "Ukuran (KB)", "Aksi"];
/**
 * What a laptop screen (1366 px) shows: the SPEC's columns but Deskripsi, which shows from
 * 1536 px (at 1366 px it would squeeze every other column into mid-word breaks; it is on the
 * phone card and the detail page), and 'Kode Klasifikasi', a wide-screen extra.
 */
const COLUMNS = TABLE_COLUMNS.filter((name) => name !== "Kode Klasifikasi" && name !== "Deskripsi");
const cellOf = (name: string) => `td:nth-child(${TABLE_COLUMNS.indexOf(name) + 1})`;
const KEYWORDS_HINT = "Masukkan 5 kata kunci yang dipisahkan dengan koma (,). Contoh: arsip, dokumen, surat, resmi, penting";
const DESCRIPTION_HINT = "Masukkan deskripsi minimal 20 kata yang menjelaskan isi dan tujuan dokumen secara detail";
const FILE_TYPE_ERROR = "Tipe file tidak diizinkan. Unggah PDF, gambar, audio, video, dokumen Office/OpenDocument, atau teks biasa.";
const EMPTY = "Tidak ada data yang cocok.";
/** The empty message after a search, with its way back to the whole list. */
const EMPTY_SEARCH = `${EMPTY} Reset pencarian`;
/** Seeded: ft.staff's PRIVATE document and fe.staff's PRIVATE document. */
const FT_PRIVATE = "Pedoman Penggunaan Laboratorium Komputer";
const FE_PRIVATE = "SK Dekan Tim Penyusun Kurikulum Fakultas Ekonomi";
const POLL = { timeout: 10_000, interval: 100 };

/** A word no seeded document contains (letters only, so FTS5 sees one token). */
function uniqueWord(prefix: string): string {
  const letters = Array.from({ length: 8 }, () => "bcdfghjkmnpqrstvwxz"[Math.floor(Math.random() * 19)]).join("");
  return `${prefix}${letters}`;
}

const words = (count: number, word = "kata") => Array.from({ length: count }, (_, i) => `${word}${i + 1}`).join(" ");
const kbText = (bytes: number) => (Math.round((bytes / 1024) * 100) / 100).toLocaleString("id-ID", { maximumFractionDigits: 2 });
const search = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

// ---------------------------------------------------------------------------------------------
// List helpers

const rows = (page: Page) => page.getByTestId("document-row");
const cellTexts = (page: Page, column: number) =>
  rows(page)
    .locator(`td:nth-child(${column})`)
    .evaluateAll((cells) =>
      cells.map((cell) => {
        // The search snippet inside a cell is the phone card's (hidden on a wide table): not the cell's value.
        const copy = cell.cloneNode(true) as Element;
        copy.querySelectorAll("[data-testid=snippet]").forEach((snippet) => snippet.remove());
        return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
      }),
    );
const titles = (page: Page) => cellTexts(page, 2);

async function showing(page: Page): Promise<{ shown: number; total: number }> {
  const text = await textOf(page, "[data-testid=showing]");
  // 'Showing 6–10 of 17 entries' (the page's range), or 'Showing 0 of 0 entries' when empty.
  const match = /^Showing (?:(\d+)–)?(\d+) of (\d+) entries$/.exec(text);
  if (!match) throw new Error(`unexpected paging text: ${text}`);
  const last = Number(match[2]);
  const first = match[1] === undefined ? last : Number(match[1]);
  return { shown: last === 0 ? 0 : last - first + 1, total: Number(match[3]) };
}

/** Wait for the list URL to satisfy `check`, then (JS on) for React to have rendered it. */
async function waitForList(page: Page, check: (params: URLSearchParams) => boolean) {
  await page.waitForURL((url) => url.pathname.endsWith("/documents") && check(url.searchParams));
  await page.waitForLoadState();
  await waitForHydration(page);
}

/** Search with the search box (Enter submits the GET form in both modes). */
async function searchFor(page: Page, q: string) {
  const box = page.getByRole("searchbox");
  await box.fill(q);
  await box.press("Enter");
  await waitForList(page, (params) => params.get("q") === q);
  // JS on: the URL commits with the data, the paint may trail it by a frame.
  await expect.poll(async () => (await page.getByRole("searchbox").inputValue()) === q && (await page.getByTestId("documents-table").count()) === 1, POLL).toBe(true);
}

/** Change a filter select: with JS it submits on change, without JS 'Terapkan' submits. */
async function chooseFilter(page: Page, javaScriptEnabled: boolean, testId: string, option: { label: string } | string, param: string) {
  await page.getByTestId(testId).selectOption(option);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Terapkan", exact: true }).click();
  const expected = await page.getByTestId(testId).inputValue();
  await waitForList(page, (params) => params.get(param) === expected);
  return expected;
}

/** The detail page's label -> text map. */
function detailRows(page: Page): Promise<Record<string, string>> {
  return page
    .getByTestId("document-detail")
    .locator("tr")
    .evaluateAll((trs) =>
      Object.fromEntries(
        trs.map((tr) => [(tr.querySelector("th")?.textContent ?? "").trim(), (tr.querySelector("td")?.textContent ?? "").replace(/\s+/g, " ").trim()]),
      ),
    );
}

const detailChips = (page: Page) =>
  page
    .getByTestId("document-detail")
    .locator("tr", { has: page.locator("th", { hasText: /^Kata Kunci$/ }) })
    .locator("td > span > span")
    .allTextContents();

/** The uuid of a document found by a search, from its row's view link. */
async function uuidOf(page: Page, title: string): Promise<string> {
  await goto(page, `/app/documents${search({ q: title })}`);
  const href = await rows(page).filter({ hasText: title }).getByRole("link", { name: "Lihat", exact: true }).getAttribute("href");
  const uuid = /\/app\/documents\/([0-9a-f-]{36})$/.exec(href ?? "")?.[1];
  if (!uuid) throw new Error(`no view link for ${title}: ${href}`);
  return uuid;
}

// ---------------------------------------------------------------------------------------------
// Form helpers

type DocumentInput = {
  category?: string;
  title?: string;
  documentNumber?: string;
  year?: string;
  keywords?: string;
  description?: string;
  file?: FilePayload;
  access?: "Private" | "Public";
};

async function fillDocumentForm(page: Page, input: DocumentInput, fileLabel = "File") {
  if (input.category !== undefined) await page.getByLabel("Kategori", { exact: true }).selectOption({ label: input.category });
  if (input.title !== undefined) await page.getByLabel("Judul", { exact: true }).fill(input.title);
  if (input.documentNumber !== undefined) await page.getByLabel("Nomor Dokumen", { exact: true }).fill(input.documentNumber);
  if (input.year !== undefined) await page.getByLabel("Tahun", { exact: true }).fill(input.year);
  if (input.keywords !== undefined) await page.getByLabel("Kata Kunci", { exact: true }).fill(input.keywords);
  if (input.description !== undefined) await page.getByLabel("Deskripsi", { exact: true }).fill(input.description);
  if (input.file) await page.getByLabel(fileLabel, { exact: true }).setInputFiles(input.file);
  if (input.access) await page.getByLabel(input.access, { exact: true }).check();
}

async function formValues(page: Page) {
  const value = (label: string) => page.getByLabel(label, { exact: true }).inputValue();
  return {
    category: await page.getByLabel("Kategori", { exact: true }).evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? ""),
    title: await value("Judul"),
    documentNumber: await value("Nomor Dokumen"),
    year: await value("Tahun"),
    keywords: await value("Kata Kunci"),
    description: await value("Deskripsi"),
  };
}

const submitForm = (page: Page) => page.getByTestId("submit-document").click();

/** Submit the create form and wait for its success dialog; returns the new document's uuid. */
async function submitCreate(page: Page): Promise<string> {
  await submitForm(page);
  // The success dialog names the new document in its 'Lihat Dokumen' link. Without JS the page
  // carries it in a one-shot flash (so Back never shows the dialog again); with JS in `?created=`.
  const dialog = page.getByTestId("success-dialog");
  await dialog.waitFor({ timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe("/app/documents/create");
  await waitForHydration(page);
  expect(await dialog.getByRole("heading").textContent()).toBe("Sukses!");
  expect(await dialog.textContent()).toContain("Dokumen berhasil diunggah.");
  const href = await dialog.getByRole("link", { name: "Lihat Dokumen" }).getAttribute("href");
  return href!.split("/").pop()!;
}

/** The error message tied to a field (aria-describedby), or null. */
async function fieldError(page: Page, label: string): Promise<string | null> {
  const id = await page.getByLabel(label, { exact: true }).getAttribute("aria-describedby");
  if (!id) return null;
  const texts = await page.locator(id.split(/\s+/).map((one) => `[id="${one}"]`).join(", ")).allTextContents();
  return texts.join(" ").trim() || null;
}

/** Without JS the refused post comes back with a 'Gagal!' dialog over the form: close it (CSS only). */
async function closeErrorDialog(page: Page) {
  const dialog = page.getByTestId("error-dialog");
  if ((await dialog.count()) === 0 || !(await dialog.isVisible())) return;
  await dialog.getByText("Tutup", { exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
}

const hintShown = (page: Page, text: string) => page.getByTestId("hint").filter({ hasText: text }).count().then((n) => n === 1);

/** Click a download control and return the downloaded bytes and suggested name. */
async function download(page: Page, click: () => Promise<void>): Promise<{ bytes: Buffer; name: string }> {
  const [event] = await Promise.all([page.waitForEvent("download"), click()]);
  const path = await event.path();
  return { bytes: await readFile(path), name: event.suggestedFilename() };
}

// ---------------------------------------------------------------------------------------------

describe.each(JS_MODES)("%s", (_mode, javaScriptEnabled) => {
  const tag = javaScriptEnabled ? "json" : "jsoff";

  describe("ft.staff: the whole life of a document", () => {
    const word = uniqueWord(tag);
    const title = `Laporan Uji ${word} Otomatis`;
    const pdf = pdfFile(`laporan-${tag}.pdf`, word);
    const png = pngFile(`foto-${tag}.png`, javaScriptEnabled ? 11 : 12);
    let uuid = "";

    it("creates a document from '+ Buat Baru' and finds it in the list", async () => {
      const { page } = await browser.newPage({ javaScriptEnabled });
      await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents" });
      const before = await showing(page);
      await page.getByRole("link", { name: "+ Buat Baru", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/app/documents/create");
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: "Buat Dokumen Baru" }).waitFor();
      expect(await textOf(page, "h1")).toBe("Buat Dokumen Baru");
      expect(await page.getByLabel("Private", { exact: true }).isChecked()).toBe(true);
      expect(await page.getByLabel("Public", { exact: true }).isChecked()).toBe(false);

      // Three keywords and a short description: the hints stay, and never block.
      await fillDocumentForm(page, {
        category: "Pedoman",
        title,
        documentNumber: `001/UN.1/${tag}/2026`,
        year: "2025",
        keywords: `uji, ${word}, otomatis`,
        description: "Dokumen uji otomatis end to end.",
        file: pdf,
      });
      expect(await hintShown(page, KEYWORDS_HINT)).toBe(true);
      uuid = await submitCreate(page);
      expect(uuid).toMatch(/^[0-9a-f-]{36}$/);

      await page.getByTestId("success-dialog").getByRole("link", { name: "Lihat Dokumen", exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/app/documents/${uuid}`);
      await waitForHydration(page);
      await page.getByTestId("document-detail").waitFor();
      const detail = await detailRows(page);
      expect(detail).toMatchObject({
        Judul: title,
        "Nomor Dokumen": `001/UN.1/${tag}/2026`,
        Tahun: "2025",
        Deskripsi: "Dokumen uji otomatis end to end.",
        "Tipe Akses": "PRIVATE",
        Kategori: "Pedoman",
        "Ukuran (KB)": kbText(pdf.buffer.length),
        "Tipe File": "application/pdf",
        Uploader: DEMO_ACCOUNTS.ftStaff.fullName,
      });
      expect(detail["Tanggal Unggah"]).toMatch(/^\d{2} [A-Z][a-z]+ \d{4} \d{2}:\d{2}$/);
      expect(detail.File).toContain(pdf.name);
      expect(await detailChips(page)).toEqual(["uji", word, "otomatis"]);
      if (javaScriptEnabled) {
        // 'Lihat Dokumen' left the success dialog in place of its history entry: Back does not
        // show the dialog again (without JavaScript the flash is one-shot).
        await page.goBack();
        await page.waitForURL((url) => url.pathname !== `/app/documents/${uuid}`);
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(new URL(page.url()).searchParams.has("created")).toBe(false);
        expect(await page.getByTestId("success-dialog").count()).toBe(0);
      }

      // Newest first: it heads the list, which grew by one.
      await goto(page, "/app/documents");
      expect((await titles(page))[0]).toBe(title);
      expect((await showing(page)).total).toBe(before.total + 1);
      const first = rows(page).first();
      expect(await first.locator(cellOf("Tanggal Unggah")).textContent()).toMatch(/^\d{2} [A-Z][a-z]+ \d{4} \d{2}:\d{2}:\d{2}$/);
      expect(await first.locator(cellOf("Ukuran (KB)")).textContent()).toBe(kbText(pdf.buffer.length));
      expect(await first.locator(cellOf("Uploader")).textContent()).toBe(DEMO_ACCOUNTS.ftStaff.fullName);
      for (const action of ["Lihat", "Unduh", "Edit", "Hapus"]) {
        expect(await first.getByRole("link", { name: action, exact: true }).count(), action).toBe(1);
      }

      // Search by a prefix of one word of the title.
      await searchFor(page, word.slice(0, -3));
      expect(await titles(page)).toEqual([title]);
      expect(await showing(page)).toEqual({ shown: 1, total: 1 });

      // The category filter narrows, and keeps the search.
      const other = await chooseFilter(page, javaScriptEnabled, "category-filter", { label: "SOP" }, "category");
      expect(new URL(page.url()).searchParams.get("q")).toBe(word.slice(0, -3));
      await expect.poll(() => textOf(page, "[data-testid=empty]"), POLL).toBe(EMPTY_SEARCH);
      expect(other).toBe("8");
      await chooseFilter(page, javaScriptEnabled, "category-filter", { label: "Pedoman" }, "category");
      await expect.poll(() => titles(page), POLL).toEqual([title]);

      // Without the search: only Pedoman, ours first.
      await goto(page, "/app/documents?category=6");
      expect(await page.getByTestId("category-filter").inputValue()).toBe("6");
      expect((await titles(page))[0]).toBe(title);
      expect(new Set(await cellTexts(page, 3))).toEqual(new Set(["Pedoman"]));
      expect((await showing(page)).total).toBeLessThan(before.total);
    });

    it("previews inline and downloads the uploaded bytes", async () => {
      expect(uuid, "created by the previous test").not.toBe("");
      const { page, context } = await browser.newPage({ javaScriptEnabled });
      await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents/${uuid}` });
      const fileRow = page.getByTestId("file-row");
      const preview = fileRow.getByRole("link", { name: /^Lihat Dokumen/ });
      expect(await preview.getAttribute("target")).toBe("_blank");
      const href = await preview.getAttribute("href");
      // The preview's URL ends in the file's name: the browser titles the tab after it.
      expect(href).toBe(`/api/v1/archives/${uuid}/download/${encodeURIComponent(pdf.name)}?disposition=inline`);

      const response = await context.request.get(href!);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      expect(response.headers()["content-disposition"]).toMatch(/^inline;/);
      expect(response.headers()["content-disposition"]).toContain(`filename*=UTF-8''${pdf.name}`);
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
      expect(sha256(await response.body())).toBe(sha256(pdf.buffer));

      const file = await download(page, () => fileRow.getByRole("link", { name: "Unduh", exact: true }).click());
      expect(file.name).toBe(pdf.name);
      expect(sha256(file.bytes)).toBe(sha256(pdf.buffer));
      if (javaScriptEnabled) {
        await page.getByTestId("toast").filter({ hasText: "Dokumen berhasil diunduh!" }).waitFor();
      }
    });

    it("updates the title and replaces the file", async () => {
      expect(uuid, "created by the first test").not.toBe("");
      const { page } = await browser.newPage({ javaScriptEnabled });
      await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents/${uuid}` });
      await page.getByTestId("update-document").click();
      await page.waitForURL((url) => url.pathname === `/app/documents/${uuid}/update`);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: "Update Dokumen" }).waitFor();
      expect(await textOf(page, "h1")).toBe("Update Dokumen");
      expect(await formValues(page)).toEqual({
        category: "Pedoman",
        title,
        documentNumber: `001/UN.1/${tag}/2026`,
        year: "2025",
        keywords: `uji, ${word}, otomatis`,
        description: "Dokumen uji otomatis end to end.",
      });
      expect(await page.getByLabel("Private", { exact: true }).isChecked()).toBe(true);

      await fillDocumentForm(page, { title: `${title} Revisi`, file: png }, "File Baru (opsional)");
      await submitForm(page);
      // Without JS the 'Sukses!' dialog comes from a one-shot flash, with JS from `?updated=1`.
      const dialog = page.getByTestId("success-dialog");
      await dialog.waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).pathname).toBe(`/app/documents/${uuid}/update`);
      await waitForHydration(page);
      expect(await dialog.getByRole("heading").textContent()).toBe("Sukses!");
      expect(await dialog.textContent()).toContain("Dokumen berhasil diperbarui.");

      await goto(page, `/app/documents/${uuid}`);
      const detail = await detailRows(page);
      expect(detail).toMatchObject({
        Judul: `${title} Revisi`,
        "Tipe File": "image/png",
        "Ukuran (KB)": kbText(png.buffer.length),
        Kategori: "Pedoman",
        "Nomor Dokumen": `001/UN.1/${tag}/2026`,
      });
      expect(detail.File).toContain(png.name);
      const file = await download(page, () => page.getByTestId("file-row").getByRole("link", { name: "Unduh", exact: true }).click());
      expect(file.name).toBe(png.name);
      expect(sha256(file.bytes)).toBe(sha256(png.buffer));
    });

    it("deletes it after the confirm dialog", async () => {
      expect(uuid, "created by the first test").not.toBe("");
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
      await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents/${uuid}` });
      await page.getByTestId("delete-document").click();
      await page.waitForURL((url) => url.pathname === `/app/documents/${uuid}` && url.searchParams.get("dialog") === "delete");
      await waitForHydration(page);
      const dialog = page.getByTestId("delete-dialog");
      await dialog.waitFor();
      expect(await dialog.getByRole("heading").textContent()).toBe("Hapus Dokumen");
      expect(await dialog.textContent()).toContain(`"${title} Revisi"`);

      await dialog.getByRole("button", { name: "Ya, Hapus", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/app/documents");
      await waitForHydration(page);
      await page.getByTestId("toast").filter({ hasText: "Dokumen berhasil dihapus!" }).waitFor({ state: "attached" });
      expect(await titles(page)).not.toContain(`${title} Revisi`);
      await searchFor(page, word);
      expect(await textOf(page, "[data-testid=empty]")).toBe(EMPTY_SEARCH);

      expectHttpStatus(404);
      const response = await page.goto(`/app/documents/${uuid}`);
      expect(response?.status()).toBe(404);
      expect(await textOf(page, "[data-testid=error-message]")).toBe("Dokumen tidak ditemukan.");
    });
  });

  it("list: columns, page size, paging, empty search and sort by Judul", async () => {
    const { page } = await browser.newPage({ javaScriptEnabled, viewport: { width: 1366, height: 800 } });
    await login(page, DEMO_ACCOUNTS.ftStaff);
    await page.getByTestId("sidebar").getByRole("link", { name: "Documents", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/app/documents");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Semua Dokumen" }).waitFor();
    expect(await textOf(page, "h1")).toBe("Semua Dokumen");
    expect(await page.getByRole("link", { name: "+ Buat Baru", exact: true }).getAttribute("href")).toBe("/app/documents/create");
    const headers = await page
      .getByTestId("documents-table")
      .locator("thead th")
      .evaluateAll((cells) => cells.filter((cell) => cell.checkVisibility()).map((cell) => (cell.textContent ?? "").replace(/[▲▼↕]/g, "").trim()));
    expect(headers).toEqual(COLUMNS);
    expect(await page.getByTestId("category-filter").locator("option").first().textContent()).toBe("Semua Kategori");
    expect(await page.getByTestId("page-size").locator("option").allTextContents()).toEqual(["5", "10", "20", "30", "40", "50"]);
    expect(await page.getByTestId("page-size").inputValue()).toBe("10");
    const all = await showing(page);
    expect(all.shown).toBe(10);
    expect(all.total).toBeGreaterThanOrEqual(30);
    // Newest first by default.
    const dates = await rows(page).locator(cellOf("Tanggal Unggah")).allTextContents();
    expect(dates.every((date) => /^\d{2} [A-Z][a-z]+ \d{4} \d{2}:\d{2}:\d{2}$/.test(date))).toBe(true);

    await chooseFilter(page, javaScriptEnabled, "page-size", "5", "size");
    await expect.poll(() => rows(page).count(), POLL).toBe(5);
    expect(await showing(page)).toEqual({ shown: 5, total: all.total });
    const firstPage = await titles(page);
    expect(await page.getByText("Previous", { exact: true }).getAttribute("aria-disabled")).toBe("true");

    // Next and Previous seek from the edge rows (keyset cursors `after`/`before`) and keep the page number.
    await page.getByRole("link", { name: "Next", exact: true }).click();
    await waitForList(page, (params) => params.get("page") === "2" && params.get("size") === "5" && params.has("after"));
    await expect.poll(() => cellTexts(page, 1), POLL).toEqual(["6", "7", "8", "9", "10"]);
    expect(await showing(page)).toEqual({ shown: 5, total: all.total });
    const secondPage = await titles(page);
    expect(secondPage).not.toEqual(firstPage);

    await page.getByRole("link", { name: "Next", exact: true }).click();
    await waitForList(page, (params) => params.get("page") === "3" && params.has("after"));
    await expect.poll(() => cellTexts(page, 1), POLL).toEqual(["11", "12", "13", "14", "15"]);
    const thirdPage = await titles(page);

    await page.getByRole("link", { name: "Previous", exact: true }).click();
    await waitForList(page, (params) => params.get("page") === "2" && params.has("before") && !params.has("after"));
    await expect.poll(() => titles(page), POLL).toEqual(secondPage);
    expect(await cellTexts(page, 1)).toEqual(["6", "7", "8", "9", "10"]);

    // Page 2's Previous is page 1's plain URL.
    await page.getByRole("link", { name: "Previous", exact: true }).click();
    await waitForList(page, (params) => !params.has("page") && !params.has("before") && params.get("size") === "5");
    await expect.poll(() => titles(page), POLL).toEqual(firstPage);

    // The same page by number (a typed URL): the same rows. A cursor edited by hand still lands on a page.
    await goto(page, `/app/documents?size=5&page=3`);
    await expect.poll(() => titles(page), POLL).toEqual(thirdPage);
    for (const cursor of ["0.2020-01-01", "abc", "999999999.0000"]) {
      await goto(page, `/app/documents?size=5&page=3&after=${encodeURIComponent(cursor)}`);
      await page.getByRole("heading", { level: 1, name: "Semua Dokumen" }).waitFor();
      expect(await rows(page).count(), cursor).toBe(5);
      expect(new URL(page.url()).searchParams.get("page"), cursor).toBe("3");
    }
    await goto(page, `/app/documents?size=5`);

    // Sort by Judul through the header link: ascending, then descending.
    await page.getByRole("link", { name: /^Judul/ }).click();
    await waitForList(page, (params) => params.get("sort") === "title" && params.get("dir") === "asc");
    await expect.poll(() => page.locator("th[aria-sort=ascending]").textContent(), POLL).toContain("Judul");
    const ascending = await titles(page);
    expect(ascending).toHaveLength(5);
    expect(ascending).toEqual([...ascending].sort());
    await page.getByRole("link", { name: /^Judul/ }).click();
    await waitForList(page, (params) => params.get("sort") === "title" && params.get("dir") === "desc");
    await expect.poll(() => page.locator("th[aria-sort=descending]").textContent(), POLL).toContain("Judul");
    const descending = await titles(page);
    expect(descending).toEqual([...descending].sort().reverse());
    expect(descending[0]! > ascending[4]!).toBe(true);

    // A search nothing matches.
    await searchFor(page, "zzqxjtidakada");
    expect(await textOf(page, "[data-testid=empty]")).toBe(EMPTY_SEARCH);
    expect(await showing(page)).toEqual({ shown: 0, total: 0 });
  });

  describe("create form validation", () => {
    it("asks for a 5-character title and a file, and creates nothing", async () => {
      const word = uniqueWord(tag);
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
      expectHttpStatus(400); // without JS the server answers the invalid post with a 400 document
      await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents/create" });
      await fillDocumentForm(page, {
        category: "SOP",
        title: "Abc",
        documentNumber: `V/${word}`,
        year: "2026",
        keywords: `satu, ${word}`,
        description: `Uji validasi ${word}.`,
      });
      await submitForm(page);
      await expect.poll(() => fieldError(page, "Judul"), POLL).toBe("Judul minimal 5 karakter.");
      // Without JS the server reports the file only once the metadata is valid (see the known-bug test below).
      if (javaScriptEnabled) expect(await fieldError(page, "File")).toBe("File wajib diunggah.");
      expect(pathOf(page)).toBe("/app/documents/create");
      expect(await page.getByLabel("Judul", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      expect(await formValues(page)).toMatchObject({ title: "Abc", documentNumber: `V/${word}`, keywords: `satu, ${word}` });

      // A valid title, still no file.
      await closeErrorDialog(page);
      await fillDocumentForm(page, { title: `Judul Cukup ${word}` });
      if (!javaScriptEnabled) await submitForm(page);
      await expect.poll(() => fieldError(page, "File"), POLL).toBe("File wajib diunggah.");
      expect(await fieldError(page, "Judul")).toBeNull();
      expect(pathOf(page)).toBe("/app/documents/create");

      await goto(page, `/app/documents${search({ q: word })}`);
      expect(await textOf(page, "[data-testid=empty]")).toBe(EMPTY_SEARCH);
    });

    if (!javaScriptEnabled) {
      // The server reports every problem of one post at once, the missing file included
      // (with JS the browser schema already does).
      it("reports the missing file together with the short title", async () => {
        const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
        expectHttpStatus(400);
        await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents/create" });
        await fillDocumentForm(page, { category: "SOP", title: "Abc", documentNumber: "V/1", year: "2026", keywords: "a", description: "b" });
        await submitForm(page);
        await expect.poll(() => fieldError(page, "Judul"), POLL).toBe("Judul minimal 5 karakter.");
        expect(await fieldError(page, "File")).toBe("File wajib diunggah.");
      });
    }

    it("shows the keyword and description hints until they are met", async () => {
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
      expectHttpStatus(400);
      await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents/create" });
      expect(await hintShown(page, KEYWORDS_HINT)).toBe(true);
      expect(await hintShown(page, DESCRIPTION_HINT)).toBe(true);

      // Not yet: 4 keywords (an empty entry does not count) and 19 words.
      await fillDocumentForm(page, { title: "Abc", keywords: "arsip, dokumen, , surat, resmi", description: words(19) });
      if (!javaScriptEnabled) {
        await submitForm(page); // the server re-renders the form with the hints computed from the values
        await expect.poll(() => fieldError(page, "Judul"), POLL).toBe("Judul minimal 5 karakter.");
        await closeErrorDialog(page);
      }
      expect(await hintShown(page, KEYWORDS_HINT)).toBe(true);
      expect(await hintShown(page, DESCRIPTION_HINT)).toBe(true);

      // Met: exactly 5 keywords and 20 words.
      await fillDocumentForm(page, { keywords: "arsip, dokumen, surat, resmi, penting", description: words(20) });
      if (!javaScriptEnabled) {
        await submitForm(page);
        await page.waitForLoadState();
        await expect.poll(() => fieldError(page, "Judul"), POLL).toBe("Judul minimal 5 karakter.");
        expect(await page.getByLabel("Kata Kunci", { exact: true }).inputValue()).toBe("arsip, dokumen, surat, resmi, penting");
        await closeErrorDialog(page);
      }
      await expect.poll(() => hintShown(page, KEYWORDS_HINT), POLL).toBe(false);
      await expect.poll(() => hintShown(page, DESCRIPTION_HINT), POLL).toBe(false);

      // Six keywords: the hint is back.
      await fillDocumentForm(page, { keywords: "arsip, dokumen, surat, resmi, penting, lagi" });
      if (!javaScriptEnabled) {
        await submitForm(page);
        await page.waitForLoadState();
        await expect.poll(() => fieldError(page, "Judul"), POLL).toBe("Judul minimal 5 karakter.");
      }
      await expect.poll(() => hintShown(page, KEYWORDS_HINT), POLL).toBe(true);
      expect(await hintShown(page, DESCRIPTION_HINT)).toBe(false);
    });

    it("refuses an HTML file named .pdf and keeps the typed values", async () => {
      const word = uniqueWord(tag);
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
      expectHttpStatus(400);
      await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents/create" });
      const typed = {
        category: "Surat Keputusan",
        title: `Surat Palsu ${word}`,
        documentNumber: `X/${word}/2026`,
        year: "2024",
        keywords: "satu, dua, tiga, empat, lima",
        description: `Berkas HTML yang menyamar sebagai PDF ${word}.`,
      };
      await fillDocumentForm(page, { ...typed, file: htmlPosingAsPdf("laporan.pdf"), access: "Public" });
      await submitForm(page);
      const banner = page.getByTestId("form-error");
      await banner.waitFor();
      expect(await banner.textContent()).toBe(FILE_TYPE_ERROR);
      const dialog = page.getByTestId("error-dialog");
      expect(await dialog.getByRole("heading").textContent()).toBe("Gagal!");
      expect(await dialog.textContent()).toContain(FILE_TYPE_ERROR);
      expect(pathOf(page)).toBe("/app/documents/create");
      expect(await formValues(page)).toEqual(typed);
      expect(await page.getByLabel("Public", { exact: true }).isChecked()).toBe(true);

      await goto(page, `/app/documents${search({ q: word })}`);
      expect(await textOf(page, "[data-testid=empty]")).toBe(EMPTY_SEARCH);
    });
  });

  if (!javaScriptEnabled) {
    it("a create form posted twice (same submissionId) creates one document", async () => {
      const word = uniqueWord(tag);
      const title = `Dokumen Ganda ${word}`;
      const { page } = await browser.newPage({ javaScriptEnabled });
      await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/documents/create" });
      const submissionId = await page.locator("input[name=submissionId]").inputValue();
      expect(submissionId).toMatch(/^[0-9a-f-]{36}$/);
      const input: DocumentInput = {
        category: "SOP",
        title,
        documentNumber: `G/${word}`,
        year: "2026",
        keywords: "ganda, kirim, dua, kali, uji",
        description: `Dikirim dua kali ${word}.`,
        file: pdfFile("ganda.pdf", word),
      };
      await fillDocumentForm(page, input);
      const first = await submitCreate(page);

      // Back to the form and post it again, with the submissionId it was rendered with.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/app/documents/create" && !url.searchParams.has("created"));
      const hidden = page.locator("input[name=submissionId]");
      if ((await hidden.inputValue()) !== submissionId) {
        // Back re-fetches the form (the page is not cached), which renders a fresh key: put the
        // original one back, as a re-sent copy of the first rendering (a double click) carries it.
        await hidden.evaluate((element, value) => ((element as HTMLInputElement).value = value), submissionId);
      }
      await fillDocumentForm(page, input);
      const second = await submitCreate(page);
      expect(second).toBe(first);

      await goto(page, `/app/documents${search({ q: word })}`);
      expect(await titles(page)).toEqual([title]);
      expect(await showing(page)).toEqual({ shown: 1, total: 1 });
    });
  }

});

/**
 * Who sees which actions, and what a visitor gets: these post no form, and the server renders the
 * same markup with JavaScript on or off (a plain link downloads without it: keyboard-and-visitor
 * tests), so they run once, with JavaScript.
 */
describe("roles and visitors, JS on (no form posts)", () => {
  describe("permissions", () => {
    it("viewer: no create, edit or delete; the create page answers 403", async () => {
      const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled: true });
      await login(page, DEMO_ACCOUNTS.viewer, { open: "/app/documents?size=50" });
      expect(await rows(page).count()).toBeGreaterThanOrEqual(30);
      expect(await page.getByRole("link", { name: "+ Buat Baru", exact: true }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Edit", exact: true }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Hapus", exact: true }).count()).toBe(0);
      // Downloads only on PUBLIC rows.
      const access = await cellTexts(page, 6);
      const downloads = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.querySelector("[data-testid=download]") !== null));
      expect(downloads).toEqual(access.map((level) => level === "PUBLIC"));

      const uuid = await uuidOf(page, FT_PRIVATE);
      await goto(page, `/app/documents/${uuid}`);
      expect((await detailRows(page)).Judul).toBe(FT_PRIVATE);
      // No file, but the row says why and that a Viewer cannot ask for it.
      expect(await page.getByTestId("file-name").count()).toBe(0);
      expect(await textOf(page, "[data-testid=file-notice]")).toContain("Akun Viewer tidak dapat mengajukan permintaan akses");
      expect(await page.getByTestId("update-document").count()).toBe(0);
      expect(await page.getByTestId("delete-document").count()).toBe(0);

      expectHttpStatus(403);
      const response = await page.goto("/app/documents/create");
      expect(response?.status()).toBe(403);
      expect(await textOf(page, "[data-testid=error-message]")).toBe("Anda tidak memiliki izin untuk membuat dokumen.");
      expect(await page.getByLabel("Judul", { exact: true }).count()).toBe(0);
    });

    it("fe.staff: no file, update or delete on ft.staff's private document", async () => {
      const { page, context, expectHttpStatus } = await browser.newPage({ javaScriptEnabled: true });
      await login(page, DEMO_ACCOUNTS.feStaff);
      const uuid = await uuidOf(page, FT_PRIVATE);
      const row = rows(page).filter({ hasText: FT_PRIVATE });
      for (const action of ["Unduh", "Edit", "Hapus"]) expect(await row.getByRole("link", { name: action, exact: true }).count(), action).toBe(0);

      await goto(page, `/app/documents/${uuid}`);
      expect((await detailRows(page)).Judul).toBe(FT_PRIVATE);
      // No file, but the row says why and how to ask for it.
      expect(await page.getByTestId("file-name").count()).toBe(0);
      expect(await textOf(page, "[data-testid=file-notice]")).toContain("Ajukan permintaan akses");
      expect(await page.getByTestId("update-document").count()).toBe(0);
      expect(await page.getByTestId("delete-document").count()).toBe(0);
      expect(await page.content()).not.toContain(`/api/v1/archives/${uuid}/download`);
      expectHttpStatus(403);
      const file = await context.request.get(`/api/v1/archives/${uuid}/download`);
      expect(file.status()).toBe(403);

      // Asking for the edit form or the delete dialog anyway: back on the detail page with a toast.
      for (const [path, message] of [
        [`/app/documents/${uuid}/update`, "Anda tidak memiliki izin untuk mengedit dokumen ini."],
        [`/app/documents/${uuid}?dialog=delete`, "Anda tidak memiliki izin untuk menghapus dokumen ini."],
      ] as const) {
        await goto(page, path);
        await page.waitForURL((url) => url.pathname === `/app/documents/${uuid}` && url.search === "");
        expect(await page.getByTestId("toast").filter({ hasText: message }).count(), path).toBe(1);
        expect(await page.getByTestId("delete-dialog").count()).toBe(0);
        expect(await page.getByLabel("Judul", { exact: true }).count()).toBe(0);
        expect((await detailRows(page)).Judul).toBe(FT_PRIVATE);
      }
    });

    it("admin: update and delete on every document", async () => {
      const { page } = await browser.newPage({ javaScriptEnabled: true });
      await login(page, DEMO_ACCOUNTS.admin, { open: "/app/documents?size=50" });
      expect(await page.getByRole("link", { name: "+ Buat Baru", exact: true }).count()).toBe(1);
      const count = await rows(page).count();
      expect(count).toBeGreaterThanOrEqual(30);
      for (const action of ["Lihat", "Unduh", "Edit", "Hapus"]) {
        expect(await page.getByRole("link", { name: action, exact: true }).count(), action).toBe(count);
      }
      for (const title of [FT_PRIVATE, FE_PRIVATE]) {
        await goto(page, `/app/documents/${await uuidOf(page, title)}`);
        expect(await page.getByTestId("file-row").count(), title).toBe(1);
        expect(await page.getByTestId("update-document").count(), title).toBe(1);
        expect(await page.getByTestId("delete-document").count(), title).toBe(1);
      }
    });
  });

  describe("signed out", () => {
    it("/documents lists PUBLIC documents only, without create/edit/delete, and downloads", async () => {
      const { page, context } = await browser.newPage({ javaScriptEnabled: true });
      await goto(page, "/documents?size=50");
      expect(await textOf(page, "h1")).toBe("Semua Dokumen");
      const count = await rows(page).count();
      expect(count).toBeGreaterThan(0);
      expect((await showing(page)).total).toBe(count);
      expect(new Set(await cellTexts(page, 6))).toEqual(new Set(["PUBLIC"]));
      expect(await titles(page)).not.toContain(FT_PRIVATE);
      expect(await page.getByRole("link", { name: "+ Buat Baru", exact: true }).count()).toBe(0);
      for (const action of ["Edit", "Hapus"]) expect(await page.getByRole("link", { name: action, exact: true }).count(), action).toBe(0);
      // Each public row: 'Lihat' (its public page) and 'Unduh'.
      expect(await page.getByRole("link", { name: "Lihat", exact: true }).count()).toBe(count);
      expect(await page.getByRole("link", { name: "Unduh", exact: true }).count()).toBe(count);

      // Preselected category from ?category=.
      await goto(page, "/documents?category=5");
      expect(await page.getByTestId("category-filter").inputValue()).toBe("5");
      expect(new Set(await cellTexts(page, 3))).toEqual(new Set(["Sertifikat Akreditasi"]));

      const row = rows(page).first();
      const title = (await row.locator("td:nth-child(2)").textContent())!;
      const link = row.getByRole("link", { name: "Unduh", exact: true });
      const href = (await link.getAttribute("href"))!;
      const file = await download(page, () => link.click());
      const served = await context.request.head(href);
      expect(served.status()).toBe(200);
      expect(served.headers().etag).toBe(`"${sha256(file.bytes)}"`);
      expect(Number(served.headers()["content-length"])).toBe(file.bytes.length);
      expect(file.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      await page.getByTestId("toast").filter({ hasText: `Dokumen "${title}" berhasil diunduh!` }).waitFor();
    });

    it("an /app document page sends a visitor to /", async () => {
      const { page } = await browser.newPage({ javaScriptEnabled: true });
      await page.goto(`/app/documents/${crypto.randomUUID()}`);
      await page.waitForURL((url) => url.pathname === "/");
      expect(pathOf(page)).toBe("/");
    });
  });
});
