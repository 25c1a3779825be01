/**
 * The retention clock in the browser, JavaScript on and off: a Super Admin reads a document's
 * 'Retensi' section, puts it on hold ('Penahanan') with a reason and sees 'Ditahan'; the
 * documents list filters by retention status (?retensi=). axe-core and no sideways scroll on
 * the document page and the filtered list at a laptop and a phone size.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, JS_MODES, goto, login, useBrowser, waitForHydration } from "../support/node/browser";
import { apiSession, createTestDocument, uniqueWord } from "../support/node/api-fixtures";
import { expectNoAxeViolations } from "../support/node/axe";
import { executeOnE2eDb, queryE2eDb } from "../support/node/e2e-db";

const { newPage } = useBrowser();

const SIZES = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * A PRIVATE document of ft.staff from 2001 under HM.02 (1 + 1 years, Musnah): due since
 * 1 January 2004.
 */
async function dueDocument(scenario: string): Promise<{ uuid: string; title: string; word: string }> {
  const word = uniqueWord("retensi");
  const title = `Arsip Retensi ${scenario} ${word}`;
  const { uuid } = await createTestDocument(await apiSession(DEMO_ACCOUNTS.ftStaff.username), {
    title,
    accessLevel: "PRIVATE",
    fields: { classificationCode: "HM.02", year: "2001" },
  });
  return { uuid, title, word };
}

async function toast(page: Page, text: string) {
  await page.getByTestId("toast").filter({ hasText: text }).waitFor({ state: "attached" });
}

const statusText = async (page: Page) => (await page.getByTestId("retention-section").getByTestId("retention-status").textContent())?.trim();

