import { defineConfig } from "vitest/config";
import { E2E_WORKERS } from "./test/support/node/e2e-workers";

/**
 * End-to-end tests: headless Chromium (playwright-core + Debian's /usr/bin/chromium) against the
 * production build served in workerd (through Miniflare) on a fresh, seeded local D1/R2 (see
 * test/support/node/e2e-server.ts). Build first: `npm run build && npm run test:e2e`.
 */
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./test/support/node/e2e-server.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time, each worker with its own server and database (see e2e-workers.ts):
    // one file at a time left a third of the two cores idle.
    fileParallelism: true,
    // playwright-core and the support modules imported once per worker, not once per file (a
    // fifth of a small file's time). Each file still launches its own Chromium (useBrowser).
    isolate: false,
    maxWorkers: E2E_WORKERS,
  },
});
