import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, expect, it } from "vitest";
import { everyPage, gzippedBytes } from "../../scripts/bench/js-size.ts";

/**
 * What the browser downloads, read from the production build: no page ships zod (forms get
 * their rules as plain data from the server, and schemas stay on the server), and every page's
 * JavaScript — the entry and its routes' modules with their static imports, what the server
 * preloads — stays within 125 kB gzip; a page that can draw charts within 190 kB with chart.js,
 * which it loads when a chart nears the viewport.
 */
const clientDir = "build/client";
const assets = join(clientDir, "assets");
/** zod 4 keeps its internals under `_zod` and names its error class; minifying keeps both. */
const ZOD_FINGERPRINT = /\._zod\b|["']\$?ZodError["']/;

let files: string[];
const text = (file: string) => readFileSync(join(clientDir, file), "utf8");

beforeAll(() => {
  expect(existsSync(assets), "run `npm run build` first").toBe(true);
  files = readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .map((name) => `/assets/${name}`);
});

it("ships no zod to the browser: no client chunk holds it", () => {
  const withZod = files.filter((file) => ZOD_FINGERPRINT.test(text(file)));
  const pages = everyPage(clientDir).filter((page) => page.files.some((file) => withZod.includes(file)));
  expect(
    withZod.map((file) => `${file} (preloaded by ${pages.filter((page) => page.files.includes(file)).map((page) => page.routes.at(-1)).join(", ") || "a lazy import"})`),
    "a module the browser loads imports a zod schema: move what the page needs into a zod-free module (…-view.ts)",
  ).toEqual([]);
});

/**
 * The `…Messages` exports of `app/i18n/`: what only the server says (refusals, toasts an action
 * writes, validation). An object literal reaches the browser whole or not at all, so a catalogue
 * most of whose longer strings are in the client chunks has been imported by browser code; one
 * string alone may be a sentence a page's own strings repeat.
 */
function serverCatalogues(): { name: string; strings: string[] }[] {
  const catalogues: { name: string; strings: string[] }[] = [];
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
  for (const file of walk("app/i18n").filter((name) => name.endsWith(".ts"))) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/^export const (\w+Messages) = \{/gm)) {
      const body = source.slice(match.index!, source.indexOf("\n}", match.index!));
      const strings = [...body.matchAll(/"([^"\\]{24,})"/g)].map((literal) => literal[1]!);
      catalogues.push({ name: `${relative("app/i18n", file)}: ${match[1]}`, strings });
    }
  }
  return catalogues;
}

it("ships no server messages to the browser: no `…Messages` catalogue is in a client chunk", () => {
  const client = files.map(text).join("\n");
  const catalogues = serverCatalogues();
  expect(catalogues.length, "no `…Messages` export found under app/i18n").toBeGreaterThan(10);
  const shipped = catalogues.filter(({ strings }) => strings.length >= 3 && strings.filter((string) => client.includes(string)).length > strings.length / 2);
  expect(
    shipped.map(({ name }) => name),
    "browser code imports what only the server says: import the page's own strings instead, or move the key out of the `…Messages` export",
  ).toEqual([]);
});

