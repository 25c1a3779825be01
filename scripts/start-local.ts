/**
 * Runs a local server command beside the local SSO identity provider (scripts/dev-idp.ts) and
 * keeps their lifetimes together: the IdP runs in this process, the command as a child; signals
 * are passed on to the child, and when it exits the IdP stops and this process exits likewise.
 *
 *   node scripts/start-local.ts wrangler dev --ip 127.0.0.1 --port 8787
 *
 * If the IdP port is taken by another dev IdP (a second `npm start`, `npm run dev:idp`), that
 * one is used; if it is taken by something else, the command still starts and only SSO fails.
 */
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { DEV_IDP_ACCOUNTS, DEV_IDP_PORT, startDevIdp, type DevIdp } from "./dev-idp.ts";
import { markServing, unmarkServing } from "./serving-marker.ts";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/start-local.ts <command> [args...]");
  process.exit(2);
}

const issuer = `http://127.0.0.1:${DEV_IDP_PORT}`;
let idp: DevIdp | null = null;
try {
  idp = await startDevIdp({ port: DEV_IDP_PORT });
  console.log(`Local SSO identity provider on ${issuer} (users: ${Object.keys(DEV_IDP_ACCOUNTS).join(", ")}; any password)`);
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
  const existing = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(2_000) })
    .then(async (response) => ((await response.json()) as { issuer?: string }).issuer)
    .catch(() => undefined);
  if (existing === issuer) console.log(`Using the local SSO identity provider already running on ${issuer}`);
  else console.warn(`Port ${DEV_IDP_PORT} is in use by something else: 'Login SSO' will fail until it is free`);
}

// `wrangler dev` serves build/: `npm test` (which rebuilds it) refuses while this runs.
const servesBuild = command === "wrangler";
if (servesBuild) markServing();

// `wrangler dev` fires no cron by itself; it runs one on request at /cdn-cgi/handler/scheduled.
// Once the server answers, the 30-minute cron runs once: its backfill queues the text extraction
// of every document still waiting (the seeded demo PDFs), which wrangler's local queue delivers.
const kicksBackfill = servesBuild && args[0] === "dev";

// Offline-friendly: CLOUDFLARE_CF_FETCH_ENABLED=false stops wrangler fetching Request.cf data at start.
const child = spawn(command, args, { stdio: "inherit", env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", ...process.env } });
if (kicksBackfill) void runBackfillOnce(args);

/** Wait for the local server, then run the 30-minute cron once (maintenance and the extraction backfill). */
async function runBackfillOnce(serverArgs: string[]) {
  const option = (name: string, fallback: string) => {
    const index = serverArgs.indexOf(name);
    return index >= 0 && serverArgs[index + 1] ? serverArgs[index + 1]! : fallback;
  };
  const url = `http://${option("--ip", "127.0.0.1")}:${option("--port", "8787")}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/30 * * * *")}`;
  for (let attempt = 0; attempt < 240 && child.exitCode === null; attempt++) {
    const answered = await fetch(url, { signal: AbortSignal.timeout(30_000) }).then((response) => response.ok, () => false);
    if (answered) {
      console.log("Text extraction: documents still waiting were queued (the 30-minute cron ran once)");
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.warn("Text extraction: the local server did not answer; documents wait for the next cron");
}
const forward = (signal: NodeJS.Signals) => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, forward);

child.on("error", async (error) => {
  console.error(`Could not start ${command}:`, error.message);
  if (servesBuild) unmarkServing();
  await idp?.close();
  process.exit(1);
});
child.on("exit", async (code, signal) => {
  if (servesBuild) unmarkServing();
  await idp?.close();
  process.exit(code ?? (signal ? 128 + constants.signals[signal] : 1));
});
