/**
 * Lighthouse (mobile preset) on the public pages: `/`, `/documents`, `/panduan` and a public
 * document page. Builds first if there is no production build, serves it exactly as the e2e suite
 * does (fresh seeded D1/R2 in a temp folder, `wrangler dev` on a free port of 127.0.0.1, stopped
 * at the end), runs the `lighthouse` package against Debian's Chromium and prints performance /
 * accessibility / best practices / SEO per page; the table also goes to
 * scripts/lighthouse-results.md. Not part of `npm test`: scores depend on the machine's load.
 *
 *   npm run lighthouse:report [-- --build]   (--build: rebuild even if a build exists)
 */
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import setupServer from "../test/support/node/e2e-server.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

if (process.argv.includes("--build") || !existsSync(join(root, "build/server/index.js"))) {
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const provided = new Map<string, string>();
const teardown = await setupServer({ provide: (key: string, value: string) => provided.set(key, value) } as never);
let chrome: chromeLauncher.LaunchedChrome | undefined;
const stopAll = async () => {
  await chrome?.kill();
  await teardown();
};
process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));

try {
  const baseURL = provided.get("baseURL")!;
  const listHtml = await (await fetch(`${baseURL}/documents`)).text();
  const documentPath = /href="(\/documents\/[0-9a-f-]{36})"/.exec(listHtml)?.[1];
  if (!documentPath) throw new Error("no public document link on /documents");
  const paths = ["/", "/documents", "/panduan", documentPath];

  chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  const rows: { path: string; scores: number[]; failing: string[] }[] = [];
  let version = "";
  for (const path of paths) {
    // One warm-up request, so the edge cache and the isolate are in their steady state.
    await (await fetch(baseURL + path)).arrayBuffer();
    const result = await lighthouse(baseURL + path, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
    const { categories, audits } = result.lhr;
    version = result.lhr.lighthouseVersion;
    const scores = CATEGORIES.map((category) => Math.round((categories[category]?.score ?? 0) * 100));
    // What keeps a category below 100: audits that have a score below 1 and count in some category.
    const counted = new Set(CATEGORIES.flatMap((category) => categories[category]?.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id) ?? []));
    const failing = Object.values(audits)
      .filter((audit) => counted.has(audit.id) && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
    rows.push({ path, scores, failing });
    console.log(`${path}: ${CATEGORIES.map((category, i) => `${category} ${scores[i]}`).join(", ")}${failing.length ? `\n  below 1: ${failing.join(", ")}` : ""}`);
  }

  const table = [
    "| Page | Performance | Accessibility | Best practices | SEO |",
    "|---|---:|---:|---:|---:|",
    ...rows.map((row) => `| \`${row.path.startsWith("/documents/") ? "/documents/{uuid}" : row.path}\` | ${row.scores.join(" | ")} |`),
  ].join("\n");
  const notes = rows.filter((row) => row.failing.length).map((row) => `- \`${row.path}\`: ${row.failing.join(", ")}`).join("\n");
  writeFileSync(
    join(root, "scripts/lighthouse-results.md"),
    `# Lighthouse (mobile preset)\n\n${new Date().toISOString()}, Lighthouse ${version}, Debian Chromium, production build on local \`wrangler dev\`.\n\n${table}\n\n${notes ? `Audits below full score (performance audits included):\n\n${notes}\n` : ""}`,
  );
  console.log(`\n${table}\n\nWritten to scripts/lighthouse-results.md`);
} finally {
  await stopAll();
}

