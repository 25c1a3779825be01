import type { D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";

/** Bindings the integration config adds on top of wrangler.toml's (vitest.integration.config.ts). */
export type TestEnv = Env & {
  SESSION_SECRET: string;
  TEST_MIGRATIONS: D1Migration[];
  UPGRADE_DB: D1Database;
  OAI_UPGRADE_DB: D1Database;
  ID_UPGRADE_DB: D1Database;
  ARCHIVAL_UPGRADE_DB: D1Database;
  SCALE_DB: D1Database;
  TEXT_UPGRADE_DB: D1Database;
  RETENTION_UPGRADE_DB: D1Database;
  /** Debian's xmllint, run by the test config in Node (vitest.integration.config.ts). */
  XMLLINT: Fetcher;
};

/**
 * The Worker's env as the tests see it. Typed here rather than by widening the global `Env`,
 * so product code cannot start depending on test-only bindings.
 */
export const testEnv = env as TestEnv;
