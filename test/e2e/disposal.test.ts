/**
 * Penyusutan in the browser, JavaScript on and off: a document of an old year under a code with
 * a short retention is due (the retention clock refreshes it when it is created), Super Admin
 * selects it into a Daftar Arsip Usul Musnah, approves it, runs 'Laksanakan' through its confirm
 * dialog, and follows the Berita Acara to its public verification page. Satuan Kerja sees its
 * unit's candidates read-only; Viewer is refused. axe-core and no sideways scroll at a laptop
 * and a phone size.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, JS_MODES, goto, login, useBrowser, waitForHydration } from "../support/node/browser";
import { apiSession, createTestDocument, uniqueWord } from "../support/node/api-fixtures";
import { expectNoAxeViolations } from "../support/node/axe";
import { executeOnE2eDb } from "../support/node/e2e-db";

const { newPage } = useBrowser();

const SIZES = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
] as const;

/** A classification code kept 1 + 1 years and then destroyed (or kept: PERMANEN), and a due document of ft.staff under it. */
async function dueDocument(scenario: string, disposition: "MUSNAH" | "PERMANEN" = "MUSNAH"): Promise<{ code: string; title: string; uuid: string }> {
  const code = `E${uniqueWord("").replace(/[^A-Za-z0-9]/g, "").toUpperCase().slice(0, 9)}`;
  const now = new Date().toISOString();
  executeOnE2eDb(
    `INSERT INTO classification_codes (code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at)
     VALUES (?, NULL, ?, '', 'TERBATAS', 1, 1, ?, '', ?, ?)`,
    code,
    `Uji penyusutan ${code}`,
    disposition,
    now,
    now,
  );
  const title = `Arsip Penyusutan ${scenario} ${uniqueWord("musnah")}`;
  const { uuid } = await createTestDocument(await apiSession(DEMO_ACCOUNTS.ftStaff.username), {
    title,
    fields: { year: "2010", classificationCode: code },
  });
  return { code, title, uuid };
}

async function toast(page: Page, text: string) {
  await page.getByTestId("toast").filter({ hasText: text }).waitFor({ state: "attached" });
}

/**
 * Super Admin on 'Penyusutan Arsip' (`search`: the tab and the code) picks `doc` and makes a list
 * of it; the new list's page (its heading matching `heading`) is open and its toast shown.
 */
