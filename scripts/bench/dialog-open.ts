/**
 * How long a dialog takes to open after its link is clicked, as shipped (the dialog's code is
 * fetched while the link is visible, hovered or focused, so it is there before the page's loader
 * answers) against a control measured in the same run: the same page with the dialog's code held
 * back until the navigation to `?dialog=delete` is done, i.e. fetched on demand when the dialog
 * first renders, as before the prefetch. Measured on the
 * document page's 'Hapus' (delete) dialog, signed in as ft.staff, in Debian's Chromium, without
 * and with 150 ms of added network latency (a campus link or a phone).
 *
 *   npm start                                   # in another terminal
 *   node scripts/bench/dialog-open.ts [http://127.0.0.1:8787] [trials=15]
 */
import { chromium, type Page, type Route } from "playwright-core";

const base = process.argv[2] ?? "http://127.0.0.1:8787";
const trials = Number(process.argv[3] ?? 15);
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
/** The lazily loaded dialog module (app/components/dialog.tsx) as the build names it. */
const DIALOG_CHUNK = /\/assets\/dialog-[\w-]+\.js$/;

async function apiCookie(): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "ft.staff", password: "arsip-demo-2026" }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return response.headers.getSetCookie()[0]!.split(";")[0]!;
}

/** A document ft.staff may delete (its own unit's), so the page offers 'Hapus'. */
async function ownDocument(cookie: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/archives?size=50`, { headers: { cookie } });
  const body = (await response.json()) as { uuid: string; canDelete: boolean }[] | { data: { uuid: string; canDelete: boolean }[] };
  const found = (Array.isArray(body) ? body : body.data).find((document) => document.canDelete);
  if (!found) throw new Error("ft.staff has no document to delete");
  return found.uuid;
}

type Mode = "as shipped" | "control: code fetched when the dialog renders";

async function openOnce(page: Page, path: string, mode: Mode): Promise<number> {
  const held: Route[] = [];
  let clicked = false;
  await page.unrouteAll();
  // Routed in both modes (routing turns the HTTP cache off, so both fetch the code afresh, as
  // on a first visit); only the control holds it back until the click.
  await page.route(DIALOG_CHUNK, (route) => (mode === "as shipped" || clicked ? route.continue() : void held.push(route)));
  await page.goto(path);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  // What a person does before clicking: the link is on screen for a moment.
  await page.waitForTimeout(800);
  const link = page.getByTestId("delete-document");
  const start = performance.now();
  await link.click();
  if (mode !== "as shipped") {
    await page.waitForFunction(() => new URLSearchParams(location.search).get("dialog") === "delete", undefined, { polling: "raf" });
    clicked = true;
    for (const route of held.splice(0)) await route.continue();
  }
  await page.getByTestId("delete-dialog").waitFor({ state: "visible" });
  return performance.now() - start;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

const cookie = await apiCookie();
const uuid = await ownDocument(cookie);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
try {
  const rows: string[] = [];
  for (const latencyMs of [0, 150]) {
    for (const mode of ["as shipped", "control: code fetched when the dialog renders"] as Mode[]) {
      const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 800 } });
      const [name, value] = cookie.split("=");
      await context.addCookies([{ name: name!, value: value!, url: base }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: latencyMs, downloadThroughput: -1, uploadThroughput: -1 });
      const times: number[] = [];
      // The first run warms the server.
      await openOnce(page, `/app/documents/${uuid}`, mode);
      for (let i = 0; i < trials; i++) times.push(await openOnce(page, `/app/documents/${uuid}`, mode));
      rows.push(`| ${latencyMs} ms | ${mode} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 95).toFixed(0)} |`);
      await context.close();
    }
  }
  console.log(`Dialog open time, click to visible ('Hapus' on /app/documents/{uuid}), ${trials} trials each, ${new Date().toISOString()}\n`);
  console.log("| Added latency | Mode | median ms | p95 ms |\n|---|---|---|---|\n" + rows.join("\n"));
} finally {
  await browser.close();
}
