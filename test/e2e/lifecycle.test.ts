/**
 * Records and accounts at the end of their life, as a person sees them (issue 34, round 3):
 * Super Admin deactivates a departing staff member ('Nonaktifkan', 'Aktifkan', the 'Nonaktif'
 * filter) and may end their API tokens with 'Akhiri Sesi'; the deactivated account is told why
 * it cannot sign in; a purged record's old address shows its tombstone (410) — in full to Super
 * Admin, without private details to a visitor of a record that was public; a record held in the
 * trash shows its hold and Super Admin releases it there; the list CSV of an unknown list is a
 * 404; a Windows-1252 CSV is read right and the import says how it was read. Forms run with
 * JavaScript on and off, pages at 1366×800 and 390×844, axe on every page touched.
 */
import type { Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { createTestDocument, apiSession, api, trashTestDocument, uniqueWord, type ApiSession } from "../support/node/api-fixtures";
import { expectNoAxeViolations } from "../support/node/axe";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, baseURL, goto, login, submitLogin, textOf, useBrowser, waitForHydration } from "../support/node/browser";
import { executeOnE2eDb, queryE2eDb } from "../support/node/e2e-db";

const browser = useBrowser();
vi.setConfig({ testTimeout: 120_000 });
const LAPTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
const MODES = [
  { label: "JS on, 1366×800", javaScriptEnabled: true, viewport: LAPTOP },
  { label: "JS off, 390×844", javaScriptEnabled: false, viewport: PHONE },
] as const;

const write = (session: ApiSession) => ({ cookie: session.cookie, "x-csrf-token": session.csrfToken, origin: baseURL(), "content-type": "application/json" });

async function heading(page: Page, name: string) {
  await page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
  await waitForHydration(page);
}

async function toast(page: Page): Promise<string> {
  await page.getByTestId("toast").waitFor();
  return textOf(page, "[data-testid=toast]");
}

/** A Viewer made for one test through the API (the demo password). */
async function newViewer(admin: ApiSession): Promise<{ uuid: string; username: string; fullName: string }> {
  const username = uniqueWord("pergi");
  const fullName = `Pegawai Pindah ${username}`;
  const response = await api("/api/v1/users", { method: "POST", headers: write(admin), body: JSON.stringify({ fullName, username, password: DEMO_PASSWORD, roleName: "Viewer" }) });
  if (response.status !== 201) throw new Error(`user create answered ${response.status}`);
  return { uuid: ((await response.json()) as { data: { uuid: string } }).data.uuid, username, fullName };
}

