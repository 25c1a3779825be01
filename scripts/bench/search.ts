/**
 * `npm run bench:search`: what searching inside documents costs (issue 19), on this machine.
 *
 *  1. `npm run build` (skip with --no-build), a snapshot copy of build/.
 *  2. A fresh temp state: migrations + demo seed, then N documents (default 100,000, `--docs N`)
 *     with the bench's synthetic metadata (`seed-documents.ts`).
 *  3. Metadata-only search: workerd (Miniflare) with the built app on that state, no document
 *     text indexed yet; each query through `GET /api/v1/archives?q=` signed in as the demo
 *     admin, one connection, requests one after another: p50/p95 latency and workerd CPU per
 *     request (from /proc, over the whole window).
 *  4. Every document gets a synthetic Indonesian text of a few KB (`synthetic-text.ts`), stored
 *     as the extraction consumer stores it: its archive_texts row INDEXED with the body (the FTS5
 *     triggers index it) and its words' stems in search_terms (the same folding and stemmer as
 *     `recordTermsStatements`). Index bytes per document from SQLite's dbstat.
 *  5. Text search: the same queries on the same documents, now matching metadata and text.
 *
 * Queries: a rare word (a surname in about 0.05% of the texts), the common words "surat" (about
 * half) and "universitas" (every text), and a two-word query. Flags: --docs N, --requests N
 * (per query, default 200), --seconds S (per query at most, default 30), --no-build, --keep
 * (keep the temp dir), --report FILE.
 * A Markdown report goes to stdout and scripts/bench/search-results.md (or FILE). workerd
 * listens on 127.0.0.1 only and is stopped on exit, error and Ctrl-C.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { freshState, percentile, snapshotBuild } from "./build-snapshot.ts";
import { cpuWindow, findWorkerdPid, loadAverage } from "./proc.ts";
import { d1SqliteFile, seedDocuments } from "./seed-documents.ts";
import { RARE_SURNAMES, seededRandom, syntheticBody } from "./synthetic-text.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const DOCS = Number(option("--docs", "100000"));
const REQUESTS = Number(option("--requests", "200"));
/** Per query, the measuring stops after this many seconds (at least 5 requests), so a slow query cannot run for hours. */
const MAX_SECONDS = Number(option("--seconds", "30"));
const WARMUP = 3;
const BUILD = !args.includes("--no-build");
const KEEP = args.includes("--keep");
const REPORT_FILE = option("--report", join(root, "scripts/bench/search-results.md"));
const RARE = RARE_SURNAMES[4321]!.toLowerCase();
const QUERIES = [
  { label: "rare word", q: RARE },
  { label: "common word", q: "surat" },
  { label: "common word", q: "universitas" },
  { label: "two words", q: "pengabdian masyarakat" },
];

