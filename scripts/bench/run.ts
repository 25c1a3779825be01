/**
 * `npm run bench`: the performance figures of the README ("Measured"), on this machine.
 *
 *  1. `npm run build` (production build), then a snapshot copy of build/ in a temp dir, so a
 *     concurrent rebuild cannot swap modules under the running server.
 *  2. A fresh temp state dir: migrations + demo seed (`freshState`, as `scripts/local-setup.ts`
 *     makes it), then N documents (default 100,000) inserted into the local D1 file
 *     (`seed-documents.ts`; the FTS and counter triggers run as for the Worker's own writes).
 *  3. What each page does, recorded from the app on a short-lived workerd (`capture-pages.ts`):
 *     its D1 round trips, its markup and its loader data. Then workerd through Miniflare's API
 *     (no `wrangler dev` proxy, which caps any Worker near 870 req/s) with the built Worker on
 *     that D1/R2 state and, in the same workerd, a hello-world Worker and the controls: (a) the
 *     smallest React Router SSR Worker and (a'') the same Worker rendering each page's own markup
 *     and loader data again (`control-ssr/`, built here with the app's Vite + Cloudflare plugin +
 *     React Router into the temp dir), (a''') the same Worker built with the app's route table
 *     (every module a stub but the replayed pages', served at their own paths), (b) a Worker that
 *     replays each page's own D1 round trips on
 *     the same D1, (c) a bare Cache API hit, (d) one D1 round trip. Each has its own direct
 *     socket on 127.0.0.1. Static assets are not served.
 *  4. autocannon, 10 connections, fixed durations split into rounds (`--rounds`, default 2: every
 *     scenario once a round, the rounds in alternating order, pooled; an unmeasured pass over every
 *     scenario first, and each page measured right beside the controls of its floor): hello world, the controls, the document list,
 *     a selective and a broad search, the API list, `/app`, the detail page, the public list
 *     (a Cache API hit), a deep page reached by Next (the link's keyset cursor, read from the
 *     page before it) and the same page by number (the offset fallback); then one connection on
 *     the list and the searches. req/s, p50/p95/p99, workerd CPU per request, the ratio to hello
 *     world, each page against its floor ((a'') + (b) + (d)), against the floor with (a''') in place
 *     of (a'') (React Router's work for the app's route table counted in it) and without the D1 share. Gzipped
 *     JS per page from React Router's client manifest (`js-size.ts`). Then, on a workerd with its
 *     inspector on, a V8 CPU profile of the app isolate during the pages (`profile.ts`: top
 *     self-time functions mapped through the source maps, layers, per-request steps).
 *  5. A second workerd on the same state with its inspector on and an R2 control Worker (the
 *     same bucket, nothing else): uploads through POST /api/v1/archives streamed from disk
 *     (20 MB warm-up, then 95 MB), the download (SHA-256 checked), the same transfers through the
 *     control Worker, and a plain file copy; the app isolate's memory (V8 heap + ArrayBuffers,
 *     via the inspector) and workerd's RSS sampled every 100 ms; then one more 95 MB upload with
 *     a forced full GC at a third and two thirds of the way, for the memory really held.
 *     Wedged app (every request a 500 "hung"): noted, workerd restarted, scenario measured again.
 *  6. A Markdown report on stdout and in scripts/bench/last-results.md (`--report FILE`).
 *
 * Other engineers' tests share this machine: before each load scenario the script waits (up to
 * 60 s in all) for other processes to use less than half a core, and it reports their CPU use.
 *
 * Flags: --no-build (use the existing build/), --count N (documents, default 100000),
 * --duration S (seconds per scenario, default 10), --rounds N (windows the duration is split
 * into, default 2), --warmup S (default 1), --prewarm S (the unmeasured pass before the first
 * round, seconds per scenario, default 3), --profile-seconds S
 * (default 8), --quiet-budget S (default 60), --no-transfers (skip the transfers), --transfer-mb N
 * (default 95), --report FILE, --keep (keep the temp dir, with the raw CPU profiles),
 * --baseline REF or --baseline-build DIR (an A/B run: the pages with a ratio target measured again
 * on that build, in the same workerd and rounds, each window beside this build's). The bench
 * smoke test (test/build/bench-smoke.test.ts) runs it at a tiny size with these, its baseline
 * the build it measures. Servers listen on 127.0.0.1 only and are stopped on exit, error and Ctrl-C.
 */
import autocannon, { type Result } from "autocannon";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { gzipSync } from "node:zlib";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { capturePage, loaderDataOf, RECORDING_ENTRY, RECORDING_ENTRY_FILE, type CapturedPage, type RoundTrip } from "./capture-pages.ts";
import { markupTree, type MarkupNode } from "./markup-tree.ts";
import { connectIsolate } from "./inspector.ts";
import { gzippedBytes, pageChunks, preloadsInHtml } from "./js-size.ts";
import { loadSourceMaps, summariseProfile, type ProfileSummary } from "./profile.ts";
import { cpuWindow, findWorkerdPid, loadAverage, sampleMemory } from "./proc.ts";
import { queryPlans } from "./query-plans.ts";
import { d1SqliteFile, seedDocuments } from "./seed-documents.ts";
import { downloadFile, makePdfLikeFile, putFile, R2_CONTROL_WORKER, timeCopy, timeStreamCopy, uploadFile } from "./transfer.ts";
import { baselineBuild, freshState, percentile, runLogged, snapshotBuild, type WranglerJson } from "./build-snapshot.ts";
import { builtModules } from "../serve-build.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const BUILD = !args.includes("--no-build");
const KEEP = args.includes("--keep");
const TRANSFERS = !args.includes("--no-transfers");
const COUNT = Number(option("--count", "100000"));
/**
 * The deep page: 5000 at 100k documents; with fewer documents, a page near the end (at least 2:
 * it is also reached by the Next link of the page before it).
 */
const DEEP_PAGE = Math.max(2, Math.min(5000, Math.floor(COUNT / 10) - 1));
const DURATION = Number(option("--duration", "10"));
/**
 * Each load scenario's time is split into this many windows, one per round over all scenarios,
 * in alternating order: the ratios of pages to their floors then hold while the machine's own
 * speed drifts (by half within half an hour on this 2-core machine).
 */
const ROUNDS = Math.max(1, Math.round(Number(option("--rounds", "2"))));
/** Seconds of load before each measured scenario (JIT, caches). */
const WARMUP_SECONDS = Number(option("--warmup", "1"));
/**
 * Seconds of load per scenario in an unmeasured pass before the first round. The load workerd
 * starts cold, and a second of warm-up did not make a page's first window like its later ones:
 * in most runs the list's first round stood 0.1–0.6× further above its floor than the rounds
 * after it, round 3 included, which runs in the same order (decision 0299).
 */
const PREWARM_SECONDS = Number(option("--prewarm", "3"));
const CONNECTIONS = 10;
const MB = 1_000_000;
/** The big transfer: 95 MB (decimal) by default, inside the default 95 MiB cap. */
const UPLOAD_BYTES = Number(option("--transfer-mb", "95")) * MB;
const WARMUP_UPLOAD_BYTES = Math.min(20 * MB, Math.round(UPLOAD_BYTES / 4));
const BIG = `${UPLOAD_BYTES / MB} MB`;
const SELECTIVE_TERM = "sukamaju";
const BROAD_TERM = "surat";
/** How long in all the run may wait for other processes to go quiet before its scenarios. */
const QUIET_BUDGET_MS = Number(option("--quiet-budget", "60")) * 1000;
const PROFILE_SECONDS = Number(option("--profile-seconds", "8"));
/**
 * A/B: another build of the app in the same workerd and the same rounds, each page's window
 * right beside the baseline's (`--baseline REF`: a commit, taken with `git archive` and built
 * with this checkout's node_modules; `--baseline-build DIR`: a build folder made already).
 */
const BASELINE_REF = option("--baseline", "");
const BASELINE_BUILD = option("--baseline-build", "");
/** The pages an A/B run measures twice: those with a ratio target. */
const AB_KEYS = ["list", "selective", "broad", "app", "detail"] as const;
/** Where the report goes (the bench smoke test writes it elsewhere). */
const REPORT_FILE = option("--report", join(root, "scripts/bench/last-results.md"));