describe.each(JS_MODES)("%s", (_mode, javaScriptEnabled) => {
  it("Super Admin puts a document on hold with a reason and sees 'Ditahan'", async () => {
    const doc = await dueDocument(javaScriptEnabled ? "js" : "nojs");
    const { page } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.admin, { open: `/app/documents/${doc.uuid}` });
    await page.getByRole("heading", { name: "Retensi", exact: true }).waitFor();
    expect(await statusText(page)).toBe("Jatuh Tempo (Musnah)");
    const details = await page.getByTestId("retention-detail").textContent();
    expect(details).toContain("31 Desember 2002");
    expect(details).toContain("31 Desember 2003");
    expect(details).toContain("Musnah");

    await waitForHydration(page);
    await page.getByTestId("hold-form").getByLabel("Alasan penahanan").fill("Sengketa kepegawaian No. 7/2026");
    await page.getByTestId("hold-submit").click();
    await toast(page, "Penahanan dipasang.");
    await page.getByTestId("release-hold-form").waitFor();
    expect(await statusText(page)).toBe("Ditahan");
    expect(await page.getByTestId("hold-reason").textContent()).toBe("Sengketa kepegawaian No. 7/2026");
  });

  it("'Tanggal mulai retensi' on the edit form moves the clock's dates", async () => {
    const doc = await dueDocument(javaScriptEnabled ? "js-mulai" : "nojs-mulai");
    const { page } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents/${doc.uuid}/update` });
    await page.getByRole("heading", { name: "Update Dokumen" }).waitFor();
    await waitForHydration(page);
    // A start that has come (a future one is refused): the 15th of last month, so the record is Aktif.
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const MONTHS = ["Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September", "Oktober", "November", "Desember"];
    const dayOf = (year: number) => `15 ${MONTHS[start.getUTCMonth()]} ${year}`;
    await page.getByLabel("Tanggal mulai retensi").fill(start.toISOString().slice(0, 10));
    await page.getByTestId("submit-document").click();
    await page.getByTestId("success-dialog").waitFor();
    await goto(page, `/app/documents/${doc.uuid}`);
    await page.getByRole("heading", { name: "Retensi", exact: true }).waitFor();
    const details = await page.getByTestId("retention-detail").textContent();
    expect(details).toContain(dayOf(start.getUTCFullYear()));
    expect(details).toContain(dayOf(start.getUTCFullYear() + 1));
    expect(await statusText(page)).toBe("Aktif");
  });

  it("Super Admin records a reappraisal (Dinilai Kembali): Permanen", async () => {
    const word = uniqueWord("nilai");
    const title = `Arsip Dinilai Kembali ${javaScriptEnabled ? "js" : "nojs"} ${word}`;
    // OT: 2 + 3 years, Dinilai Kembali; a 2001 record is due.
    const { uuid } = await createTestDocument(await apiSession(DEMO_ACCOUNTS.ftStaff.username), { title, fields: { classificationCode: "OT", year: "2001" } });
    const { page } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.admin, { open: `/app/documents/${uuid}` });
    await page.getByTestId("reappraisal-form").waitFor();
    expect(await statusText(page)).toBe("Jatuh Tempo (Dinilai Kembali)");
    await waitForHydration(page);
    const form = page.getByTestId("reappraisal-form");
    await form.getByLabel("Permanen", { exact: true }).check();
    await form.getByLabel("Alasan").fill("Bernilai guna sejarah bagi universitas");
    await page.getByTestId("reappraisal-submit").click();
    await toast(page, "Penilaian kembali disimpan.");
    await page.getByTestId("reappraisal-form").waitFor({ state: "detached" });
    expect(await statusText(page)).toBe("Jatuh Tempo (Serah)");
  });

  it("Super Admin holds a whole code on its page: a document under a child code shows 'Ditahan'", async () => {
    // A code of this test's own (never a demo code other tests file documents under).
    const parent = `Z${uniqueWord("").replace(/[^A-Za-z0-9]/g, "").toUpperCase().slice(-8)}`;
    const now = new Date().toISOString();
    executeOnE2eDb(
      "INSERT INTO classification_codes (code, name, retention_active_years, retention_inactive_years, final_disposition, created_at, updated_at) VALUES (?, 'Kode Uji Penahanan', 1, 1, 'MUSNAH', ?, ?)",
      parent, now, now,
    );
    const parentId = queryE2eDb<{ id: number }>("SELECT id FROM classification_codes WHERE code = ?", parent)[0]!.id;
    executeOnE2eDb(
      "INSERT INTO classification_codes (code, parent_id, name, retention_active_years, retention_inactive_years, final_disposition, created_at, updated_at) VALUES (?, ?, 'Anak Uji', 1, 1, 'MUSNAH', ?, ?)",
      `${parent}.01`, parentId, now, now,
    );
    const { uuid } = await createTestDocument(await apiSession(DEMO_ACCOUNTS.ftStaff.username), { fields: { classificationCode: `${parent}.01`, year: "2001" } });

    const { page } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.admin, { open: `/app/klasifikasi/${parentId}/update` });
    await page.getByRole("heading", { name: "Penahanan" }).waitFor();
    await waitForHydration(page);
    await page.getByTestId("code-hold").getByLabel("Alasan penahanan").fill("Audit BPK 2026");
    await page.getByTestId("code-hold-submit").click();
    await toast(page, `Penahanan dipasang pada kode ${parent}`);
    await page.getByTestId("code-hold-active").waitFor();

    await goto(page, `/app/documents/${uuid}`);
    await page.getByRole("heading", { name: "Retensi", exact: true }).waitFor();
    expect(await statusText(page)).toBe("Ditahan");
    expect(await page.getByTestId("retention-section").textContent()).toContain(`kode klasifikasi ${parent}`);

    await goto(page, `/app/klasifikasi/${parentId}/update`);
    await page.getByTestId("code-hold-active").waitFor();
    await waitForHydration(page);
    await page.getByTestId("code-hold").getByLabel("Alasan pelepasan").fill("Audit selesai");
    await page.getByTestId("code-hold-submit").click();
    await toast(page, `Penahanan pada kode ${parent} dilepas.`);
  });

  it("the documents list filters by retention status", async () => {
    const doc = await dueDocument(javaScriptEnabled ? "js-filter" : "nojs-filter");
    const { page } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents?q=${doc.word}` });
    await page.getByRole("heading", { name: "Semua Dokumen", exact: true }).waitFor();
    await waitForHydration(page);
    await page.getByTestId("retention-filter").selectOption({ label: "Jatuh Tempo" });
    // Without JavaScript the toolbar is a GET form: Enter in the search box submits it.
    if (!javaScriptEnabled) await page.getByRole("searchbox").press("Enter");
    await page.waitForURL((url) => url.searchParams.get("retensi") === "JATUH_TEMPO");
    await page.getByTestId("document-row").filter({ hasText: doc.title }).first().waitFor();

    await goto(page, `/app/documents?q=${doc.word}&retensi=AKTIF`);
    await page.getByTestId("documents-table").waitFor({ state: "attached" });
    expect(await page.getByTestId("document-row").filter({ hasText: doc.title }).count()).toBe(0);
    expect(await page.getByTestId("retention-filter").inputValue()).toBe("AKTIF");
  });
});

describe.each(JS_MODES)("%s: dashboard", (_mode, javaScriptEnabled) => {
  it("Super Admin sees the retention cards and recomputes them ('Hitung Ulang')", async () => {
    const { page } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app" });
    await page.getByRole("heading", { name: "Retensi Arsip" }).waitFor();
    for (const label of ["Aktif", "Inaktif", "Jatuh Tempo", "Ditahan", "Statis", "Dimusnahkan", "Tanpa Kode"]) {
      expect(await page.getByTestId("retention-summary").getByText(label, { exact: true }).count(), label).toBe(1);
    }
    await waitForHydration(page);
    await page.getByTestId("refresh-retention").click();
    await toast(page, "dihitung ulang");
  });
});

describe("layout and accessibility", () => {
  for (const viewport of SIZES) {
    it(`${viewport.width}×${viewport.height}: the Retensi section with its forms and the filtered list fit and pass axe`, async () => {
      const doc = await dueDocument(`axe${viewport.width}`);
      const { page } = await newPage({ javaScriptEnabled: true, viewport });
      await login(page, DEMO_ACCOUNTS.admin, { open: `/app/documents/${doc.uuid}` });
      await page.getByTestId("hold-form").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);

      await goto(page, `/app/documents?retensi=JATUH_TEMPO&q=${doc.word}`);
      await page.getByTestId("document-row").filter({ hasText: doc.title }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);

      await goto(page, "/app");
      await page.getByTestId("retention-summary").waitFor();
      expect(await page.getByTestId("retention-jatuh_tempo-value").textContent()).not.toBe("0");
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  }
});
