/**
 * Vitest globalSetup of the e2e suite: starts the local SSO identity provider (scripts/dev-idp.ts)
 * on a free port and, for each test worker, seeds a fresh local D1/R2 in a temp directory and
 * serves the existing production build (a snapshot copy) in workerd, through Miniflare, on a random
 * free port of 127.0.0.1 with single sign-on pointed at that IdP; provides `servers` and `idpURL`
 * to the tests, and stops the IdP and every server on teardown.
 *
 * The build must exist (`npm run build`; `npm test` builds before the e2e run).
 */
import { randomBytes } from "node:crypto";
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import type { TestProject } from "vitest/node";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { DEV_IDP_CLIENT_ID, DEV_IDP_CLIENT_SECRET, startDevIdp, type DevIdp } from "../../../scripts/dev-idp.ts";
import { builtModules, freePort, tail } from "../../../scripts/serve-build.ts";
import { E2E_WORKERS } from "./e2e-workers";
import { runScript } from "./run-script";

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

/** A seeded local D1/R2 and the build served on it. */
type E2eServer = { baseURL: string; persistTo: string; stop: () => Promise<void> };

/**
 * The two built Workers in one workerd through Miniflare, as `wrangler dev -c server -c processor`
 * runs them (the bindings, queues, static assets and the PROCESSOR service binding come from the
 * same generated wrangler.json files, read by wrangler's own translation), without `wrangler dev`'s
 * proxy in front: its Node process and its second workerd took a third of the server's CPU per
 * request, on cores the browser needs (measured, README "The suite's time").
 */
async function startServer(dir: string, port: number, idp: DevIdp): Promise<E2eServer> {
  mkdirSync(dir, { recursive: true });
  const persistTo = join(dir, "state");
  const serverLog = join(dir, "workerd.log");
  // Serve a snapshot of the build, so a rebuild during the run cannot swap assets under it.
  const build = join(dir, "build");
  cpSync(join(root, "build"), build, { recursive: true });
  const setup = await runScript(["scripts/local-setup.ts", "--persist-to", persistTo]);
  writeFileSync(join(dir, "setup.log"), setup.stdout + setup.stderr);
  if (setup.code !== 0) throw new Error(`scripts/local-setup.ts exited with ${setup.code}:\n${tail(join(dir, "setup.log"))}`);

  const worker = (name: string) => {
    const workerDir = join(build, name);
    const { workerOptions } = unstable_getMiniflareWorkerOptions(join(workerDir, "wrangler.json"));
    return { ...(workerOptions as { bindings?: Record<string, unknown> }), modules: builtModules(workerDir), modulesRoot: workerDir };
  };
  const server = worker("server");
  const processor = worker("processor");
  const log = openSync(serverLog, "a");
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      cf: false,
      resourcePersistencePath: join(persistTo, "v3"),
      handleStructuredLogs: ({ level, message }: { level: string; message: string }) => writeSync(log, `${level}: ${message}\n`),
      workers: [
        {
          // The page Worker first: it answers on the port.
          ...server,
          name: "e-arsip",
          bindings: {
            ...server.bindings,
            // Explicit secrets: these win over any .dev.vars in the working tree.
            SESSION_SECRET: randomBytes(32).toString("hex"),
            // SSO against this run's IdP, whatever a local .dev.vars says.
            OIDC_ISSUER: idp.issuer,
            OIDC_CLIENT_ID: DEV_IDP_CLIENT_ID,
            OIDC_CLIENT_SECRET: DEV_IDP_CLIENT_SECRET,
            // The suites upload far more than a person would; the limit itself is tested in workerd.
            UPLOADS_PER_15_MIN: "100000",
          },
        },
        { ...processor, name: "e-arsip-processor" },
      ],
    } as unknown as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  const stopServer = async () => {
    await mf.dispose();
    closeSync(log);
  };
  try {
    await mf.ready;
  } catch (error) {
    await stopServer().catch(() => undefined);
    throw new Error(`workerd did not start: ${error instanceof Error ? error.message : String(error)}\n${tail(serverLog)}`);
  }
  return { baseURL: `http://127.0.0.1:${port}`, persistTo, stop: stopServer };
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