describe("departing staff: 'Nonaktifkan' and 'Aktifkan'", () => {
  for (const mode of MODES) {
    it(`${mode.label}: Super Admin deactivates from the detail page, ends the API tokens with 'Akhiri Sesi', filters 'Nonaktif', activates again`, async () => {
      const admin = await apiSession(DEMO_ACCOUNTS.admin.username);
      const leaver = await newViewer(admin);
      // A live API token of theirs (made on their 'Token API' page; here straight into the database).
      executeOnE2eDb(
        `INSERT INTO api_tokens (uuid, user_id, name, scope, token_hash, token_prefix, role_id, unit_kerja_id, created_at, expires_at)
         SELECT ?, id, 'Skrip', 'read', ?, 'earsip_uji', role_id, unit_kerja_id, ?, ? FROM users WHERE uuid = ?`,
        crypto.randomUUID(), crypto.randomUUID(), new Date().toISOString(), new Date(Date.now() + 86400_000).toISOString(), leaver.uuid,
      );
      const { page } = await browser.newPage(mode);
      await login(page, DEMO_ACCOUNTS.admin, { open: `/app/users/${leaver.uuid}` });
      await heading(page, "Detail Pengguna");
      expect(await textOf(page, "[data-testid=active-api-tokens]")).toBe("1 token API aktif");

      await page.getByTestId("end-sessions").click();
      const endDialog = page.getByTestId("end-sessions-dialog");
      await endDialog.waitFor();
      await endDialog.getByTestId("end-api-tokens").check();
      await endDialog.getByRole("button", { name: "Ya, Akhiri Sesi" }).click();
      expect(await toast(page)).toBe("0 sesi dan 1 token API pengguna telah diakhiri.");
      await heading(page, "Detail Pengguna");
      expect(await textOf(page, "[data-testid=active-api-tokens]")).toBe("0 token API aktif");

      await page.getByTestId("deactivate-user").click();
      const dialog = page.getByTestId("deactivate-dialog");
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(`Nonaktifkan akun "${leaver.fullName}"?`);
      await expectNoAxeViolations(page, `deactivate dialog (${mode.label})`);
      await dialog.getByRole("button", { name: "Ya, Nonaktifkan" }).click();
      // With JavaScript the dialog opened in the page, so the last toast may still show: wait for the new one.
      await expect.poll(() => toast(page), { timeout: 10_000 }).toBe("Pengguna dinonaktifkan: tidak dapat login lagi, dan sesi, token API, serta izin unduhannya telah diakhiri.");
      await heading(page, "Detail Pengguna");
      expect(await textOf(page, "[data-testid=user-status]")).toMatch(/^Nonaktif sejak \d{2} \w+ \d{4} \d{2}:\d{2}$/);

      // The list shows them as 'Nonaktif', and filters by it (a GET form: once is enough).
      if (mode.javaScriptEnabled) {
        await goto(page, "/app/users?status=NONAKTIF");
        await heading(page, "Manajemen Pengguna");
        const row = page.getByTestId("user-row").filter({ hasText: leaver.username });
        await row.waitFor();
        expect(await row.getByTestId("user-status").textContent()).toBe("Nonaktif");
        expect(await page.getByTestId("status-filter").inputValue()).toBe("NONAKTIF");
        await expectNoAxeViolations(page, `users filtered Nonaktif (${mode.label})`);
        await goto(page, `/app/users?status=AKTIF&q=${leaver.username}`);
        await heading(page, "Manajemen Pengguna");
        await page.getByTestId("empty").waitFor();
        await goto(page, `/app/users/${leaver.uuid}`);
        await heading(page, "Detail Pengguna");
      }

      await page.getByTestId("activate-user").click();
      expect(await toast(page)).toBe("Pengguna diaktifkan kembali dan dapat login lagi.");
      expect(await textOf(page, "[data-testid=user-status]")).toBe("Aktif");
    });
  }

  it("the deactivated account is told at sign-in why it cannot enter (JS off, 390×844)", async () => {
    const admin = await apiSession(DEMO_ACCOUNTS.admin.username);
    const leaver = await newViewer(admin);
    const response = await api(`/api/v1/users/${leaver.uuid}`, { method: "PUT", headers: write(admin), body: JSON.stringify({ active: false }) });
    expect(response.status).toBe(200);
    const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled: false, viewport: PHONE });
    expectHttpStatus(401);
    await submitLogin(page, leaver.username, DEMO_PASSWORD);
    await page.getByTestId("login-error").waitFor();
    expect(await textOf(page, "[data-testid=login-error]")).toBe("Akun Anda telah dinonaktifkan sehingga tidak dapat login. Hubungi administrator bila Anda masih memerlukan akses.");
  });
});

describe("a purged record's old address", () => {
  it("Super Admin (1366×800) sees its tombstone: how and when it left, and who purged it", async () => {
    const staff = await apiSession(DEMO_ACCOUNTS.ftStaff.username);
    const admin = await apiSession(DEMO_ACCOUNTS.admin.username);
    const doc = await createTestDocument(staff, { accessLevel: "PUBLIC" });
    await trashTestDocument(staff, doc.uuid);
    expect((await api(`/api/v1/trash/${doc.uuid}`, { method: "DELETE", headers: write(admin) })).status).toBe(200);

    const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled: true, viewport: LAPTOP });
    expectHttpStatus(410);
    await login(page, DEMO_ACCOUNTS.admin);
    const answer = await page.goto(`/app/documents/${doc.uuid}`);
    expect(answer?.status()).toBe(410);
    await heading(page, "Dokumen Tidak Lagi Tersedia");
    expect(await textOf(page, "[data-testid=tombstone-title]")).toBe(doc.title);
    expect(await textOf(page, "[data-testid=tombstone-how]")).toBe("Dihapus permanen dari Sampah");
    expect(await page.getByTestId("tombstone-detail").textContent()).toContain(`${DEMO_ACCOUNTS.admin.fullName} (admin)`);
    await expectNoAxeViolations(page, "tombstone, Super Admin");

    // A visitor (390×844) learns only that the public record is gone.
    const visitor = await browser.newPage({ javaScriptEnabled: true, viewport: PHONE });
    visitor.expectHttpStatus(410);
    expect((await visitor.page.goto(`/documents/${doc.uuid}`))?.status()).toBe(410);
    await heading(visitor.page, "Dokumen Tidak Lagi Tersedia");
    expect(await textOf(visitor.page, "[data-testid=tombstone-title]")).toBe(doc.title);
    expect(await visitor.page.getByTestId("tombstone-how").count()).toBe(0);
    await expectNoAxeViolations(visitor.page, "tombstone, visitor");
  });
});

