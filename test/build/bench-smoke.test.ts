import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runScript, type ScriptRun } from "../support/node/run-script";

/**
 * Every benchmark script runs once at a tiny size against the production build `npm test` has
 * just made (`--no-build`), so none rots unseen between the rounds that run them for real: each
 * must finish and write its report (to a temp file: the committed reports stay).
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "earsip-bench-smoke-"));
/** Seconds a script may take here; on a shared 2-core machine each takes well under this. */
const TIMEOUT_MS = 300_000;

const report = (name: string) => join(work, name);
const expectRan = (run: ScriptRun) => expect(run.code, `${run.stdout}${run.stderr}`.split("\n").slice(-40).join("\n")).toBe(0);

beforeAll(() => {
  expect(existsSync(join(root, "build/server/index.js")), "run `npm run build` first").toBe(true);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

it(
  "npm run bench: every scenario, control, profile and transfer at 300 documents, A/B against the same build",
  async () => {
    const file = report("bench.md");
    expectRan(
      await runScript([
        "scripts/bench/run.ts",
        ...["--no-build", "--report", file, "--baseline-build", join(root, "build")],
        ...["--count", "300", "--duration", "0.3", "--warmup", "0", "--prewarm", "0.1", "--profile-seconds", "0.3", "--quiet-budget", "0", "--transfer-mb", "1"],
      ]),
    );
    const text = readFileSync(file, "utf8");
    for (const heading of ["| Page | CPU | (a'') its markup |", "### CPU profiles of the app isolate", "| Transfer (MB = 10^6 bytes) |", "Gzipped JS per page", "| Page | This build | Baseline |"]) {
      expect(text).toContain(heading);
    }
  },
  TIMEOUT_MS,
);

it("npm run js:pages: a page's JavaScript chunk by chunk, read from the build", async () => {
  const run = await runScript(["scripts/bench/page-js.ts", "routes/app/documents$"]);
  expectRan(run);
  expect(run.stdout).toMatch(/^\d+\.\d\d kB {2}routes\/app\/documents\n/);
  expect(run.stdout).toMatch(/ {2}documents +loaded by {2}1 page , a route module/);
  expect(run.stdout).toMatch(/data-table +loaded by +\d+ pages, \d+ of \d+ exports used/);
});

it(
  "npm run bench:search: the four query kinds without and with texts at 200 documents",
  async () => {
    const file = report("search.md");
    expectRan(await runScript(["scripts/bench/search.ts", "--no-build", "--report", file, "--docs", "200", "--requests", "3", "--seconds", "5"]));
    expect(readFileSync(file, "utf8")).toMatch(/\| two words `pengabdian masyarakat` \|/);
  },
  TIMEOUT_MS,
);

it(
  "npm run bench:stemmer: the stemmer's words per second over 5 texts, one pass",
  async () => {
    const file = report("stemmer.md");
    expectRan(await runScript(["scripts/bench/stemmer.ts", "--texts", "5", "--passes", "1", "--report", file]));
    expect(readFileSync(file, "utf8")).toMatch(/\| Stemmer \| Words \| Count \| Words\/s \|/);
  },
  TIMEOUT_MS,
);

it(
  "npm run bench:extraction: a 3-page PDF read by the consumer's extractor",
  async () => {
    const file = report("extraction.md");
    expectRan(await runScript(["scripts/bench/extraction.ts", "--pages", "3", "--runs", "1", "--report", file]));
    expect(readFileSync(file, "utf8")).toMatch(/PDF of 3 pages .* pages\/s/);
  },
  TIMEOUT_MS,
);

it(
  "npm run bench:routes: both route matchers over the product's routes, 100 matches a path",
  async () => {
    const file = report("routes.md");
    expectRan(await runScript(["scripts/bench/route-matching.ts", "--matches", "100", "--passes", "1", "--report", file]));
    expect(readFileSync(file, "utf8")).toMatch(/\| `\/app\/documents` \| [\d.]+ \| [\d.]+ \|/);
  },
  TIMEOUT_MS,
);

it(
  "npm run bench:import: 10 documents from a generated ZIP through the API, beside 3 and the 3 with larger files",
  async () => {
    const file = report("import.md");
    expectRan(await runScript(["scripts/bench/import.ts", "--no-build", "--report", file, "--docs", "10", "--small", "3", "--heavy-kb", "16"]));
    expect(readFileSync(file, "utf8")).toMatch(/\| \*\*the bench\*\* \| 10 \|/);
  },
  TIMEOUT_MS,
);
