/**
 * Access requests end to end with two browser contexts (the requester fe.staff of Fakultas
 * Ekonomi and the owner ft.staff of Fakultas Teknik), JavaScript on and off: request -> respond
 * (accept) -> download -> the bytes equal the document's file; the reject path; the expired path
 * (the approval's expiry moved into the past in the server's D1); the sidebar's pending badge;
 * the page headers; and axe-core on the list page and both dialogs at two screen sizes.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, JS_MODES, baseURL, goto, login, pathOf, textOf, useBrowser, type DemoAccount } from "../support/node/browser";
import { executeOnE2eDb } from "../support/node/e2e-db";
import { pdfFile, sha256, type FilePayload } from "../support/node/files";

const browser = useBrowser();
const axeSource = (createRequire(import.meta.url)("axe-core") as { source: string }).source;

const T = {
  title: "Status Permintaan Akses",
  banner: "Harap mengunduh dokumen 1x24 jam setelah di setujui oleh pemilik.",
  requestButton: "Request Document",
  requestBlank: "Pesan request tidak boleh kosong.",
  requestSent: "Berhasil mengirim request!",
  respondTitle: "Respon Permintaan Akses",
  respondPlaceholder: "Masukkan pesan respon...",
  respondBlank: "Pesan respon tidak boleh kosong.",
  respondNotice: "Harap memberi tahu kepada pemohon untuk mengunduh 1x24 jam apabila anda menerima.",
  respondSent: "Respon berhasil dikirim!",
  downloadFailed: "Gagal mengunduh file",
  expired: "Token unduhan sudah kedaluwarsa (berlaku 1x24 jam setelah disetujui).",
  duplicate: "Anda sudah memiliki permintaan akses yang masih terbuka (menunggu respon atau sudah disetujui) untuk dokumen ini.",
  empty: "Tidak ada permintaan akses yang ditemukan.",
};
const COLUMNS = ["No", "Judul Dokumen", "Status", "Pesan Permintaan", "Pesan Respon", "Pemohon", "Pemilik", "Tanggal Permintaan", "Berakhir", "Aksi"];
const POLL = { timeout: 10_000, interval: 100 };

type Session = { cookie: string; csrfToken: string };
type Doc = { uuid: string; title: string; word: string; file: FilePayload };
type RequestJson = { uuid: string; status: string; requestMessage: string; archiveTitle: string };

const api = (path: string, init?: RequestInit) => fetch(new URL(path, baseURL()), { redirect: "manual", ...init });

async function apiSession(account: DemoAccount): Promise<Session> {
  const response = await api("/api/v1/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: account.username, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie: response.headers.getSetCookie()[0]!.split(";")[0]!, csrfToken };
}

/** A word no other document or request contains, for searching the lists. */
const uniqueWord = () => `akses${Array.from({ length: 8 }, () => "bcdfghjkmnpqrstvwxz"[Math.floor(Math.random() * 19)]).join("")}`;