const log = (message: string) => process.stderr.write(`[bench:search ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

type SearchModule = { foldedWords(text: string): string[]; stemIndonesian(word: string): string };

/** The app's own word folding and stemmer, bundled for Node (the app's imports use the `~` alias and no extensions). */
async function loadAppSearch(work: string): Promise<SearchModule> {
  const entry = join(work, "search-entry.ts");
  writeFileSync(
    entry,
    `export { foldedWords } from ${JSON.stringify(join(root, "app/domain/search/query.ts"))};\nexport { stemIndonesian } from ${JSON.stringify(join(root, "app/domain/search/indonesian.ts"))};\n`,
  );
  const outfile = join(work, "search-module.mjs");
  await esbuild({ entryPoints: [entry], bundle: true, format: "esm", platform: "neutral", outfile, logLevel: "warning" });
  return (await import(pathToFileURL(outfile).href)) as SearchModule;
}

/**
 * Step 4: a text for every bench document, written as the extraction consumer writes it (the
 * row INDEXED, the FTS5 triggers index it) and the vocabulary's stems, as recordTermsStatements
 * records them (numbers left out). Returns the text bytes and the seconds it took.
 */
function seedTexts(persistTo: string, search: SearchModule, seed = 20261126) {
  const started = performance.now();
  const db = new DatabaseSync(d1SqliteFile(persistTo));
  try {
    db.exec("PRAGMA synchronous = OFF; PRAGMA cache_size = -262144");
    const rows = db.prepare("SELECT id, current_file_id, year FROM archives WHERE r2_key LIKE 'bench/%' ORDER BY id").all() as { id: number; current_file_id: number; year: number }[];
    const insert = db.prepare(
      `INSERT INTO archive_texts (archive_id, file_id, status, body, pages, queued_at, extracted_at) VALUES (?, ?, 'INDEXED', ?, ?, ?, ?)
       ON CONFLICT (archive_id) DO UPDATE SET file_id = excluded.file_id, status = 'INDEXED', body = excluded.body, pages = excluded.pages, extracted_at = excluded.extracted_at`,
    );
    const term = db.prepare("INSERT OR IGNORE INTO search_terms (term, stem) VALUES (?, ?)");
    const r = seededRandom(seed);
    const vocabulary = new Set<string>();
    let bytes = 0;
    const now = new Date().toISOString();
    db.exec("BEGIN");
    for (const row of rows) {
      const body = syntheticBody(r, row.year);
      bytes += Buffer.byteLength(body);
      insert.run(row.id, row.current_file_id, body, Math.max(1, Math.round(body.length / 3000)), now, now);
      for (const word of search.foldedWords(body)) if (!/^\d+$/.test(word)) vocabulary.add(word);
    }
    for (const word of vocabulary) term.run(word, search.stemIndonesian(word));
    db.exec("COMMIT");
    return { texts: rows.length, bytes, vocabulary: vocabulary.size, seconds: (performance.now() - started) / 1000 };
  } finally {
    db.close();
  }
}

/** Bytes per table/index of the database (SQLite's dbstat), for the index size per document. */
function storageBytes(persistTo: string): Record<string, number> {
  const db = new DatabaseSync(d1SqliteFile(persistTo), { readOnly: true });
  try {
    const rows = db.prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name").all() as { name: string; bytes: number }[];
    return Object.fromEntries(rows.map((row) => [row.name, row.bytes]));
  } finally {
    db.close();
  }
}

function matchCounts(persistTo: string, terms: string[]): Record<string, number> {
  const db = new DatabaseSync(d1SqliteFile(persistTo), { readOnly: true });
  try {
    return Object.fromEntries(
      terms.map((term) => [term, (db.prepare("SELECT COUNT(*) AS n FROM archive_texts_fts WHERE archive_texts_fts MATCH ?").get(`"${term}"`) as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

type Measured = { label: string; q: string; total: string; requests: number; p50: number; p95: number; cpuMs: number; others: number };

async function main() {
  const work = mkdtempSync(join(tmpdir(), "e-arsip-bench-search-"));
  const state = join(work, "state");
  let mf: Miniflare | undefined;
  let workerdPid: number | undefined;
  const stop = async () => {
    await mf?.dispose().catch(() => undefined);
    mf = undefined;
    if (workerdPid) {
      try {
        process.kill(workerdPid, "SIGKILL");
      } catch {
        /* gone already */
      }
      for (let i = 0; i < 50 && existsSync(`/proc/${workerdPid}`); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      workerdPid = undefined;
    }
  };
  const cleanup = async () => {
    await stop();
    if (KEEP) log(`temp dir kept: ${work}`);
    else rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    const { serverDir, config } = await snapshotBuild(root, work, BUILD, log);
    const search = await loadAppSearch(work);

    await freshState(root, state, log);
    log(`inserting ${DOCS.toLocaleString("en")} documents (metadata)`);
    const seeded = seedDocuments(state, DOCS);
    log(`seeded in ${seeded.seconds.toFixed(1)} s: ${seeded.total} documents`);

    const start = async () => {
      const modules = [
        { type: "ESModule" as const, path: join(serverDir, config.main) },
        ...readdirSync(join(serverDir, "assets"), { recursive: true, encoding: "utf8" })
          .filter((file) => /\.m?js$/.test(file))
          .map((file) => ({ type: "ESModule" as const, path: join(serverDir, "assets", file) })),
      ];
      type Options = Parameters<typeof convertV4MiniflareOptions>[0];
      mf = new Miniflare(
        convertV4MiniflareOptions({
          host: "127.0.0.1",
          port: 0,
          cf: false,
          handleStructuredLogs: () => undefined,
          resourcePersistencePath: join(state, "v3"),
          workers: [
            {
              name: "e-arsip",
              modules,
              modulesRoot: serverDir,
              compatibilityDate: config.compatibility_date,
              compatibilityFlags: config.compatibility_flags ?? [],
              bindings: { ...config.vars, SESSION_SECRET: randomBytes(32).toString("hex"), OIDC_ISSUER: "", OIDC_CLIENT_ID: "" },
              d1Databases: Object.fromEntries(config.d1_databases.map((d) => [d.binding, d.preview_database_id ?? d.database_id])),
              r2Buckets: Object.fromEntries(config.r2_buckets.map((r) => [r.binding, r.bucket_name])),
              unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
              unsafeRegisterWorker: false,
            },
          ],
        } as unknown as Options),
      );
      await mf.ready;
      workerdPid = findWorkerdPid();
      const appUrl = (await mf.unsafeGetDirectURL("e-arsip")).href.replace(/\/$/, "");
      const login = await fetch(`${appUrl}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: appUrl },
        body: JSON.stringify({ username: "admin", password: "arsip-demo-2026" }),
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
      const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      return { appUrl, cookie };
    };

    /** One connection, one request after another: latency per request and workerd CPU over the window. */
    const measure = async (appUrl: string, cookie: string): Promise<Measured[]> => {
      const results: Measured[] = [];
      for (const { label, q } of QUERIES) {
        const url = `${appUrl}/api/v1/archives?q=${encodeURIComponent(q)}`;
        let total = "";
        for (let i = 0; i < WARMUP; i++) {
          const response = await fetch(url, { headers: { cookie } });
          const body = (await response.json()) as { total: number; totalCapped?: boolean };
          if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
          // A capped count (SEARCH_CAP) reads "more than": 1000+.
          total = `${body.total}${body.totalCapped ? "+" : ""}`;
        }
        const times: number[] = [];
        const window = cpuWindow(workerdPid!);
        const started = performance.now();
        for (let i = 0; i < REQUESTS && (i < 5 || performance.now() - started < MAX_SECONDS * 1000); i++) {
          const t0 = performance.now();
          const response = await fetch(url, { headers: { cookie } });
          await response.arrayBuffer();
          times.push(performance.now() - t0);
        }
        const seconds = (performance.now() - started) / 1000;
        const cpu = window.stop();
        times.sort((a, b) => a - b);
        results.push({
          label,
          q,
          total,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          // workerd's share of a core over the window, spread over the requests.
          cpuMs: (cpu.workerd * seconds * 1000) / times.length,
          requests: times.length,
          others: cpu.others,
        });
        log(`${q}: ${total} found, ${times.length} requests, p95 ${percentile(times, 95).toFixed(1)} ms`);
      }
      return results;
    };

    log("metadata-only search (no text indexed yet)");
    let server = await start();
    const metadataOnly = await measure(server.appUrl, server.cookie);
    await stop();
    const before = storageBytes(state);

    log(`a synthetic text for each of the ${DOCS.toLocaleString("en")} documents`);
    const texts = seedTexts(state, search);
    log(`texts stored and indexed in ${texts.seconds.toFixed(1)} s: ${(texts.bytes / 1e6).toFixed(0)} MB, ${texts.vocabulary} distinct words`);
    const after = storageBytes(state);
    const counts = matchCounts(state, [RARE, "surat", "universitas"]);

    log("text search");
    server = await start();
    const withText = await measure(server.appUrl, server.cookie);
    await stop();

    const sum = (stats: Record<string, number>, test: (name: string) => boolean) =>
      Object.entries(stats)
        .filter(([name]) => test(name))
        .reduce((total, [, bytes]) => total + bytes, 0);
    const ftsBytes = sum(after, (name) => name.startsWith("archive_texts_fts"));
    const textRowBytes = sum(after, (name) => name === "archive_texts") - sum(before, (name) => name === "archive_texts");
    const termBytes = sum(after, (name) => name.startsWith("search_terms"));
    const dbFile = statSync(d1SqliteFile(state)).size;
    const per = (bytes: number) => `${(bytes / texts.texts / 1000).toFixed(2)} kB`;

    const lines = [
      `# Search benchmark (${new Date().toISOString().slice(0, 10)})`,
      "",
      `${DOCS.toLocaleString("en")} documents with synthetic metadata; then a synthetic Indonesian text for each (average ${(texts.bytes / texts.texts / 1000).toFixed(1)} kB, ${texts.vocabulary.toLocaleString("en")} distinct words).`,
      `\`GET /api/v1/archives?q=\` signed in as Super Admin, 1 connection, up to ${REQUESTS} requests per query (at most ${MAX_SECONDS} s) after ${WARMUP} warm-up requests; workerd (Miniflare) on this machine, load average at the end ${loadAverage()}.`,
      "",
      "| query | found (metadata only) | found (with text) | requests | p50 / p95 metadata only (ms) | p50 / p95 with text (ms) | CPU/request metadata only (ms) | CPU/request with text (ms) | CPU ratio |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...withText.map((text, index) => {
        const meta = metadataOnly[index]!;
        return `| ${text.label} \`${text.q}\` | ${meta.total} | ${text.total} | ${meta.requests} / ${text.requests} | ${meta.p50.toFixed(1)} / ${meta.p95.toFixed(1)} | ${text.p50.toFixed(1)} / ${text.p95.toFixed(1)} | ${meta.cpuMs.toFixed(2)} | ${text.cpuMs.toFixed(2)} | ${(text.cpuMs / meta.cpuMs).toFixed(2)}× |`;
      }),
      "",
      `Texts matching (FTS5, exact word): ${Object.entries(counts).map(([term, n]) => `\`${term}\` ${n.toLocaleString("en")}`).join(", ")}.`,
      "",
      `Index size: FTS5 index of the texts ${(ftsBytes / 1e6).toFixed(1)} MB (${per(ftsBytes)} per document), the texts themselves (archive_texts) ${(textRowBytes / 1e6).toFixed(1)} MB (${per(textRowBytes)} per document), search_terms ${(termBytes / 1e6).toFixed(2)} MB; the D1 file is ${(dbFile / 1e6).toFixed(0)} MB in all.`,
      `Storing and indexing the texts took ${texts.seconds.toFixed(1)} s in one local SQLite transaction (${Math.round(texts.texts / texts.seconds)} texts/s), stemming included.`,
      `CPU/request is workerd's (user + system, from /proc), which includes D1's SQLite work: Miniflare runs D1 in the same process.`,
      `Other processes' CPU (cores, of ${cpus().length}) during the windows, metadata only: ${metadataOnly.map((m) => m.others.toFixed(2)).join(" / ")}; with text: ${withText.map((m) => m.others.toFixed(2)).join(" / ")}.`,
    ];
    const report = lines.join("\n");
    writeFileSync(REPORT_FILE, `${report}\n`);
    process.stdout.write(`${report}\n`);
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
