/**
 * axe-core in a Playwright page: injects `node_modules/axe-core/axe.min.js` (works with page
 * JavaScript off too: evaluate runs in the automation channel), runs the WCAG 2.0/2.1 A and AA
 * rules, and fails with a readable list of every violation and the nodes it found.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import type { AxeResults, Result } from "axe-core";
import { goto } from "./browser";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The violations of the page as it is now (no waiting: call after the page's heading is there).
 * A page with JavaScript off cannot run axe (its timers never fire), so its DOM — checkbox states
 * included, scripts removed — is audited in a twin page with JavaScript on, at the same URL,
 * viewport and styles.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => "__reactRouterContext" in window))) return axeViolationsOfCopy(page);
  return runAxe(page);
}

async function runAxe(page: Page): Promise<Result[]> {
  const hasAxe = await page.evaluate(() => "axe" in window);
  if (!hasAxe) await page.evaluate(axeSource);
  const results = (await page.evaluate(
    // `region` (content outside landmarks) is a best practice, checked too: the shell puts every
    // visible thing in a landmark.
    (tags) => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe.run(document, {
      runOnly: { type: "tag", values: [...tags, "best-practice"] },
      resultTypes: ["violations"],
    }),
    WCAG_TAGS,
  )) as AxeResults;
  return results.violations;
}

/**
 * One twin page per browser, reused for every audit of a JavaScript-off page: a context of its
 * own costs a tenth of a second or more each time, and the twin's styles stay in its cache.
 */
const twins = new WeakMap<Browser, Promise<{ page: Page; serve: { url: string; html: string } }>>();

function twinOf(browser: Browser) {
  let twin = twins.get(browser);
  if (!twin) {
    twin = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true, locale: "id-ID" });
      const page = await context.newPage();
      const serve = { url: "", html: "" };
      await page.route(
        (candidate) => candidate.href === serve.url,
        (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: serve.html }),
      );
      return { page, serve };
    })();
    twins.set(browser, twin);
  }
  return twin;
}

async function axeViolationsOfCopy(page: Page): Promise<Result[]> {
  await page.evaluate(() => document.querySelectorAll("input:checked").forEach((input) => input.setAttribute("checked", "")));
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("axe: the page has no browser");
  const twin = await twinOf(browser);
  twin.serve.url = page.url();
  twin.serve.html = html;
  const viewport = page.viewportSize();
  if (viewport) await twin.page.setViewportSize(viewport);
  // From a blank page, so an address differing only in its #fragment still loads the copy.
  await twin.page.goto("about:blank");
  await twin.page.goto(page.url());
  return runAxe(twin.page);
}

export function formatViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    - ${node.target.join(" ")}: ${node.failureSummary?.replace(/\n\s*/g, " ") ?? ""}`).join("\n");
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes}`;
    })
    .join("\n");
}

/** Throws when axe finds any violation on the page. */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) throw new Error(`axe found ${violations.length} violation(s) on ${label}:\n${formatViolations(violations)}`);
}

/**
 * Visit each path (waiting for its <h1>), audit it, and fail once with every page's violations
 * (one page's failure does not hide the next's).
 */
export async function auditPages(page: Page, paths: string[]): Promise<void> {
  const failures: string[] = [];
  for (const path of paths) {
    await goto(page, path);
    await page.locator("h1").first().waitFor();
    try {
      await expectNoAxeViolations(page, path);
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  if (failures.length > 0) throw new Error(failures.join("\n\n"));
}
