/**
 * Search by what a document says, in the browser at a laptop and a phone with JavaScript and at
 * the phone without (SIZE_RUNS): a word found only in a document's text lists it on /app/documents with a snippet
 * (the match in <mark>, the text's own markup shown as text), the facets beside the category
 * filter count it and filter by it, and axe finds nothing. The text is written into the e2e
 * database as texts extracted before migration 0027 are kept (the body in its archive_texts row,
 * its words in the index), which the snippets read as they read R2 texts; the R2 path itself is
 * tested in test/integration/text-search.test.ts.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, SIZE_RUNS, goto, login, useBrowser, waitForHydration } from "../support/node/browser";
import { apiSession, createTestDocument, uniqueWord } from "../support/node/api-fixtures";
import { expectNoAxeViolations } from "../support/node/axe";
import { executeOnE2eDb, queryE2eDb } from "../support/node/e2e-db";
import { stemIndonesian, tokenizeIndonesian } from "../../app/domain/search/indonesian";

const { newPage } = useBrowser();

const word = uniqueWord("isi");
let title: string;
/** A document whose text says "pemusnahan", found by a query that says "dimusnahkan". */
const formWord = uniqueWord("ba");
let formTitle: string;

/** A text INDEXED (its body in the row, its words in the index), and its words with their stems. */
async function indexedDocument(title: string, body: string): Promise<string> {
  const doc = await createTestDocument(await apiSession(DEMO_ACCOUNTS.ftStaff.username), { accessLevel: "PUBLIC", title });
  const [row] = queryE2eDb<{ id: number; current_file_id: number }>("SELECT id, current_file_id FROM archives WHERE uuid = ?", doc.uuid);
  const now = new Date().toISOString();
  executeOnE2eDb(
    `INSERT INTO archive_texts (archive_id, file_id, status, body, queued_at, extracted_at) VALUES (?, ?, 'INDEXED', ?, ?, ?)
     ON CONFLICT (archive_id) DO UPDATE SET file_id = excluded.file_id, status = 'INDEXED', body = excluded.body, text_key = NULL, extracted_at = excluded.extracted_at`,
    row!.id,
    row!.current_file_id,
    body,
    now,
    now,
  );
  executeOnE2eDb("DELETE FROM archive_texts_fts WHERE rowid = ?", row!.id);
  executeOnE2eDb("INSERT INTO archive_texts_fts (rowid, body) VALUES (?, ?)", row!.id, body);
  for (const term of new Set(tokenizeIndonesian(body))) executeOnE2eDb("INSERT OR IGNORE INTO search_terms (term, stem) VALUES (?, ?)", term, stemIndonesian(term));
  return doc.title;
}

beforeAll(async () => {
  title = await indexedDocument(`Surat Edaran ${uniqueWord("judul")}`, `Dengan hormat, bersama ini kami sampaikan bahwa ${word} <b>wajib</b> diikuti oleh seluruh pegawai.`);
  formTitle = await indexedDocument(`Berita Acara ${uniqueWord("judul")}`, `Berita acara ${formWord}: pemusnahan arsip inaktif yang telah habis masa retensinya.`);
});

async function expectSnippet(page: Page) {
  // A phone card holds it; a wide table shows it on a line under the row, across its width.
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  const row = page.getByTestId("document-row").filter({ hasText: title });
  const snippet = (phone ? row : row.locator("xpath=following-sibling::tr[1][contains(@class, 'dt-detail')]")).getByTestId("snippet");
  await snippet.waitFor();
  expect(await snippet.locator("mark").first().textContent()).toBe(word);
  expect(await snippet.textContent()).toContain("<b>wajib</b>");
}

/** On a phone the list's filters fold behind 'Filter': open it (once; it stays open with JavaScript). */
async function openFilters(page: Page) {
  const filters = page.getByTestId("list-filters");
  if ((page.viewportSize()?.width ?? 0) < 768 && !(await filters.evaluate((details: HTMLDetailsElement) => details.open))) {
    await filters.locator("summary").click();
  }
}

describe.each(SIZE_RUNS)("$size, $mode", ({ viewport, javaScriptEnabled }) => {
  it("a word of the text finds the document, with its snippet and the facets", async () => {
    const { page } = await newPage({ javaScriptEnabled, viewport });
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/documents" });
    await page.getByRole("heading", { name: "Semua Dokumen", level: 1 }).waitFor();
    await page.getByRole("searchbox").fill(word);
    await page.getByRole("searchbox").press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === word);
    // A search sorts by relevance, its default order: no `sort` in the URL, JS on or off.
    expect(new URL(page.url()).searchParams.has("sort")).toBe(false);
    await waitForHydration(page);
    await expectSnippet(page);
    expect(await page.getByTestId("document-row").count()).toBe(1);

    // The facets count what is listed, and filter by GET parameters.
    const types = page.getByTestId("facet-tipe");
    expect(await types.locator("option").allTextContents()).toContain("PDF (1)");
    expect(await page.getByTestId("facet-akses").locator("option").allTextContents()).toContain("Publik (1)");
    await openFilters(page);
    await types.selectOption("pdf");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Terapkan" }).click();
    await page.waitForURL((url) => url.searchParams.get("tipe") === "pdf");
    await waitForHydration(page);
    await expectSnippet(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // A facet lists the values the list holds; its first choice drops the filter again.
    expect(await page.getByTestId("facet-tipe").locator("option").allTextContents()).toEqual(["Semua Tipe File", "PDF (1)"]);
    await openFilters(page);
    await page.getByTestId("facet-tipe").selectOption("");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Terapkan" }).click();
    await page.waitForURL((url) => !url.searchParams.has("tipe") && url.searchParams.get("q") === word);
    await waitForHydration(page);
    await expectSnippet(page);
  });
});

it("a word form finds the text that says it another way (the root dictionary: dimusnahkan → pemusnahan)", async () => {
  const { page } = await newPage({ javaScriptEnabled: true, viewport: SIZE_RUNS[0].viewport });
  await login(page, DEMO_ACCOUNTS.admin, { open: `/app/documents?${new URLSearchParams({ q: `${formWord} dimusnahkan` })}` });
  await page.getByRole("heading", { name: "Semua Dokumen", level: 1 }).waitFor();
  const row = page.getByTestId("document-row").filter({ hasText: formTitle });
  // On a wide table the snippet is the line under the row.
  const snippet = row.locator("xpath=following-sibling::tr[1][contains(@class, 'dt-detail')]").getByTestId("snippet");
  await snippet.waitFor();
  expect(await snippet.locator("mark").allTextContents()).toEqual([formWord, "pemusnahan"]);
});
