/**
 * The walk-through of issue 24, end to end: what a new user meets on the way, at a laptop
 * (1366x800) and a phone (390x844), and without JavaScript at the phone where a form posts. 'Cabut' asks
 * first and the revoked row explains itself; the access-request page's sides ('Masuk' and
 * 'Diajukan'); a Super Admin's document (the owning unit is required on the form; a request on a
 * document without one reaches Super Admin's dashboard panel); both login errors at once; the
 * logout toast; the file notice and the way back from 'Akses Ditolak'; the phone cards; the
 * request reason as a textarea; the breadcrumb of the pages whose URL holds an id.
 *
 * Speed: data is made through the JSON API (test/support/node/api-fixtures.ts), and pages sign in
 * by the API session's cookie instead of the login form (the login form has its own tests here
 * and in auth.test.ts); one page serves both screen sizes where the size only changes the layout.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, JS_MODES, baseURL, goto, login, pathOf, submitLogin, textOf, useBrowser, waitForHydration } from "../support/node/browser";
import { queryE2eDb } from "../support/node/e2e-db";
import { answerTestRequest, apiSession, createTestDocument, uniqueWord, requestTestAccess, type ApiSession, type TestDocument } from "../support/node/api-fixtures";
import { pdfFile } from "../support/node/files";

const browser = useBrowser();

const LAPTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
const VIEWPORTS = [
  ["1366x800", LAPTOP],
  ["390x844", PHONE],
] as const;
/** The sizes a form is posted at: both with JavaScript, the phone without (the server's answer is the same at any size). */
const formSizes = (javaScriptEnabled: boolean) => VIEWPORTS.filter(([, viewport]) => javaScriptEnabled || viewport === PHONE);

const T = {
  revokeTitle: "Cabut Izin Unduhan",
  revokeConfirm: (title: string, requester: string) =>
    `Cabut izin unduhan dokumen "${title}" untuk ${requester}? Token unduhannya langsung tidak berlaku; pemohon harus mengajukan permintaan baru bila masih memerlukannya.`,
  revoked: "Izin unduhan berhasil dicabut.",
  receivedDescription: (unit: string) =>
    `Permintaan akses ke dokumen unit kerja Anda (${unit}). Setujui atau tolak yang menunggu; izin unduhan yang sudah disetujui dapat dicabut selama masih berlaku.`,
  sentDescription: "Daftar status permintaan akses dokumen yang telah Anda ajukan.",
  empty: "Tidak ada permintaan akses yang ditemukan.",
  ownerUnitRequired: "Unit kerja pemilik wajib dipilih: unit inilah yang menjawab permintaan akses dokumen.",
  unownedTitle: "Permintaan Akses Tanpa Unit Pemilik",
  unownedText: (count: number) => `${count} permintaan akses menunggu jawaban Super Admin karena dokumennya belum memiliki unit kerja pemilik.`,
  noOwner: "Belum ada (dijawab Super Admin)",
  usernameRequired: "Username tidak boleh kosong.",
  passwordRequired: "Password tidak boleh kosong.",
  loggedOut: "Anda telah keluar.",
  viewerNotice:
    "File dokumen PRIVATE hanya dapat dibuka oleh unit kerja pemiliknya (Fakultas Teknik) dan Super Admin. Akun Viewer tidak dapat mengajukan permintaan akses; hubungi unit kerja pemilik bila Anda memerlukan file ini.",
  forbidden: "Akses Ditolak",
  backToDashboard: "Kembali ke Dasboard Utama",
  backToPrevious: "Kembali ke halaman sebelumnya",
  requestPlaceholder: "Contoh: untuk penelitian akademik",
  requestSent: "Berhasil mengirim request!",
};
/** 'DD MMM YYYY HH:mm' in id-ID (e.g. '26 Nov 2026 13.05'). */
const DATE_TIME = String.raw`\d{2} \S+ \d{4} \d{2}[.:]\d{2}`;
/** Access-request table columns (1-based): Pemohon, Pemilik, Berakhir; the SPEC hides them on a phone. */
const AR_COLUMN = { responseMessage: 5, requester: 6, owner: 7, expiresAt: 9 };

