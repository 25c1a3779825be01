/**
 * What both benchmarks (`npm run bench`, `npm run bench:search`) do the same way: run a command
 * with its output kept in a log file, serve the production build from a snapshot copy (so a
 * rebuild while the bench runs changes nothing under it), and read percentiles.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { childProcessEnv } from "../child-env.ts";
import { seedDemoData, type SeedBindings } from "../demo-seed.ts";
import { applyLocalMigrations } from "../ops/local-migrations.ts";
import type { D1Like } from "../ops/sql.ts";

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
 * The build an A/B run compares with, copied into `work/baseline` like the one measured: either
 * `ref`, a commit of this repository taken out with `git archive` (no worktree left behind) and
 * built there with this checkout's node_modules, or `buildDir`, a build folder made already.
 * `label`: how the report names it.
 */
export async function baselineBuild(
  root: string,
  work: string,
  from: { ref: string } | { buildDir: string },
  log: (message: string) => void,
): Promise<{ serverDir: string; config: WranglerJson; label: string }> {
  const target = join(work, "baseline");
  let label: string;
  if ("ref" in from) {
    const commit = spawnSync("git", ["rev-parse", "--short", `${from.ref}^{commit}`], { cwd: root, encoding: "utf8" });
    if (commit.status !== 0) throw new Error(`--baseline ${from.ref}: not a commit of this repository`);
    label = commit.stdout.trim();
    const source = join(work, "baseline-source");
    mkdirSync(source);
    const archive = join(work, "baseline.tar");
    await runLogged(root, "git", ["archive", "--format=tar", "-o", archive, label], join(work, "baseline-archive.log"));
    await runLogged(source, "tar", ["-xf", archive], join(work, "baseline-extract.log"));
    symlinkSync(join(root, "node_modules"), join(source, "node_modules"), "dir");
    log(`building the baseline ${label}`);
    await runLogged(source, "npm", ["run", "build"], join(work, "baseline-build.log"));
    cpSync(join(source, "build"), target, { recursive: true });
  } else {
    label = from.buildDir;
    if (!existsSync(join(from.buildDir, "server/index.js"))) throw new Error(`--baseline-build ${from.buildDir}: no server/index.js in it`);
    cpSync(resolve(from.buildDir), target, { recursive: true });
  }
  const serverDir = join(target, "server");
  return { serverDir, config: JSON.parse(readFileSync(join(serverDir, "wrangler.json"), "utf8")) as WranglerJson, label };
}

/**
 * A fresh local D1/R2 state in `state`, as `scripts/local-setup.ts` makes it (every migration,
 * recorded as wrangler records it, then the demo seed), through one platform proxy: no wrangler
 * CLI run per migration, which took most of a small run's CPU.
 */
export async function freshState(root: string, state: string, log: (message: string) => void): Promise<void> {
  log("migrations + demo seed");
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<SeedBindings & { DB: D1Like }>({ configPath: join(root, "wrangler.toml"), persist: { path: join(state, "v3") }, remoteBindings: false });
  try {
    await applyLocalMigrations(proxy.env.DB);
    await seedDemoData(proxy.env);
  } finally {
    await proxy.dispose();
  }
}

/** The `p`th percentile of ascending `sorted` values (NaN when there are none). */
export const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
