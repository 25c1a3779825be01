/**
 * How long a confirm dialog takes to open after its link is clicked (click to painted), in Debian's
 * Chromium with JavaScript on, for the dialogs people click most: 'Hapus' on a document page,
 * 'Hapus Permanen' in the trash, 'Laksanakan' on a disposal list and 'Respond' on the access
 * requests. Each is measured without and with 150 ms of added network latency (a campus link or
 * a phone): a dialog that waits for the server pays that latency, one opened in the page does not.
 *
 * It prepares what the dialogs need through the app's own doors (API and page forms): a document
 * of ft.staff, a document in the trash, a decided Usul Musnah list over a due record of a new
 * short-retention code, and a pending request of fe.staff to ft.staff's unit.
 *
 *   npm start                                   # in another terminal (or any served build)
 *   node scripts/bench/dialog-open.ts [http://127.0.0.1:8787] [trials=15]
 */
import { chromium, type Page } from "playwright-core";
import { makePdf } from "../demo-files.ts";
import { percentile } from "./build-snapshot.ts";

const base = process.argv[2] ?? "http://127.0.0.1:8787";
const trials = Number(process.argv[3] ?? 15);
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const PASSWORD = "arsip-demo-2026";

type Session = { cookie: string; csrfToken: string };

async function signIn(username: string): Promise<Session> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${username} answered ${response.status}`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie: response.headers.getSetCookie()[0]!.split(";")[0]!, csrfToken };
}

const word = () => `bench${Math.random().toString(36).slice(2, 10)}`;

async function upload(session: Session, fields: Record<string, string>): Promise<string> {
  const form = new FormData();
  const title = `Arsip Bench Dialog ${word()}`;
  const all = { categoryId: "1", title, documentNumber: `BENCH/${word()}`, year: "2025", keywords: "bench, dialog, uji, arsip, waktu", description: "Dokumen untuk mengukur waktu buka dialog.", accessLevel: "PRIVATE", ...fields };
  for (const [name, value] of Object.entries(all)) form.set(name, value);
  form.set("file", new Blob([new Uint8Array(makePdf([title]))], { type: "application/pdf" }), "bench.pdf");
  const response = await fetch(`${base}/api/v1/archives`, { method: "POST", headers: { cookie: session.cookie, "x-csrf-token": session.csrfToken, origin: base }, body: form });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { uuid: string } }).data.uuid;
}

/** A page form post as a browser without JavaScript sends it; returns where the action redirects. */
async function postForm(session: Session, path: string, fields: [string, string][]): Promise<string> {
  const body = new URLSearchParams([["_csrf", session.csrfToken], ...fields]);
  const response = await fetch(`${base}${path}`, { method: "POST", redirect: "manual", headers: { cookie: session.cookie, origin: base, "content-type": "application/x-www-form-urlencoded" }, body });
  if (response.status !== 302 && response.status !== 303) throw new Error(`POST ${path} answered ${response.status}`);
  return new URL(response.headers.get("location")!, base).pathname;
}

type Scenario = { name: string; account: Session; path: string; link: string; dialog: string };

async function scenarios(): Promise<Scenario[]> {
  const [admin, ftStaff, feStaff] = await Promise.all([signIn("admin"), signIn("ft.staff"), signIn("fe.staff")]);
  const own = await upload(ftStaff, {});
  const trashed = await upload(ftStaff, {});
  const trash = await fetch(`${base}/api/v1/archives/${trashed}`, { method: "DELETE", headers: { cookie: ftStaff.cookie, "x-csrf-token": ftStaff.csrfToken, origin: base } });
  if (trash.status !== 200) throw new Error(`trashing answered ${trash.status}`);
  // A code kept 1 + 1 years, a record of 2010 under it (due at once), a list of it, decided.
  const code = `BD${word().slice(5, 11).toUpperCase()}`;
  await postForm(admin, "/app/klasifikasi/create", [
    ["code", code], ["name", `Bench dialog ${code}`], ["description", ""], ["securityClass", "TERBATAS"],
    ["retentionActiveYears", "1"], ["retentionInactiveYears", "1"], ["finalDisposition", "MUSNAH"], ["legalBasis", ""],
  ]);
  const due = await upload(ftStaff, { year: "2010", classificationCode: code });
  const list = await postForm(admin, "/app/penyusutan", [["kind", "MUSNAH"], ["archive", due]]);
  await postForm(admin, list, [["intent", "approve-all"]]);
  const request = await fetch(`${base}/api/v1/archives/${own}/request-access`, {
    method: "POST",
    headers: { cookie: feStaff.cookie, "x-csrf-token": feStaff.csrfToken, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ requestMessage: "Untuk pengukuran waktu buka dialog." }),
  });
  if (request.status !== 201 && request.status !== 200) throw new Error(`request answered ${request.status}`);
  return [
    { name: "Hapus (document page)", account: ftStaff, path: `/app/documents/${own}`, link: "delete-document", dialog: "delete-dialog" },
    { name: "Hapus Permanen (trash)", account: admin, path: "/app/trash", link: "purge-document", dialog: "purge-dialog" },
    { name: "Laksanakan (disposal list)", account: admin, path: list, link: "execute", dialog: "execute-dialog" },
    { name: "Respond (access requests)", account: ftStaff, path: "/app/access-request", link: "respond", dialog: "respond-dialog" },
  ];
}

/**
 * Measured in the page: from the click event (capture phase, before the app's own handlers) to the
 * first frame painted with the dialog in it. Playwright's own click and wait add hundreds of
 * milliseconds on a loaded machine, which no person waits for.
 */
async function openOnce(page: Page, scenario: Scenario): Promise<number> {
  await page.goto(scenario.path);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  // What a person does before clicking: the link is on screen for a moment.
  await page.waitForTimeout(800);
  await page.evaluate((dialog) => {
    const timing: { click?: number; painted?: number } = {};
    (window as unknown as { dialogTiming: typeof timing }).dialogTiming = timing;
    window.addEventListener("click", () => (timing.click ??= performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (!document.querySelector(`[data-testid=${dialog}]`)) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (timing.painted = performance.now())));
    });
    observer.observe(document.body, { childList: true, subtree: true });
  }, scenario.dialog);
  await page.getByTestId(scenario.link).first().click();
  await page.getByTestId(scenario.dialog).waitFor({ state: "visible" });
  await page.waitForFunction(() => (window as unknown as { dialogTiming: { painted?: number } }).dialogTiming.painted !== undefined);
  return page.evaluate(() => {
    const timing = (window as unknown as { dialogTiming: { click: number; painted: number } }).dialogTiming;
    return timing.painted - timing.click;
  });
}

const all = await scenarios();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
try {
  const rows: string[] = [];
  for (const latencyMs of [0, 150]) {
    for (const scenario of all) {
      const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 800 } });
      const [name, value] = scenario.account.cookie.split("=");
      await context.addCookies([{ name: name!, value: value!, url: base }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: latencyMs, downloadThroughput: -1, uploadThroughput: -1 });
      const times: number[] = [];
      // The first run warms the server.
      await openOnce(page, scenario);
      for (let i = 0; i < trials; i++) times.push(await openOnce(page, scenario));
      times.sort((a, b) => a - b);
      rows.push(`| ${latencyMs} ms | ${scenario.name} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 95).toFixed(0)} |`);
      await context.close();
    }
  }
  console.log(`Dialog open time, click event to the first frame painted with the dialog, ${trials} trials each, ${new Date().toISOString()}\n`);
  console.log("| Added latency | Dialog | median ms | p95 ms |\n|---|---|---|---|\n" + rows.join("\n"));
} finally {
  await browser.close();
}