async function listDocument(page: Page, search: string, doc: { title: string }, heading: RegExp) {
  await login(page, DEMO_ACCOUNTS.admin, { open: `/app/penyusutan?${search}` });
  await page.getByRole("heading", { name: "Penyusutan Arsip", level: 1 }).waitFor();
  await waitForHydration(page);
  const row = page.getByTestId("candidate-row").filter({ hasText: doc.title });
  await row.waitFor();
  await row.getByRole("checkbox").check();
  await page.getByTestId("create-list").click();
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
  // With JavaScript the list page's route is discovered first (/__manifest): the toast survives it.
  await toast(page, "dibuat");
  await waitForHydration(page);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe.each(JS_MODES)("%s", (mode, javaScriptEnabled) => {
  it("candidates → Daftar Usul Musnah → decision → Laksanakan → Berita Acara → /verifikasi", async () => {
    const doc = await dueDocument(mode.replace(" ", ""));
    const { page } = await newPage({ javaScriptEnabled });
    await listDocument(page, `code=${doc.code}`, doc, /Daftar Arsip Usul Musnah UM\/\d{4}\/\d{3}/);
    const listUrl = new URL(page.url()).pathname;
    expect(await page.getByTestId("item-row").filter({ hasText: doc.title }).count()).toBe(1);
    // Undecided: 'Laksanakan' is disabled and the page says what is missing (no confirm to refuse).
    expect(await page.getByTestId("execute").isDisabled()).toBe(true);
    expect(await page.getByTestId("execute-blockers").textContent()).toContain("Masih ada 1 arsip yang belum diputuskan panitia penilai");
    expect(await page.getByTestId("execute").getAttribute("aria-describedby")).toBe("execute-blockers");

    // The committee: Tunda without a reason is refused, then Setujui.
    const itemRow = page.getByTestId("item-row").filter({ hasText: doc.title });
    await itemRow.getByRole("button", { name: "Tunda", exact: true }).click();
    await toast(page, "Alasan wajib diisi untuk keputusan Tunda");
    await waitForHydration(page);
    await page.getByTestId("item-row").filter({ hasText: doc.title }).getByRole("button", { name: "Setujui", exact: true }).click();
    await toast(page, "Keputusan dicatat");
    await waitForHydration(page);
    expect(await page.getByTestId("item-row").filter({ hasText: doc.title }).textContent()).toContain("Disetujui");

    // 'Laksanakan' asks first (an addressable dialog: works without JavaScript).
    await page.getByTestId("execute").click();
    const dialog = page.getByTestId("execute-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("dimusnahkan secara permanen");
    await dialog.getByRole("button", { name: "Laksanakan", exact: true }).click();
    await toast(page, "1 arsip selesai");
    await page.getByTestId("list-status").filter({ hasText: "Dilaksanakan" }).waitFor();
    expect(await page.getByTestId("item-outcome").first().textContent()).toContain("Selesai");
    expect(new URL(page.url()).pathname).toBe(listUrl);

    // The Berita Acara: downloadable again, verifiable in public.
    const pdfHref = await page.getByTestId("berita-acara-download").getAttribute("href");
    const pdf = await page.request.get(pdfHref!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const csv = await page.request.get(`${listUrl}/daftar.csv`);
    expect(await csv.text()).toContain(doc.title);
    await page.getByTestId("berita-acara-verify").click();
    await page.getByRole("heading", { name: "Verifikasi Berita Acara", level: 1 }).waitFor();
    expect(await page.textContent("body")).not.toContain(doc.title);
    // The document is gone: its old address answers 410 with its tombstone.
    expect((await page.request.get(`/app/documents/${doc.uuid}`)).status()).toBe(410);
  });

  it("candidates → Daftar Usul Serah → Laksanakan → the record is Statis and read-only", async () => {
    const doc = await dueDocument(`serah${mode.replace(" ", "")}`, "PERMANEN");
    const { page } = await newPage({ javaScriptEnabled });
    await listDocument(page, `tab=PERMANEN&code=${doc.code}`, doc, /Daftar Arsip Usul Serah US\/\d{4}\/\d{3}/);
    await page.getByTestId("item-row").filter({ hasText: doc.title }).getByRole("button", { name: "Setujui", exact: true }).click();
    await toast(page, "Keputusan dicatat");
    await waitForHydration(page);
    await page.getByTestId("execute").click();
    const dialog = page.getByTestId("execute-dialog");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Laksanakan", exact: true }).click();
    await toast(page, "1 arsip selesai");
    await page.getByTestId("list-status").filter({ hasText: "Dilaksanakan" }).waitFor();
    const csv = await page.request.get(`${new URL(page.url()).pathname}/daftar.csv`);
    expect(await csv.text()).toContain("Kode Referensi");

    // The record stays, Statis: no edit, no delete, and the page says why, linking the Berita Acara.
    const baNumber = (await page.getByTestId("berita-acara").getByRole("heading").textContent())!.replace("Berita Acara", "").trim();
    await goto(page, `/app/documents/${doc.uuid}`);
    await page.getByTestId("retention-status").filter({ hasText: "Statis" }).waitFor();
    expect(await page.getByTestId("delete-document").count()).toBe(0);
    expect(await page.getByTestId("update-document").count()).toBe(0);
    const notice = page.getByTestId("statis-notice");
    expect(await notice.textContent()).toContain(`diserahkan sebagai arsip statis dengan Berita Acara ${baNumber}`);
    expect(await notice.textContent()).toContain("tidak dapat diubah");
    expect(await page.getByTestId("statis-berita-acara").getAttribute("href")).toMatch(/^\/verifikasi\/[0-9a-f-]{36}$/);
    // Its update page, opened by hand, says the same instead of offering a form.
    await goto(page, `/app/documents/${doc.uuid}/update`);
    await page.getByTestId("statis-notice").waitFor();
    expect(await page.getByTestId("submit-document").count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it("Satuan Kerja sees its unit's candidates read-only; Viewer is refused", async () => {
    const doc = await dueDocument(`sk${mode.replace(" ", "")}`);
    const { page, expectHttpStatus } = await newPage({ javaScriptEnabled });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/penyusutan?code=${doc.code}` });
    await page.getByRole("heading", { name: "Penyusutan Arsip", level: 1 }).waitFor();
    await page.getByTestId("candidate-row").filter({ hasText: doc.title }).waitFor();
    expect(await page.getByTestId("candidate-check").count()).toBe(0);
    expect(await page.getByTestId("create-list").count()).toBe(0);
    // Its candidates are its own unit's: no unit filter with a single choice.
    expect(await page.getByTestId("candidate-filters").getByRole("combobox").count()).toBe(0);

    const viewer = await newPage({ javaScriptEnabled });
    viewer.expectHttpStatus(403);
    await login(viewer.page, DEMO_ACCOUNTS.viewer);
    const response = await goto(viewer.page, "/app/penyusutan");
    expect(response?.status()).toBe(403);
    expectHttpStatus();
  });
});

describe("layout and accessibility", () => {
  it.each(SIZES)("workspace and list page at $width px: axe clean, no sideways scroll", async (size) => {
    const doc = await dueDocument(`axe${size.width}`);
    const { page } = await newPage({ javaScriptEnabled: true, viewport: size });
    await login(page, DEMO_ACCOUNTS.admin, { open: `/app/penyusutan?code=${doc.code}` });
    await page.getByRole("heading", { name: "Penyusutan Arsip", level: 1 }).waitFor();
    await waitForHydration(page);
    await page.getByTestId("candidate-row").filter({ hasText: doc.title }).waitFor();
    await page.getByTestId("candidate-filters").getByRole("combobox", { name: "Unit kerja" }).waitFor();
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await page.getByTestId("candidate-row").filter({ hasText: doc.title }).getByRole("checkbox").check();
    await page.getByTestId("create-list").click();
    await page.getByRole("heading", { name: /Daftar Arsip Usul Musnah/, level: 1 }).waitFor();
    // With the creation's toast on it: the toast's colours are checked too; and with what keeps
    // 'Laksanakan' disabled.
    await page.getByTestId("toast").waitFor({ state: "attached" });
    await waitForHydration(page);
    await page.getByTestId("execute-blockers").waitFor();
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await page.getByTestId("approve-all").click();
    await page.getByTestId("toast").filter({ hasText: "1 arsip disetujui" }).waitFor({ state: "attached" });
    await waitForHydration(page);
    expect(await page.getByTestId("execute-blockers").count()).toBe(0);
    await page.getByTestId("execute").click();
    await page.getByTestId("execute-dialog").waitFor();
    await expectNoAxeViolations(page);
  });
});
