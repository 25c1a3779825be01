/**
 * Prepares the embedded local default: a session secret in .dev.vars, D1 migrations applied
 * to the local database, and the demo data seeded when the database is empty.
 *
 *   node scripts/local-setup.ts [--persist-to DIR]   (DIR defaults to wrangler's .wrangler/state)
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import { hasData, seedDemoData, type SeedBindings } from "./demo-seed.ts";

const flag = process.argv.indexOf("--persist-to");
const persistTo = flag > 0 ? process.argv[flag + 1]! : ".wrangler/state";

if (!existsSync(".dev.vars")) {
  writeFileSync(".dev.vars", `# Local secrets for wrangler dev (not committed)\nSESSION_SECRET=${randomBytes(32).toString("hex")}\n`);
  console.log("Created .dev.vars with a random SESSION_SECRET");
}

const migrate = spawnSync(
  "wrangler",
  ["d1", "migrations", "apply", "DB", "--local", "--config", "wrangler.toml", "--persist-to", persistTo],
  { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false" } },
);
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const proxy = await getPlatformProxy<SeedBindings>({
  configPath: "wrangler.toml",
  persist: { path: `${persistTo}/v3` },
  remoteBindings: false,
});
try {
  if (await hasData(proxy.env)) {
    console.log("Database already has data: demo seed skipped");
  } else {
    const { documents } = await seedDemoData(proxy.env);
    console.log(`Demo data seeded: ${documents} documents (accounts in README.md)`);
  }
} finally {
  await proxy.dispose();
}
