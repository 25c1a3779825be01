/**
 * Browser helpers for the e2e suite: one headless Debian Chromium (its headless shell) per test file, a fresh context
 * per test (JavaScript on or off), a guard that fails the test on any console error or uncaught
 * page error, and a login helper.
 *
 * playwright-core has no auto-retrying `expect`: wait for elements (`locator.waitFor()`,
 * `page.waitForURL()`, `page.waitForFunction()`) before asserting. With JavaScript off,
 * `page.waitForFunction()` checks once and never again (it polls from the page's main world,
 * where scripts are off): a page that is still loading then times out. Wait with a locator
 * there; locators poll from Playwright's side.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page, type Response } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";

export const DEMO_PASSWORD = "arsip-demo-2026";

export const DEMO_ACCOUNTS = {
  admin: { username: "admin", fullName: "Administrator Sistem", role: "Super Admin" },
  ftStaff: { username: "ft.staff", fullName: "Staf Fakultas Teknik", role: "Satuan Kerja" },
  feStaff: { username: "fe.staff", fullName: "Staf Fakultas Ekonomi", role: "Satuan Kerja" },
  viewer: { username: "viewer", fullName: "Pengguna Viewer", role: "Viewer" },
} as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS];

/** Both projects every form test runs in. */
export const JS_MODES = [
  ["JS on", true],
  ["JS off", false],
] as const;

/**
 * Debian's chromium-headless-shell: the same Chromium build as /usr/bin/chromium without the
 * desktop browser around it, which cost the suite a third of its time (a browser process and a
 * renderer per test). scripts/test.sh installs it; a machine without it uses the full browser.
 */
const CHROMIUM_EXECUTABLE = existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium";

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * A page that posts no form of its own at a laptop and a phone: JavaScript on at both sizes, off at
 * the phone's only. Without JavaScript the markup differs (fallbacks, no enhancement), not the
 * layout's rules, and the laptop's layout is checked with JavaScript on.
 */
export const SIZE_RUNS = [
  { size: "1366x800", mode: "JS on", viewport: { width: 1366, height: 800 }, javaScriptEnabled: true },
  { size: "390x844", mode: "JS on", viewport: { width: 390, height: 844 }, javaScriptEnabled: true },
  { size: "390x844", mode: "JS off", viewport: { width: 390, height: 844 }, javaScriptEnabled: false },
] as const;

/**
 * The server of this test worker (VITEST_POOL_ID runs from 1 to the number of workers): each
 * worker's files have a server and a database of their own.
 */
export function thisServer(): { baseURL: string; persistTo: string } {
  const servers = inject("servers");
  return servers[(Number(process.env.VITEST_POOL_ID ?? "1") - 1) % servers.length]!;
}

export const baseURL = () => thisServer().baseURL;

export type PageOptions = {
  javaScriptEnabled: boolean;
  viewport?: { width: number; height: number };
};

export type TestPage = {
  page: Page;
  context: BrowserContext;
  /**
   * Chromium logs "Failed to load resource: ... status of 4xx" as a console error whenever a
   * document or data request answers with an error status. A test that expects such a status
   * declares it here; every other console error still fails the test.
   */
  expectHttpStatus(...statuses: number[]): void;
};

type Tracked = { context: BrowserContext; errors: string[]; allowed: Set<number> };

/**
 * Registers beforeAll/afterAll (one Chromium per file) and afterEach (close the test's contexts,
 * then fail the test if any page logged a console error or threw). Call once per test file, at
 * the top level.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  let tracked: Tracked[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, headless: true, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    const current = tracked;
    tracked = [];
    await Promise.all(current.map((entry) => entry.context.close()));
    const errors = current.flatMap((entry) =>
      entry.errors.filter((message) => {
        const status = /status of (\d{3})/.exec(message)?.[1];
        return !(message.startsWith("console.error: Failed to load resource") && status && entry.allowed.has(Number(status)));
      }),
    );
    if (errors.length > 0) throw new Error(`The page reported errors:\n${errors.join("\n")}`);
  });

  async function newPage({ javaScriptEnabled, viewport = { width: 1280, height: 800 } }: PageOptions): Promise<TestPage> {
    if (!browser) throw new Error("useBrowser(): the browser is not launched yet (call newPage inside a test)");
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled, viewport, locale: "id-ID" });
    const entry: Tracked = { context, errors: [], allowed: new Set() };
    tracked.push(entry);
    context.on("console", (message) => {
      if (message.type() !== "error") return;
      const location = message.location();
      entry.errors.push(`console.error: ${message.text()}${location.url ? ` (${location.url})` : ""}`);
    });
    context.on("weberror", (error) => entry.errors.push(`pageerror: ${error.error().stack ?? error.error().message}`));
    const page = await context.newPage();
    return {
      page,
      context,
      expectHttpStatus: (...statuses) => statuses.forEach((status) => entry.allowed.add(status)),
    };
  }

  return { newPage };
}

/**
 * With JavaScript on, wait until React has hydrated the document, so clicks go through React
 * Router (a click before that would submit the form natively). With JavaScript off: no-op.
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (!(await javaScriptEnabled(page))) return;
  await page.waitForFunction(() => {
    const isHydrated = (node: object | null) => !!node && Object.keys(node).some((key) => key.startsWith("__reactFiber$"));
    const isRoot = Object.keys(document).some((key) => key.startsWith("__reactContainer$"));
    return isRoot && isHydrated(document.body) && "__reactRouterDataRouter" in window;
  });
}

async function javaScriptEnabled(page: Page): Promise<boolean> {
  // With JavaScript disabled, page.evaluate still runs (it is the automation channel), but
  // no page script ran, so React Router's globals are missing and <noscript> applies.
  return page.evaluate(() => "__reactRouterContext" in window);
}

/** Navigate and, with JavaScript on, wait for hydration. */
export async function goto(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/** Fill the login form by its labels and submit it; does not wait for the outcome. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== "/login") await goto(page, "/login");
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Sign in through the login form, as a person does, and wait for /app. */
export async function loginThroughForm(page: Page, account: { username: string }, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, account.username, password);
  await page.waitForURL((url) => url.pathname === "/app");
  await waitForHydration(page);
}

/**
 * Sign in as a demo account and open `open` (/app unless the test starts elsewhere). The login
 * form's own post is sent from the page's request context (it shares the browser context's
 * cookies), so the test does not pay for drawing and hydrating /login, nor the dashboard when it
 * starts on another page: the form itself is what `loginThroughForm` and the auth tests drive. A
 * refused login fails here with the server's answer.
 */
export async function login(
  page: Page,
  account: { username: string },
  { password = DEMO_PASSWORD, open = "/app" }: { password?: string; open?: string } = {},
): Promise<void> {
  const response = await page.request.post("/login", { form: { username: account.username, password }, maxRedirects: 0 });
  const location = response.headers()["location"] ?? "";
  if (response.status() !== 302 || new URL(location, baseURL()).pathname !== "/app") {
    throw new Error(`login(${account.username}): expected a redirect to /app, got ${response.status()} ${location}`);
  }
  await goto(page, open);
}

/** Current pathname of the page. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Whitespace-normalised text content. */
export async function textOf(page: Page, selector: string): Promise<string> {
  const text = await page.locator(selector).first().textContent();
  return (text ?? "").replace(/\s+/g, " ").trim();
}
