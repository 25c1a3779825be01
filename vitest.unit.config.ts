import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Pure tests in Node: app/domain (policy, schemas, helpers) and the build checks. */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["test/unit/**/*.test.ts", "test/build/**/*.test.ts"],
    setupFiles: ["test/support/node/fail-on-console-error.ts"],
    testTimeout: 120_000,
  },
});
