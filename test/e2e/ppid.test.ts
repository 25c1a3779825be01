/**
 * The PPID desk's public side, with JavaScript on (1366 px) and off (390 px): a visitor asks for
 * information at /ppid, confirms through the emailed link, reads the receipt (and downloads it as
 * PDF) and checks the status with the number and the secret code; an officer (Super Admin)
 * designates a colleague, records a request by letter, extends it and answers with a partial
 * refusal resting on a Pasal 17 ground and a consequence test; an objection is answered by the
 * atasan and goes to the Komisi Informasi, whose registration and decision the desk records.
 * axe-clean on each page.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { beforeAll } from "vitest";
import { DEMO_ACCOUNTS, baseURL, goto, login, useBrowser } from "../support/node/browser";
import { expectNoAxeViolations } from "../support/node/axe";
import { apiSession, api, type ApiSession } from "../support/node/api-fixtures";
import { executeOnE2eDb, queryE2eDb } from "../support/node/e2e-db";

const { newPage } = useBrowser();

const RUNS = [
  { mode: "JavaScript on", javaScriptEnabled: true, viewport: { width: 1366, height: 800 } },
  { mode: "JavaScript off", javaScriptEnabled: false, viewport: { width: 390, height: 844 } },
] as const;

describe.each(RUNS)("$mode at $viewport.width px", ({ javaScriptEnabled, viewport }) => {
  it("a visitor asks, confirms by email, and checks the status", async () => {
    const { page, expectHttpStatus } = await newPage({ javaScriptEnabled, viewport });
    // A wrong secret code is answered 400, at the form.
    expectHttpStatus(400);
    const email = `pemohon-${randomUUID().slice(0, 8)}@example.test`;
    await goto(page, "/ppid");
    await page.getByRole("heading", { level: 1, name: "Layanan Informasi Publik (PPID)" }).waitFor();
    await expectNoAxeViolations(page, `/ppid ${viewport.width}px`);

    await page.getByLabel("Nama").fill("Siti Pemohon");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByLabel("Rincian informasi yang dibutuhkan").fill("Laporan keuangan tahun 2025");
    await page.getByLabel("Tujuan penggunaan informasi").fill("Penelitian skripsi");
    await page.getByLabel("Salinan softcopy").check();
    await page.getByRole("radio", { name: "Email" }).check();
    await page.getByTestId("submit-ppid-request").click();
    await page.getByTestId("ppid-sent").waitFor();
    // Not registered until the link is opened.
    expect(queryE2eDb("SELECT registration_number FROM ppid_requests WHERE email = ?", email)).toEqual([{ registration_number: null }]);

    const [mail] = queryE2eDb<{ text_body: string }>("SELECT text_body FROM email_messages WHERE to_address = ?", email);
    const link = /(\/ppid\/konfirmasi\/\S+)/.exec(mail!.text_body)![1]!;
    await goto(page, link);
    await page.getByRole("heading", { level: 1, name: "Konfirmasi Permohonan Informasi" }).waitFor();
    // The link's secret is not repeated on the page (its breadcrumb reads 'Detail'), nor does it widen a phone's page.
    expect(await page.getByTestId("breadcrumb").textContent()).not.toContain(link.split("/").at(-1)!.slice(0, 8));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByTestId("confirm-ppid-request").click();
    await page.getByTestId("ppid-receipt").waitFor();
    await expectNoAxeViolations(page, `receipt ${viewport.width}px`);
    const number = (await page.getByTestId("ppid-number").textContent())!.trim();
    const code = (await page.getByTestId("ppid-code").textContent())!.trim();
    expect(number).toMatch(/^PPID\/\d{4}\/\d{6}$/);
    // 'Unduh Tanda Terima (PDF)' posts the number and the code: a download, the page stays.
    const [receiptPdf] = await Promise.all([page.waitForEvent("download"), page.getByTestId("ppid-receipt-pdf").click()]);
    expect(receiptPdf.suggestedFilename()).toBe(`Tanda-Terima-${number.replaceAll("/", "-")}.pdf`);

    await goto(page, "/ppid/status");
    await page.getByRole("heading", { level: 1, name: "Status Permohonan Informasi" }).waitFor();
    await page.getByLabel("Nomor registrasi").fill(number);
    await page.getByLabel("Kode rahasia").fill("SALAH");
    await page.getByTestId("check-ppid-status").click();
    await page.getByText("Nomor registrasi atau kode rahasia tidak cocok.").waitFor();
    await page.getByLabel("Kode rahasia").fill(code);
    await page.getByTestId("check-ppid-status").click();
    await page.getByTestId("ppid-status").waitFor();
    expect(await page.getByTestId("ppid-status").textContent()).toBe("Diterima");
    expect(await page.getByTestId("ppid-receipt-pdf").count()).toBe(1);
    await expectNoAxeViolations(page, `/ppid/status ${viewport.width}px`);
    // Nothing of the look-up in the address bar.
    expect(page.url()).not.toContain(code);
    expect(await page.getByTestId("ppid-object").count()).toBe(0);

    // Answered (as the desk would), the status page offers 'Ajukan Keberatan'.
    executeOnE2eDb(
      "UPDATE ppid_requests SET status = 'DIJAWAB', outcome = 'DITOLAK', exemption_ground = 'h', consequence_test_id = (SELECT MAX(id) FROM ppid_consequence_tests), answer_message = 'Dikecualikan', answered_at = ?, answered_on = ? WHERE registration_number = ?",
      new Date().toISOString(),
      new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(new Date()),
      number,
    );
    await page.getByLabel("Nomor registrasi").fill(number);
    await page.getByLabel("Kode rahasia").fill(code);
    await page.getByTestId("check-ppid-status").click();
    await page.getByTestId("ppid-object").waitFor();
    await page.getByLabel("a. penolakan berdasarkan alasan pengecualian Pasal 17").check();
    await page.getByLabel("Uraian keberatan").fill("Laporan keuangan adalah informasi berkala yang wajib diumumkan.");
    await page.getByTestId("ppid-object").click();
    await page.getByTestId("ppid-objection-number").waitFor();
    expect(await page.getByTestId("ppid-objection-number").textContent()).toMatch(/^KEBERATAN\/\d{4}\/\d{6}$/);
    await expectNoAxeViolations(page, `objection ${viewport.width}px`);
  });
});

const TEST_INFORMATION = `Nilai ujian mahasiswa ${randomUUID().slice(0, 6)}`;

beforeAll(() => {
  executeOnE2eDb(
    "INSERT INTO ppid_consequence_tests (uuid, information, legal_basis, consequences, valid_until, signed_name, created_at) VALUES (?, ?, 'Pasal 17 huruf h', 'Mengungkap rahasia pribadi', '2045-12-31', 'Administrator Sistem', ?)",
    randomUUID(),
    TEST_INFORMATION,
    new Date().toISOString(),
  );
});

describe.each(RUNS)("the desk, $mode at $viewport.width px", ({ javaScriptEnabled, viewport }) => {
  it("an officer records a request, extends it and answers with a partial refusal", async () => {
    const { page, expectHttpStatus } = await newPage({ javaScriptEnabled, viewport });
    // The partial refusal without its ground is answered 400, at its form.
    expectHttpStatus(400);
    await login(page, DEMO_ACCOUNTS.admin);
    if (javaScriptEnabled) {
      await goto(page, "/app/ppid/petugas");
      await page.getByRole("heading", { level: 1, name: "Petugas PPID" }).waitFor();
      await page.getByLabel("Username").fill(DEMO_ACCOUNTS.ftStaff.username);
      await page.getByRole("radio", { name: "Petugas PPID" }).check();
      await page.getByTestId("designate-ppid").click();
      await page.getByTestId("ppid-officers").getByText(DEMO_ACCOUNTS.ftStaff.username).waitFor();
      await expectNoAxeViolations(page, `/app/ppid/petugas ${viewport.width}px`);
    }
    await goto(page, "/app/ppid/catat");
    await page.getByRole("heading", { level: 1, name: "Catat Permohonan" }).waitFor();
    await page.getByLabel("Surat").check();
    await page.getByLabel("Nama").fill("Budi Wartawan");
    await page.getByRole("textbox", { name: "Email" }).fill(`budi-${randomUUID().slice(0, 8)}@example.test`);
    await page.getByLabel("Rincian informasi yang dibutuhkan").fill("Daftar nilai dan SK kelulusan angkatan 2024");
    await page.getByLabel("Tujuan penggunaan informasi").fill("Liputan");
    await page.getByLabel("Salinan hardcopy").check();
    await page.getByLabel("Mengambil langsung").check();
    await page.getByTestId("submit-ppid-record").click();
    const heading = page.getByRole("heading", { level: 1, name: /^Permohonan PPID\/\d{4}\/\d{6}$/ });
    await heading.waitFor();
    expect(await page.getByTestId("ppid-status").textContent()).toBe("Diterima");
    await expectNoAxeViolations(page, `request ${viewport.width}px`);

    await page.getByLabel("Alasan perpanjangan").fill("Dokumen berada di dua fakultas");
    await page.getByTestId("ppid-extend").click();
    await page.getByTestId("ppid-status").getByText("Diperpanjang").waitFor();

    // A partial refusal without its ground is sent back, nothing lost.
    await page.getByLabel("Diberikan Sebagian").check();
    await page.getByLabel("Isi pemberitahuan tertulis").fill("SK kelulusan terlampir; daftar nilai dikecualikan.");
    await page.getByTestId("ppid-answer").click();
    await page.getByText("Penolakan harus menyebut dasar pengecualian Pasal 17.").first().waitFor();
    await page.getByLabel("Dasar pengecualian (Pasal 17)").selectOption("h");
    await page.getByLabel("Uji konsekuensi").selectOption({ label: `${TEST_INFORMATION} (Pasal 17 huruf h)` });
    await page.getByTestId("ppid-answer").click();
    await page.getByTestId("ppid-status").getByText("Dijawab").waitFor();
    const number = (await heading.textContent())!.replace("Permohonan ", "");

    await goto(page, `/app/ppid?q=${encodeURIComponent(number)}`);
    await page.getByRole("heading", { level: 1, name: "Register Permohonan Informasi" }).waitFor();
    expect(await page.getByTestId("ppid-row-status").first().textContent()).toBe("Dijawab");
    await expectNoAxeViolations(page, `/app/ppid ${viewport.width}px`);
  });
});

/** A JSON call of the API as `session` (a write carries its CSRF token). */
async function callApi<T>(session: ApiSession, path: string, body: unknown): Promise<T> {
  const response = await api(path, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: session.cookie, "x-csrf-token": session.csrfToken, origin: baseURL() },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

describe.each(RUNS)("the objection and its dispute, $mode at $viewport.width px", ({ javaScriptEnabled, viewport }) => {
  it("the atasan responds, then the desk records the dispute before the Komisi Informasi and its decision", async () => {
    // The request, its answer and the objection by letter, through the API; the rest on the page.
    const session = await apiSession(DEMO_ACCOUNTS.admin.username);
    const request = await callApi<{ id: string }>(session, "/api/v1/ppid/requests", {
      requesterName: "Rina Pemohon",
      email: `rina-${randomUUID().slice(0, 8)}@example.test`,
      information: "Notulen rapat senat 2025",
      purpose: "Kajian kebijakan",
      format: "SALINAN_SOFTCOPY",
      delivery: "EMAIL",
      channel: "SURAT",
    });
    await callApi(session, `/api/v1/ppid/requests/${request.id}/answer`, { outcome: "TIDAK_DIKUASAI", message: "Notulen disimpan oleh Sekretariat Senat." });
    await callApi(session, `/api/v1/ppid/requests/${request.id}/objections`, { ground: "e", reason: "Permintaan tidak dipenuhi." });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(new Date());

    const { page } = await newPage({ javaScriptEnabled, viewport });
    await login(page, DEMO_ACCOUNTS.admin, { open: `/app/ppid/${request.id}` });
    await page.getByRole("heading", { level: 1, name: /^Permohonan PPID\/\d{4}\/\d{6}$/ }).waitFor();
    const details = page.getByTestId("ppid-objection-details");
    await page.getByLabel("Tanggapan atasan PPID").fill("Informasi memang tidak dikuasai universitas.");
    await page.getByTestId("ppid-respond").click();
    await details.getByText("Ditanggapi", { exact: true }).waitFor();

    await page.getByLabel("Nomor registrasi sengketa").fill("012/XI/KIP-PS/2026");
    await page.getByLabel("Tanggal registrasi sengketa").fill(today);
    await page.getByTestId("ppid-record-dispute").click();
    await details.getByText("Sengketa di Komisi Informasi", { exact: true }).waitFor();
    expect(await details.textContent()).toContain("012/XI/KIP-PS/2026");
    // The panel with both dispute forms' fields fits the screen: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, `dispute ${viewport.width}px`);

    await page.getByLabel("Tanggal putusan").fill(today);
    await page.getByLabel("Putusan Komisi Informasi").fill("Permohonan penyelesaian sengketa ditolak.");
    await page.getByTestId("ppid-record-decision").click();
    await details.getByText("Selesai", { exact: true }).waitFor();
    expect(await details.textContent()).toContain("Permohonan penyelesaian sengketa ditolak.");
    expect(await page.getByTestId("ppid-record-decision").count()).toBe(0);
  });
});

describe.each(RUNS)("the DIP, $mode at $viewport.width px", ({ javaScriptEnabled, viewport }) => {
  it("lists the public information, axe-clean", async () => {
    const { page } = await newPage({ javaScriptEnabled, viewport });
    await goto(page, "/ppid/dip");
    await page.getByRole("heading", { level: 1, name: "Daftar Informasi Publik" }).waitFor();
    await page.getByTestId("dip-table").waitFor();
    await expectNoAxeViolations(page, `/ppid/dip ${viewport.width}px`);
  });
});

describe("the DIP at the edge", () => {
  it("is served from the cache and shows a change at once", async () => {
    const get = (path: string) => fetch(new URL(path, baseURL()), { redirect: "manual" });
    const path = `/ppid/dip?page=1&x=${Date.now()}`;
    expect((await get(path)).headers.get("x-cache")).toBe("MISS");
    let hit: Response | null = null;
    for (let attempt = 0; attempt < 20 && !hit; attempt++) {
      const response = await get(path);
      if (response.headers.get("x-cache") === "HIT") hit = response;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(hit, "never came from the cache").not.toBeNull();
    const title = `Laporan Tahunan PPID ${randomUUID().slice(0, 8)}`;
    executeOnE2eDb(
      "INSERT INTO ppid_dip_entries (uuid, title, summary, kind, holder, responsible, made_in, format, retention, created_at) VALUES (?, ?, 'Ringkasan', 'BERKALA', 'PPID', 'PPID Utama', '2026', 'PDF', 'Permanen', ?)",
      randomUUID(),
      title,
      new Date().toISOString(),
    );
    // The Worker reads the public version at most once a second; a change made inside it forgets
    // it at once, this one (straight into D1) shows within that second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await get(path);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).toContain(title);
  });
});
