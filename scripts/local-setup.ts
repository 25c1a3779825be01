/**
 * Prepares the embedded local default: a session secret in .dev.vars (plus single sign-on against
 * the local IdP of scripts/dev-idp.ts, unless .dev.vars already configures SSO), D1 migrations
 * applied to the local database, and the demo data seeded when the database is empty.
 *
 * Run it before `npm run build`: the Vite plugin copies .dev.vars into build/server, which is
 * where `wrangler dev` reads it from.
 *
 *   node scripts/local-setup.ts [--persist-to DIR]   (DIR defaults to wrangler's .wrangler/state)
 */
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import { hasData, seedDemoData, type SeedBindings } from "./demo-seed.ts";
import { applyLocalMigrations } from "./ops/local-migrations.ts";
import type { D1Like } from "./ops/sql.ts";
import { DEV_IDP_CLIENT_ID, DEV_IDP_CLIENT_SECRET, DEV_IDP_PORT } from "./dev-idp.ts";

const flag = process.argv.indexOf("--persist-to");
const persistTo = flag > 0 ? process.argv[flag + 1]! : ".wrangler/state";

if (!existsSync(".dev.vars")) {
  writeFileSync(".dev.vars", `# Local secrets for wrangler dev (not committed)\nSESSION_SECRET=${randomBytes(32).toString("hex")}\n`);
  console.log("Created .dev.vars with a random SESSION_SECRET");
}
const devVars = readFileSync(".dev.vars", "utf8");
if (!/^\s*OIDC_(ISSUER|CLIENT_ID|CLIENT_SECRET)\s*=/m.test(devVars)) {
  appendFileSync(
    ".dev.vars",
    [
      ...(devVars === "" || devVars.endsWith("\n") ? [] : [""]),
      "# Single sign-on against the local IdP (scripts/dev-idp.ts, started by `npm start`)",
      `OIDC_ISSUER=http://127.0.0.1:${DEV_IDP_PORT}`,
      `OIDC_CLIENT_ID=${DEV_IDP_CLIENT_ID}`,
      `OIDC_CLIENT_SECRET=${DEV_IDP_CLIENT_SECRET}`,
      "",
    ].join("\n"),
  );
  console.log(`Added single sign-on against the local IdP (http://127.0.0.1:${DEV_IDP_PORT}) to .dev.vars`);
}

const proxy = await getPlatformProxy<SeedBindings & { DB: D1Like }>({
  configPath: "wrangler.toml",
  persist: { path: `${persistTo}/v3` },
  remoteBindings: false,
});
try {
  const applied = await applyLocalMigrations(proxy.env.DB);
  console.log(applied.length > 0 ? `Migrations applied to the local D1: ${applied.join(", ")}` : "Local D1 already migrated");
  if (await hasData(proxy.env)) {
    console.log("Database already has data: demo seed skipped");
  } else {
    const { documents } = await seedDemoData(proxy.env);
    console.log(`Demo data seeded: ${documents} documents (accounts in README.md)`);
  }
} finally {
  await proxy.dispose();
}