const log = (message: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * autocannon's options for `seconds` of load: it checks whether the time is up once a sample
 * interval (a second by default), so a shorter run samples as often as it lasts, or would run a
 * whole second (what made each scenario of the bench smoke five times longer than asked).
 */
const loadFor = (seconds: number) => ({ duration: seconds, sampleInt: Math.min(1000, seconds * 1000) });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The pages measured against their own floor, signed in as the Super Admin. */
const PAGE_KEYS = ["list", "selective", "broad", "keyset", "offset", "api", "app", "detail"] as const;
type PageKey = (typeof PAGE_KEYS)[number];
const PAGE_LABELS: Record<PageKey, string> = {
  list: "document list",
  selective: "selective search",
  broad: "broad search",
  keyset: "deep page by Next",
  offset: "deep page by number",
  api: "API list",
  app: "signed-in home",
  detail: "detail page",
};
const PAGE_NAMES: Record<PageKey, string> = {
  list: "Document list `/app/documents`",
  selective: `Search, selective \`?q=${SELECTIVE_TERM}\``,
  broad: `Search, broad \`?q=${BROAD_TERM}\``,
  keyset: `Deep page by Next \`/app/documents?page=${DEEP_PAGE}&after=…\` (keyset)`,
  offset: `Deep page by number \`/app/documents?page=${DEEP_PAGE}\` (offset fallback)`,
  api: "API list `GET /api/v1/archives`",
  app: "Signed-in home `/app` (Super Admin dashboard)",
  detail: "Detail page `/app/documents/{uuid}`",
};
/** The pages control (a'') renders again; a deep page has the list's markup. */
const REPLAYED = ["list", "selective", "broad", "app", "detail"] as const;
const REPLAY_OF: Record<Exclude<PageKey, "api">, (typeof REPLAYED)[number]> = {
  list: "list",
  selective: "selective",
  broad: "broad",
  keyset: "list",
  offset: "list",
  app: "app",
  detail: "detail",
};

/**
 * What a rendered page asks React to write: elements and attributes outside the inline style and
 * scripts, and the bytes of those scripts (React Router's serialised loader data and manifest).
 */
function markupOf(html: string) {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + m[1]!.length, 0);
  const body = html.replace(/<style\b[\s\S]*?<\/style>/g, "").replace(/<script\b[\s\S]*?<\/script>/g, "");
  const tags = new Map<string, number>();
  for (const match of body.matchAll(/<([a-zA-Z][\w-]*)/g)) tags.set(match[1]!.toLowerCase(), (tags.get(match[1]!.toLowerCase()) ?? 0) + 1);
  return { elements: (body.match(/<[a-zA-Z]/g) ?? []).length, attributes: (body.match(/\s[\w:-]+="/g) ?? []).length, htmlKb: html.length / 1000, scriptKb: scripts / 1000, tags };
}
type Markup = ReturnType<typeof markupOf>;
const describeMarkup = (m: Markup) => `${m.elements} elements, ${m.attributes} attributes, ${m.htmlKb.toFixed(1)} kB of HTML of which ${m.scriptKb.toFixed(1)} kB scripts`;
const SAME_ELEMENTS = "same elements";
/** The elements one page has more or fewer of than another (`link −2, svg +1`), or "same elements". */
function tagDifference(app: Markup, control: Markup): string {
  const names = new Set([...app.tags.keys(), ...control.tags.keys()]);
  const differences = [...names].map((name) => [name, (control.tags.get(name) ?? 0) - (app.tags.get(name) ?? 0)] as const).filter(([, delta]) => delta !== 0);
  return differences.length ? differences.map(([name, delta]) => `${name} ${delta > 0 ? "+" : "−"}${Math.abs(delta)}`).join(", ") : SAME_ELEMENTS;
}

/** Whether a list page shows rows: its pager reads 'Showing 1–10 of …' (not 'Showing 0 of'). */
const shownRows = (html: string) => /data-testid="showing"[^>]*>Showing \d+–\d+ of /.test(html);

/** The href of a page's `rel="next"` link (the Pagination's Next), HTML entities decoded. */
function nextHref(html: string): string | null {
  const tag = /<a\b[^>]*\brel="next"[^>]*>/.exec(html)?.[0];
  const href = tag && /\bhref="([^"]*)"/.exec(tag)?.[1];
  if (!href) return null;
  const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };
  return href.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => entities[entity]!);
}

const run = (command: string, commandArgs: string[], logFile: string, env: Record<string, string> = {}) => runLogged(root, command, commandArgs, logFile, env);

type Base = "app" | "hello" | "ssr" | "routes" | "d1" | "cache" | "baseline";
/**
 * `control`: the scenario of the same run whose CPU per request is subtracted for the "excess"
 * column — the SSR control (a) for pages, the D1 control (b) running the same list SQL.
 */
type Scenario = {
  name: string;
  path: string;
  base: Base;
  signedIn: boolean;
  connections?: number;
  duration?: number;
  control?: string;
  /** A page measured against its floor: which one. */
  page?: PageKey;
  /** The controls whose work adds up to this page's floor (each includes the hello-world floor once). */
  floor?: string[];
};
type Measured = Scenario & {
  /** The app stopped answering (every request "hung") during or after this scenario. */
  wedged: boolean;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  total: number;
  bad: number;
  /** workerd CPU per request over all rounds' windows. */
  cpuMsPerRequest: number;
  /** The same, each round's window on its own. */
  byRound: number[];
  /** Other processes' CPU during the windows, in cores. */
  others: number;
};

/**
 * Control (b): runs a page's D1 round trips, as recorded from the app (`capture-pages.ts`), on
 * the same D1 binding: each round trip one statement or one `batch()`, all at once; answers how
 * many rows each statement found. `/<page>` = that page's round trips; `/ping` = control (d).
 */
function d1ControlWorker(pages: Record<string, RoundTrip[]>) {
  return `
const PAGES = ${JSON.stringify(pages)};
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    // Control (d): one D1 round trip and nothing else, the floor of any query.
    if (url.pathname === "/ping") return Response.json(await env.DB.prepare("SELECT 1 AS one").first());
    const roundTrips = PAGES[url.pathname.slice(1)];
    if (!roundTrips) return new Response("unknown page", { status: 404 });
    const prepared = (s) => env.DB.prepare(s.sql).bind(...s.params);
    const results = await Promise.all(
      roundTrips.map(async (trip) => (trip.length === 1 ? [await prepared(trip[0]).all()] : await env.DB.batch(trip.map(prepared)))),
    );
    return Response.json(results.map((trip) => trip.map((r) => r.results.length)));
  },
};
`;
}

/**
 * Control (c): the floor of a cache hit on this runtime. `POST /seed` stores the body and headers
 * it is sent (the app's cached public page, as the app stored it) in the Cache API; every GET
 * then answers from `caches.open().match()`, as the app's hit does, with nothing else around it.
 */
const CACHE_CONTROL_WORKER = `
const KEY = "http://control.local/documents?__v=1";
export default {
  async fetch(request) {
    const cache = await caches.open("control-pages");
    if (request.method === "POST") {
      await cache.put(new Request(KEY), new Response(request.body, { headers: request.headers }));
      return new Response("stored");
    }
    const hit = await cache.match(new Request(KEY));
    if (!hit) return new Response("not seeded", { status: 500 });
    const response = new Response(hit.body, hit);
    response.headers.set("X-Cache", "HIT");
    return response;
  },
};
`;

/**
 * workerd's log lines, each distinct message printed once (a wedged app logs one "hung" error
 * per request, tens of thousands), with counts for the report.
 */
const workerdLogs = new Map<string, number>();
const onWorkerdLog = (entry: { level: string; message: string }) => {
  const key = `${entry.level}: ${entry.message.split("\n")[0]!.slice(0, 300)}`;
  const seen = workerdLogs.get(key) ?? 0;
  workerdLogs.set(key, seen + 1);
  if (seen === 0) process.stderr.write(`[workerd] ${key}\n`);
};

/** Set by Ctrl-C / SIGTERM: the failures that follow are expected, not reported. */
let interrupted = false;

/** Everything the run started, so that every exit path can stop it. */
const running = { instances: new Set<Miniflare>(), pids: new Set<number>(), stopped: new Set<number>() };

async function stopInstance(mf: Miniflare, pid: number | undefined) {
  await mf.dispose().catch(() => undefined);
  running.instances.delete(mf);
  if (pid) {
    try {
      process.kill(pid, "SIGKILL"); // normally gone already
    } catch {
      /* already gone */
    }
    running.pids.delete(pid);
    running.stopped.add(pid);
  }
}

