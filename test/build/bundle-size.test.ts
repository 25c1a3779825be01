import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";

/** Workers refuse scripts over their compressed size limit; stay well inside 1 MiB. */
const LIMIT_KIB = 1024;
const outdir = mkdtempSync(join(tmpdir(), "earsip-dry-run-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

it("bundles the Worker under 1 MiB compressed (wrangler deploy --dry-run)", () => {
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
