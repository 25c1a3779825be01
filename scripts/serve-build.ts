/**
 * Serving the production build on this machine, for the tests and the benches (`npm start` has
 * its own, scripts/start-local.ts): a free local port, the ES modules of a built Worker, and both
 * built Workers under `wrangler dev` on free ports of 127.0.0.1, stopped together.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { childProcessEnv } from "./child-env.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/** A TCP port of 127.0.0.1 free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The last lines of a log file ("" when there is none yet). */
export const tail = (file: string, lines = 40) => (existsSync(file) ? readFileSync(file, "utf8").split("\n").slice(-lines).join("\n") : "");

/** The ES modules of one built Worker in `dir`: its entry `main` (then `more`) and every chunk under assets/. */
export const builtModules = (dir: string, main = "index.js", more: string[] = []) => [
  { type: "ESModule" as const, path: join(dir, main) },
  ...more.map((file) => ({ type: "ESModule" as const, path: join(dir, file) })),
  ...readdirSync(join(dir, "assets"), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.m?js$/.test(file))
    .map((file) => ({ type: "ESModule" as const, path: join(dir, "assets", file) })),
];

export type WranglerDev = { child: ChildProcess; url: string; inspectorPort: number; logFile: string };

/**
 * The arguments `npm start` gives wrangler (package.json's `start`, after `start-local.ts wrangler`):
 * the two built configurations, the local state and the address. Read from the script itself, so
 * what the tests serve is what `npm start` serves.
 */
export function npmStartWranglerArgs(): string[] {
  const start = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  const command = "scripts/start-local.ts wrangler ";
  if (!start.includes(command)) throw new Error(`package.json's start no longer runs "${command}…": update npmStartWranglerArgs`);
  return start.slice(start.indexOf(command) + command.length).trim().split(/\s+/);
}

/** `args` with the value of `--name` replaced by `value` (added when it is missing). */
function withOption(args: string[], name: string, value: string): string[] {
  const at = args.indexOf(name);
  return at < 0 ? [...args, name, value] : args.with(at + 1, value);
}

/**
 * The page Worker and the processor Worker of `cwd`/build under one `wrangler dev` with `npm
 * start`'s own arguments, run from `cwd`, on a free port, on the local state `state` (by default
 * the one `npm start` names, relative to `cwd`), with a random session secret and `vars`; in its
 * own process group, its output in `logFile`. Answers once `/` answers 200.
 */
export async function startWranglerDev({ cwd, state, logFile, vars = {} }: { cwd: string; state?: string; logFile: string; vars?: Record<string, string> }): Promise<WranglerDev> {
  const [port, inspectorPort] = [await freePort(), await freePort()];
  let args = withOption(npmStartWranglerArgs(), "--port", String(port));
  if (state) args = withOption(args, "--persist-to", state);
  const out = openSync(logFile, "a");
  const child = spawn(
    process.execPath,
    [
      join(root, "node_modules/wrangler/bin/wrangler.js"),
      ...args,
      ...["--inspector-ip", "127.0.0.1", "--inspector-port", String(inspectorPort)],
      ...Object.entries({ SESSION_SECRET: randomBytes(32).toString("hex"), ...vars }).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      "--show-interactive-dev-session=false",
    ],
    { cwd, env: childProcessEnv(root), stdio: ["ignore", out, out], detached: true },
  );
  closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${tail(logFile)}`);
      if (Date.now() > deadline) throw new Error(`wrangler dev did not answer:\n${tail(logFile)}`);
      const status = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) }).then(
        async (response) => (await response.arrayBuffer(), response.status),
        () => 0,
      );
      if (status === 200) return { child, url, inspectorPort, logFile };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stopWranglerDev(child);
    throw error;
  }
}

/** Stop wrangler and its workerd processes together (the whole process group, even when wrangler itself has exited). */
export async function stopWranglerDev(child: ChildProcess): Promise<void> {
  if (!child.pid) return;
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    } catch {
      /* gone */
    }
  }
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    /* gone */
  }
}