let sessions: { ft: ApiSession; fe: ApiSession; admin: ApiSession; viewer: ApiSession };
/** fe.staff's PRIVATE document that ft.staff asked for (PENDING: Fakultas Ekonomi answers). */
let asked: TestDocument & { requestUuid: string };

beforeAll(async () => {
  const [ft, fe, admin, viewer] = await Promise.all(
    [DEMO_ACCOUNTS.ftStaff, DEMO_ACCOUNTS.feStaff, DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.viewer].map((account) => apiSession(account.username)),
  );
  sessions = { ft: ft!, fe: fe!, admin: admin!, viewer: viewer! };
  const doc = await createTestDocument(sessions.fe);
  asked = { ...doc, requestUuid: await requestTestAccess(sessions.ft, doc.uuid, `untuk rapat ${doc.word}`) };
});

afterAll(async () => {
  // Leave no PENDING request behind: other files read fe.staff's sidebar badge verbatim.
  if (asked) await answerTestRequest(sessions.fe, asked.requestUuid, "reject", "selesai diuji");
});

/** A page signed in by an API session's cookie (no login form: the form has tests of its own). */
async function pageAs(session: ApiSession, javaScriptEnabled: boolean, viewport: { width: number; height: number } = LAPTOP) {
  const test = await browser.newPage({ javaScriptEnabled, viewport });
  const [name, value] = session.cookie.split("=", 2) as [string, string];
  await test.context.addCookies([{ name, value, url: baseURL() }]);
  return test;
}

async function openRequests(page: Page, query: Record<string, string>) {
  await goto(page, `/app/access-request?${new URLSearchParams(query)}`);
  await page.getByRole("heading", { level: 1, name: "Status Permintaan Akses" }).waitFor();
}

const rowOf = (page: Page, title: string) => page.getByTestId("access-request-row").filter({ hasText: title });
const cellText = async (page: Page, title: string, column: number) =>
  ((await rowOf(page, title).locator(`td:nth-child(${column})`).textContent()) ?? "").replace(/\s+/g, " ").trim();
const waitForToast = (page: Page, message: string) => page.getByTestId("toast").filter({ hasText: message }).waitFor();

/** Is the element's box inside the viewport's width (nothing cut off at the right edge)? */
async function fitsWidth(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const width = page.viewportSize()!.width;
  return !!box && box.x >= 0 && box.x + box.width <= width + 0.5;
}

