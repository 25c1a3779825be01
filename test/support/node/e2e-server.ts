/**
 * Vitest globalSetup of the e2e suite: seeds a fresh local D1/R2 in a temp directory, starts the
 * local SSO identity provider (scripts/dev-idp.ts) on a free port, serves the existing production
 * build (a snapshot copy) with `wrangler dev` on a random free port of 127.0.0.1 with single
 * sign-on pointed at that IdP, provides `baseURL` and `idpURL` to the tests, and stops the IdP
 * and the whole server process group on teardown.
 *
 * The build must exist (`npm run build`; `npm test` builds before the e2e run).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { DEV_IDP_CLIENT_ID, DEV_IDP_CLIENT_SECRET, startDevIdp, type DevIdp } from "../../../scripts/dev-idp.ts";
import { childProcessEnv } from "../../../scripts/child-env.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** Issuer of the local SSO identity provider the app signs in against. */
    idpURL: string;
    /** The server's local D1/R2 state folder (tests that must change a row directly, e.g. a clock-bound expiry). */
    persistTo: string;
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

export default async function setup(project: TestProject) {
  if (!existsSync(join(root, "build/server/index.js")) || !existsSync(join(root, "build/server/wrangler.json"))) {
    throw new Error("No production build found: run `npm run build` before `npm run test:e2e`.");
  }
  const dir = mkdtempSync(join(tmpdir(), "e-arsip-e2e-"));
  const persistTo = join(dir, "state");
  const setupLog = join(dir, "setup.log");
  const serverLog = join(dir, "wrangler.log");

  let server: ChildProcess | undefined;
  let idp: DevIdp | undefined;
  let killOnExit: (() => void) | undefined;
  const teardown = async () => {
    if (server) await stop(server);
    if (idp) await idp.close();
    if (killOnExit) process.off("exit", killOnExit);
    if (process.env.E2E_KEEP_STATE) console.log(`e2e state kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };

  try {
    // Serve a snapshot of the build, so a rebuild during the run cannot swap assets under it.
    const build = join(dir, "build");
    cpSync(join(root, "build"), build, { recursive: true });
    await run(process.execPath, [join(root, "scripts/local-setup.ts"), "--persist-to", persistTo], setupLog);

    const [port, inspectorPort, idpPort] = [await freePort(), await freePort(), await freePort()];
    idp = await startDevIdp({ port: idpPort, redirectUris: [`http://127.0.0.1:${port}/callback`] });
    const sessionSecret = randomBytes(32).toString("hex");
    const log = openSync(serverLog, "a");
    server = spawn(
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
    killOnExit = () => {
      try {
        if (serverPid) process.kill(-serverPid, "SIGKILL");
      } catch {
        /* already gone */
      }
    };
    process.once("exit", killOnExit);
    const baseURL = `http://127.0.0.1:${port}`;
    await waitForServer(`${baseURL}/`, server, serverLog);
    project.provide("baseURL", baseURL);
    project.provide("idpURL", idp.issuer);
    project.provide("persistTo", persistTo);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
