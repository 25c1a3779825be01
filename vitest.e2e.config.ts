import { defineConfig } from "vitest/config";

/**
 * End-to-end tests: headless Chromium (playwright-core + Debian's /usr/bin/chromium) against the
 * production build served by `wrangler dev` on a fresh, seeded local D1/R2 (see
 * test/support/node/e2e-server.ts). Build first: `npm run build && npm run test:e2e`.
 */
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./test/support/node/e2e-server.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server, two cores: files run one after another.
    fileParallelism: false,
  },
});
