/**
 * `npm start` serves the production build from build/; `npm test` rebuilds build/ and would pull
 * the assets from under the running app (every page then loads without its scripts). While
 * start-local.ts serves the build it leaves its pid here, and `npm test` refuses to run.
 */
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const MARKER = join(fileURLToPath(new URL("..", import.meta.url)), ".wrangler", "serving-build.pid");

export function markServing(): void {
  mkdirSync(dirname(MARKER), { recursive: true });
  writeFileSync(MARKER, String(process.pid));
}

export function unmarkServing(): void {
  rmSync(MARKER, { force: true });
}

/** The pid of a live `npm start` serving build/, or null (a stale marker counts as none). */
export function servingPid(): number | null {
  if (!existsSync(MARKER)) return null;
  const pid = Number(readFileSync(MARKER, "utf8"));
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

// `node scripts/serving-marker.ts --refuse`: the first step of `npm test`.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes("--refuse")) {
  const pid = servingPid();
  if (pid !== null) {
    console.error(
      `npm start is serving the production build (pid ${pid}); the tests rebuild build/ and would break it.\n` +
        "Stop it (Ctrl+C) and run the tests again, or run one layer that does not build (npm run test:unit / test:integration).",
    );
    process.exit(1);
  }
}
