/**
 * `npm run bench:routes [-- --matches N --passes N --report FILE]`: what matching a page
 * request against the product's routes costs with React Router's default matcher (each route's
 * regular expressions in rank order, what the browser uses) and with its route-pattern matcher
 * (what the Worker uses, twice per page request), on this machine's V8 as workerd runs it. The
 * best of `--passes` passes of `--matches` matches per path (the first pass warms the JIT).
 * Markdown to stdout and scripts/bench/route-matching-results.md (or `--report FILE`).
 */
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { createStaticHandler } from "react-router";
import { pagePatterns, productRoutes } from "../../test/support/shared/product-routes.ts";
import { withRoutePatternMatching } from "../../workers/route-matching.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const MATCHES = Number(option("--matches", "20000"));
const PASSES = Number(option("--passes", "5"));
const REPORT_FILE = option("--report", `${root}scripts/bench/route-matching-results.md`);

const PATHS = ["/app/documents", "/app/documents/0b6a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b", "/app", "/documents", "/app/penyusutan/daftar/0b6a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b", "/tidak-ada"];

const routes = productRoutes();
const matchers = {
  "default (regular expressions in rank order)": createStaticHandler(routes),
  "route pattern (the Worker's)": createStaticHandler(routes, { future: withRoutePatternMatching({ future: {} } as never).future }),
};

/** Microseconds a match: the best of PASSES passes. */
function microsecondsPerMatch(match: (path: string) => unknown, path: string): number {
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < PASSES; pass++) {
    const start = performance.now();
    for (let i = 0; i < MATCHES; i++) match(path);
    best = Math.min(best, ((performance.now() - start) * 1000) / MATCHES);
  }
  return best;
}

const names = Object.keys(matchers) as (keyof typeof matchers)[];
const rows = PATHS.map((path) => {
  const [slow, fast] = names.map((name) => microsecondsPerMatch((p) => matchers[name].match(p), path)) as [number, number];
  return `| \`${path}\` | ${slow.toFixed(1)} | ${fast.toFixed(1)} | ${(slow / fast).toFixed(1)}× |`;
});

const report = `# Route matching

${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC · ${cpus().length} cores (${cpus()[0]?.model.trim()}) · Node ${process.version} · ${pagePatterns().length} routes (\`app/routes.ts\`) · best of ${PASSES} passes of ${MATCHES.toLocaleString("en")} matches per path.

| Path | ${names[0]} µs | ${names[1]} µs | speed-up |
|---|---:|---:|---:|
${rows.join("\n")}

A page request is matched twice on the server (the request handler, then its static handler).
`;
writeFileSync(REPORT_FILE, report);
console.log(report);
