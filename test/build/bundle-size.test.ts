import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";

/**
 * Workers refuse scripts over their compressed size limit (3 MB on the Free plan, 10 MB on Paid).
 * Stay inside 2 MiB: pdf.js (text extraction) and pdf-lib (Berita Acara) are lazy chunks, loaded
 * only by the queue consumer and a list's execution, but they are uploaded with the Worker.
 */
const LIMIT_KIB = 2048;
const outdir = mkdtempSync(join(tmpdir(), "earsip-dry-run-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

it("bundles the Worker under 2 MiB compressed (wrangler deploy --dry-run)", () => {
  expect(existsSync("build/server/index.js"), "run `npm run build` first").toBe(true);
  const output = execFileSync("wrangler", ["deploy", "--dry-run", "--outdir", outdir], {
    encoding: "utf8",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" },
  });
  const match = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  expect(match, output).not.toBeNull();
  const gzipKib = Number(match![2]);
  console.info(`Worker bundle: ${match![1]} KiB, ${gzipKib} KiB gzip`);
  expect(gzipKib).toBeGreaterThan(10);
  expect(gzipKib).toBeLessThan(LIMIT_KIB);
});
