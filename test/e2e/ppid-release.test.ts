/**
 * Decision 0280 in the browser: an officer answers with a document's file released to the
 * requester only (JavaScript on, 1366 px), the requester downloads it from the status page with
 * the number and code (JavaScript off, 390 px); an officer adds a DIP entry without JavaScript,
 * the edge-cached /ppid/dip shows it at once, and deletes it through its confirmation dialog.
 * axe-clean on each page touched.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, baseURL, goto, login, useBrowser } from "../support/node/browser";
import { expectNoAxeViolations } from "../support/node/axe";
import { api, apiSession, createTestDocument, type TestDocument } from "../support/node/api-fixtures";
import { queryE2eDb } from "../support/node/e2e-db";

const { newPage } = useBrowser();

const DESKTOP_JS = { javaScriptEnabled: true, viewport: { width: 1366, height: 800 } };
const PHONE_NO_JS = { javaScriptEnabled: false, viewport: { width: 390, height: 844 } };

/** A form post as a visitor's browser sends it (same origin), without following the redirect. */
const post = (path: string, fields: Record<string, string>) =>
  api(path, { method: "POST", headers: { origin: baseURL(), "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

/** A request as a visitor makes it: submitted, confirmed through the emailed link; its receipt's number and code. */
async function requestWithReceipt(): Promise<{ id: string; number: string; code: string }> {
  const email = `pemohon-${randomUUID().slice(0, 8)}@example.test`;
  const fields = { requesterName: "Dewi Pemohon", email, information: "Notulen rapat pimpinan 2025", purpose: "Penelitian", format: "SALINAN_SOFTCOPY", delivery: "EMAIL" };
  expect((await post("/ppid", fields)).status).toBe(302);
  const [mail] = queryE2eDb<{ text_body: string }>("SELECT text_body FROM email_messages WHERE to_address = ?", email);
  const link = /(\/ppid\/konfirmasi\/\S+)/.exec(mail!.text_body)![1]!;
  expect((await post(link, {})).status).toBe(302);
  const receipt = await (await api(link)).text();
  const number = /data-testid="ppid-number">([^<]+)</.exec(receipt)![1]!;
  const code = /data-testid="ppid-code">([^<]+)</.exec(receipt)![1]!;
  const [row] = queryE2eDb<{ uuid: string }>("SELECT uuid FROM ppid_requests WHERE registration_number = ?", number);
  return { id: row!.uuid, number, code };
}

describe("a file released to one requester", () => {
  let archive: TestDocument;
  let request: { id: string; number: string; code: string };

  beforeAll(async () => {
    archive = await createTestDocument(await apiSession(DEMO_ACCOUNTS.admin.username), { accessLevel: "PRIVATE" });
    request = await requestWithReceipt();
  });

  it("an officer answers, releasing a TERBATAS document by its link (JavaScript on, 1366 px)", async () => {
    const { page } = await newPage(DESKTOP_JS);
    await login(page, DEMO_ACCOUNTS.admin, { open: `/app/ppid/${request.id}` });
    await page.getByRole("heading", { level: 1, name: `Permohonan ${request.number}` }).waitFor();
    await page.getByLabel("Diberikan", { exact: true }).check();
    await page.getByLabel("Isi pemberitahuan tertulis").fill("Notulen dirilis untuk Anda; unduh dari halaman status.");
    // The officer pastes the document's address from the app, as they would.
    await page.getByLabel("Dokumen yang dirilis untuk pemohon ini (opsional)").fill(`${baseURL()}/app/documents/${archive.uuid}`);
    await page.getByTestId("ppid-answer").click();
    await page.getByTestId("ppid-status").getByText("Dijawab").waitFor();
    const files = page.getByTestId("ppid-answer-files");
    await files.getByText(archive.title).waitFor();
    expect(await files.textContent()).toContain("diunduh 0 kali");
    await expectNoAxeViolations(page, "answered request 1366px");
  });

  it("the requester downloads it from the status page with the number and code (JavaScript off, 390 px)", async () => {
    const { page } = await newPage(PHONE_NO_JS);
    await goto(page, "/ppid/status");
    await page.getByRole("heading", { level: 1, name: "Status Permohonan Informasi" }).waitFor();
    await page.getByLabel("Nomor registrasi").fill(request.number);
    await page.getByLabel("Kode rahasia").fill(request.code);
    await page.getByTestId("check-ppid-status").click();
    const released = page.getByTestId("ppid-released");
    await released.waitFor();
    expect(await released.textContent()).toContain(archive.title);
    await expectNoAxeViolations(page, "/ppid/status with a released file 390px");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("ppid-released-download").click()]);
    expect(download.suggestedFilename()).toBe(`${archive.title}.pdf`);
    expect((await download.failure()) ?? null).toBeNull();
    expect(queryE2eDb("SELECT download_count FROM ppid_answer_files f JOIN ppid_requests r ON r.id = f.request_id WHERE r.uuid = ?", request.id)).toEqual([{ download_count: 1 }]);
    // The browser stayed on the status page.
    expect(new URL(page.url()).pathname).toBe("/ppid/status");
  });
});

describe("the PPID's own DIP entries", () => {
  it("an officer adds one without JavaScript; the edge-cached DIP shows it at once; the delete dialog removes it", async () => {
    const visitorGet = (path: string) => fetch(new URL(path, baseURL()), { redirect: "manual" });
    // Warm the edge cache first, so the new entry has to purge it to show.
    for (let attempt = 0; attempt < 20 && (await visitorGet("/ppid/dip")).headers.get("x-cache") !== "HIT"; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await visitorGet("/ppid/dip")).headers.get("x-cache")).toBe("HIT");

    const { page } = await newPage(PHONE_NO_JS);
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/ppid/dip" });
    await page.getByRole("heading", { level: 1, name: "Entri DIP PPID" }).waitFor();
    await expectNoAxeViolations(page, "/app/ppid/dip 390px");
    const title = `Laporan Layanan Informasi ${randomUUID().slice(0, 8)}`;
    await page.getByLabel("Judul informasi").fill(title);
    await page.getByLabel("Ringkasan isi").fill("Laporan tahunan layanan informasi publik universitas.");
    await page.getByLabel("Jenis informasi").selectOption("BERKALA");
    await page.getByLabel("Unit yang menguasai").fill("PPID Universitas");
    await page.getByLabel("Penanggung jawab").fill("Kepala Biro Umum");
    await page.getByLabel("Waktu pembuatan").fill("2025");
    await page.getByLabel("Bentuk informasi").fill("PDF");
    await page.getByLabel("Jangka waktu penyimpanan").fill("Permanen");
    await page.getByTestId("dip-entry-add").click();
    const row = page.getByTestId("dip-entry-row").filter({ hasText: title });
    await row.waitFor();

    // Within the Worker's one-second memory of the public version, as the visitor would wait at most.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await visitorGet("/ppid/dip");
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).toContain(title);

    await row.getByTestId("dip-entry-delete").click();
    const dialog = page.getByRole("dialog", { name: "Konfirmasi Hapus" });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get("dialog")).toBe("delete");
    await expectNoAxeViolations(page, "/app/ppid/dip delete dialog 390px");
    await dialog.getByRole("button", { name: "Ya, Hapus" }).click();
    await page.getByText("Entri dihapus dari Daftar Informasi Publik.").waitFor();
    expect(await page.getByTestId("dip-entry-row").filter({ hasText: title }).count()).toBe(0);
  });
});
