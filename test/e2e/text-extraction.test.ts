/**
 * Text extraction as a person sees it, at a laptop and a phone with JavaScript and at the phone
 * without (SIZE_RUNS): the 'Status teks' row of the document detail turns 'Terindeks' once the
 * local queue's consumer has read the uploaded PDF, and 'Indeks ulang' (a plain form POST) queues
 * it again. The reads that post no form run with JavaScript only: the text-status filter of the
 * list (a GET), and a Viewer, who may not open a PRIVATE file, seeing no status.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, SIZE_RUNS, goto, login, useBrowser } from "../support/node/browser";
import { apiSession, createTestDocument, uniqueWord } from "../support/node/api-fixtures";
import { pdfFile } from "../support/node/files";

const { newPage } = useBrowser();


const badge = (page: Page) => page.getByTestId("text-status-badge");

/** Reload the detail page until its text status reads `status` (the consumer runs in the background). */
async function waitForStatus(page: Page, uuid: string, status: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await goto(page, `/app/documents/${uuid}`);
    await page.getByRole("heading", { name: "Detail Dokumen" }).waitFor();
    if ((await badge(page).textContent())?.trim() === status) return;
    if (Date.now() > deadline) throw new Error(`text status of ${uuid} is still ${await badge(page).textContent()}`);
    await page.waitForTimeout(500);
  }
}

describe.each(SIZE_RUNS)("$size, $mode", ({ viewport, javaScriptEnabled }) => {
  it("'Status teks' turns 'Terindeks', and 'Indeks ulang' queues it again", async () => {
    const word = uniqueWord("teks");
    const doc = await createTestDocument(await apiSession(DEMO_ACCOUNTS.ftStaff.username), { file: pdfFile(`${word}.pdf`, word), accessLevel: "PRIVATE" });
    const { page } = await newPage({ javaScriptEnabled, viewport });
    await login(page, DEMO_ACCOUNTS.ftStaff);
    await waitForStatus(page, doc.uuid, "Terindeks");
    const row = page.getByTestId("text-status");
    expect(await row.textContent()).toContain("Status teks");
    expect(await row.textContent()).toContain("1 halaman");
    const box = await row.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(viewport.width);

    await page.getByTestId("reindex").click();
    await page.getByTestId("toast").filter({ hasText: "Dokumen diantrekan untuk ekstraksi teks ulang." }).waitFor({ state: "attached" });
    await page.getByRole("heading", { name: "Detail Dokumen" }).waitFor();
    // Queued again, then read again by the consumer.
    await waitForStatus(page, doc.uuid, "Terindeks");
    const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(scrollsSideways).toBe(false);
  });
});

describe("JS on, reads that post no form", () => {
  const javaScriptEnabled = true;

  it("Super Admin filters the documents list by text status (?teks=), a GET the server answers", async () => {
    const word = uniqueWord("saring");
    const doc = await createTestDocument(await apiSession(DEMO_ACCOUNTS.ftStaff.username), { title: `Arsip Saring ${word}`, file: pdfFile(`${word}.pdf`, word) });
    const { page } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.admin);
    await waitForStatus(page, doc.uuid, "Terindeks");
    const rows = async (teks: string) => {
      await goto(page, `/app/documents?q=${word}&teks=${teks}`);
      await page.getByRole("heading", { name: "Semua Dokumen" }).waitFor();
      expect(await page.getByTestId("text-filter").inputValue()).toBe(teks);
      return page.getByTestId("document-row").filter({ hasText: doc.title }).count();
    };
    expect(await rows("TERINDEKS")).toBe(1);
    expect(await rows("GAGAL")).toBe(0);
  });

  it("a Viewer, who may not open the PRIVATE file, sees no text status and no 'Indeks ulang'", async () => {
    const doc = await createTestDocument(await apiSession(DEMO_ACCOUNTS.ftStaff.username), { accessLevel: "PRIVATE" });
    const { page } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.viewer, { open: `/app/documents/${doc.uuid}` });
    await page.getByRole("heading", { name: "Detail Dokumen" }).waitFor();
    expect(await page.getByTestId("text-status").count()).toBe(0);
    expect(await page.getByTestId("reindex").count()).toBe(0);
  });
});
