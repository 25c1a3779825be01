/**
 * Vitest globalSetup of the e2e suite: starts the local SSO identity provider (scripts/dev-idp.ts)
 * on a free port and, for each test worker, seeds a fresh local D1/R2 in a temp directory and
 * serves the existing production build (a snapshot copy) with `wrangler dev` on a random free port
 * of 127.0.0.1 with single sign-on pointed at that IdP; provides `servers` and `idpURL` to the
 * tests, and stops the IdP and every server's process group on teardown.
 *
 * The build must exist (`npm run build`; `npm test` builds before the e2e run).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { DEV_IDP_CLIENT_ID, DEV_IDP_CLIENT_SECRET, startDevIdp, type DevIdp } from "../../../scripts/dev-idp.ts";
import { childProcessEnv } from "../../../scripts/child-env.ts";
import { E2E_WORKERS } from "./e2e-workers";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * One per test worker: its address, and its local D1/R2 state folder (tests that must change
     * a row directly, e.g. a clock-bound expiry). `thisServer()` picks the worker's own.
     */
    servers: { baseURL: string; persistTo: string }[];
    /** Issuer of the local SSO identity provider the apps sign in against. */
    idpURL: string;
  }
}

const root = fileURLToPath(new URL("../../../", import.meta.url));
const wranglerBin = join(root, "node_modules/wrangler/bin/wrangler.js");

const childEnv = childProcessEnv(root);

function freePort(): Promise<number> {
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

function run(command: string, args: string[], logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = openSync(logFile, "a");
    const child = spawn(command, args, { cwd: root, env: childEnv, stdio: ["ignore", log, log] });
    child.on("error", reject);
    child.on("exit", (code) => {
      closeSync(log);
      if (code === 0) resolve();
      else reject(new Error(`${args.join(" ")} exited with ${code}:\n${tail(logFile)}`));
    });
  });
}

const tail = (file: string, lines = 40) => (existsSync(file) ? readFileSync(file, "utf8").split("\n").slice(-lines).join("\n") : "");

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const killTimer = setTimeout(() => {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }, 5_000);
    child.once("exit", () => {
      clearTimeout(killTimer);
      // workerd may outlive wrangler for a moment: make sure the group is gone.
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        /* already gone */
      }
      resolve();
    });
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      clearTimeout(killTimer);
      resolve();
    }
  });
}

async function waitForServer(url: string, child: ChildProcess, logFile: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early (${child.exitCode}):\n${tail(logFile)}`);
    try {
      const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      throw new Error(`GET ${url} answered ${response.status}:\n${tail(logFile)}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("GET ")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`wrangler dev did not answer within ${timeoutMs} ms:\n${tail(logFile)}`);
}

/** A seeded local D1/R2 and `wrangler dev` serving the build on it. */
type E2eServer = { baseURL: string; persistTo: string; stop: () => Promise<void> };

async function startServer(dir: string, port: number, idp: DevIdp): Promise<E2eServer> {
  mkdirSync(dir, { recursive: true });
  const persistTo = join(dir, "state");
  const serverLog = join(dir, "wrangler.log");
  // Serve a snapshot of the build, so a rebuild during the run cannot swap assets under it.
  const build = join(dir, "build");
  cpSync(join(root, "build"), build, { recursive: true });
  await run(process.execPath, [join(root, "scripts/local-setup.ts"), "--persist-to", persistTo], join(dir, "setup.log"));

  const inspectorPort = await freePort();
  const sessionSecret = randomBytes(32).toString("hex");
  const log = openSync(serverLog, "a");
  const server = spawn(
    process.execPath,
    [
      wranglerBin,
      "dev",
      // The page Worker first (it answers on the port), then the processor Worker its
      // PROCESSOR service binding reaches, in the same local runtime.
      "--config", join(build, "server/wrangler.json"),
      "--config", join(build, "processor/wrangler.json"),
      "--ip", "127.0.0.1",
      "--port", String(port),
      "--inspector-port", String(inspectorPort),
      "--persist-to", persistTo,
      // Explicit secrets: --var wins over any .dev.vars in the working tree.
      "--var", `SESSION_SECRET:${sessionSecret}`,
      // SSO against this run's IdP, whatever a local .dev.vars says.
      "--var", `OIDC_ISSUER:${idp.issuer}`,
      "--var", `OIDC_CLIENT_ID:${DEV_IDP_CLIENT_ID}`,
      "--var", `OIDC_CLIENT_SECRET:${DEV_IDP_CLIENT_SECRET}`,
      // The suites upload far more than a person would; the limit itself is tested in workerd.
      "--var", "UPLOADS_PER_15_MIN:100000",
      "--show-interactive-dev-session=false",
    ],
    // Its own process group, so teardown can stop wrangler and workerd together.
    { cwd: root, env: childEnv, stdio: ["ignore", log, log], detached: true },
  );
  closeSync(log);
  // Last resort if this process dies without running teardown (a signal, a crash).
  const serverPid = server.pid;
  const killOnExit = () => {
    try {
      if (serverPid) process.kill(-serverPid, "SIGKILL");
    } catch {
      /* already gone */
    }
  };
  process.once("exit", killOnExit);
  const stopServer = async () => {
    await stop(server);
    process.off("exit", killOnExit);
  };
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${baseURL}/`, server, serverLog);
  } catch (error) {
    await stopServer();
    throw error;
  }
  return { baseURL, persistTo, stop: stopServer };
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(root, "build/server/index.js")) || !existsSync(join(root, "build/server/wrangler.json"))) {
    throw new Error("No production build found: run `npm run build` before `npm run test:e2e`.");
  }
  const dir = mkdtempSync(join(tmpdir(), "e-arsip-e2e-"));
  const servers: E2eServer[] = [];
  let idp: DevIdp | undefined;
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    if (idp) await idp.close();
    if (process.env.E2E_KEEP_STATE) console.log(`e2e state kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };

  try {
    const ports = await Promise.all(Array.from({ length: E2E_WORKERS }, () => freePort()));
    idp = await startDevIdp({ port: await freePort(), redirectUris: ports.map((port) => `http://127.0.0.1:${port}/callback`) });
    const started = await Promise.allSettled(ports.map((port, index) => startServer(join(dir, `server-${index + 1}`), port, idp!)));
    for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    project.provide(
      "servers",
      servers.map(({ baseURL, persistTo }) => ({ baseURL, persistTo })),
    );
    project.provide("idpURL", idp.issuer);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
