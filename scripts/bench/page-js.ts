/**
 * What each page's JavaScript is made of, read from the production build (`npm run build` first):
 * the page's gzipped total (as `test/build/client-js.test.ts` counts it), then each chunk it
 * preloads beyond the framework chunk: its gzip size, how many pages load it, and how many of its
 * exports this page's chunks import (a route's own module is loaded by React Router instead). A chunk loaded for one export of many is where a page
 * carries what it does not use (0309).
 *
 *   npm run js:pages                     every page, largest first
 *   npm run js:pages -- 'documents$'     the pages whose route id matches
 *   npm run js:pages -- --over           the pages over their limit
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { everyPage } from "./js-size.ts";

const CLIENT_DIR = "build/client";
const LIMIT_KB = 125;
/** What every page loads: not worth a line per page. */
const FRAMEWORK = /^(entry\.client|shell|rolldown-runtime|root)$/;

const args = process.argv.slice(2);
const overOnly = args.includes("--over");
const pattern = args.find((arg) => !arg.startsWith("--"));
const matches = pattern ? new RegExp(pattern) : null;

const text = (file: string) => readFileSync(join(CLIENT_DIR, file), "utf8");
const gzipKb = (file: string) => gzipSync(readFileSync(join(CLIENT_DIR, file)), { level: 9 }).length / 1000;
const chunkName = (file: string) => file.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.js$/, "");
/** The names a chunk exports (`export{a as b,…}` of the minified build). */
const exportCount = (file: string) => [...text(file).matchAll(/export\{([^}]*)\}/g)].reduce((count, match) => count + match[1]!.split(",").length, 0);

const pages = everyPage(CLIENT_DIR);
const loadedBy = new Map<string, number>();
for (const page of pages) for (const file of page.files) loadedBy.set(file, (loadedBy.get(file) ?? 0) + 1);

const rows = pages
  .map((page) => ({ route: page.routes.at(-1)!, files: page.files, kB: page.files.reduce((sum, file) => sum + gzipKb(file), 0) }))
  .filter((page) => (!matches || matches.test(page.route)) && (!overOnly || page.kB > LIMIT_KB))
  .sort((a, b) => b.kB - a.kB);

for (const page of rows) {
  // Which exports of each chunk this page's chunks import (`import{x as y}from"./chunk.js"`).
  const imported = new Map<string, Set<string>>();
  for (const file of page.files) {
    for (const match of text(file).matchAll(/import\{([^}]*)\}from"\.\/([^"]+)"/g)) {
      const target = `/assets/${match[2]}`;
      const names = imported.get(target) ?? new Set<string>();
      for (const binding of match[1]!.split(",")) names.add(binding.trim().split(" as ")[0]!);
      imported.set(target, names);
    }
  }
  console.log(`${page.kB.toFixed(2)} kB  ${page.route}`);
  for (const file of page.files) {
    const name = chunkName(file);
    if (FRAMEWORK.test(name)) continue;
    // A chunk none of the page's chunks imports is one of its routes' modules (React Router loads it).
    const used = imported.get(file)?.size;
    const use = used === undefined ? "a route module" : `${used} of ${exportCount(file)} exports used`;
    const loaders = loadedBy.get(file)!;
    console.log(`  ${gzipKb(file).toFixed(2).padStart(5)}  ${name.padEnd(28)} loaded by ${String(loaders).padStart(2)} page${loaders === 1 ? " " : "s"}, ${use}`);
  }
}
if (rows.length === 0) console.log("no page matches");