it("gives the app's modules React as ESM bindings, not through the CommonJS interop", () => {
  // Through the interop a JSX element compiles to `(0, x.jsx)(…)`; through the facade to `jsx(…)`.
  // Should the plugin stop applying (a renamed import, a new React entry), every chunk goes back.
  const throughInterop = files.filter((file) => !/^\/assets\/shell-[\w-]+\.js$/.test(file) && /\(0,\w+\.jsxs?\)\(/.test(text(file)));
  expect(throughInterop, "app chunks call React's JSX runtime through the CommonJS interop (vite-plugins/react-esm-bindings.ts)").toEqual([]);
});

it("wraps lazy imports in the small preload helper, not Vite's own", () => {
  // Vite's helper reads a CSP nonce meta; ours does not. Should Vite rename its helper module,
  // the plugin stops applying and Vite's helper comes back.
  expect(
    files.filter((file) => text(file).includes("csp-nonce")),
    "Vite's own preload helper is in the build: has Vite renamed its helper module? (vite-plugins/small-preload-helper.ts)",
  ).toEqual([]);
  // The small helper shares a chunk with lazyComponent, whose imports it wraps (vite.config.ts).
  const lazy = files.filter((file) => /^\/assets\/lazy-component-[\w-]+\.js$/.test(file));
  expect(lazy.length).toBe(1);
  expect(text(lazy[0]!)).toContain("modulepreload");
  // A lazy import lists only the chunks its importer has not loaded: never the framework chunk.
  const listingShell = files.filter((file) => /__vite__mapDeps/.test(text(file)) && /"assets\/shell-[\w-]+\.js"/.test(text(file)));
  expect(listingShell, "lazy imports list chunks their importer already loaded (vite-plugins/small-preload-helper.ts)").toEqual([]);
});

/** kB = 1000 bytes, as the bench and the README count them. */
const PAGE_LIMIT_KB = 125;
/** A page that draws charts: its own JS and chart.js (a chunk it imports when a chart nears the viewport). */
const CHARTS_PAGE_LIMIT_KB = 190;
/**
 * Pages not yet within their limit, each with the size it measured when it was listed (kB, its
 * limit's kind included): it may not grow, and the test fails once it fits, so the entry is
 * removed then (a deliberate trade that makes a listed page larger says so in its decision record,
 * as 0309 does for the list pages). Why they are over: React DOM, React Router and the app shell
 * are 118 kB of every page (a page of nothing, `not-found`), which leaves 7 kB for a page's own
 * code; these pages' forms (the form kit is 2.3 kB), lists (the table 1.2 kB, the toolbar and
 * pagination 2.2 kB) and strings need more, and what they render on the first paint must hydrate
 * with it. Issue 31 tracks cutting them.
 */
const OVER_LIMIT_KB: Record<string, number> = {
  "routes/public-documents": 127.3,
  "routes/app/documents": 129.2,
  "routes/app/documents-create": 127.4,
  "routes/app/documents-bulk-upload": 129.5,
  "routes/app/document-update": 129.0,
  "routes/app/access-request": 128.3,
  "routes/app/audit-logs": 126.2,
  "routes/app/ppid/dip-entries": 128.1,
  "routes/app/ppid/detail": 127.5,
  "routes/app/api-tokens": 129.2,
};

const chartChunk = (file: string) => /^\/assets\/chart-runtime-[\w-]+\.js$/.test(file);

it("keeps every page's JavaScript within 125 kB gzip, and a page with charts within 190 kB with chart.js", () => {
  const charts = files.filter(chartChunk);
  expect(charts.length, "chart.js is no longer the chunk chart-runtime-*.js: update this test").toBe(1);
  const chartsName = charts[0]!.slice("/assets/".length);
  const measured = everyPage(clientDir).map((page) => {
    const route = page.routes.at(-1)!;
    const drawsCharts = page.files.some((file) => text(file).includes(chartsName));
    const kB = gzippedBytes(clientDir, drawsCharts ? [...page.files, ...charts] : page.files) / 1000;
    return { route, kB, limit: drawsCharts ? CHARTS_PAGE_LIMIT_KB : PAGE_LIMIT_KB, listed: OVER_LIMIT_KB[route] };
  });
  expect(measured.length).toBeGreaterThan(40);
  const fmt = (kB: number) => `${kB.toFixed(1)} kB`;
  const problems = measured.flatMap(({ route, kB, limit, listed }) => {
    if (listed === undefined) return kB > limit ? [`${route}: ${fmt(kB)} > ${limit} kB`] : [];
    if (kB <= limit) return [`${route}: ${fmt(kB)} now fits its ${limit} kB: remove it from OVER_LIMIT_KB`];
    return kB > listed + 0.05 ? [`${route}: ${fmt(kB)} grew past the ${fmt(listed)} it was listed with`] : [];
  });
  const unknown = Object.keys(OVER_LIMIT_KB).filter((route) => !measured.some((page) => page.route === route));
  expect([...problems, ...unknown.map((route) => `${route}: listed in OVER_LIMIT_KB but no such page`)], measured.map(({ route, kB }) => `${route} ${fmt(kB)}`).join("\n")).toEqual([]);
});