/** A refused form may come back with a 'Gagal!' dialog over it: close it (CSS only). */
async function closeErrorDialog(page: Page) {
  const dialog = page.getByTestId("error-dialog");
  if ((await dialog.count()) === 0 || !(await dialog.isVisible())) return;
  await dialog.getByText("Tutup", { exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** Crumbs, first to last: the label, and where it links (null: text, the current page or no page). */
const crumbs = (page: Page) =>
  page
    .getByTestId("breadcrumb")
    .locator("li > :not([aria-hidden])")
    .evaluateAll((elements) => elements.map((element) => [(element.textContent ?? "").trim(), element.getAttribute("href")]));

/** A live approval: ft.staff's PRIVATE document, asked for by fe.staff, accepted by ft.staff. */
async function liveApproval(): Promise<TestDocument & { requestUuid: string }> {
  const doc = await createTestDocument(sessions.ft);
  const requestUuid = await requestTestAccess(sessions.fe, doc.uuid, `untuk penelitian ${doc.word}`);
  await answerTestRequest(sessions.ft, requestUuid, "accept", `Disetujui ${doc.word}`);
  return { ...doc, requestUuid };
}

// ---------------------------------------------------------------------------------------------
// 1. 'Cabut' asks first

describe.each(JS_MODES)("'Cabut' (%s)", (_mode, javaScriptEnabled) => {
  const approvals = new Map<string, TestDocument & { requestUuid: string }>();
  beforeAll(async () => {
    const made = await Promise.all(formSizes(javaScriptEnabled).map(() => liveApproval()));
    formSizes(javaScriptEnabled).forEach(([size], index) => approvals.set(size, made[index]!));
  });

  it.each(formSizes(javaScriptEnabled))(
    "at %s: the owner confirms in a dialog naming the requester and the document; the row then shows REVOKED, who revoked it and when, and no expiry",
    async (size, viewport) => {
      const doc = approvals.get(size)!;
      const { page } = await pageAs(sessions.ft, javaScriptEnabled, viewport);
      await openRequests(page, { q: doc.word, box: "received" });
      expect(await rowOf(page, doc.title).getByTestId("status-badge").textContent()).toBe("APPROVED");
      expect(await cellText(page, doc.title, AR_COLUMN.expiresAt)).toMatch(new RegExp(`^${DATE_TIME}$`));

      const dialog = page.getByTestId("revoke-dialog");
      await rowOf(page, doc.title).getByTestId("revoke").click();
      await dialog.waitFor();
      expect(await dialog.getByRole("heading").textContent()).toBe(T.revokeTitle);
      expect(((await dialog.locator("p").first().textContent()) ?? "").trim()).toBe(T.revokeConfirm(doc.title, DEMO_ACCOUNTS.feStaff.fullName));
      expect(await fitsWidth(page, "[data-testid=revoke-dialog] dialog")).toBe(true);
      if (viewport === LAPTOP) {
        // 'Batal' leaves the approval as it was.
        await dialog.getByRole("link", { name: "Batal", exact: true }).click();
        await dialog.waitFor({ state: "detached" });
        await waitForHydration(page);
        expect(await rowOf(page, doc.title).getByTestId("status-badge").textContent()).toBe("APPROVED");
        await rowOf(page, doc.title).getByTestId("revoke").click();
        await dialog.waitFor();
      }

      // 'Ya, Cabut' revokes.
      await dialog.getByRole("button", { name: "Ya, Cabut", exact: true }).click();
      await waitForToast(page, T.revoked);
      await dialog.waitFor({ state: "detached" });
      await waitForHydration(page);
      const row = rowOf(page, doc.title);
      expect(await row.getByTestId("status-badge").textContent()).toBe("REVOKED");
      expect(await textOf(page, "[data-testid=revoked-note]")).toMatch(new RegExp(`^Dicabut oleh ${DEMO_ACCOUNTS.ftStaff.fullName} pada ${DATE_TIME}\\.$`));
      // The approval's message is gone from the row; so are the expiry, 'Cabut' and the count.
      expect(await cellText(page, doc.title, AR_COLUMN.responseMessage)).not.toContain(`Disetujui ${doc.word}`);
      expect(await cellText(page, doc.title, AR_COLUMN.expiresAt)).toBe("-");
      expect(await row.getByTestId("revoke").count()).toBe(0);
      expect(await row.getByTestId("download-count").count()).toBe(0);
      expect(new URL(page.url()).searchParams.get("revoke")).toBeNull();
    },
  );
});

// ---------------------------------------------------------------------------------------------
// 2. The sides of the access-request page, and 7. the phone cards (the same data)

describe("a unit member's requests: 'Masuk' and 'Diajukan', and the phone cards", () => {
  it.each(JS_MODES)(
    "ft.staff (%s) lands on 'Masuk', switches to 'Diajukan'; each has its own description; the own request is under 'Diajukan' only (both sizes)",
    async (_mode, javaScriptEnabled) => {
      const { page } = await pageAs(sessions.ft, javaScriptEnabled);
      for (const [, viewport] of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openRequests(page, {});
        expect(new URL(page.url()).searchParams.get("box")).toBe("received");
        const received = page.getByTestId("tab-received");
        const sent = page.getByTestId("tab-sent");
        expect([await received.textContent(), await sent.textContent()]).toEqual(["Masuk", "Diajukan"]);
        expect(await received.getAttribute("aria-current")).toBe("page");
        expect(await sent.getAttribute("aria-current")).toBeNull();
        expect(await received.isVisible()).toBe(true);
        expect(await sent.isVisible()).toBe(true);
        expect(await textOf(page, "[data-testid=access-request-description]")).toBe(T.receivedDescription("Fakultas Teknik"));

        await sent.click();
        await page.waitForURL((url) => url.searchParams.get("box") === "sent");
        await page.getByTestId("tab-sent").and(page.locator("[aria-current=page]")).waitFor();
        await waitForHydration(page);
        expect(await textOf(page, "[data-testid=access-request-description]")).toBe(T.sentDescription);
        expect(await page.getByTestId("tab-received").getAttribute("aria-current")).toBeNull();

        // The search keeps the side: the own request shows under 'Diajukan', never under 'Masuk'.
        const search = page.getByRole("searchbox");
        await search.fill(asked.word);
        await search.press("Enter");
        await page.waitForURL((url) => url.searchParams.get("q") === asked.word && url.searchParams.get("box") === "sent");
        await rowOf(page, asked.title).waitFor();
        await waitForHydration(page);
        expect(await page.getByTestId("access-request-row").count()).toBe(1);
        expect(await rowOf(page, asked.title).getByTestId("waiting").textContent()).toBe("Menunggu");
        await openRequests(page, { q: asked.word, box: "received" });
        expect(await page.getByTestId("access-request-row").count()).toBe(0);
        expect(await textOf(page, "[data-testid=empty]")).toContain(T.empty);
      }
    },
  );

  it("on a phone (390x844) a document card shows Uploader, Kata Kunci and Ukuran; an access-request card hides Pemohon, Pemilik and Berakhir (the laptop table shows them)", async () => {
    const { page } = await pageAs(sessions.ft, false, PHONE);
    await goto(page, `/app/documents?q=${asked.word}`);
    const card = page.getByTestId("document-row").filter({ hasText: asked.title });
    await card.waitFor();
    const fact = (label: string) => card.locator(`td[data-label="${label}"]`);
    for (const [, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const label of ["Uploader", "Kata Kunci", "Ukuran (KB)"]) expect(await fact(label).isVisible(), `${label} at ${viewport.width}`).toBe(true);
      expect(await fact("Uploader").textContent()).toBe(DEMO_ACCOUNTS.feStaff.fullName);
      expect(((await fact("Kata Kunci").textContent()) ?? "").replace(/\s+/g, "")).toContain("uji");
      expect(await fact("Ukuran (KB)").textContent()).toMatch(/^\d+(,\d+)?$/);
    }
    // On the phone the labels are the card's ('Uploader: ...').
    await page.setViewportSize(PHONE);
    expect(await fact("Uploader").evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Uploader: "');

    await openRequests(page, { q: asked.word, box: "sent" });
    const row = rowOf(page, asked.title);
    const cell = (column: number) => row.locator(`td:nth-child(${column})`);
    await row.waitFor();
    for (const column of [AR_COLUMN.requester, AR_COLUMN.owner, AR_COLUMN.expiresAt]) expect(await cell(column).isVisible(), `column ${column}`).toBe(false);
    expect(await row.getByTestId("status-badge").isVisible()).toBe(true);
    await page.setViewportSize(LAPTOP);
    expect(await cell(AR_COLUMN.requester).isVisible()).toBe(true);
    expect(await cell(AR_COLUMN.requester).textContent()).toBe(DEMO_ACCOUNTS.ftStaff.fullName);
    expect(await cell(AR_COLUMN.owner).isVisible()).toBe(true);
    expect(await cell(AR_COLUMN.owner).textContent()).toBe("Fakultas Ekonomi");
    expect(await cell(AR_COLUMN.expiresAt).isVisible()).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. A Super Admin's document

describe("a Super Admin's document", () => {
  it.each(JS_MODES)("the create form (%s) requires the owning unit (both sizes); with one chosen the document belongs to it", async (_mode, javaScriptEnabled) => {
    const { page, expectHttpStatus } = await pageAs(sessions.admin, javaScriptEnabled);
    if (!javaScriptEnabled) expectHttpStatus(400);
    const unit = page.getByLabel("Unit Kerja Pemilik", { exact: true });
    const word = uniqueWord("unit");
    const file = pdfFile("unit-pemilik.pdf", word);
    const title = `Arsip Admin Unit ${word}`;
    for (const [, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await goto(page, "/app/documents/create");
      await page.getByRole("heading", { level: 1, name: "Buat Dokumen Baru" }).waitFor();
      expect(await unit.evaluate((select) => (select as HTMLSelectElement).required)).toBe(true);
      expect(await unit.isVisible()).toBe(true);
      expect(await fitsWidth(page, "select[name=unitKerjaId]")).toBe(true);
      await page.getByLabel("Kategori", { exact: true }).selectOption({ label: "Pedoman" });
      await page.getByLabel("Judul", { exact: true }).fill(title);
      await page.getByLabel("Nomor Dokumen", { exact: true }).fill("ADM/UNIT/2026");
      await page.getByLabel("Tahun", { exact: true }).fill("2026");
      await page.getByLabel("Kata Kunci", { exact: true }).fill("admin, unit, pemilik, uji, arsip");
      await page.getByLabel("Deskripsi", { exact: true }).fill("Dokumen uji Super Admin yang harus memiliki unit kerja pemilik sebelum disimpan.");
      await page.getByLabel("File", { exact: true }).setInputFiles(file);
      await page.getByTestId("submit-document").click();
      const error = page.getByText(T.ownerUnitRequired, { exact: true });
      await error.waitFor();
      await closeErrorDialog(page);
      expect(await unit.getAttribute("aria-invalid")).toBe("true");
      expect((await unit.getAttribute("aria-describedby"))?.split(/\s+/)).toContain(await error.getAttribute("id"));
      expect(pathOf(page)).toBe("/app/documents/create");
    }

    // Chosen: the document is Fakultas Teknik's (its unit answers requests for it).
    if (!javaScriptEnabled) await page.getByLabel("File", { exact: true }).setInputFiles(file);
    await unit.selectOption({ label: "Fakultas Teknik" });
    await page.getByTestId("submit-document").click();
    await page.getByTestId("success-dialog").waitFor({ timeout: 20_000 });
    const rows = queryE2eDb<{ nama: string }>("SELECT u.nama FROM archives a LEFT JOIN unit_kerja u ON u.id = a.unit_kerja_id WHERE a.title = ?", title);
    expect(rows).toEqual([{ nama: "Fakultas Teknik" }]);
  });

  describe("a request on a document without an owning unit", () => {
    let unowned: TestDocument & { requestUuid: string };
    beforeAll(async () => {
      // The API leaves the unit optional for Super Admin (the SPEC's clients do not send it).
      const doc = await createTestDocument(sessions.admin);
      expect(queryE2eDb("SELECT unit_kerja_id FROM archives WHERE uuid = ?", doc.uuid)).toEqual([{ unit_kerja_id: null }]);
      unowned = { ...doc, requestUuid: await requestTestAccess(sessions.fe, doc.uuid, `untuk audit ${doc.word}`) };
    });
    afterAll(async () => {
      if (unowned) await answerTestRequest(sessions.admin, unowned.requestUuid, "reject", "selesai diuji");
    });

    it("is counted on Super Admin's dashboard panel, whose link lists it with 'Belum ada' as owner (both sizes)", async () => {
      const waiting = queryE2eDb<{ n: number }>(
        `SELECT count(*) AS n FROM access_requests r JOIN archives a ON a.id = r.archive_id
         WHERE r.owner_unit_kerja_id IS NULL AND r.status = 'PENDING' AND a.deleted_at IS NULL`,
      )[0]!.n;
      expect(waiting).toBeGreaterThanOrEqual(1);
      const { page } = await pageAs(sessions.admin, true);
      for (const [, viewport] of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await goto(page, "/app");
        await page.getByRole("heading", { level: 1, name: "Dashboard Admin" }).waitFor();
        const panel = page.getByTestId("unowned-requests-panel");
        expect(await panel.isVisible()).toBe(true);
        expect(await panel.getByRole("heading").textContent()).toBe(T.unownedTitle);
        expect(await textOf(page, "[data-testid=unowned-requests-count]")).toBe(T.unownedText(waiting));
        const link = page.getByTestId("unowned-requests-link");
        expect(await link.textContent()).toBe("Jawab permintaan");
        expect(await link.getAttribute("href")).toBe("/app/access-request?owner=none");
        expect(await fitsWidth(page, "[data-testid=unowned-requests-link]")).toBe(true);
        await link.click();
        await page.getByTestId("tab-unowned").and(page.locator("[aria-current=page]")).waitFor();
        await waitForHydration(page);
        await rowOf(page, unowned.title).waitFor();
        expect(await cellText(page, unowned.title, AR_COLUMN.owner)).toBe(T.noOwner);
        expect(await rowOf(page, unowned.title).getByTestId("admin-approve").count()).toBe(1);
      }
    });
  });
});

// ---------------------------------------------------------------------------------------------
// 4. Login, 5. logout

describe.each(JS_MODES)("login and logout (%s)", (_mode, javaScriptEnabled) => {
  it("login with both fields blank shows both field errors (both sizes)", async () => {
    const { page, expectHttpStatus } = await browser.newPage({ javaScriptEnabled });
    expectHttpStatus(400); // without JavaScript the server answers the refused form
    for (const [, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await goto(page, "/login");
      await submitLogin(page, "", "");
      for (const [label, message] of [
        ["Username", T.usernameRequired],
        ["Password", T.passwordRequired],
      ] as const) {
        const error = page.getByText(message, { exact: true });
        await error.waitFor();
        expect(await error.isVisible()).toBe(true);
        const field = page.getByLabel(label, { exact: true });
        expect(await field.getAttribute("aria-invalid"), label).toBe("true");
        expect(await field.getAttribute("aria-describedby"), label).toBe(await error.getAttribute("id"));
      }
      expect(pathOf(page)).toBe("/login");
    }
  });

  it.each(formSizes(javaScriptEnabled))("logout at %s lands on the home page with a toast", async (_size, viewport) => {
    // A session of its own (the form's login): logging out ends it.
    const { page } = await browser.newPage({ javaScriptEnabled, viewport });
    await login(page, DEMO_ACCOUNTS.viewer);
    if (viewport === PHONE) await page.getByTestId("menu-toggle").click();
    await page.getByTestId("sidebar").getByRole("button", { name: "Logout", exact: true }).click();
    await waitForToast(page, T.loggedOut);
    expect(pathOf(page)).toBe("/");
    expect(await page.getByTestId("toast").getAttribute("role")).toBe("status");
    expect(await fitsWidth(page, "[data-testid=toast]")).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// 6. The file notice and the way back from 'Akses Ditolak'; 8. the request reason

describe("a document page without the file", () => {
  /** ft.staff's PRIVATE documents: one per mode for fe.staff's request (one open request per document). */
  const docs: TestDocument[] = [];
  const requests: string[] = [];
  beforeAll(async () => {
    docs.push(...(await Promise.all(JS_MODES.map(() => createTestDocument(sessions.ft)))));
  });
  afterAll(async () => {
    // Leave no PENDING request behind (ft.staff's badge is read verbatim elsewhere).
    for (const uuid of requests) await answerTestRequest(sessions.ft, uuid, "reject", "selesai diuji");
  });

  it("a Viewer sees why the file is missing (both sizes)", async () => {
    const { page } = await pageAs(sessions.viewer, false);
    await goto(page, `/app/documents/${docs[0]!.uuid}`);
    for (const [, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const notice = page.getByTestId("file-notice");
      expect(await notice.isVisible()).toBe(true);
      expect(await textOf(page, "[data-testid=file-notice]")).toBe(T.viewerNotice);
      expect(await fitsWidth(page, "[data-testid=file-notice]")).toBe(true);
      expect(await page.getByTestId("request-document").count()).toBe(0);
    }
  });

  it.each(JS_MODES)("'Akses Ditolak' (%s) links back to the dashboard, or to the page the user came from (both sizes)", async (_mode, javaScriptEnabled) => {
    const { page, expectHttpStatus } = await pageAs(sessions.viewer, javaScriptEnabled);
    expectHttpStatus(403);
    for (const [, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      // Opened directly (no page to go back to): the dashboard.
      await goto(page, "/app/documents/create");
      await page.getByRole("heading", { level: 1, name: T.forbidden }).waitFor();
      const toDashboard = page.getByRole("link", { name: `← ${T.backToDashboard}`, exact: true });
      expect(await toDashboard.getAttribute("href")).toBe("/app");
      expect(await toDashboard.isVisible()).toBe(true);
      await toDashboard.click();
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
      expect(pathOf(page)).toBe("/app");

      // Refused by a gate after coming from the documents list: back to that list.
      await page.goto("/app/access-request", { referer: `${baseURL()}/app/documents?q=laporan` });
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: T.forbidden }).waitFor();
      const back = page.getByRole("link", { name: `← ${T.backToPrevious}`, exact: true });
      expect(await back.getAttribute("href")).toBe("/app/documents?q=laporan");
      await back.click();
      await page.getByRole("heading", { level: 1, name: "Semua Dokumen" }).waitFor();
      expect(pathOf(page)).toBe("/app/documents");
    }
  });

  it.each(JS_MODES.map(([mode, js], index) => [mode, js, index] as const))(
    "the request reason (%s) is a textarea whose placeholder fits a phone; the request is sent",
    async (_mode, javaScriptEnabled, index) => {
      const doc = docs[index]!;
      const { page } = await pageAs(sessions.fe, javaScriptEnabled, PHONE);
      await goto(page, `/app/documents/${doc.uuid}`);
      await page.getByTestId("request-document").click();
      const dialog = page.getByTestId("request-dialog");
      await dialog.waitFor();
      const reason = dialog.getByPlaceholder(T.requestPlaceholder);
      expect(await reason.evaluate((element) => element.tagName)).toBe("TEXTAREA");
      expect(await reason.getAttribute("name")).toBe("requestMessage");
      expect(await reason.evaluate((element) => (element as HTMLTextAreaElement).rows)).toBeGreaterThanOrEqual(2);
      expect(await fitsWidth(page, "[data-testid=request-dialog] textarea")).toBe(true);
      await page.setViewportSize(LAPTOP);
      expect(await reason.isVisible()).toBe(true);
      await reason.fill(`Untuk penelitian akademik ${doc.word}.\nBab dua skripsi.`);
      await dialog.getByRole("button", { name: "Kirim Request", exact: true }).click();
      await waitForToast(page, T.requestSent);
      const [row] = queryE2eDb<{ uuid: string; request_message: string }>(
        "SELECT r.uuid, r.request_message FROM access_requests r JOIN archives a ON a.id = r.archive_id WHERE a.uuid = ?",
        doc.uuid,
      );
      requests.push(row!.uuid);
      expect(row!.request_message).toContain(`Untuk penelitian akademik ${doc.word}.`);
      expect(row!.request_message).toContain("Bab dua skripsi.");
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Issue 24 item 5: the breadcrumb of the pages whose URL holds an id

// Pages read, no form posted: with JavaScript only (the server renders the same breadcrumb either way).
describe("the breadcrumb names what an id in the URL stands for (JS on)", () => {
  const javaScriptEnabled = true;
  it("/app/klasifikasi/:id/update shows the classification code and /app/manage-unit-kerja/:id/update the unit's name, as text (both sizes)", async () => {
    const [code] = queryE2eDb<{ id: number; code: string }>("SELECT id, code FROM classification_codes ORDER BY code LIMIT 1");
    const [unit] = queryE2eDb<{ id: number; nama: string }>("SELECT id, nama FROM unit_kerja ORDER BY id LIMIT 1");
    const { page } = await pageAs(sessions.admin, javaScriptEnabled);
    const pages = [
      {
        path: `/app/klasifikasi/${code!.id}/update`,
        heading: `Ubah Kode Klasifikasi ${code!.code}`,
        // No page lives at /app/klasifikasi/{id}: its crumb names the code and is no link.
        crumbs: [["Dashboard", "/app"], ["Klasifikasi", "/app/klasifikasi"], [code!.code, null], ["Update", null]],
      },
      {
        path: `/app/manage-unit-kerja/${unit!.id}/update`,
        heading: "Ubah Unit Kerja",
        crumbs: [["Dashboard", "/app"], ["Manage Unit Kerja", "/app/manage-unit-kerja"], [unit!.nama, null], ["Update", null]],
      },
    ];
    for (const { path, heading, crumbs: expected } of pages) {
      await goto(page, path);
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      for (const [, viewport] of VIEWPORTS) {
        await page.setViewportSize(viewport);
        expect(await crumbs(page)).toEqual(expected);
        expect(await fitsWidth(page, "[data-testid=breadcrumb]")).toBe(true);
      }
    }
  });

  it("/app/access-request/download/:uuid shows the requested document's title (both sizes)", async () => {
    // ft.staff's own PENDING request: nothing to download yet, the page says why.
    const { page } = await pageAs(sessions.ft, javaScriptEnabled);
    await goto(page, `/app/access-request/download/${asked.requestUuid}`);
    await page.getByTestId("download-error").waitFor();
    for (const [, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      expect(await crumbs(page)).toEqual([
        ["Dashboard", "/app"],
        ["Access Request", "/app/access-request"],
        ["Download", null],
        [asked.title, null],
      ]);
    }
  });
});
