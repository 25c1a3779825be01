/**
 * What both benchmarks (`npm run bench`, `npm run bench:search`) do the same way: run a command
 * with its output kept in a log file, serve the production build from a snapshot copy (so a
 * rebuild while the bench runs changes nothing under it), and read percentiles.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { childProcessEnv } from "../child-env.ts";

/** The parts of the build's generated wrangler.json the benchmarks read. */
export type WranglerJson = {
  main: string;
  compatibility_date: string;
  compatibility_flags?: string[];
  vars?: Record<string, string>;
  d1_databases: { binding: string; database_id: string; preview_database_id?: string }[];
  r2_buckets: { binding: string; bucket_name: string }[];
};

/** Run `command` in `root`; its output goes to `logFile`, and its tail into the error when it fails. */
export function runLogged(root: string, command: string, commandArgs: string[], logFile: string, env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, env: { ...childProcessEnv(root), ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      writeFileSync(logFile, output);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${commandArgs.join(" ")} exited with ${code}:\n${output.split("\n").slice(-30).join("\n")}`));
    });
  });
}

/** The production build (built first unless `build` is false), copied into `work/build`: its server folder and config. */
export async function snapshotBuild(root: string, work: string, build: boolean, log: (message: string) => void): Promise<{ serverDir: string; config: WranglerJson }> {
  if (build) {
    log("npm run build");
    await runLogged(root, "npm", ["run", "build"], join(work, "build.log"));
  }
  if (!existsSync(join(root, "build/server/index.js"))) throw new Error("No build/server/index.js: run without --no-build");
  cpSync(join(root, "build"), join(work, "build"), { recursive: true });
  const serverDir = join(work, "build", "server");
  return { serverDir, config: JSON.parse(readFileSync(join(serverDir, "wrangler.json"), "utf8")) as WranglerJson };
}

/**
 * A fresh local D1/R2 state in `state`: migrations + demo seed (`scripts/local-setup.ts`), or a
 * copy of `from`, a state that already has them (the bench smoke test seeds one for every bench).
 */
export async function freshState(root: string, work: string, state: string, from: string, log: (message: string) => void): Promise<void> {
  if (from) {
    log(`copying the seeded state ${from}`);
    cpSync(from, state, { recursive: true });
    return;
  }
  log("migrations + demo seed");
  await runLogged(root, process.execPath, [join(root, "scripts/local-setup.ts"), "--persist-to", state], join(work, "setup.log"));
}

/** The `p`th percentile of ascending `sorted` values (NaN when there are none). */
export const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
