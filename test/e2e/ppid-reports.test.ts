/**
 * The PPID's annual report: an officer (Super Admin) opens 'Laporan Tahunan' from the register,
 * picks a year with the GET form (JavaScript off at 390 px, on at 1366 px) and reads its figures;
 * the report's and the registers' CSV/PDF links answer 200 with their content types, and refuse
 * anyone outside the desk. axe-clean.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../support/node/axe";
import { DEMO_ACCOUNTS, goto, login, useBrowser } from "../support/node/browser";
import { executeOnE2eDb } from "../support/node/e2e-db";
import { fetchAs, signInOverHttp } from "../support/node/http-session";

const { newPage } = useBrowser();

/** A year of its own, so the figures are this file's alone: one answered request, one still open. */
const YEAR = 2029;

beforeAll(() => {
  const insert = (seq: number, channel: string, status: string, answeredOn: string | null) =>
    executeOnE2eDb(
      `INSERT INTO ppid_requests (uuid, registration_number, year, seq, status, channel, requester_name, information, purpose, format, delivery, secret_seed, submitted_at, received_at, received_on, due_date, answered_at, answered_on, outcome, answer_message)
       VALUES (?, ?, ?, ?, ?, ?, 'Pemohon Uji', 'Laporan keuangan', 'Penelitian', 'MELIHAT', 'EMAIL', ?, ?, ?, '${YEAR}-03-05', '${YEAR}-03-19', ?, ?, ?, ?)`,
      randomUUID(),
      `PPID/${YEAR}/${String(seq).padStart(6, "0")}`,
      YEAR,
      seq,
      status,
      channel,
      randomUUID(),
      `${YEAR}-03-05T02:00:00Z`,
      `${YEAR}-03-05T02:00:00Z`,
      answeredOn && `${answeredOn}T02:00:00Z`,
      answeredOn,
      answeredOn && "DIBERIKAN",
      answeredOn && "Terlampir.",
    );
  insert(1, "SURAT", "DIJAWAB", `${YEAR}-03-12`);
  insert(2, "LANGSUNG", "DITERIMA", null);
});

const RUNS = [
  { mode: "JavaScript off", javaScriptEnabled: false, viewport: { width: 390, height: 844 } },
  { mode: "JavaScript on", javaScriptEnabled: true, viewport: { width: 1366, height: 800 } },
] as const;

describe.each(RUNS)("$mode at $viewport.width px", ({ javaScriptEnabled, viewport }) => {
  it("an officer opens 'Laporan Tahunan', picks a year and reads its figures", async () => {
    const { page } = await newPage({ javaScriptEnabled, viewport });
    await login(page, DEMO_ACCOUNTS.admin, { open: "/app/ppid" });
    await page.getByRole("heading", { level: 1, name: "Register Permohonan Informasi" }).waitFor();
    await page.getByTestId("ppid-report").click();
    await page.getByRole("heading", { level: 1, name: "Laporan Tahunan PPID" }).waitFor();

    await page.getByLabel("Tahun").fill(String(YEAR));
    await page.getByTestId("ppid-report-show").click();
    await page.getByRole("heading", { level: 2, name: `Tahun ${YEAR}` }).waitFor();
    expect(new URL(page.url()).search).toBe(`?tahun=${YEAR}`);
    const figures = page.getByTestId("ppid-report-section-0");
    const figure = async (label: string) => (await figures.getByRole("row", { name: label }).getByRole("cell").textContent())?.trim();
    expect(await figure("Permohonan diterima")).toBe("2");
    expect(await figure("Dijawab tepat waktu (sampai batas waktu yang berlaku)")).toBe("1");
    expect(await figure("Belum dijawab")).toBe("1");
    expect(await figure("Median waktu jawaban (hari kerja)")).toBe("5");
    await expectNoAxeViolations(page, `/app/ppid/laporan ${viewport.width}px`);

    if (!javaScriptEnabled) return;
    // The six downloads of the year: the report and both registers, as CSV and PDF.
    const links = page.locator("[data-testid^='ppid-download-']");
    expect(await links.count()).toBe(6);
    for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")!))) {
      expect(href).toMatch(new RegExp(`/unduh\\.(csv|pdf)\\?tahun=${YEAR}$`));
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()["content-type"], href).toBe(href.includes(".csv") ? "text/csv; charset=utf-8" : "application/pdf");
      if (href.includes("/permohonan/unduh.csv")) expect(await response.text()).toContain(`PPID/${YEAR}/000002`);
    }
    // Outside the desk: refused by the layout's gate.
    const viewer = await signInOverHttp(DEMO_ACCOUNTS.viewer.username);
    for (const path of [`/app/ppid/laporan?tahun=${YEAR}`, `/app/ppid/permohonan/unduh.csv?tahun=${YEAR}`, `/app/ppid/laporan/unduh.pdf`]) {
      expect((await fetchAs(path, viewer)).status, path).toBe(403);
    }
  });
});
