import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startWranglerDev, stopWranglerDev, tail, type WranglerDev } from "../../scripts/serve-build.ts";
import { runScript } from "../support/node/run-script";

/**
 * `npm start` serves the build with `wrangler dev`, both Workers in one local runtime. The
 * end-to-end tests serve the same build through Miniflare directly (cheaper per request), so
 * this runs `npm start`'s own steps once in a copy of the project's layout: the local setup with
 * its defaults, then wrangler with the arguments of package.json's `start` (on a free port), and
 * checks that it serves the state the setup prepared: a page, a sign-in, the seeded documents,
 * JSON to a client that accepts no encoding (curl), and a script with its cache header.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "earsip-wrangler-dev-"));
let server: WranglerDev | undefined;

beforeAll(async () => {
  expect(existsSync(join(root, "build/server/wrangler.json")), "run `npm run build` first").toBe(true);
  // A snapshot: wrangler may write beside the configuration it reads.
  cpSync(join(root, "build"), join(work, "build"), { recursive: true });
  cpSync(join(root, "wrangler.toml"), join(work, "wrangler.toml"));
  const setup = await runScript([join(root, "scripts/local-setup.ts")], undefined, work);
  expect(setup.code, setup.stderr).toBe(0);
  server = await startWranglerDev({ cwd: work, logFile: join(work, "wrangler.log") });
}, 180_000);

afterAll(async () => {
  if (server) await stopWranglerDev(server.child);
  rmSync(work, { recursive: true, force: true });
});

it("npm start's wrangler dev starts with both built Workers on the state the local setup seeded and serves the landing page, a sign-in, the document list and a script", async () => {
  const { url: baseURL, logFile } = server!;
  const landing = await fetch(`${baseURL}/`);
  const html = await landing.text();
  expect(landing.status).toBe(200);

  const login = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ username: "admin", password: "arsip-demo-2026" }),
  });
  expect(login.status, tail(logFile)).toBe(200);
  const cookie = login.headers.getSetCookie().map((entry) => entry.split(";")[0]).join("; ");
  const list = await fetch(`${baseURL}/app/documents`, { headers: { cookie } });
  expect(list.status).toBe(200);
  expect(await list.text()).toContain('data-testid="document-row"');

  // A client that accepts no encoding (curl without --compressed) gets plain JSON, as from the edge.
  const plain = await new Promise<{ encoding?: string; body: string }>((resolve, reject) => {
    get(`${baseURL}/api/v1/statistics`, { headers: { cookie } }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk)).on("end", () => resolve({ encoding: response.headers["content-encoding"], body }));
    }).on("error", reject);
  });
  expect(plain.encoding).toBeUndefined();
  expect(() => JSON.parse(plain.body)).not.toThrow();

  const script = /<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const asset = await fetch(`${baseURL}${script}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
}, 60_000);
