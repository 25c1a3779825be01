/**
 * The public verification page of a Berita Acara (`/verifikasi/{uuid}`, what its QR code opens),
 * at a laptop and a phone with JavaScript and at the phone without (SIZE_RUNS): number, date, place, count and both
 * hashes, no title of the list, axe-clean, no sideways scroll, edge-cached for visitors; an
 * unknown uuid is a 404. The row is written as the execution writes it (straight into the e2e
 * server's D1: the disposal workflow is not part of this page).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, SIZE_RUNS, baseURL, goto, textOf, useBrowser } from "../support/node/browser";
import { apiSession } from "../support/node/api-fixtures";
import { expectNoAxeViolations } from "../support/node/axe";
import { executeOnE2eDb } from "../support/node/e2e-db";
import { htmlProblems } from "../support/node/html-validity";

const { newPage } = useBrowser();

const SECRET_TITLE = "Nota dinas rahasia penilaian pegawai";
const record = {
  uuid: randomUUID(),
  number: `BA-MUSNAH/E2E/${Date.now()}`,
  listSha256: "3f1c9a0b7e5d4c2a19f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6b5a4931",
  pdfSha256: "a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3",
};
const path = `/verifikasi/${record.uuid}`;

beforeAll(() => {
  const now = new Date().toISOString();
  executeOnE2eDb("INSERT INTO disposal_lists (uuid, kind, number, status, created_at, executed_at) VALUES (?, 'MUSNAH', ?, 'EXECUTED', ?, ?)", randomUUID(), `DAUM/E2E/${Date.now()}`, now, now);
  const listId = `(SELECT id FROM disposal_lists ORDER BY id DESC LIMIT 1)`;
  executeOnE2eDb(
    `INSERT INTO disposal_items (list_id, position, archive_id, archive_uuid, unit_kerja_id, classification_code, title, document_number,
       year, file_count, retention_years, snapshot_sha256, decision, outcome)
     VALUES (${listId}, 1, 999999, ?, NULL, 'KP.01', ?, 'ND/1/2010', 2010, 1, 10, 'x', 'SETUJUI', 'DONE')`,
    randomUUID(),
    SECRET_TITLE,
  );
  executeOnE2eDb(
    `INSERT INTO berita_acara (uuid, list_id, kind, number, issued_on, place, item_count, list_sha256, r2_key, pdf_sha256, created_at)
     VALUES (?, ${listId}, 'PEMUSNAHAN', ?, '2026-11-26', 'Jakarta', 1, ?, ?, ?, ?)`,
    record.uuid,
    record.number,
    record.listSha256,
    `berita-acara/${record.uuid}.pdf`,
    record.pdfSha256,
    now,
  );
});

const get = (target: string, init?: RequestInit) => fetch(new URL(target, baseURL()), { redirect: "manual", ...init });

describe.each(SIZE_RUNS)("$size, $mode", ({ viewport, javaScriptEnabled }) => {
  it("shows the record's number, date, place, count and hashes, and no title of its list", async () => {
    const { page } = await newPage({ javaScriptEnabled, viewport });
    const response = await goto(page, path);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Verifikasi Berita Acara" }).waitFor();
    const details = page.getByTestId("verification-details");
    const row = async (label: string) => (await details.getByRole("row", { name: label }).locator("td").textContent())?.replace(/\s+/g, " ").trim();
    expect(await row("Jenis")).toBe("Berita Acara Pemusnahan Arsip");
    expect(await row("Nomor")).toBe(record.number);
    expect(await row("Tanggal")).toBe("26 November 2026");
    expect(await row("Tempat")).toBe("Jakarta");
    expect(await row("Jumlah Arsip")).toBe("1 arsip");
    expect(await textOf(page, "[data-testid=verification-list-sha256]")).toBe(record.listSha256);
    expect(await textOf(page, "[data-testid=verification-pdf-sha256]")).toBe(record.pdfSha256);
    expect(await page.content()).not.toContain(SECRET_TITLE);
    expect(await page.title()).toBe(`Verifikasi Berita Acara ${record.number} | E-Arsip`);
    // The hashes wrap: nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectNoAxeViolations(page, `${path} ${viewport.width}px`);
  });

  it("answers 404 for an unknown uuid", async () => {
    const { page, expectHttpStatus } = await newPage({ javaScriptEnabled, viewport });
    expectHttpStatus(404);
    const response = await goto(page, `/verifikasi/${randomUUID()}`);
    expect(response?.status()).toBe(404);
    expect(await textOf(page, "h1")).toBe("Berita Acara tidak ditemukan.");
    await expectNoAxeViolations(page, `unknown verification ${viewport.width}px`);
  });
});

describe("caching and access", () => {
  it("is served to visitors from the edge cache, never to a signed-in user", async () => {
    let hit: Response | null = null;
    for (let attempt = 0; attempt < 20 && !hit; attempt++) {
      const response = await get(path);
      expect(response.status).toBe(200);
      if (response.headers.get("x-cache") === "HIT") hit = response;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(hit?.headers.get("cache-control")).toContain("public");
    const html = await hit!.text();
    expect(html).toContain(record.listSha256);
    expect(await htmlProblems(html)).toEqual([]);
    const session = await apiSession(DEMO_ACCOUNTS.viewer.username);
    const signedIn = await get(path, { headers: { cookie: session.cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toContain("no-store");
  });

  it("keeps the stored PDF from visitors and Viewers", async () => {
    const download = `/app/berita-acara/${record.uuid}/pdf`;
    const visitor = await get(download);
    // Sent away by the /app session gate, never the file.
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("content-type") ?? "").not.toContain("pdf");
    const viewer = await apiSession(DEMO_ACCOUNTS.viewer.username);
    expect((await get(download, { headers: { cookie: viewer.cookie } })).status).toBe(403);
  });
});
