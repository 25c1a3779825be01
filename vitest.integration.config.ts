import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { kCurrentWorker } from "miniflare";
import { defineConfig } from "vitest/config";

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** The vendored schemas a test may validate against (`?schema=`). */
const SCHEMAS: Record<string, string> = { ead: path("./test/fixtures/ead/ead.xsd"), oai: path("./test/fixtures/oai/oai-all.xsd") };

/** `xmllint --nonet --noout --schema <schema> -` on the request body: 200 and its problems (none: valid). */
async function xmllintService(request: Request): Promise<Response> {
  const schema = SCHEMAS[new URL(request.url).searchParams.get("schema") ?? ""];
  if (!schema) return new Response("unknown schema", { status: 400 });
  const result = spawnSync("xmllint", ["--nonet", "--noout", "--schema", schema, "-"], { input: await request.text(), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.error) return new Response(String(result.error), { status: 500 });
  const problems = result.status === 0 ? [] : result.stderr.split("\n").filter((line) => line.trim() && !line.endsWith("fails to validate"));
  return Response.json({ valid: result.status === 0, problems });
}

/**
 * Integration tests: the real Worker (Hono API, D1, R2) inside workerd via Miniflare.
 * React Router's virtual server build only exists under the Vite build, so it is aliased to a
 * stub; these tests exercise /api/v1/*, which never loads it.
 */
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      // The tested Worker also exports the processor Worker's entrypoint, and its PROCESSOR
      // binding points at itself: PDF text and Berita Acara PDFs go through a real RPC service
      // binding to the processor's code, as in production, without a second bundle.
      main: "./test/support/worker/main.ts",
      miniflare: {
        // PROCESSOR: the tested Worker's own Processor entrypoint (above). XMLLINT: Debian's xmllint,
        // run here in Node: a test posts an XML document to `XMLLINT.fetch("http://xmllint/?schema=ead")`
        // and gets xmllint's verdict back.
        serviceBindings: { PROCESSOR: { name: kCurrentWorker, entrypoint: "Processor" }, XMLLINT: xmllintService },
        // Databases of their own for the upgrade tests (migrations applied step by step on data).
        d1Databases: {
          UPGRADE_DB: "upgrade-test",
          OAI_UPGRADE_DB: "oai-upgrade-test",
          ID_UPGRADE_DB: "id-upgrade-test",
          ARCHIVAL_UPGRADE_DB: "archival-upgrade-test",
          SCALE_DB: "scale-test",
          TEXT_UPGRADE_DB: "text-upgrade-test",
          RETENTION_UPGRADE_DB: "retention-upgrade-test",
        },
        bindings: {
          SESSION_SECRET: "integration-test-session-secret-0123456789abcdef",
          // SSO off, whatever a local .dev.vars says (local-setup points it at the dev IdP); the
          // SSO tests pass their own issuer (test/integration/sso.test.ts).
          OIDC_ISSUER: "",
          OIDC_CLIENT_ID: "",
          OIDC_CLIENT_SECRET: "",
          // The suites upload far more than a person would; the limit itself is tested with an override.
          UPLOADS_PER_15_MIN: "100000",
          TEST_MIGRATIONS: await readD1Migrations(path("./migrations")),
        },
      },
    })),
  ],
  resolve: {
    alias: {
      "virtual:react-router/server-build": path("./test/support/worker/server-build-stub.ts"),
      "~": path("./app"),
    },
  },
  test: {
    include: ["test/integration/**/*.test.ts"],
    // One workerd per vitest worker, not per file: starting a runtime and loading the app's module
    // graph for each of ~70 files was two thirds of this layer's time. Each file still starts from
    // empty, freshly migrated storage (test/support/worker/apply-migrations.ts).
    isolate: false,
    // Two workers (two workerd), not vitest's default of one on two cores: one left a core idle.
    maxWorkers: 2,
    // workerd, D1 and the queue consumer share two cores with the whole suite: a step may take seconds.
    testTimeout: 30_000,
    setupFiles: [
      "./test/support/worker/production-env.ts",
      "./test/support/worker/apply-migrations.ts",
      "./test/support/worker/fail-on-console-error.ts",
    ],
  },
});
