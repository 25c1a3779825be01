import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

/**
 * The OpenAPI document of /api/v1, exactly as the Worker serves it (generated from the routers'
 * declarations here in Node), passes Redocly's lint (`recommended-strict`, see redocly.yaml; its
 * two accepted exceptions are in .redocly.lint-ignore.yaml). Telemetry off: CI runs offline.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const output = "test-results/openapi.json";

it("the generated OpenAPI 3.1 document passes the Redocly linter", { timeout: 120_000 }, async () => {
  // Imported by URL: the routers are Worker code, type-checked with the Worker's project.
  const routers = new URL("../../workers/api/index.ts", import.meta.url).href;
  const generator = new URL("../../workers/api/openapi.ts", import.meta.url).href;
  const [{ api }, { openApiDocument }] = await Promise.all([import(/* @vite-ignore */ routers), import(/* @vite-ignore */ generator)]);
  const document = (await openApiDocument(api)) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths).length).toBeGreaterThan(25);
  mkdirSync(`${root}test-results`, { recursive: true });
  writeFileSync(`${root}${output}`, JSON.stringify(document, null, 2));

  const lint = spawnSync(process.execPath, [`${root}node_modules/@redocly/cli/bin/cli.js`, "lint", output, "--config", "redocly.yaml", "--format", "stylish"], {
    cwd: root,
    encoding: "utf8",
    timeout: 90_000,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_NOTIFICATIONS: "true", CI: "true" },
  });
  expect(lint.status, `${lint.stdout}\n${lint.stderr}`).toBe(0);
  expect(lint.stdout + lint.stderr).not.toMatch(/\bwarning\b.*(rule|operation|schema)/i);
});
