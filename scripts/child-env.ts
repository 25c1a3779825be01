import { delimiter, dirname, join } from "node:path";

/**
 * The environment for tools this script starts (wrangler, local setup): this Node 22 and the
 * project's bins first on PATH, so no child picks the system Node 20; no network look-ups.
 */
export function childProcessEnv(projectRoot: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: [dirname(process.execPath), join(projectRoot, "node_modules/.bin"), process.env.PATH ?? ""].join(delimiter),
    CI: "true",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    NO_COLOR: "1",
    FORCE_COLOR: "0",
  };
}
