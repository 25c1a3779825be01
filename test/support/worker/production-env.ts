import { vi } from "vitest";

// Vitest runs in mode "test", where import.meta.env.DEV is true and workers/middleware.ts
// leaves out the Content-Security-Policy. The tests check the Worker as deployed.
vi.stubEnv("DEV", false);
vi.stubEnv("PROD", true);