/** A PRIVATE document of Fakultas Teknik uploaded by ft.staff (real bytes to compare with the download). */
async function ownerDocument(owner: Session, scenario: string): Promise<Doc> {
  const categories = (await (await api("/api/v1/archives/categories", { headers: { cookie: owner.cookie } })).json()) as { id: number }[];
  const word = uniqueWord();
  const title = `Arsip Uji ${scenario} ${word}`;
  const file = pdfFile("uji-akses.pdf", word);
  const form = new FormData();
  const fields = {
    categoryId: String(categories[0]!.id),
    title,
    documentNumber: `AKSES/${word}`,
    year: "2026",
    keywords: "akses, permintaan, uji, arsip, token",
    description: "Dokumen uji untuk alur permintaan akses dan unduhan dengan token.",
    accessLevel: "PRIVATE",
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("file", new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await api("/api/v1/archives", {
    method: "POST",
    headers: { cookie: owner.cookie, "x-csrf-token": owner.csrfToken, origin: baseURL() },
    body: form,
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return { uuid: (JSON.parse(text) as { data: { uuid: string } }).data.uuid, title, word, file };
}

async function requestsOf(session: Session, query: string): Promise<{ rows: RequestJson[]; total: number }> {
  const response = await api(`/api/v1/access-requests?${query}`, { headers: { cookie: session.cookie } });
  expect(response.status).toBe(200);
  return { rows: (await response.json()) as RequestJson[], total: Number(response.headers.get("x-total-count")) };
}

async function signedIn(account: DemoAccount, javaScriptEnabled: boolean, viewport?: { width: number; height: number }) {
  const test = await browser.newPage({ javaScriptEnabled, viewport });
  await login(test.page, account);
  return test;
}

const rowOf = (page: Page, title: string) => page.getByTestId("access-request-row").filter({ hasText: title });

/**
 * The list filtered to one document's word, on one side: a unit member's page opens on 'Masuk'
 * (requests to their unit, the owner's side); the requests they made are under 'Diajukan'.
 */
async function openList(page: Page, word: string, box: "received" | "sent") {
  await goto(page, `/app/access-request?q=${word}&box=${box}`);
  await page.getByRole("heading", { level: 1, name: T.title }).waitFor();
}

async function waitForToast(page: Page, message: string) {
  await page.getByTestId("toast").filter({ hasText: message }).waitFor();
}

/** The badge on 'Access Request' (0 when it is not shown). */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId("access-request-badge");
  return (await badge.count()) === 0 ? 0 : Number.parseInt((await badge.textContent()) ?? "0", 10);
}

/** The requester asks through the detail page's dialog: blank first, then a padded reason. */
async function askThroughDialog(page: Page, doc: Doc, javaScriptEnabled: boolean, expectHttpStatus: (status: number) => void) {
  await goto(page, `/app/documents/${doc.uuid}`);
  await page.getByTestId("request-document").click();
  await page.getByTestId("request-dialog").waitFor();
  await page.getByRole("heading", { name: T.requestButton }).waitFor();
  expect(await page.getByPlaceholder("Contoh: untuk penelitian akademik").count()).toBe(1);
  if (!javaScriptEnabled) expectHttpStatus(400);
  await page.getByRole("button", { name: "Kirim Request" }).click();
  await page.getByText(T.requestBlank).waitFor();
  await page.getByPlaceholder("Contoh: untuk penelitian akademik").fill(`   untuk penelitian ${doc.word}   `);
  await page.getByRole("button", { name: "Kirim Request" }).click();
  await page.waitForURL((url) => url.pathname === "/app/documents");
  await waitForToast(page, T.requestSent);
}

/** The owner answers through the respond dialog of the list. */
async function respondThroughDialog(page: Page, doc: Doc, choice: "Terima" | "Tolak", javaScriptEnabled: boolean, expectHttpStatus: (status: number) => void) {
  await openList(page, doc.word, "received");
  await rowOf(page, doc.title).getByTestId("respond").click();
  await page.getByTestId("respond-dialog").waitFor();
  await page.getByRole("heading", { name: T.respondTitle }).waitFor();
  expect(await textOf(page, "[data-testid=respond-notice]")).toBe(T.respondNotice);
  const submit = page.getByRole("button", { name: "Kirim Respon" });
  await page.getByLabel(choice, { exact: true }).check();
  if (javaScriptEnabled) {
    expect(await submit.isDisabled()).toBe(true);
    await page.getByPlaceholder(T.respondPlaceholder).fill("   ");
    expect(await submit.isDisabled()).toBe(true);
  } else {
    // Without JavaScript the button cannot know: the server refuses a blank message beside the field.
    expectHttpStatus(400);
    await page.getByPlaceholder(T.respondPlaceholder).fill("   ");
    await submit.click();
    await page.getByText(T.respondBlank).waitFor();
    expect(await page.getByLabel(choice, { exact: true }).isChecked()).toBe(true);
  }
  await page.getByPlaceholder(T.respondPlaceholder).fill(`Jawaban ${choice} ${doc.word}`);
  expect(await submit.isDisabled()).toBe(false);
  await submit.click();
  await waitForToast(page, T.respondSent);
  await page.getByTestId("respond-dialog").waitFor({ state: "detached" });
  expect(new URL(page.url()).searchParams.get("respond")).toBeNull();
}

async function statusOf(page: Page, title: string): Promise<{ label: string; tone: string | null; action: string }> {
  const row = rowOf(page, title);
  await row.waitFor();
  const badge = row.getByTestId("status-badge");
  return {
    label: ((await badge.textContent()) ?? "").trim(),
    tone: await badge.getAttribute("data-tone"),
    action: ((await row.getByTestId("row-actions").textContent()) ?? "").replace(/\s+/g, " ").trim(),
  };
}

describe.each(JS_MODES)("access requests (%s)", (_mode, javaScriptEnabled) => {
  it("request -> accept -> download: the bytes are the document's file; the badge counts pending requests", async () => {
    const ownerApi = await apiSession(DEMO_ACCOUNTS.ftStaff);
    const requesterApi = await apiSession(DEMO_ACCOUNTS.feStaff);
    const doc = await ownerDocument(ownerApi, "Terima");
    const requester = await signedIn(DEMO_ACCOUNTS.feStaff, javaScriptEnabled);
    const owner = await signedIn(DEMO_ACCOUNTS.ftStaff, javaScriptEnabled);

    await askThroughDialog(requester.page, doc, javaScriptEnabled, requester.expectHttpStatus);
    const [created] = (await requestsOf(requesterApi, `q=${doc.word}`)).rows;
    expect(created).toMatchObject({ status: "PENDING", requestMessage: `untuk penelitian ${doc.word}`, archiveTitle: doc.title });

    // The detail page now shows the open request instead of the button; a second one is refused.
    await goto(requester.page, `/app/documents/${doc.uuid}`);
    await requester.page.getByTestId("open-request").waitFor();
    expect(await requester.page.getByTestId("request-document").count()).toBe(0);
    const duplicate = await api(`/api/v1/archives/${doc.uuid}/request-access`, {
      method: "POST",
      headers: { cookie: requesterApi.cookie, "x-csrf-token": requesterApi.csrfToken, origin: baseURL(), "content-type": "application/json" },
      body: JSON.stringify({ requestMessage: "lagi" }),
    });
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as { message: string }).message).toBe(T.duplicate);

    // The owner's sidebar counts the PENDING requests addressed to Fakultas Teknik.
    const pending = (await requestsOf(ownerApi, "status=PENDING&box=received&size=5")).total;
    expect(pending).toBeGreaterThanOrEqual(1);
    await goto(owner.page, "/app");
    expect(await badgeCount(owner.page)).toBe(pending);
    // The requester's own unit got nothing: no badge for the request it made.
    expect(await badgeCount(requester.page)).toBe((await requestsOf(requesterApi, "status=PENDING&box=received&size=5")).total);

    // The dashboard panel lists it for both.
    await goto(owner.page, "/app");
    await owner.page.getByTestId("access-request-panel").getByText(doc.title).waitFor();

    await respondThroughDialog(owner.page, doc, "Terima", javaScriptEnabled, owner.expectHttpStatus);
    expect(await statusOf(owner.page, doc.title)).toMatchObject({ label: "APPROVED", tone: "green" });
    // The owner's side of a live approval: 'Cabut' and the download count, never the requester's 'Menunggu Token'.
    const ownerRow = rowOf(owner.page, doc.title);
    expect(await ownerRow.getByTestId("revoke").textContent()).toBe("Cabut");
    expect(await ownerRow.getByTestId("download-count").textContent()).toBe("Diunduh 0x");
    expect(await ownerRow.getByTestId("waiting-token").count()).toBe(0);
    expect(await badgeCount(owner.page)).toBe(pending - 1);

    // The requester downloads: a plain link without JavaScript, a fetch with it.
    await openList(requester.page, doc.word, "sent");
    expect(await statusOf(requester.page, doc.title)).toMatchObject({ label: "APPROVED", tone: "green" });
    const link = rowOf(requester.page, doc.title).getByTestId("download");
    expect(await link.getAttribute("href")).toBe(`/app/access-request/download/${created!.uuid}`);
    const [download] = await Promise.all([requester.page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${doc.title}.pdf`);
    expect(sha256(await readFile((await download.path())!))).toBe(sha256(doc.file.buffer));

    await expect
      .poll(async () => {
        await openList(requester.page, doc.word, "sent");
        return (await statusOf(requester.page, doc.title)).action;
      }, POLL)
      .toContain("Diunduh 1x");
  });

  it("reject: the requester sees REJECTED (red) and 'Ditolak'", async () => {
    const ownerApi = await apiSession(DEMO_ACCOUNTS.ftStaff);
    const doc = await ownerDocument(ownerApi, "Tolak");
    const requester = await signedIn(DEMO_ACCOUNTS.feStaff, javaScriptEnabled);
    const owner = await signedIn(DEMO_ACCOUNTS.ftStaff, javaScriptEnabled);
    await askThroughDialog(requester.page, doc, javaScriptEnabled, requester.expectHttpStatus);

    await openList(requester.page, doc.word, "sent");
    expect(await statusOf(requester.page, doc.title)).toEqual({ label: "PENDING", tone: "yellow", action: "Menunggu" });

    await respondThroughDialog(owner.page, doc, "Tolak", javaScriptEnabled, owner.expectHttpStatus);
    await openList(requester.page, doc.word, "sent");
    const status = await statusOf(requester.page, doc.title);
    expect(status).toEqual({ label: "REJECTED", tone: "red", action: "Ditolak" });
    expect(await rowOf(requester.page, doc.title).locator("td").nth(4).textContent()).toBe(`Jawaban Tolak ${doc.word}`);
  });

  it("expired: the Download of a lapsed approval answers 'Gagal mengunduh file' with the reason, never the file", async () => {
    const ownerApi = await apiSession(DEMO_ACCOUNTS.ftStaff);
    const requesterApi = await apiSession(DEMO_ACCOUNTS.feStaff);
    const doc = await ownerDocument(ownerApi, "Kedaluwarsa");
    const requester = await signedIn(DEMO_ACCOUNTS.feStaff, javaScriptEnabled);
    const owner = await signedIn(DEMO_ACCOUNTS.ftStaff, javaScriptEnabled);
    await askThroughDialog(requester.page, doc, javaScriptEnabled, requester.expectHttpStatus);
    await respondThroughDialog(owner.page, doc, "Terima", javaScriptEnabled, owner.expectHttpStatus);
    const [request] = (await requestsOf(requesterApi, `q=${doc.word}`)).rows;

    // The list is loaded while the approval is live; then its 24 hours run out.
    await openList(requester.page, doc.word, "sent");
    const link = rowOf(requester.page, doc.title).getByTestId("download");
    await link.waitFor();
    await requester.page.waitForLoadState("networkidle");
    const past = new Date(Date.now() - 1000).toISOString();
    expect(executeOnE2eDb("UPDATE access_requests SET expires_at = ? WHERE uuid = ?", past, request!.uuid)).toBe(1);

    if (javaScriptEnabled) requester.expectHttpStatus(403);
    let downloaded = false;
    requester.page.on("download", () => (downloaded = true));
    await link.click();
    await requester.page.getByTestId("download-error").waitFor();
    expect(await textOf(requester.page, "[data-testid=download-error] h2")).toBe(T.downloadFailed);
    expect(await textOf(requester.page, "[data-testid=download-error-reason]")).toBe(T.expired);
    expect(downloaded).toBe(false);
    // The token never reached the address bar.
    expect(requester.page.url()).not.toContain("token=");

    await openList(requester.page, doc.word, "sent");
    const status = await statusOf(requester.page, doc.title);
    expect(status).toMatchObject({ label: "EXPIRED", tone: "grey" });
    expect(await rowOf(requester.page, doc.title).getByTestId("download").count()).toBe(0);
  });
});

describe("the list page", () => {
  it("has the SPEC's title, banner, columns and empty message; sends no-store and a same-origin referrer policy", async () => {
    const { page } = await signedIn(DEMO_ACCOUNTS.feStaff, false);
    const response = await goto(page, `/app/access-request?q=${uniqueWord()}&box=sent`);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["referrer-policy"]).toBe("same-origin");
    expect(await textOf(page, "h1")).toBe(T.title);
    expect(await textOf(page, "[data-testid=access-request-banner]")).toBe(T.banner);
    const headers = await page.locator("[data-testid=access-requests-table] thead th").allTextContents();
    expect(headers.map((header) => header.replace(/[▲▼↕]/g, "").trim())).toEqual(COLUMNS);
    // The search found nothing: the SPEC's message, and the way back to the whole list.
    expect(await textOf(page, "[data-testid=empty]")).toBe(`${T.empty} Reset pencarian`);
    expect(await page.getByTestId("reset-search").getAttribute("href")).toBe("/app/access-request?box=sent");
    expect(await page.getByTestId("page-size").locator("option").allTextContents()).toEqual(["5", "10", "20", "30", "40", "50"]);
  });

  it("lets Super Admin in (every request, one actions column) and keeps the sidebar entry hidden", async () => {
    const { page } = await signedIn(DEMO_ACCOUNTS.admin, true);
    await goto(page, "/app/access-request");
    await page.getByRole("heading", { level: 1, name: T.title }).waitFor();
    // 'Setujui' / 'Tolak' sit in the one 'Aksi' column: no second column for the same thing.
    const headers = await page.locator("[data-testid=access-requests-table] thead th").allTextContents();
    expect(headers.filter((header) => header.startsWith("Aksi"))).toEqual(["Aksi"]);
    expect(await page.getByTestId("sidebar").getByRole("link", { name: "Access Request" }).count()).toBe(0);
    expect(pathOf(page)).toBe("/app/access-request");
  });
});

describe("the download page (the Download link without JavaScript)", () => {
  it("redirects the requester to the token download without a Referer; shows anyone else the reason, never the token", async () => {
    const ownerApi = await apiSession(DEMO_ACCOUNTS.ftStaff);
    const requesterApi = await apiSession(DEMO_ACCOUNTS.feStaff);
    const doc = await ownerDocument(ownerApi, "Halaman Unduh");
    const json = (session: Session) => ({ cookie: session.cookie, "x-csrf-token": session.csrfToken, origin: baseURL(), "content-type": "application/json" });
    const asked = await api(`/api/v1/archives/${doc.uuid}/request-access`, { method: "POST", headers: json(requesterApi), body: JSON.stringify({ requestMessage: "untuk penelitian" }) });
    const requestUuid = ((await asked.json()) as { data: { uuid: string } }).data.uuid;
    const answered = await api(`/api/v1/access-requests/${requestUuid}/respond`, {
      method: "POST",
      headers: json(ownerApi),
      body: JSON.stringify({ action: "accept", responseMessage: "silakan" }),
    });
    expect(answered.status).toBe(200);

    const page = await api(`/app/access-request/download/${requestUuid}`, { headers: { cookie: requesterApi.cookie } });
    await page.arrayBuffer();
    expect(page.status).toBe(302);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const location = new URL(page.headers.get("location")!, baseURL());
    expect(location.pathname).toBe(`/api/v1/archives/${doc.uuid}/download`);
    const file = await api(location.pathname + location.search, { headers: { cookie: requesterApi.cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("referrer-policy")).toBe("no-referrer");
    expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(sha256(doc.file.buffer));

    // The owner's page and list never carry the token; the download page names the reason.
    const refused = await api(`/app/access-request/download/${requestUuid}`, { headers: { cookie: ownerApi.cookie } });
    const refusedHtml = await refused.text();
    expect(refused.status).toBe(200);
    expect(refusedHtml).toContain(T.downloadFailed);
    expect(refusedHtml).toContain("Token unduhan ini bukan milik akun Anda.");
    const ownerList = await (await api(`/app/access-request?q=${doc.word}&box=received`, { headers: { cookie: ownerApi.cookie } })).text();
    expect(ownerList).toContain(doc.title);
    expect(ownerList).not.toContain("token=");
    expect(ownerList).not.toContain(location.searchParams.get("token")!);

    // 'Cabut' (a form post without JavaScript): the token dies at once, and the requester is told why.
    const revoke = await api(`/app/access-request?q=${doc.word}`, {
      method: "POST",
      headers: { cookie: ownerApi.cookie, origin: baseURL(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: ownerApi.csrfToken, intent: "revoke", uuid: requestUuid }),
    });
    await revoke.arrayBuffer();
    expect(revoke.status).toBe(302);
    expect(revoke.headers.get("location")).toBe(`/app/access-request?q=${doc.word}`);
    const dead = await api(location.pathname + location.search, { headers: { cookie: requesterApi.cookie } });
    expect(dead.status).toBe(403);
    expect(((await dead.json()) as { error: string }).error).toBe("Izin unduhan telah dicabut oleh pemilik dokumen.");
    const revokedPage = await api(`/app/access-request/download/${requestUuid}`, { headers: { cookie: requesterApi.cookie } });
    expect(revokedPage.status).toBe(200);
    expect(await revokedPage.text()).toContain("Izin unduhan telah dicabut oleh pemilik dokumen.");
  });
});

describe("accessibility (axe-core)", () => {
  /**
   * Every violation of the page except the shell's drawer controls (the checkbox outside any
   * landmark and the labelled <label> toggle), which belong to the app shell's drawer, reworked
   * on its own; everything this feature renders is audited.
   */
  async function violations(page: Page): Promise<string[]> {
    await page.evaluate(axeSource);
    const result = await page.evaluate(async () => {
      type Axe = { run: (context: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> };
      const axe = (window as unknown as { axe: Axe }).axe;
      return axe.run({ exclude: [["#nav-drawer"], ["[data-testid=menu-toggle]"]] });
    });
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(", ")}`);
  }

  it.each([
    [1366, 800],
    [390, 844],
  ])("the list page and both dialogs have no violations at %ix%i", async (width, height) => {
    const ownerApi = await apiSession(DEMO_ACCOUNTS.ftStaff);
    const requesterApi = await apiSession(DEMO_ACCOUNTS.feStaff);
    const doc = await ownerDocument(ownerApi, "Aksesibilitas");
    const asked = await api(`/api/v1/archives/${doc.uuid}/request-access`, {
      method: "POST",
      headers: { cookie: requesterApi.cookie, "x-csrf-token": requesterApi.csrfToken, origin: baseURL(), "content-type": "application/json" },
      body: JSON.stringify({ requestMessage: `untuk penelitian ${doc.word}` }),
    });
    expect(asked.status).toBe(201);
    const requestUuid = ((await asked.json()) as { data: { uuid: string } }).data.uuid;
    const other = await ownerDocument(ownerApi, "Aksesibilitas Dialog");

    try {
      const owner = await signedIn(DEMO_ACCOUNTS.ftStaff, true, { width, height });
      await openList(owner.page, doc.word, "received");
      expect(await violations(owner.page)).toEqual([]);
      await goto(owner.page, `/app/access-request?q=${doc.word}&box=received&respond=${requestUuid}`);
      await owner.page.getByTestId("respond-dialog").waitFor();
      expect(await violations(owner.page)).toEqual([]);

      const requester = await signedIn(DEMO_ACCOUNTS.feStaff, true, { width, height });
      await goto(requester.page, `/app/documents/${other.uuid}?dialog=request`);
      await requester.page.getByTestId("request-dialog").waitFor();
      expect(await violations(requester.page)).toEqual([]);
    } finally {
      // Leave no PENDING request behind: later files read the owner's sidebar (its badge) verbatim.
      const answered = await api(`/api/v1/access-requests/${requestUuid}/respond`, {
        method: "POST",
        headers: { cookie: ownerApi.cookie, "x-csrf-token": ownerApi.csrfToken, origin: baseURL(), "content-type": "application/json" },
        body: JSON.stringify({ action: "reject", responseMessage: "selesai diuji" }),
      });
      expect(answered.status).toBe(200);
    }
  });
});
