/**
 * Archival practice in the browser, JavaScript on and off: file documents into a berkas from the
 * document page; designate the records centre on the work-unit form and move a berkas there
 * (proposal, acceptance with its box, the Berita Acara Pemindahan and its public verification);
 * export EAD for SIKN (validated with xmllint); flag a record vital and run a restore drill. Each
 * page a flow passes is axe-clean and never scrolls sideways at a laptop and a phone size.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { DEMO_ACCOUNTS, JS_MODES, baseURL, goto, login, useBrowser, waitForHydration } from "../support/node/browser";
import { api, apiSession, createTestDocument, uniqueWord } from "../support/node/api-fixtures";
import { expectNoAxeViolations } from "../support/node/axe";
import { executeOnE2eDb, queryE2eDb } from "../support/node/e2e-db";

const { newPage } = useBrowser();

// Each flow walks five to seven pages and audits them at two sizes: more than the default minute
// on a shared two-core machine.
vi.setConfig({ testTimeout: 120_000 });

const SIZES = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
] as const;
const CENTRE = "Biro Akademik dan Kemahasiswaan";
const EAD_SCHEMA = fileURLToPath(new URL("../fixtures/ead/ead.xsd", import.meta.url));

/** A classification code of its own: `active` + 1 years, Musnah. */
function newCode(active: number): string {
  const code = `B${uniqueWord("").toUpperCase().slice(0, 9)}`;
  const now = new Date().toISOString();
  executeOnE2eDb(
    `INSERT INTO classification_codes (code, parent_id, name, description, security_class, retention_active_years, retention_inactive_years, final_disposition, legal_basis, created_at, updated_at)
     VALUES (?, NULL, ?, '', 'TERBATAS', ?, 1, 'MUSNAH', '', ?, ?)`,
    code,
    `Uji berkas ${code}`,
    active,
    now,
    now,
  );
  return code;
}

/** A berkas of ft.staff's unit (through the API) holding a new document of `year` under `code`. */
async function berkasWithDocument(code: string, year: string): Promise<{ id: number; number: string; title: string }> {
  const session = await apiSession(DEMO_ACCOUNTS.ftStaff.username);
  const doc = await createTestDocument(session, { fields: { year, classificationCode: code } });
  const number = uniqueWord("B").toUpperCase();
  const headers = { cookie: session.cookie, "x-csrf-token": session.csrfToken, origin: baseURL(), "content-type": "application/json" };
  const created = await api("/api/v1/berkas", { method: "POST", headers, body: JSON.stringify({ number, title: `Berkas uji ${number}`, classificationCode: code }) });
  expect(created.status).toBe(201);
  const { data } = (await created.json()) as { data: { id: number } };
  const filed = await api(`/api/v1/berkas/${data.id}/items`, { method: "POST", headers, body: JSON.stringify({ archiveUuids: [doc.uuid] }) });
  expect(filed.status).toBe(200);
  return { id: data.id, number, title: `Berkas uji ${number}` };
}

async function toast(page: Page, text: string) {
  await page.getByTestId("toast").filter({ hasText: text }).waitFor({ state: "attached" });
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Tick 'Unit kearsipan' on the work-unit form of CENTRE (Super Admin). */
async function designateRecordsCentre(page: Page) {
  const [{ id }] = queryE2eDb<{ id: number }>("SELECT id FROM unit_kerja WHERE nama = ?", CENTRE);
  await goto(page, `/app/manage-unit-kerja/${id}/update`);
  await page.getByRole("heading", { name: "Ubah Unit Kerja", level: 1 }).waitFor();
  await page.getByLabel("Unit kearsipan (pusat arsip)").check();
  await page.getByTestId("submit-unit").click();
  await page.getByText("Unit kerja berhasil diperbarui.").first().waitFor();
}

/** JavaScript on at a laptop size, off at a phone size. */
const VIEWPORT = { "JS on": SIZES[0], "JS off": SIZES[1] } as const;

/**
 * The page as it is now: with JavaScript, axe-core clean and no sideways scroll at the laptop and
 * the phone size (the same server-rendered markup the no-JavaScript run gets); without it, no
 * sideways scroll at the phone size (axe's copy of a no-JavaScript page costs a second browser
 * context per page, and audits the same markup).
 */
async function expectAccessible(page: Page) {
  if (!(await page.evaluate(() => "__reactRouterContext" in window))) return expectNoSidewaysScroll(page);
  for (const size of [SIZES[0], SIZES[1]]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page, `${page.url()} at ${size.width} px`);
    await expectNoSidewaysScroll(page);
  }
  await page.setViewportSize(SIZES[0]);
}

