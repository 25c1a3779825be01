import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";

/**
 * Workers refuse scripts over their compressed size limit (3 MB on the Free plan, 10 MB on Paid),
 * and a page request pays for its Worker's size at every cold start. The page Worker stays within
 * 1 MiB: pdf.js (PDF text) and pdf-lib (Berita Acara) live in the processor Worker, which it
 * reaches by a service binding, and which stays within 2 MiB.
 */
const LIMITS_KIB = { server: 1024, processor: 2048 } as const;
const outdir = mkdtempSync(join(tmpdir(), "earsip-dry-run-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

function dryRunGzipKib(worker: keyof typeof LIMITS_KIB): number {
  const output = execFileSync("wrangler", ["deploy", "--dry-run", "-c", `build/${worker}/wrangler.json`, "--outdir", join(outdir, worker)], {
    encoding: "utf8",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" },
  });
  const match = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  expect(match, output).not.toBeNull();
  console.info(`${worker} Worker bundle: ${match![1]} KiB, ${match![2]} KiB gzip`);
  return Number(match![2]);
}

it.each(Object.entries(LIMITS_KIB) as [keyof typeof LIMITS_KIB, number][])("bundles the %s Worker within its limit (wrangler deploy --dry-run)", (worker, limit) => {
  expect(existsSync(`build/${worker}/index.js`), "run `npm run build` first").toBe(true);
  const gzipKib = dryRunGzipKib(worker);
  expect(gzipKib).toBeGreaterThan(10);
  expect(gzipKib).toBeLessThan(limit);
});

it("keeps pdf.js and pdf-lib out of the page Worker", () => {
  const scripts = readdirSync("build/server", { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  const withPdfLibraries = scripts.filter((name) => /PDFDocument\.create|getDocumentProxy/.test(readFileSync(join("build/server", name), "utf8")));
  expect(withPdfLibraries).toEqual([]);
});
