import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
import { everyPage } from "../../scripts/bench/js-size.ts";

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
