import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { childProcessEnv } from "../../scripts/child-env.ts";

/**
 * `npm start` serves the build with `wrangler dev`, both Workers in one local runtime. The
 * end-to-end tests serve the same build through Miniflare directly (cheaper per request), so
 * this checks once that `wrangler dev` itself still starts with the two built configurations and
 * serves the app: a page, a sign-in, a signed-in page and a script with its cache header.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "earsip-wrangler-dev-"));
const logFile = join(work, "wrangler.log");
let server: ChildProcess | undefined;
let baseURL = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const log = () => (existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n") : "");

function run(script: string, args: string[]): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, script), ...args], { cwd: root, env: childProcessEnv(root), stdio: "ignore" });
    child.on("error", reject);
    child.on("close", resolve);
  });
}

beforeAll(async () => {
  expect(existsSync(join(root, "build/server/wrangler.json")), "run `npm run build` first").toBe(true);
  // A snapshot: wrangler may write beside the configuration it reads.
  cpSync(join(root, "build"), join(work, "build"), { recursive: true });
  const state = join(work, "state");
  expect(await run("scripts/local-setup.ts", ["--persist-to", state])).toBe(0);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  const out = openSync(logFile, "a");
  server = spawn(
    process.execPath,
    [
      join(root, "node_modules/wrangler/bin/wrangler.js"),
      "dev",
      ...["--config", join(work, "build/server/wrangler.json"), "--config", join(work, "build/processor/wrangler.json")],
      ...["--ip", "127.0.0.1", "--port", String(port), "--persist-to", state],
      ...["--inspector-ip", "127.0.0.1", "--inspector-port", String(await freePort())],
      ...["--var", `SESSION_SECRET:${randomBytes(32).toString("hex")}`, "--show-interactive-dev-session=false"],
    ],
    // Its own process group, so the end of the test stops wrangler and its runtimes together.
    { cwd: root, env: childProcessEnv(root), stdio: ["ignore", out, out], detached: true },
  );
  closeSync(out);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited (${server.exitCode}):\n${log()}`);
    const answered = await fetch(`${baseURL}/`, { signal: AbortSignal.timeout(2_000) }).then((response) => response.status, () => 0);
    if (answered === 200) break;
    if (Date.now() > deadline) throw new Error(`wrangler dev did not answer:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 180_000);

afterAll(() => {
  if (server?.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
  rmSync(work, { recursive: true, force: true });
});

it("npm start's wrangler dev starts with both built Workers and serves the landing page, a sign-in, the document list and a script", async () => {
  const landing = await fetch(`${baseURL}/`);
  const html = await landing.text();
  expect(landing.status).toBe(200);

  const login = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ username: "admin", password: "arsip-demo-2026" }),
  });
  expect(login.status, log()).toBe(200);
  const cookie = login.headers.getSetCookie().map((entry) => entry.split(";")[0]).join("; ");
  const list = await fetch(`${baseURL}/app/documents`, { headers: { cookie } });
  expect(list.status).toBe(200);
  expect(await list.text()).toContain('data-testid="document-row"');

  const script = /<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const asset = await fetch(`${baseURL}${script}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
}, 60_000);