async function main() {
  const started = Date.now();
  const loadAtStart = loadAverage();
  // The commit being built and measured (taken now: others may commit during the run).
  const git = spawnSync("git", ["describe", "--always", "--dirty"], { cwd: root, encoding: "utf8" }).stdout?.trim() || "unknown";
  const work = mkdtempSync(join(tmpdir(), "e-arsip-bench-"));
  const state = join(work, "state");
  // One cleanup, whoever asks first (a signal, or the main flow failing because of it); all wait for it.
  let cleaning: Promise<void> | undefined;
  const cleanup = () => (cleaning ??= stopEverything());
  const stopEverything = async () => {
    for (const mf of running.instances) await mf.dispose().catch(() => undefined);
    for (const pid of running.pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    // workerd may still be closing its files: wait until it is gone, then remove with retries.
    for (const pid of [...running.pids, ...running.stopped]) {
      for (let i = 0; i < 50 && existsSync(`/proc/${pid}`); i++) await sleep(100);
    }
    if (KEEP) log(`temp dir kept: ${work}`);
    else {
      try {
        rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } catch (error) {
        log(`could not remove ${work}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = true;
    log(`${signal}: stopping servers`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  // Miniflare's own SIGINT/SIGTERM hook kills workerd and exits at once, before an async cleanup
  // can finish: this synchronous last step still kills what is left and removes the temp dir.
  process.once("exit", () => {
    for (const pid of running.pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    if (!KEEP) {
      try {
        rmSync(work, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
      } catch {
        /* best effort */
      }
    }
  });

  try {
    // 1. Production build, served from a snapshot; the recording entry (capture-pages.ts) beside
    // its index.js, for the capture run only.
    const { serverDir, config } = await snapshotBuild(root, work, BUILD, log);
    writeFileSync(join(serverDir, RECORDING_ENTRY_FILE), RECORDING_ENTRY);
    const baseline =
      BASELINE_REF || BASELINE_BUILD ? await baselineBuild(root, work, BASELINE_REF ? { ref: BASELINE_REF } : { buildDir: BASELINE_BUILD }, log) : null;

    // 2. Fresh state: migrations + demo seed, then the bulk documents.
    await freshState(root, state, log);
    log(`inserting ${COUNT.toLocaleString("en")} documents`);
    const seed = seedDocuments(state, COUNT, [SELECTIVE_TERM, BROAD_TERM]);
    log(`seeded in ${seed.seconds.toFixed(1)} s: ${seed.total} documents`);
    const plans = queryPlans(state, SELECTIVE_TERM, BROAD_TERM);

    // 3. workerd via Miniflare: the app beside the hello world and the controls, each on a
    // direct socket.
    const socket = [{ host: "127.0.0.1", port: 0 }];
    const sessionSecret = randomBytes(32).toString("hex");
    const r2Buckets = Object.fromEntries(config.r2_buckets.map((r) => [r.binding, r.bucket_name]));
    const d1Databases = Object.fromEntries(config.d1_databases.map((d) => [d.binding, d.preview_database_id ?? d.database_id]));
    // SSO off whatever a local .dev.vars says; the default upload cap (95 MiB) applies.
    const appBindings = (built: WranglerJson) => ({ ...built.vars, SESSION_SECRET: sessionSecret, OIDC_ISSUER: "", OIDC_CLIENT_ID: "" });
    /** The app's Worker; `recording`: behind the recording entry, which notes every D1 round trip. */
    const appWorker = (recording: boolean) => ({
      name: "e-arsip",
      modules: recording ? builtModules(serverDir, RECORDING_ENTRY_FILE, [config.main]) : builtModules(serverDir, config.main),
      modulesRoot: serverDir,
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags ?? [],
      bindings: appBindings(config),
      d1Databases,
      r2Buckets,
      unsafeDirectSockets: socket,
      unsafeRegisterWorker: false,
    });
    type Extra = {
      name: string;
      script?: string;
      r2?: boolean;
      d1?: boolean;
      modules?: ReturnType<typeof builtModules>;
      modulesRoot?: string;
      bindings?: Record<string, string>;
      /** Its own build's, where it has one (the A/B baseline). */
      compatibility?: { date: string; flags: string[] };
    };
    const HELLO: Extra = { name: "hello", script: 'export default { fetch() { return new Response("Hello World!"); } };' };
    const startWorkerd = async (extras: Extra[], options: { inspector?: boolean; recording?: boolean } = {}) => {
      type Options = Parameters<typeof convertV4MiniflareOptions>[0];
      const mf = new Miniflare(
        convertV4MiniflareOptions({
          host: "127.0.0.1",
          port: 0,
          cf: false,
          handleStructuredLogs: onWorkerdLog,
          ...(options.inspector ? { inspectorPort: 0, inspectorHost: "127.0.0.1" } : {}),
          resourcePersistencePath: join(state, "v3"),
          workers: [
            appWorker(options.recording ?? false),
            ...extras.map((extra) => ({
              name: extra.name,
              ...(extra.modules ? { modules: extra.modules, modulesRoot: extra.modulesRoot } : { modules: true, script: extra.script }),
              compatibilityDate: extra.compatibility?.date ?? config.compatibility_date,
              compatibilityFlags: extra.compatibility?.flags ?? config.compatibility_flags ?? [],
              ...(extra.bindings ? { bindings: extra.bindings } : {}),
              ...(extra.r2 ? { r2Buckets } : {}),
              ...(extra.d1 ? { d1Databases } : {}),
              unsafeDirectSockets: socket,
              unsafeRegisterWorker: false,
            })),
          ],
        } as unknown as Options),
      );
      running.instances.add(mf);
      await mf.ready;
      const pid = findWorkerdPid(running.stopped);
      running.pids.add(pid);
      const urls: Record<string, string> = { app: (await mf.unsafeGetDirectURL("e-arsip")).href.replace(/\/$/, "") };
      for (const extra of extras) urls[extra.name] = (await mf.unsafeGetDirectURL(extra.name)).href.replace(/\/$/, "");
      return { mf, pid, appUrl: urls.app!, urls };
    };
    const signIn = async (appUrl: string) => {
      const response = await fetch(`${appUrl}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: appUrl },
        body: JSON.stringify({ username: "admin", password: "arsip-demo-2026" }),
      });
      if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
      const { csrfToken } = (await response.json()) as { csrfToken: string };
      return { csrfToken, cookie: response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
    };

    // What each page does, from the app itself on a short-lived recording workerd (signed in as
    // the Super Admin of the load scenarios): its D1 round trips for control (b), and for the
    // pages control (a'') renders again, its markup and loader data. The deep page is reached as
    // a user reaches it: by page DEEP_PAGE - 1's Next link (a keyset cursor).
    const captured = await (async () => {
      const probe = await startWorkerd([], { recording: true });
      try {
        const { cookie } = await signIn(probe.appUrl);
        const before = await capturePage(probe.appUrl, `/app/documents?page=${DEEP_PAGE - 1}`, { cookie });
        const next = nextHref(before.html);
        if (!next?.startsWith("/app/documents?")) throw new Error(`page ${DEEP_PAGE - 1} has no Next link`);
        const search = new URL(next, probe.appUrl).searchParams;
        if (search.get("page") !== String(DEEP_PAGE) || !search.get("after")) throw new Error(`page ${DEEP_PAGE - 1}'s Next link is not a keyset link: ${next}`);
        const paths: Record<PageKey, string> = {
          list: "/app/documents",
          selective: `/app/documents?q=${SELECTIVE_TERM}`,
          broad: `/app/documents?q=${BROAD_TERM}`,
          keyset: `/app/documents?${search.toString()}`,
          offset: `/app/documents?page=${DEEP_PAGE}`,
          api: "/api/v1/archives",
          app: "/app",
          detail: `/app/documents/${seed.sampleUuid}`,
        };
        const pages = {} as Record<PageKey, CapturedPage & { path: string }>;
        for (const key of PAGE_KEYS) pages[key] = { ...(await capturePage(probe.appUrl, paths[key], { cookie })), path: paths[key] };
        const replayed: Record<string, { tree: MarkupNode[]; loaderData: unknown; path: string }> = {};
        for (const key of REPLAYED) replayed[key] = { tree: markupTree(pages[key].html), loaderData: await loaderDataOf(probe.appUrl, paths[key], { cookie }), path: paths[key] };
        return { pages, replayed };
      } finally {
        await stopInstance(probe.mf, probe.pid);
      }
    })();
    const pagePath = (key: PageKey) => captured.pages[key].path;
    // For a look with --keep: each page's round trips as recorded.
    writeFileSync(join(work, "page-sql.json"), JSON.stringify(Object.fromEntries(PAGE_KEYS.map((key) => [key, captured.pages[key]])), null, 1));
    log(
      `page SQL captured (statements per round trip, the session's left out): ${PAGE_KEYS.map((key) => `${key} ${captured.pages[key].roundTrips.map((trip) => trip.length).join("+") || "none"}`).join(", ")}`,
    );

    // Controls (a), (a') and (a''): React Router SSR Workers built with the app's toolchain, the
    // last rendering the captured pages again. Control (a'''): the same Worker built with the
    // app's route table, the captured pages at their own paths.
    const replayFile = join(work, "replay-pages.json");
    writeFileSync(replayFile, JSON.stringify(captured.replayed));
    const buildSsrControl = async (name: string, env: Record<string, string> = {}): Promise<Extra> => {
      const buildDir = join(work, name);
      await run("npx", ["react-router", "build", "scripts/bench/control-ssr"], join(work, `${name}-build.log`), { BENCH_CONTROL_BUILD_DIR: buildDir, BENCH_REPLAY_PAGES: replayFile, ...env });
      const serverDir = join(buildDir, "server");
      const config = JSON.parse(readFileSync(join(serverDir, "wrangler.json"), "utf8")) as WranglerJson;
      return { name, modules: builtModules(serverDir, config.main), modulesRoot: serverDir };
    };
    log("building the SSR control (scripts/bench/control-ssr)");
    const SSR_CONTROL = await buildSsrControl("control-ssr");
    log("building the SSR control with the app's route table (a''')");
    const ROUTES_CONTROL = await buildSsrControl("control-routes", { BENCH_CONTROL_APP_ROUTES: "1" });

    const D1_CONTROL: Extra = {
      name: "control-d1",
      script: d1ControlWorker(Object.fromEntries(PAGE_KEYS.map((key) => [key, captured.pages[key].roundTrips]))),
      d1: true,
    };
    const CACHE_CONTROL: Extra = { name: "control-cache", script: CACHE_CONTROL_WORKER };
    const workerdVersion = (JSON.parse(readFileSync(join(root, "node_modules/workerd/package.json"), "utf8")) as { version: string }).version;
    /** Control (c) holds exactly what the app's cache serves for /documents (its second answer is a hit). */
    const seedCacheControl = async (urls: Record<string, string>) => {
      await (await fetch(`${urls.app}/documents`)).arrayBuffer();
      const hit = await fetch(`${urls.app}/documents`);
      const body = await hit.arrayBuffer();
      if (hit.headers.get("x-cache") !== "HIT") throw new Error(`the app's /documents is not a cache hit (${hit.headers.get("x-cache")})`);
      const headers = new Headers(hit.headers);
      for (const name of ["x-cache", "content-length", "content-encoding", "transfer-encoding"]) headers.delete(name);
      const seeded = await fetch(`${urls["control-cache"]}/seed`, { method: "POST", body, headers });
      if (seeded.status !== 200) throw new Error(`control (c) seed answered ${seeded.status}`);
    };
    /** The A/B baseline: the other build, on the same D1 and R2 with the same secret (the same session signs in to both). */
    const BASELINE_WORKER: Extra | null = baseline && {
      name: "baseline",
      modules: builtModules(baseline.serverDir, baseline.config.main),
      modulesRoot: baseline.serverDir,
      bindings: appBindings(baseline.config),
      compatibility: { date: baseline.config.compatibility_date, flags: baseline.config.compatibility_flags ?? [] },
      d1: true,
      r2: true,
    };
    const startLoad = async () => {
      const started = await startWorkerd([HELLO, SSR_CONTROL, ROUTES_CONTROL, D1_CONTROL, CACHE_CONTROL, ...(BASELINE_WORKER ? [BASELINE_WORKER] : [])]);
      await seedCacheControl(started.urls);
      return started;
    };
    let load = await startLoad();
    log(`workerd ${workerdVersion} pid ${load.pid}: ${JSON.stringify(load.urls)}`);
    const { cookie } = await signIn(load.appUrl);

    const HELLO_NAME = "Hello world (bare Worker, same workerd)";
    const SSR_A = "Control (a): minimal React Router SSR Worker";
    const SSR_LIST_SHAPED = "Control (a'): the same SSR Worker, a page shaped like the document list";
    const D1_PING = "Control (d): one D1 round trip (`SELECT 1`)";
    const CACHE_C = "Control (c): Cache API hit of the same page, bare Worker";
    const replayName = (key: PageKey) => `Control (a''): the page's own markup and loader data, ${PAGE_LABELS[key]}`;
    const routesName = (key: PageKey) => `Control (a'''): the same at the page's own path among the app's routes, ${PAGE_LABELS[key]}`;
    const sqlName = (key: PageKey) => `Control (b): the page's own SQL → JSON, ${PAGE_LABELS[key]}`;
    const baselineName = (key: PageKey) => `Baseline ${baseline?.label}: ${PAGE_LABELS[key]}`;
    const abKeys: readonly PageKey[] = baseline ? AB_KEYS : [];
    const scenarios: Scenario[] = [
      { name: HELLO_NAME, path: "/", base: "hello", signedIn: false },
      { name: SSR_A, path: "/", base: "ssr", signedIn: false },
      { name: SSR_LIST_SHAPED, path: "/table", base: "ssr", signedIn: false },
      ...REPLAYED.map((key): Scenario => ({ name: replayName(key), path: `/replay/${key}`, base: "ssr", signedIn: false })),
      ...REPLAYED.map((key): Scenario => ({ name: routesName(key), path: pagePath(key), base: "routes", signedIn: false })),
      { name: D1_PING, path: "/ping", base: "d1", signedIn: false },
      ...PAGE_KEYS.map((key): Scenario => ({ name: sqlName(key), path: `/${key}`, base: "d1", signedIn: false })),
      { name: CACHE_C, path: "/documents", base: "cache", signedIn: false },
      ...abKeys.map((key): Scenario => ({ name: baselineName(key), path: pagePath(key), base: "baseline", signedIn: true })),
      ...PAGE_KEYS.map(
        (key): Scenario => ({
          name: PAGE_NAMES[key],
          path: pagePath(key),
          base: "app",
          signedIn: true,
          page: key,
          control: sqlName(key),
          floor: key === "api" ? [sqlName(key), D1_PING] : [replayName(REPLAY_OF[key]), sqlName(key), D1_PING],
        }),
      ),
      { name: "Public list `/documents` (visitor, Cache API hit)", path: "/documents", base: "app", signedIn: false, control: CACHE_C },
      ...(["list", "selective", "broad"] as const).map(
        (key): Scenario => ({
          name: `${PAGE_LABELS[key]}, 1 connection`,
          path: pagePath(key),
          base: "app",
          signedIn: true,
          connections: 1,
          duration: Math.max(1, DURATION / 2),
          control: sqlName(key),
        }),
      ),
    ];
    const BASE_WORKER: Record<Base, string> = { app: "app", hello: "hello", ssr: "control-ssr", routes: "control-routes", d1: "control-d1", cache: "control-cache", baseline: "baseline" };
    const urlOf = (s: Scenario) => `${load.urls[BASE_WORKER[s.base]]}${s.path}`;
    const headersOf = (s: Scenario): Record<string, string> => (s.signedIn ? { cookie } : {});

    // Every scenario must answer 200 with the page it claims to be (no redirect to /login).
    const totals: Record<string, string> = {};
    const cacheHeaders: string[] = [];
    const markup = new Map<string, { app: Markup; control: Markup }>();
    for (const s of scenarios) {
      const response = await fetch(urlOf(s), { headers: headersOf(s), redirect: "manual" });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${s.path} answered ${response.status}: ${body.slice(0, 300)}`);
      if (s.base === "app" && s.path === "/documents") {
        const again = await fetch(urlOf(s), { headers: headersOf(s) });
        await again.arrayBuffer();
        cacheHeaders.push(response.headers.get("x-cache") ?? "none", again.headers.get("x-cache") ?? "none");
      }
      if ((s.base === "app" || s.base === "baseline") && s.path.startsWith("/app/documents?") && !shownRows(body)) throw new Error(`${s.path} did not render the document table (${s.name})`);
    }
    // Control (a'') against the app: the same elements and attributes (the report prints both).
    const listShapedHtml = await (await fetch(`${load.urls["control-ssr"]}/table`)).text();
    markup.set("list-shaped", { app: markupOf(captured.pages.list.html), control: markupOf(listShapedHtml) });
    for (const key of REPLAYED) {
      const replay = await (await fetch(`${load.urls["control-ssr"]}/replay/${key}`)).text();
      markup.set(key, { app: markupOf(captured.pages[key].html), control: markupOf(replay) });
      // (a''') must render what (a'') renders: only the route table differs, and with it the
      // route modules' modulepreload links.
      const atPath = await (await fetch(`${load.urls["control-routes"]}${pagePath(key)}`)).text();
      const withoutLinks = (html: string) => {
        const page = markupOf(html);
        page.tags.delete("link");
        return page;
      };
      const difference = tagDifference(withoutLinks(replay), withoutLinks(atPath));
      if (difference !== SAME_ELEMENTS) throw new Error(`control (a''') renders another page than (a'') for ${key}: ${difference}`);
    }
    for (const q of ["", SELECTIVE_TERM, BROAD_TERM]) {
      const api = (await (await fetch(`${load.appUrl}/api/v1/archives?q=${q}`, { headers: { cookie } })).json()) as { total: number; totalCapped?: boolean };
      totals[q || "all"] = `${api.total.toLocaleString("en")}${api.totalCapped ? "+" : ""}`;
    }
    // Control (b) must do the app's work: each statement finds as many rows as it did for the app.
    for (const key of PAGE_KEYS) {
      const counts = (await (await fetch(`${load.urls["control-d1"]}/${key}`)).json()) as number[][];
      const expected = captured.pages[key].roundTrips.map((trip) => trip.map((statement) => statement.rows));
      if (JSON.stringify(counts) !== JSON.stringify(expected)) throw new Error(`control (b) ${key} found ${JSON.stringify(counts)} rows, the app ${JSON.stringify(expected)}`);
    }
    log(`pages checked; totals ${JSON.stringify(totals)}`);

    // Gzipped JS per page: resolved from React Router's client manifest, checked against the
    // modulepreloads and module imports of the rendered page.
    const clientDir = join(serverDir, "..", "client");
    // `charts`: the page draws charts (its budget is 65 kB above the others').
    const jsPages: { path: string; signedIn: boolean; charts?: boolean }[] = [
      { path: "/login", signedIn: false },
      { path: "/app/documents", signedIn: true },
      { path: "/documents", signedIn: false },
      { path: "/panduan", signedIn: false },
      { path: `/app/documents/${seed.sampleUuid}`, signedIn: true },
      { path: "/app/documents/create", signedIn: true },
      { path: "/app/access-request", signedIn: true },
      { path: "/app/users", signedIn: true },
      { path: "/app/users/create", signedIn: true },
      { path: "/app/manage-unit-kerja", signedIn: true },
      { path: "/app/audit-logs", signedIn: true },
      { path: "/app", signedIn: true, charts: true },
      { path: "/", signedIn: false, charts: true },
    ];
    const jsSizes = [];
    for (const page of jsPages) {
      const chunks = pageChunks(clientDir, page.path);
      const html = await (await fetch(`${load.appUrl}${page.path}`, { headers: page.signedIn ? { cookie } : {} })).text();
      const inHtml = preloadsInHtml(html);
      const missing = inHtml.filter((file) => !chunks.files.includes(file));
      const extra = chunks.files.filter((file) => !inHtml.includes(file));
      jsSizes.push({
        ...page,
        routes: chunks.routes,
        files: chunks.files.length,
        gzip: gzippedBytes(clientDir, chunks.files),
        htmlGzip: gzippedBytes(clientDir, inHtml),
        htmlBytes: Buffer.byteLength(html),
        check: missing.length || extra.length ? `differs from the page: page only ${missing.join(", ") || "–"}; manifest only ${extra.join(", ") || "–"}` : "same files as the page",
      });
    }
    // chart.js is a lazy chunk (fetched when a chart nears the viewport), not in the modulepreloads.
    const chartJsGzip = gzippedBytes(clientDir, readdirSync(join(clientDir, "assets")).filter((file) => /^chart-runtime-.*\.js$/.test(file)).map((file) => `/assets/${file}`));
    const serverBundleGzip = readdirSync(serverDir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.m?js$/.test(file))
      .reduce((sum, file) => sum + gzipSync(readFileSync(join(serverDir, file)), { level: 9 }).length, 0);
    log(`JS per page (gzip): ${jsSizes.map((j) => `${j.path} ${(j.gzip / 1000).toFixed(1)} kB`).join(", ")}; Worker bundle ${(serverBundleGzip / 1000).toFixed(0)} kB`);

    // 4. Load, each scenario after a quiet moment (bounded).
    let quietSpent = 0;
    let restarts = 0;
    const waitForQuiet = async (pid = load.pid) => {
      while (quietSpent < QUIET_BUDGET_MS) {
        const window = cpuWindow(pid);
        await sleep(1000);
        const others = window.stop().others;
        quietSpent += 1000;
        if (others < 0.5) return;
      }
    };
    /**
     * Until workerd has finished what the previous scenario left queued (autocannon stops
     * sending, but D1 still runs the queries already sent, one after another), at most 60 s:
     * otherwise a slow scenario's backlog is billed to the next one.
     */
    const waitForWorkerdIdle = async (pid = load.pid) => {
      for (let waited = 0; waited < 60_000; waited += 100) {
        const window = cpuWindow(pid);
        await sleep(100);
        if (window.stop().workerd < 0.05) return;
      }
      log("workerd still busy after 60 s: measuring anyway");
    };
    /** Whether the app still answers a plain API call within 5 s. */
    const healthy = async () => {
      try {
        const response = await fetch(`${load.appUrl}/api/v1/archives`, { headers: { cookie }, signal: AbortSignal.timeout(5000) });
        await response.arrayBuffer();
        return response.status === 200;
      } catch {
        return false;
      }
    };
    const restart = async () => {
      await stopInstance(load.mf, load.pid);
      load = await startLoad();
      restarts++;
      if (!(await healthy())) throw new Error("the app does not answer after a restart");
    };
    const wedges: string[] = [];
    /** One timed window of a scenario: what the report pools over the rounds. */
    type Window = { times: number[]; ok: number; seconds: number; requests: number; bad: number; cpuMs: number; othersCoreSeconds: number; wedged: boolean };
    /** Load that is not measured: a window's warm-up, and the pass before the first round. */
    const unmeasuredLoad = (s: Scenario, seconds: number) =>
      seconds > 0 ? autocannon({ url: urlOf(s), connections: s.connections ?? CONNECTIONS, ...loadFor(seconds), headers: headersOf(s) }) : null;
    const measureWindow = async (s: Scenario, duration: number, round: number): Promise<Window> => {
      const connections = s.connections ?? CONNECTIONS;
      await waitForWorkerdIdle();
      await waitForQuiet();
      // The copy control (c) holds lapses with the app's s-maxage (300 s), sooner than a run of
      // several rounds ends: each window measures a fresh copy of what the app serves then.
      if (s.base === "cache") await seedCacheControl(load.urls);
      const warmUp = () => unmeasuredLoad(s, WARMUP_SECONDS);
      await warmUp();
      let warmupWedged = false;
      if (s.base === "app" && !(await healthy())) {
        warmupWedged = true;
        wedges.push(`${s.name} (warm-up)`);
        log(`the app stopped answering during the warm-up of ${s.name}: restarting workerd`);
        await restart();
        await warmUp();
      }
      const times: number[] = [];
      const cpu = cpuWindow(load.pid);
      const instance = autocannon({ url: urlOf(s), connections, ...loadFor(duration), headers: headersOf(s), timeout: 30 });
      instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
      const result: Result = await instance;
      // What the scenario's requests still cost after it stopped sending belongs to it.
      await waitForWorkerdIdle();
      const usage = cpu.stop();
      const window: Window = {
        times,
        ok: result["2xx"],
        seconds: result.duration,
        // Every request sent costs workerd CPU, answered in time or not; the window runs until workerd is idle.
        requests: Math.max(1, result.requests.sent, result.requests.total),
        bad: result.non2xx + result.errors + result.timeouts,
        cpuMs: usage.workerd * usage.seconds * 1000,
        othersCoreSeconds: usage.others * usage.seconds,
        wedged: (s.base === "app" && !(await healthy())) || warmupWedged,
      };
      log(`${s.name}${ROUNDS > 1 ? ` (round ${round + 1})` : ""}: ${(window.ok / window.seconds).toFixed(0)} req/s, ${(window.cpuMs / window.requests).toFixed(2)} ms CPU/req, ${window.bad} failed, others ${usage.others.toFixed(2)} cores`);
      if (window.wedged && !warmupWedged) {
        // Every later request would fail: record it, restart workerd.
        wedges.push(s.name);
        log(`the app stopped answering (500 "hung" for every request) during ${s.name}: restarting workerd`);
        await restart();
      }
      return window;
    };
    /** A scenario's windows pooled: its requests, their latencies and workerd's CPU over all rounds. */
    const pooled = (s: Scenario, windows: Window[]): Measured => {
      const sum = (pick: (w: Window) => number) => windows.reduce((total, w) => total + pick(w), 0);
      const sorted = Float64Array.from(windows.flatMap((w) => w.times)).sort();
      const seconds = sum((w) => w.seconds);
      return {
        ...s,
        wedged: windows.some((w) => w.wedged),
        rps: sum((w) => w.ok) / seconds,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        total: sum((w) => w.requests),
        bad: sum((w) => w.bad),
        cpuMsPerRequest: sum((w) => w.cpuMs) / sum((w) => w.requests),
        byRound: windows.map((w) => w.cpuMs / w.requests),
        others: sum((w) => w.othersCoreSeconds) / seconds,
      };
    };
    // Rounds alternate the order (forward, then backward, ...): a page and the controls of its
    // floor are measured on both sides of each other, so a machine that speeds up or slows down
    // during the run moves them alike rather than the ratio.
    const windowsOf = new Map<string, Window[]>(scenarios.map((s) => [s.name, []]));
    /**
     * A round measures each page right after the controls of its own floor ((a'''), (a''), (b);
     * (d) before the first page), and in the backward rounds right before them: each round's
     * ratio of a page compares windows seconds apart rather than minutes (0299). The report keeps
     * the scenarios' own order.
     */
    const controlsOf = (s: Scenario) => [
      ...(s.page && s.page !== "api" ? [routesName(REPLAY_OF[s.page])] : []),
      ...(s.floor ?? []),
      ...(s.control ? [s.control] : []),
      // An A/B run's baseline of the page, right beside it.
      ...(s.page && abKeys.includes(s.page) ? [baselineName(s.page)] : []),
    ];
    const someonesControl = new Set(scenarios.flatMap(controlsOf));
    const measurementOrder: Scenario[] = [];
    const measureInOrder = (name: string) => {
      if (!measurementOrder.some((s) => s.name === name)) measurementOrder.push(scenarios.find((s) => s.name === name)!);
    };
    for (const s of scenarios) {
      if (someonesControl.has(s.name)) continue;
      for (const control of controlsOf(s)) measureInOrder(control);
      measureInOrder(s.name);
    }
    if (measurementOrder.length !== scenarios.length) throw new Error("a scenario is missing from the measurement order");
    if (PREWARM_SECONDS > 0) {
      log(`unmeasured pass: every scenario for ${PREWARM_SECONDS} s`);
      for (const s of measurementOrder) {
        if (s.base === "cache") await seedCacheControl(load.urls);
        await unmeasuredLoad(s, PREWARM_SECONDS);
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of round % 2 === 0 ? measurementOrder : [...measurementOrder].reverse()) {
        const duration = (s.duration ?? DURATION) / ROUNDS;
        let window = await measureWindow(s, duration, round);
        // A window spoilt by the app wedging is measured once more on a fresh workerd.
        if (window.bad > 0) window = { ...(await measureWindow(s, duration, round)), wedged: true };
        windowsOf.get(s.name)!.push(window);
      }
    }
    const measured = scenarios.map((s) => pooled(s, windowsOf.get(s.name)!));
    await stopInstance(load.mf, load.pid);

    // 4b. CPU profiles of the app isolate (V8 inspector, Profiler domain) under the same load, on a
    // fresh workerd with its inspector on (not during the timed scenarios: sampling costs CPU).
    const profiled = await startWorkerd([], { inspector: true });
    const profileAuth = await signIn(profiled.appUrl);
    const profileIsolate = await connectIsolate(await profiled.mf.getInspectorURL(), "e-arsip");
    const sourceMaps = loadSourceMaps([serverDir]);
    const profileTargets: { name: string; path: string; signedIn: boolean }[] = [
      ...(["list", "broad", "app", "detail", "api"] as const).map((key) => ({ name: PAGE_NAMES[key], path: pagePath(key), signedIn: true })),
      { name: "Public list `/documents` (visitor, Cache API hit)", path: "/documents", signedIn: false },
    ];
    const profiles: (ProfileSummary & { name: string; path: string; requests: number; workerdMsPerRequest: number; others: number })[] = [];
    for (const target of profileTargets) {
      const url = `${profiled.appUrl}${target.path}`;
      const headers: Record<string, string> = target.signedIn ? { cookie: profileAuth.cookie } : {};
      await waitForWorkerdIdle(profiled.pid);
      await waitForQuiet(profiled.pid);
      await autocannon({ url, connections: CONNECTIONS, ...loadFor(Math.max(WARMUP_SECONDS, 0.2)), headers }); // warm-up (and the cache fill)
      const cpu = cpuWindow(profiled.pid);
      const { profile, value: result } = await profileIsolate.cpuProfile(() => autocannon({ url, connections: CONNECTIONS, ...loadFor(PROFILE_SECONDS), headers }));
      const usage = cpu.stop();
      const summary = summariseProfile(profile, sourceMaps);
      const requests = result.requests.total;
      // Kept with the temp dir, each profile opens in Chrome DevTools' Performance panel.
      if (KEEP) writeFileSync(join(work, `profile-${profiles.length + 1}.cpuprofile`), JSON.stringify(profile));
      profiles.push({ ...target, ...summary, requests, workerdMsPerRequest: (usage.workerd * result.duration * 1000) / Math.max(1, requests), others: usage.others });
      log(`profile ${target.name}: ${requests} requests, app isolate busy ${(summary.busyMs / Math.max(1, requests)).toFixed(2)} ms/req; top ${summary.top.slice(0, 3).map((t) => `${t.name} ${(t.share * 100).toFixed(1)}%`).join(", ")}`);
    }
    profileIsolate.close();
    await stopInstance(profiled.mf, profiled.pid);

    // 5. Transfers on a fresh workerd with the inspector on, beside the R2 control Worker.
    const verdict = (ok: boolean) => (ok ? "**met**" : "**MISSED**");
    const runTransfers = async () => {
      const xfer = await startWorkerd([{ name: "r2-control", script: R2_CONTROL_WORKER, r2: true }], { inspector: true });
      log(`transfers: workerd pid ${xfer.pid}, app ${xfer.appUrl}, control ${xfer.urls["r2-control"]}`);
      const auth = await signIn(xfer.appUrl);
      const isolate = await connectIsolate(await xfer.mf.getInspectorURL(), "e-arsip");
      const idleLive = await isolate.liveAfterGc();
      const transferCpu = cpuWindow(xfer.pid);
      const warmupFile = join(work, "warmup.pdf");
      const warmupSha = makePdfLikeFile(warmupFile, WARMUP_UPLOAD_BYTES);
      const bigFile = join(work, "big.pdf");
      const bigSha = makePdfLikeFile(bigFile, UPLOAD_BYTES);
      const fields = (title: string) => ({
        title,
        documentNumber: "BENCH/001/2026",
        year: "2026",
        categoryId: "6",
        accessLevel: "PRIVATE",
        keywords: "benchmark, unggah, unduh, berkas, besar",
        description: "Berkas besar untuk mengukur kecepatan unggah dan unduh serta pemakaian memori workerd.",
      });
      type Heap = { before: number; peak: number };
      type Row = { label: string; bytes: number; seconds: number; heap?: Heap; rss: { before: number; peak: number }; check: string };
      const rows: Row[] = [];
      const measure = async <T>(action: () => Promise<T>) => {
        const heap = await isolate.sample(100);
        const rss = sampleMemory(xfer.pid, 100);
        const value = await action();
        return { value, heap: await heap.stop(), rss: rss.stop() };
      };

      let bigUuid = "";
      for (const [label, file, bytes, sha] of [
        ["App upload (warm-up)", warmupFile, WARMUP_UPLOAD_BYTES, warmupSha],
        ["App upload `POST /api/v1/archives`", bigFile, UPLOAD_BYTES, bigSha],
      ] as const) {
        const { value: upload, heap, rss } = await measure(() =>
          uploadFile(`${xfer.appUrl}/api/v1/archives`, file, `bench-${bytes}.pdf`, fields(`Berkas uji ${bytes / MB} MB`), {
            cookie: auth.cookie,
            origin: xfer.appUrl,
            "x-csrf-token": auth.csrfToken,
          }),
        );
        if (upload.status !== 201 || !upload.body.data) throw new Error(`${label} answered ${upload.status}: ${JSON.stringify(upload.body)}`);
        const detail = (await (await fetch(`${xfer.appUrl}/api/v1/archives/${upload.body.data.uuid}`, { headers: { cookie: auth.cookie } })).json()) as { fileSizeKb: number };
        const sizeOk = Math.abs(detail.fileSizeKb * 1024 - bytes) < 10;
        rows.push({ label, bytes, seconds: upload.seconds, heap, rss, check: `201, stored size ${sizeOk ? "ok" : "WRONG"}` });
        if (bytes === UPLOAD_BYTES) bigUuid = upload.body.data.uuid;
        log(`${label} ${bytes / MB} MB: ${(bytes / MB / upload.seconds).toFixed(1)} MB/s, app isolate ${(heap.before / MB).toFixed(1)} -> peak ${(heap.peak / MB).toFixed(1)} MB, RSS ${(rss.before / MB).toFixed(0)} -> ${(rss.peak / MB).toFixed(0)} MB`);
      }

      // What the app really holds while a big body streams through it: one more upload that
      // pauses at a third and at two thirds of the file while a full GC runs, then reads what
      // survived (the request is still open, the app mid-stream).
      const liveDuring: number[] = [];
      const marks = [UPLOAD_BYTES / 3, (2 * UPLOAD_BYTES) / 3];
      const memoryProbe = await uploadFile(
        `${xfer.appUrl}/api/v1/archives`,
        bigFile,
        "bench-memory.pdf",
        fields(`Berkas uji memori ${BIG}`),
        { cookie: auth.cookie, origin: xfer.appUrl, "x-csrf-token": auth.csrfToken },
        async (sent) => {
          if (marks.length && sent >= marks[0]!) {
            marks.shift();
            await sleep(200); // let the app take in what was sent
            liveDuring.push(await isolate.liveAfterGc());
          }
        },
      );
      if (memoryProbe.status !== 201) throw new Error(`memory probe upload answered ${memoryProbe.status}`);
      log(`live app isolate memory: idle ${(idleLive / MB).toFixed(1)} MB, during a ${BIG} upload ${liveDuring.map((v) => (v / MB).toFixed(1)).join(", ")} MB`);

      const downloadRuns: { seconds: number; heap: Heap; rssBefore: number; rssPeak: number }[] = [];
      let downloadCheck = "";
      for (let i = 0; i < 3; i++) {
        const target = join(work, "downloaded.pdf");
        const { value: download, heap, rss } = await measure(() =>
          downloadFile(`${xfer.appUrl}/api/v1/archives/${bigUuid}/download`, target, { cookie: auth.cookie }),
        );
        rmSync(target, { force: true });
        if (download.status !== 200) throw new Error(`download answered ${download.status}`);
        if (download.sha256 !== bigSha) throw new Error(`downloaded sha256 ${download.sha256} differs from the upload's ${bigSha}`);
        downloadCheck = `200, ${download.bytes === UPLOAD_BYTES && download.contentLength === UPLOAD_BYTES ? "length ok" : "LENGTH WRONG"}, SHA-256 equal to the upload`;
        downloadRuns.push({ seconds: download.seconds, heap, rssBefore: rss.before, rssPeak: rss.peak });
      }
      const dl = {
        seconds: median(downloadRuns.map((r) => r.seconds)),
        heap: { before: downloadRuns[0]!.heap.before, peak: Math.max(...downloadRuns.map((r) => r.heap.peak)) },
        rss: { before: downloadRuns[0]!.rssBefore, peak: Math.max(...downloadRuns.map((r) => r.rssPeak)) },
      };
      rows.push({ label: "App download `GET …/download` (median of 3)", bytes: UPLOAD_BYTES, seconds: dl.seconds, heap: dl.heap, rss: dl.rss, check: downloadCheck });
      log(`app download: ${(UPLOAD_BYTES / MB / dl.seconds).toFixed(1)} MB/s`);

      // The same bytes through the control Worker: what the local runtime + R2 simulator allow.
      const controlPut = sampleMemory(xfer.pid, 100);
      const put = await putFile(`${xfer.urls["r2-control"]}/big.pdf`, bigFile);
      const putRss = controlPut.stop();
      if (put.status !== 201) throw new Error(`control upload answered ${put.status}`);
      rows.push({ label: "Control Worker upload (raw PUT → R2 parts)", bytes: UPLOAD_BYTES, seconds: put.seconds, rss: putRss, check: "201" });
      const controlGets: number[] = [];
      const controlGetRss = sampleMemory(xfer.pid, 100);
      for (let i = 0; i < 3; i++) {
        const target = join(work, "control.pdf");
        const got = await downloadFile(`${xfer.urls["r2-control"]}/big.pdf`, target, {});
        rmSync(target, { force: true });
        if (got.status !== 200 || got.sha256 !== bigSha) throw new Error(`control download answered ${got.status}, sha256 ${got.sha256 === bigSha ? "ok" : "different"}`);
        controlGets.push(got.seconds);
      }
      rows.push({ label: "Control Worker download (R2 get → Response, median of 3)", bytes: UPLOAD_BYTES, seconds: median(controlGets), rss: controlGetRss.stop(), check: "200, SHA-256 equal" });

      const copies: number[] = [];
      const streamCopies: number[] = [];
      for (let i = 0; i < 3; i++) {
        copies.push(await timeCopy(bigFile, join(work, "copy.pdf")));
        streamCopies.push(await timeStreamCopy(bigFile, join(work, "copy.pdf")));
      }
      const copySeconds = median(copies);
      rows.push({ label: "Plain file copy (`fs.copyFile`, as `cp`; median of 3)", bytes: UPLOAD_BYTES, seconds: copySeconds, rss: { before: 0, peak: 0 }, check: "–" });
      rows.push({ label: "Streamed file copy (read → write stream; median of 3)", bytes: UPLOAD_BYTES, seconds: median(streamCopies), rss: { before: 0, peak: 0 }, check: "–" });
      const transferUsage = transferCpu.stop();
      isolate.close();
      await stopInstance(xfer.mf, xfer.pid);
      const mb = (bytes: number) => (bytes / MB).toFixed(0);
      const transferRows = rows.map(
        (r) =>
          `| ${r.label} | ${mb(r.bytes)} MB | ${r.seconds.toFixed(2)} | ${(r.bytes / MB / r.seconds).toFixed(0)} | ${r.heap ? `${(r.heap.before / MB).toFixed(1)} → ${(r.heap.peak / MB).toFixed(1)} MB` : "–"} | ${r.rss.peak ? `${mb(r.rss.before)} → ${mb(r.rss.peak)} MB` : "–"} | ${r.check} |`,
      );
      const warm = rows[0]!;
      const big = rows[1]!;
      // Flat: what is live (after a forced GC) during the big upload is within a few 8 MiB parts
      // of the idle isolate, nowhere near the file size; and the peak, garbage included, stays
      // under the 128 MB isolate limit.
      const maxLive = liveDuring.length ? Math.max(...liveDuring) : NaN;
      const flat = maxLive - idleLive < 32 * MB && big.heap!.peak < 128 * MB;
      return {
        table: `| Transfer (MB = 10^6 bytes) | Size | Seconds | MB/s | App isolate memory (V8 heap + ArrayBuffers), before → peak, garbage included | workerd process RSS before → peak | Check |
|---|---:|---:|---:|---|---|---|
${transferRows.join("\n")}

Transfer phase CPU: workerd ${transferUsage.workerd.toFixed(2)}, this script ${transferUsage.bench.toFixed(2)}, others ${transferUsage.others.toFixed(2)} cores. The workerd RSS includes the local D1/R2 simulators and every isolate; the app isolate column is read through the V8 inspector every 100 ms and includes garbage not yet collected. Live app isolate memory after a forced full GC: idle ${(idleLive / MB).toFixed(1)} MB; during a third ${BIG} upload, paused at ⅓ and ⅔ of the file: ${liveDuring.map((v) => `${(v / MB).toFixed(1)} MB`).join(" and ")}.

`,
        targets: `- Upload memory flat (live app memory during a ${BIG} upload < idle + 32 MB, and peak with garbage < 128 MB): live ${(maxLive / MB).toFixed(1)} MB vs idle ${(idleLive / MB).toFixed(1)} MB; peak ${(big.heap!.peak / MB).toFixed(1)} MB (${WARMUP_UPLOAD_BYTES / MB} MB upload: ${(warm.heap!.peak / MB).toFixed(1)} MB) — ${verdict(flat)}
- Download ≥ half the speed of a plain copy: ${(UPLOAD_BYTES / MB / dl.seconds).toFixed(0)} vs ${(UPLOAD_BYTES / MB / copySeconds).toFixed(0)} MB/s (${((copySeconds / dl.seconds) * 100).toFixed(0)}%) — ${verdict(dl.seconds <= 2 * copySeconds)}; the control Worker (bare R2 get) does ${(UPLOAD_BYTES / MB / median(controlGets)).toFixed(0)} MB/s on the same runtime`,
      };
    };
    // A transfer failure (e.g. a connection reset on an overloaded machine) is reported, and the
    // load and profile figures above are still written.
    let transferError = "";
    const transfers = TRANSFERS
      ? await runTransfers().catch((error: unknown) => {
          if (interrupted) throw error;
          transferError = error instanceof Error ? error.message : String(error);
          log(`transfers failed: ${transferError}`);
          return null;
        })
      : null;

    // 6. Report.
    const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
    const hello = measured[0]!;
    const controlLabel = (name: string) => (name.startsWith("Control (a)") ? "(a)" : name.startsWith("Control (b)") ? `(b) ${name.split(", ").pop()}` : name);
    const loadRows = measured.map((m) => {
      const control = m.control ? measured.find((c) => c.name === m.control) : undefined;
      const excess = control ? `${(m.cpuMsPerRequest - control.cpuMsPerRequest).toFixed(2)} over ${controlLabel(control.name)}` : "–";
      return `| ${m.name}${m.wedged ? " ⚠" : ""} | ${m.connections ?? CONNECTIONS} | ${m.rps.toFixed(0)} | ${f1(m.p50)} | ${f1(m.p95)} | ${f1(m.p99)} | ${m === hello ? "1" : (m.rps / hello.rps).toFixed(3)} | ${m.cpuMsPerRequest.toFixed(2)} | ${excess} | ${m.bad} | ${m.others.toFixed(2)} |`;
    });
    const kB = (bytes: number) => (bytes / 1000).toFixed(1);
    const jsRows = jsSizes.map((j) => `| \`${j.path}\` | ${j.routes.join(" › ")} | ${j.files} | ${kB(j.gzip)} | ${kB(j.htmlBytes)} | ${j.check} |`);
    const pct1 = (share: number) => `${(share * 100).toFixed(1)}%`;
    // The page targets: CPU per request against the page's floor, without the D1 share, JS.
    const byName = (name: string) => measured.find((m) => m.name === name)!;
    const pageOf = (key: PageKey) => measured.find((m) => m.page === key)!;
    const excessOf = (m: Measured) => m.cpuMsPerRequest - (measured.find((c) => c.name === m.control)?.cpuMsPerRequest ?? NaN);
    const floor = hello.cpuMsPerRequest;
    /** Each control includes the hello-world floor once; the page's floor counts it once. */
    const floorOf = (m: Measured) => (m.floor ?? []).reduce((sum, name) => sum + byName(name).cpuMsPerRequest, 0) - ((m.floor?.length ?? 1) - 1) * floor;
    const ratioOf = (m: Measured) => m.cpuMsPerRequest / floorOf(m);
    /** The floor with (a''') in place of (a''): React Router's work for the app's route table counted in it. */
    const floorWithRoutesOf = (key: Exclude<PageKey, "api">) => floorOf(pageOf(key)) - byName(replayName(REPLAY_OF[key])).cpuMsPerRequest + byName(routesName(REPLAY_OF[key])).cpuMsPerRequest;
    /** The ratio within one round: the page's window against its controls' windows of that round. */
    const ratioInRound = (m: Measured, round: number) =>
      m.byRound[round]! / ((m.floor ?? []).reduce((sum, name) => sum + byName(name).byRound[round]!, 0) - ((m.floor?.length ?? 1) - 1) * hello.byRound[round]!);
    const roundRatios = (m: Measured) => m.byRound.map((_, round) => `${ratioInRound(m, round).toFixed(2)}×`).join(" · ");
    /** What the local D1 simulator costs in the same process: the page's SQL (b) and the session's round trip (d), less their floors. */
    const d1ShareOf = (key: PageKey) => byName(sqlName(key)).cpuMsPerRequest - floor + (byName(D1_PING).cpuMsPerRequest - floor);
    const withoutD1 = (key: PageKey) => pageOf(key).cpuMsPerRequest - d1ShareOf(key);
    const cached = measured.find((m) => m.base === "app" && m.path === "/documents")!;
    const maxOf = (values: number[]) => Math.max(...values);
    const RATIO_TARGET: Partial<Record<PageKey, number>> = { list: 1.3, selective: 1.3, broad: 1.3, app: 1.5, detail: 1.5 };
    const floorRows = PAGE_KEYS.map((key) => {
      const m = pageOf(key);
      const part = (name: string) => (m.floor?.includes(name) ? byName(name).cpuMsPerRequest.toFixed(2) : "–");
      const target = RATIO_TARGET[key];
      const withRoutes =
        key === "api"
          ? "– | –"
          : `${byName(routesName(REPLAY_OF[key])).cpuMsPerRequest.toFixed(2)} | ${(m.cpuMsPerRequest / floorWithRoutesOf(key)).toFixed(2)}×`;
      return `| ${m.name} | ${m.cpuMsPerRequest.toFixed(2)} | ${key === "api" ? "–" : part(replayName(REPLAY_OF[key as Exclude<PageKey, "api">]))} | ${part(sqlName(key))} | ${part(D1_PING)} | ${floorOf(m).toFixed(2)} | ${ratioOf(m).toFixed(2)}× | ${roundRatios(m)} | ${target ? `≤ ${target}× ${verdict(ratioOf(m) <= target)}` : "–"} | ${withoutD1(key).toFixed(2)} | ${withRoutes} |`;
    });
    const list = pageOf("list");
    const listShaped = byName(SSR_LIST_SHAPED);
    const listBreakdown = [
      `${list.cpuMsPerRequest.toFixed(2)} ms in all`,
      `React Router + React rendering the list's own markup and loader data, control (a'') less the floor: ${(byName(replayName("list")).cpuMsPerRequest - floor).toFixed(2)} ms (the hand-made list-shaped page (a'): ${(listShaped.cpuMsPerRequest - floor).toFixed(2)} ms)`,
      `the list's SQL through D1, control (b) less the floor: ${(byName(sqlName("list")).cpuMsPerRequest - floor).toFixed(2)} ms`,
      `the session lookup's round trip, control (d) less the floor: ${(byName(D1_PING).cpuMsPerRequest - floor).toFixed(2)} ms`,
      `the floor: ${floor.toFixed(2)} ms`,
      `what remains for the app's own code (middleware, session check, services, validation, its components around the markup): ${(list.cpuMsPerRequest - floorOf(list)).toFixed(2)} ms`,
      `of that, React Router's work for the app's route table, control (a''') less (a''): ${(byName(routesName("list")).cpuMsPerRequest - byName(replayName("list")).cpuMsPerRequest).toFixed(2)} ms`,
    ].join("; ") + ".";
    const abRows = abKeys.map((key) => {
      const page = pageOf(key);
      const other = byName(baselineName(key));
      const rounds = page.byRound.map((ms, round) => `${(ms / other.byRound[round]!).toFixed(2)}×`).join(" · ");
      return `| ${page.name} | ${page.cpuMsPerRequest.toFixed(2)} | ${other.cpuMsPerRequest.toFixed(2)} | ${(page.cpuMsPerRequest / other.cpuMsPerRequest).toFixed(3)}× | ${rounds} |`;
    });
    const abSection = baseline
      ? `A/B: this build (${git}) against ${baseline.label}, both in the same workerd on the same data and signed in with the same session; each page's window right after the baseline's in the forward rounds and right before it in the backward ones (workerd CPU ms per request):

| Page | This build | Baseline | ÷ baseline | ÷ baseline, each round |
|---|---:|---:|---:|---|
${abRows.join("\n")}

`
      : "";
    const markupLines = [...markup].map(
      ([key, { app, control }]) => `- ${key === "list-shaped" ? "document list against (a')" : `${PAGE_LABELS[key as PageKey]} against (a'')`}: app ${describeMarkup(app)}; control ${describeMarkup(control)} (${tagDifference(app, control)})`,
    );
    const capped = PAGE_KEYS.filter((key) => RATIO_TARGET[key]);
    const pageTargets = [
      ...capped.map((key) => `${PAGE_NAMES[key]} ≤ ${RATIO_TARGET[key]}× its floor: ${ratioOf(pageOf(key)).toFixed(2)}× (${pageOf(key).cpuMsPerRequest.toFixed(2)} vs ${floorOf(pageOf(key)).toFixed(2)} ms) — ${verdict(ratioOf(pageOf(key)) <= RATIO_TARGET[key]!)}`),
      `No page above 10 ms of Worker CPU once the in-process D1 share is subtracted: ${PAGE_KEYS.map((key) => `${PAGE_LABELS[key]} ${withoutD1(key).toFixed(2)}`).join(", ")} ms — ${verdict(maxOf(PAGE_KEYS.map(withoutD1)) <= 10)}`,
      `Page ${DEEP_PAGE} (by Next, keyset) CPU ≤ 2× page 1: ${pageOf("keyset").cpuMsPerRequest.toFixed(2)} vs ${list.cpuMsPerRequest.toFixed(2)} ms — ${verdict(pageOf("keyset").cpuMsPerRequest <= 2 * list.cpuMsPerRequest)}; by number (offset fallback, not a target): ${pageOf("offset").cpuMsPerRequest.toFixed(2)} ms`,
      `Cached visitor page: ${cached.cpuMsPerRequest.toFixed(2)} ms, ${excessOf(cached).toFixed(2)} ms over control (c), a bare Worker answering the same bytes from the same Cache API`,
      `Gzipped JS ≤ 125 kB on every page without charts: ${jsSizes.filter((j) => !j.charts).map((j) => `${j.path} ${kB(j.gzip)}`).join(", ")} — ${verdict(maxOf(jsSizes.filter((j) => !j.charts).map((j) => j.gzip)) <= 125_000)}`,
      `Gzipped JS ≤ 190 kB (125 + 65) on the pages with charts, chart.js included: ${jsSizes.filter((j) => j.charts).map((j) => `${j.path} ${kB(j.gzip)} + chart.js ${kB(chartJsGzip)}`).join(", ")} — ${verdict(maxOf(jsSizes.filter((j) => j.charts).map((j) => j.gzip + chartJsGzip)) <= 190_000)}`,
      `Worker bundle gzip ≤ 1 MiB: ${kB(serverBundleGzip)} kB — ${verdict(serverBundleGzip <= 1024 * 1024)}`,
    ];
    const profileSections = profiles.map((p) => {
      const perRequest = (ms: number) => (ms / Math.max(1, p.requests)).toFixed(3);
      return `#### ${p.name}

**Fixed per-request path** (Worker middleware, session + HMAC, tokens, env, Kysely, D1 driver/binding, Hono): ${pct1(p.groups.fixed)} of busy · **render** (React Router + react-dom + page code): ${pct1(p.groups.render)} · GC, native, services, other: ${pct1(p.groups.other)}.

${p.requests.toLocaleString("en")} requests in ${(p.wallMs / 1000).toFixed(1)} s of profile · workerd CPU ${p.workerdMsPerRequest.toFixed(2)} ms/req during the profile (load phase: ${measured.find((m) => m.base === "app" && m.path === p.path && !m.connections)?.cpuMsPerRequest.toFixed(2) ?? "–"}) · sampled app-isolate busy time ${perRequest(p.busyMs)} ms/req (wall-clock samples: inflated when other processes hold the cores) · others ${p.others.toFixed(2)} cores.

| # | Function (self time) | Source (mapped through the build's source maps) | Self % of busy |
|---:|---|---|---:|
${p.top.map((t, i) => `| ${i + 1} | \`${t.name}\` | ${t.where.replace(/\|/g, "\\|")} | ${pct1(t.share)} |`).join("\n")}

| Layer (leaf-most frame with a known source) | Share of busy |
|---|---:|
${p.layers.map((l) => `| ${l.layer} | ${pct1(l.share)} |`).join("\n")}

| Step (inclusive: the sample's stack holds it) | Share of busy |
|---|---:|
${p.steps.filter((step) => step.ms > 0).map((step) => `| ${step.label.replace(/^ {2}/, "&nbsp;&nbsp;↳ ")} | ${pct1(step.share)} |`).join("\n")}
`;
    });
    const sel = pageOf("selective");
    const broad = pageOf("broad");

    const report = `# E-Arsip benchmark

${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC · commit ${git} · ${cpus().length} cores (${cpus()[0]?.model.trim()}) · Node ${process.version} · workerd ${workerdVersion} through Miniflare's API, no \`wrangler dev\` proxy · production build · ${seed.total.toLocaleString("en")} documents (${COUNT.toLocaleString("en")} generated, inserted in ${seed.seconds.toFixed(0)} s) · autocannon 9, ${DURATION} s per scenario in ${ROUNDS} window${ROUNDS === 1 ? "" : "s"} (one a round, the rounds in alternating order), each after a ${WARMUP_SECONDS} s warm-up${PREWARM_SECONDS > 0 ? `, the first round after an unmeasured pass of ${PREWARM_SECONDS} s a scenario` : ""}.

Machine load: load average ${loadAtStart} at the start, ${loadAverage()} at the end. Other processes (other engineers' test runs) share the 2 cores; their CPU use during each scenario is the last column (the run waited ${(quietSpent / 1000).toFixed(0)} s in all for quieter moments).

Search: \`${SELECTIVE_TERM}\` matches ${totals[SELECTIVE_TERM]} documents, \`${BROAD_TERM}\` ${totals[BROAD_TERM]} (a capped count reads "+"; prefix and stem match over title, number, keywords, description). Signed in as the Super Admin (sees all ${totals.all}) except the public list${cacheHeaders.length ? `, whose visitor responses come from the Workers Cache API after the first (X-Cache: ${cacheHeaders.join(", then ")})` : ""}.

Controls in the same workerd: (a) \`scripts/bench/control-ssr\`, the smallest React Router SSR Worker (one route, one constant loader, the app's root document shape and entry.server, built with the same Vite + Cloudflare plugin + React Router and the same renderer encoder); (a') the same Worker's \`/table\` route, a hand-made page shaped like the signed-in document list from a constant loader of ten view rows; (a'') the same Worker rendering one of the app's pages again from a constant: the page's own markup (every element, attribute and text of the app's HTML but React Router's scripts, \`markup-tree.ts\`) and its own loader data (the page's \`.data\` answer, decoded); (a''') the same Worker built with the app's route table (\`app/routes.ts\`: its paths, nesting and ids, every module a stub that renders its outlet or nothing, but the replayed pages', which render (a'')'s markup and loader data at the path the app serves them on; it matches routes as the app's Worker does, and is checked to render the same elements as (a'')): what (a''') costs beyond (a'') is React Router's per-request work for that many routes; (b) a Worker that runs a page's own D1 round trips, recorded from the app while it served the page (\`capture-pages.ts\`: the built Worker behind an entry whose \`DB\` notes every statement; the session lookup left out, (d) stands for it), on the same D1, and answers the row counts (checked equal to the app's); (c) a bare Worker answering the app's cached \`/documents\` (same bytes and headers) from the same Cache API; (d) one D1 round trip of \`SELECT 1\` from a bare Worker, the floor of any query (the app's session lookup is one). Excess = the scenario's workerd CPU per request minus its control's.

Markup, app against control:
${markupLines.join("\n")}

| Scenario | Conn. | req/s | p50 ms | p95 ms | p99 ms | × hello req/s | workerd CPU ms/req | Excess CPU ms/req over control | Errors + non-2xx | Others' CPU (cores) |
|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|
${loadRows.join("\n")}

Gzipped JS per page (gzip -9, kB = 1000 bytes; entry + each matched route's module and static imports, from React Router's client manifest — what the server turns into the page's modulepreloads; the check compares with the rendered page). Worker bundle: ${kB(serverBundleGzip)} kB gzipped.

| Page | Routes | JS files | Gzipped JS kB | HTML kB | Check |
|---|---|---:|---:|---:|---|
${jsRows.join("\n")}

Each page against its floor, workerd CPU ms per request (D1 runs in the same process: its share is controls (b) and (d) less their floors; each control includes the hello-world floor once, the floor counts it once; "each round": the page's window against its controls' windows of the same round, the spread a single window would show):

| Page | CPU | (a'') its markup | (b) its SQL | (d) session round trip | Floor | ÷ floor | ÷ floor, each round | Target | CPU less the D1 share | (a''') its markup among the app's routes | ÷ floor with (a''') |
|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|
${floorRows.join("\n")}

Where the list page's CPU goes: ${listBreakdown}

${abSection}Page targets (absolute ms from this machine; the ratios and excesses are what carry over):
${pageTargets.map((line) => `- ${line}`).join("\n")}

### CPU profiles of the app isolate

V8 sampling profiler (inspector \`Profiler\` domain, ${PROFILE_SECONDS} s at ${CONNECTIONS} connections per scenario, 200 µs interval) on a separate workerd with its inspector on. "Busy" = every sample that is not \`(idle)\`; \`(program)\` is V8/workerd native work not attributed to a JS function; async continuations appear under the function that awaited. The D1 simulator runs in another isolate of the same workerd and is not in these profiles.

${profileSections.join("\n")}
${wedges.length ? `\n⚠ The app stopped answering during this scenario (or its warm-up): from some request on, every request got a 500 (workerd: "The Workers runtime canceled this request because it detected that your Worker's code had hung") until workerd was restarted. The row shows the scenario measured again on a fresh workerd${measured.some((m) => m.wedged && m.bad > 0) ? " (a row that still counts failures wedged again)" : ""}. Wedges in this run: ${wedges.length} (${wedges.join("; ")}), ${restarts} restart${restarts === 1 ? "" : "s"}. Cause: see the README, Measured.\n` : ""}
SQLite alone on the same database file (node:sqlite, before workerd started; median of 7; the statements mirror \`listDocuments\`):

| Statement | ms | Rows | Query plan |
|---|---:|---:|---|
${plans.map((p) => `| ${p.name} | ${p.ms.toFixed(2)} | ${p.rows} | ${p.plan} |`).join("\n")}

${transfers ? transfers.table : transferError ? `Transfers FAILED: ${transferError.split("\n")[0]}\n\n` : "Transfers skipped (`--no-transfers`).\n\n"}Targets of the documents slice:
- List p95 < 100 ms at ${CONNECTIONS} connections: ${f1(list.p95)} ms — ${verdict(list.p95 < 100)}
- Search p95 < 100 ms at ${CONNECTIONS} connections: selective ${f1(sel.p95)} ms — ${verdict(sel.p95 < 100)}; broad ${f1(broad.p95)} ms — ${verdict(broad.p95 < 100)}${transfers ? `\n${transfers.targets}` : ""}

${workerdLogs.size ? `workerd log lines (distinct message × count): ${[...workerdLogs].map(([message, count]) => `\`${message.slice(0, 160).replace(/`/g, "'")}\` × ${count}`).join("; ")}.\n\n` : ""}Run time ${((Date.now() - started) / 1000).toFixed(0)} s. Reproduce: \`npm run bench\` (\`-- --no-build\` to reuse build/, \`-- --count N\`, \`-- --duration S\`, \`-- --rounds N\`, \`-- --warmup S\`, \`-- --prewarm S\`, \`-- --profile-seconds S\`, \`-- --quiet-budget S\`, \`-- --no-transfers\`, \`-- --transfer-mb N\`, \`-- --report FILE\`, \`-- --baseline REF\`, \`-- --baseline-build DIR\`).
`;
    writeFileSync(REPORT_FILE, report);
    process.stdout.write(`\n${report}`);
  } finally {
    await cleanup();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (interrupted) process.exit(130);
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
