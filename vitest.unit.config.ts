import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Tests in Node: pure ones of app/domain (policy, schemas, helpers), the operations scripts
 * against a temporary local D1 (test/ops), and the build checks.
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["test/unit/**/*.test.ts", "test/ops/**/*.test.ts", "test/build/**/*.test.ts"],
    setupFiles: ["test/support/node/fail-on-console-error.ts"],
    // One module graph per worker, not per file: re-importing it for each of the small unit files
    // was two thirds of their CPU. No test here mocks a module or changes process state.
    isolate: false,
    testTimeout: 120_000,
  },
});
