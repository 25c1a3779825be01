/**
 * Bulk edit from the documents list: ft.staff ticks two rows and sets their keywords (JavaScript
 * on, 1366×800), moves 'semua yang cocok' of a search to the trash (JavaScript off, 390×844), and
 * files two ticked rows into a berkas (JavaScript off, 1366×800); each lands on the job's page
 * with a report per document. axe-core clean.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, baseURL, goto, login, useBrowser } from "../support/node/browser";
import { expectNoAxeViolations } from "../support/node/axe";
import { api, apiSession, createTestDocument, uniqueWord } from "../support/node/api-fixtures";
import { executeOnE2eDb, queryE2eDb } from "../support/node/e2e-db";

const { newPage } = useBrowser();

/** Reload the job's page until its report lists `count` documents (the queue runs it a moment later). */
async function reportOf(page: Page, count: number): Promise<string[]> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const rows = page.getByTestId("job-report-table").locator("tbody tr");
    if ((await rows.count()) === count && !(await page.getByTestId("job-report-table").textContent())?.includes("Tidak ada butir")) return rows.allTextContents();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await goto(page, new URL(page.url()).pathname);
  }
  throw new Error("the job's report never filled");
}

async function twoDocuments(word: string) {
  const session = await apiSession(DEMO_ACCOUNTS.ftStaff.username);
  return [await createTestDocument(session, { title: `Arsip Massal ${word} Satu` }), await createTestDocument(session, { title: `Arsip Massal ${word} Dua` })];
}

describe("bulk edit", () => {
  it("JavaScript on, 1366: two ticked rows get a keyword; the report says so per document", { timeout: 120_000 }, async () => {
    const word = uniqueWord("massal");
    const docs = await twoDocuments(word);
    const { page } = await newPage({ javaScriptEnabled: true, viewport: { width: 1366, height: 800 } });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents?q=${word}` });
    await page.getByRole("heading", { name: "Semua Dokumen", level: 1 }).waitFor();
    for (const doc of docs) await page.getByLabel(`Pilih “${doc.title}”`).check();
    await expectNoAxeViolations(page, "documents with the bulk bar");
    await page.getByLabel("Tambah kata kunci").fill("massal-uji");
    await page.getByTestId("bulk-apply").click();
    await page.getByRole("heading", { name: /Pekerjaan: Perubahan massal dokumen/ }).waitFor();
    const report = await reportOf(page, 2);
    expect(report.every((line) => line.includes("Diubah"))).toBe(true);
    await goto(page, `/app/documents?q=${word}`);
    await page.getByRole("heading", { name: "Semua Dokumen", level: 1 }).waitFor();
    expect(await page.getByTestId("documents-table").textContent()).toContain("massal-uji");
  });

  it("JavaScript off, 390: 'semua yang cocok' moves a search's documents to the trash", { timeout: 120_000 }, async () => {
    const word = uniqueWord("sampah");
    await twoDocuments(word);
    const { page } = await newPage({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents?q=${word}` });
    await page.getByRole("heading", { name: "Semua Dokumen", level: 1 }).waitFor();
    await page.getByTestId("bulk-all").check();
    await page.getByTestId("bulk-trash").click();
    await page.getByRole("heading", { name: /Pekerjaan: Perubahan massal dokumen/ }).waitFor();
    const report = await reportOf(page, 2);
    expect(report.every((line) => line.includes("Diubah"))).toBe(true);
    await expectNoAxeViolations(page, "the bulk edit's job page");
    await goto(page, `/app/documents?q=${word}`);
    await page.getByRole("heading", { name: "Semua Dokumen", level: 1 }).waitFor();
    expect(await page.getByTestId("document-row").count()).toBe(0);
  });

  it("JavaScript off, 1366: two ticked rows go into a berkas with 'Masukkan ke Berkas'", { timeout: 120_000 }, async () => {
    const word = uniqueWord("berkas");
    const code = `M${uniqueWord("").toUpperCase().slice(0, 9)}`;
    const now = new Date().toISOString();
    executeOnE2eDb(
      `INSERT INTO classification_codes (code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at)
       VALUES (?, NULL, ?, '', 'TERBATAS', 2, 1, 'MUSNAH', '', ?, ?)`,
      code,
      `Uji massal ${code}`,
      now,
      now,
    );
    const session = await apiSession(DEMO_ACCOUNTS.ftStaff.username);
    const docs = [
      await createTestDocument(session, { title: `Notula ${word} Satu`, fields: { classificationCode: code } }),
      await createTestDocument(session, { title: `Notula ${word} Dua`, fields: { classificationCode: code } }),
    ];
    const number = uniqueWord("BM").toUpperCase();
    const created = await api("/api/v1/berkas", {
      method: "POST",
      headers: { cookie: session.cookie, "x-csrf-token": session.csrfToken, origin: baseURL(), "content-type": "application/json" },
      body: JSON.stringify({ number, title: `Notula rapat ${word}`, classificationCode: code }),
    });
    expect(created.status).toBe(201);
    const berkasId = ((await created.json()) as { data: { id: number } }).data.id;

    const { page } = await newPage({ javaScriptEnabled: false, viewport: { width: 1366, height: 800 } });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents?q=${word}` });
    await page.getByRole("heading", { name: "Semua Dokumen", level: 1 }).waitFor();
    for (const doc of docs) await page.getByLabel(`Pilih “${doc.title}”`).check();
    await page.getByLabel("Berkas tujuan").selectOption(String(berkasId));
    await expectNoAxeViolations(page, "the bulk bar with a berkas chosen");
    await page.getByTestId("bulk-berkas").click();
    await page.getByRole("heading", { name: /Pekerjaan: Perubahan massal dokumen/ }).waitFor();
    const report = await reportOf(page, 2);
    expect(report.every((line) => line.includes("Diubah"))).toBe(true);
    const filed = queryE2eDb<{ berkas_id: number | null }>("SELECT berkas_id FROM archives WHERE uuid IN (?, ?)", docs[0]!.uuid, docs[1]!.uuid);
    expect(filed.map((row) => row.berkas_id)).toEqual([berkasId, berkasId]);
  });
});
