import { applyD1Migrations } from "cloudflare:test";
import { testEnv } from "./env";

// Runs before each test file; applyD1Migrations skips migrations already recorded in d1_migrations.
await applyD1Migrations(testEnv.DB, testEnv.TEST_MIGRATIONS);