describe.each(JS_MODES)("%s", (mode, javaScriptEnabled) => {
  const viewport = VIEWPORT[mode];
  it("files documents into a berkas from the document page: 'Buat berkas', then 'Masukkan ke Berkas'", async () => {
    const code = newCode(2);
    const session = await apiSession(DEMO_ACCOUNTS.ftStaff.username);
    const first = await createTestDocument(session, { fields: { classificationCode: code } });
    const second = await createTestDocument(session, { fields: { classificationCode: code } });
    const { page } = await newPage({ javaScriptEnabled, viewport });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: `/app/documents/${first.uuid}` });
    await page.getByRole("heading", { name: "Berkas", level: 2 }).waitFor();
    await page.getByTestId("create-berkas-for-document").click();
    await page.getByRole("heading", { name: "Buat Berkas", level: 1 }).waitFor();
    await waitForHydration(page);
    await expectAccessible(page);
    const number = uniqueWord("N").toUpperCase();
    await page.getByLabel("Nomor Berkas").fill(number);
    await page.getByLabel("Uraian Masalah (judul berkas)").fill(`Rapat senat ${mode}`);
    expect(await page.getByLabel("Kode Klasifikasi").inputValue()).toBe(code);
    await page.getByTestId("submit-berkas").click();
    await page.getByTestId("filed-in").filter({ hasText: number }).waitFor();
    await toast(page, `dimasukkan ke berkas ${number}`);

    await goto(page, `/app/documents/${second.uuid}`);
    await page.getByTestId("file-berkas-form").waitFor();
    await expectAccessible(page);
    await page.getByLabel("Pilih berkas").selectOption({ label: `${number} — Rapat senat ${mode}` });
    await page.getByTestId("file-berkas").click();
    await page.getByTestId("filed-in").filter({ hasText: number }).waitFor();

    await page.getByTestId("filed-in").getByRole("link").click();
    await page.getByRole("heading", { name: `Detail Berkas ${number}`, level: 1 }).waitFor();
    expect(await page.getByTestId("berkas-item").count()).toBe(2);
    expect(await page.getByTestId("berkas-facts").textContent()).toContain(code);
    await expectAccessible(page);
    // The berkas in the list and in the Daftar Arsip Aktif (kept 2 years: still active).
    await goto(page, `/app/berkas?q=${number}`);
    await page.getByTestId("berkas-row").filter({ hasText: number }).waitFor();
    await expectAccessible(page);
    await goto(page, "/app/daftar-arsip?jenis=aktif&size=50");
    await page.getByRole("heading", { name: "Daftar Arsip Aktif", level: 1 }).waitFor();
    await page.getByTestId("daftar-row").filter({ hasText: number }).waitFor();
    await expectAccessible(page);
    const csv = await page.request.get((await page.getByTestId("daftar-csv").getAttribute("href"))!);
    expect(await csv.text()).toContain(number);
  });

  it("moves a berkas to the records centre: proposal, acceptance with its box, Berita Acara Pemindahan and /verifikasi", async () => {
    const code = newCode(1);
    const berkas = await berkasWithDocument(code, "2010");
    // The work-unit form without JavaScript (its checkbox posts after a hidden "false"); with it, as
    // data, written before any page is open (see executeOnE2eDb).
    if (javaScriptEnabled) executeOnE2eDb("UPDATE unit_kerja SET is_records_centre = CASE WHEN nama = ? THEN 1 ELSE 0 END", CENTRE);
    const admin = await newPage({ javaScriptEnabled, viewport });
    await login(admin.page, DEMO_ACCOUNTS.admin);
    if (!javaScriptEnabled) await designateRecordsCentre(admin.page);

    const { page } = await newPage({ javaScriptEnabled, viewport });
    await login(page, DEMO_ACCOUNTS.ftStaff, { open: "/app/pemindahan" });
    await page.getByRole("heading", { name: "Pemindahan Arsip Inaktif", level: 1 }).waitFor();
    expect(await page.getByTestId("records-centre").textContent()).toContain(CENTRE);
    await expectAccessible(page);
    await page.getByTestId("transfer-candidate").filter({ hasText: berkas.number }).getByRole("checkbox").check();
    await page.getByTestId("propose-transfer").click();
    await page.getByRole("heading", { name: /Pemindahan PA\/\d{4}\/\d{3}/, level: 1 }).waitFor();
    await toast(page, "diajukan ke unit kearsipan");
    const transferPath = new URL(page.url()).pathname;
    // The unit does not decide its own proposal.
    expect(await admin.page.getByTestId("accept-transfer").count()).toBe(0);

    await goto(admin.page, transferPath);
    await admin.page.getByTestId("accept-form").waitFor();
    await expectAccessible(admin.page);
    await admin.page.getByLabel(`Nomor boks berkas ${berkas.number}`).fill("12");
    await admin.page.getByLabel(`Rak berkas ${berkas.number}`).fill("B-3");
    await admin.page.getByTestId("accept-transfer").click();
    await toast(admin.page, "Berita Acara BA/PA/");
    await admin.page.getByTestId("transfer-ba-pdf").waitFor();
    await expectAccessible(admin.page);
    const pdf = await admin.page.request.get((await admin.page.getByTestId("transfer-ba-pdf").getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const csv = await admin.page.request.get(`${transferPath}/daftar.csv`);
    expect(await csv.text()).toContain(berkas.number);
    await admin.page.getByTestId("transfer-verify").click();
    await admin.page.getByRole("heading", { name: "Verifikasi Berita Acara", level: 1 }).waitFor();
    expect(await admin.page.textContent("body")).toContain("Berita Acara Pemindahan Arsip Inaktif");
    expect(await admin.page.textContent("body")).not.toContain(berkas.title);

    // The unit still reads its berkas, now kept by the records centre, box and rack recorded.
    await goto(page, `/app/berkas/${berkas.id}`);
    await page.getByRole("heading", { name: `Detail Berkas ${berkas.number}`, level: 1 }).waitFor();
    expect(await page.getByTestId("berkas-facts").textContent()).toContain(`Di ${CENTRE} (unit kearsipan), Boks 12, Rak B-3`);
    expect(await page.getByTestId("update-berkas").count()).toBe(0);
  });

  it("flags a record vital and runs 'Uji Pemulihan'; the dashboard card shows the drill", async () => {
    const doc = await createTestDocument(await apiSession(DEMO_ACCOUNTS.ftStaff.username), { title: `Akta Vital ${uniqueWord()}` });
    const { page } = await newPage({ javaScriptEnabled, viewport });
    await login(page, DEMO_ACCOUNTS.admin, { open: `/app/documents/${doc.uuid}` });
    await page.getByRole("heading", { name: "Arsip Vital", level: 2 }).waitFor();
    const form = page.getByTestId("vital-form");
    await form.getByLabel("Alasan").fill("Akta pendirian: dibutuhkan untuk pemulihan layanan");
    await form.getByLabel("Tinjau ulang setiap (bulan)").fill("12");
    await form.getByTestId("vital-submit").click();
    await toast(page, "ditetapkan sebagai arsip vital");
    await page.getByTestId("vital-copy").filter({ hasText: "Utuh" }).waitFor();
    await waitForHydration(page);
    await page.getByTestId("vital-drill").click();
    await toast(page, "Uji pemulihan berhasil");
    await page.getByTestId("vital-last-drill").filter({ hasText: "Berhasil" }).waitFor();
    await expectAccessible(page);

    await goto(page, "/app");
    await page.getByTestId("vital-card").waitFor();
    expect(await page.getByTestId("vital-last-drill-card").textContent()).toContain(doc.title);
    await expectAccessible(page);
  });
});

describe("EAD for SIKN", () => {
  it("downloads from /app/penyusutan and validates against ead.xsd (xmllint)", async () => {
    const { page } = await newPage({ javaScriptEnabled: true });
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/penyusutan" });
    await page.getByTestId("ead-export").waitFor();
    const download = await page.request.get((await page.getByTestId("ead-download").getAttribute("href"))!);
    expect(download.status()).toBe(200);
    const xml = await download.text();
    const lint = spawnSync("xmllint", ["--nonet", "--noout", "--schema", EAD_SCHEMA, "-"], { input: xml, encoding: "utf8" });
    expect(lint.status, lint.stderr).toBe(0);
    expect(xml).toContain('<archdesc level="fonds">');
  });
});