describe("a record held in the trash", () => {
  for (const mode of MODES) {
    it(`${mode.label}: the trash shows the hold, and Super Admin releases it there`, async () => {
      const staff = await apiSession(DEMO_ACCOUNTS.ftStaff.username);
      const doc = await createTestDocument(staff);
      await trashTestDocument(staff, doc.uuid);
      // Held there before holds kept records out of the trash.
      executeOnE2eDb("INSERT INTO retention_holds (archive_id, reason, created_at) SELECT id, 'Sengketa lama', ? FROM archives WHERE uuid = ?", new Date().toISOString(), doc.uuid);

      const { page } = await browser.newPage(mode);
      await login(page, DEMO_ACCOUNTS.admin, { open: `/app/trash?q=${doc.word}` });
      await heading(page, "Sampah");
      const row = page.getByTestId("trash-row").filter({ hasText: doc.title });
      expect(await row.getByTestId("trash-held").textContent()).toBe("Ditahan: Sengketa lama");
      expect(await row.getByTestId("purge-document").count()).toBe(0);
      await row.getByTestId("release-hold").click();
      const dialog = page.getByTestId("release-hold-dialog");
      await dialog.waitFor();
      await expectNoAxeViolations(page, `release-hold dialog (${mode.label})`);
      await dialog.getByLabel("Alasan pelepasan").fill("Perkara selesai");
      await dialog.getByRole("button", { name: "Lepas Penahanan" }).click();
      expect(await toast(page)).toBe("Penahanan dilepas.");
      await heading(page, "Sampah");
      const released = page.getByTestId("trash-row").filter({ hasText: doc.title });
      await released.getByTestId("purge-document").waitFor();
      expect(await released.getByTestId("trash-held").count()).toBe(0);
    });
  }
});

describe("files and imports", () => {
  it("the CSV of an unknown disposal list is a 404, not a 500", async () => {
    const admin = await apiSession(DEMO_ACCOUNTS.admin.username);
    const response = await api(`/app/penyusutan/daftar/${crypto.randomUUID()}/daftar.csv`, { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(404);
  });

  it("JS off, 390×844: a classification CSV saved as Windows-1252 imports every letter right, and the check says how it was read", async () => {
    const code = `W${uniqueWord("").toUpperCase().slice(0, 6)}`;
    const name = "Kerja Sama Lembaga – Café";
    const csv = `kode,nama,deskripsi,klasifikasi_keamanan,retensi_aktif,retensi_inaktif,keterangan_akhir,dasar_hukum\r\n${code},${name},,TERBATAS,2,3,MUSNAH,\r\n`;
    const ansi = Buffer.from([...csv].map((char) => ({ "–": 0x96, é: 0xe9 })[char] ?? char.charCodeAt(0)));
    const { page } = await browser.newPage({ javaScriptEnabled: false, viewport: PHONE });
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/klasifikasi/import" });
    await heading(page, "Impor Skema Klasifikasi (CSV)");
    await page.setInputFiles("#csv-file", { name: "klasifikasi.csv", mimeType: "text/csv", buffer: ansi });
    await page.getByTestId("check-import").click();
    await page.getByTestId("import-encoding").waitFor();
    expect(await textOf(page, "[data-testid=import-encoding]")).toContain("Windows-1252");
    expect(await page.getByTestId("import-row").filter({ hasText: code }).textContent()).toContain(name);
    await expectNoAxeViolations(page, "import report, Windows-1252");
    await page.getByTestId("apply-import").click();
    await heading(page, "Klasifikasi Arsip");
    expect(queryE2eDb<{ name: string }>("SELECT name FROM classification_codes WHERE code = ?", code)).toEqual([{ name }]);
  });
});
