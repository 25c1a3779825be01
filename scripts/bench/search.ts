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
 *     as the extraction consumer stores it (migration 0027): the text in R2 (through Miniflare's
 *     bucket), its archive_texts row INDEXED naming it, its words in the contentless FTS5 index
 *     and their stems in search_terms (the same folding and stemmer as `recordTermsStatements`).
 *     D1 size and index bytes per document from SQLite's dbstat.
 *  5. Text search: the same queries on the same documents, now matching metadata and text.
 *
 * Queries: a rare word (a surname in about 0.05% of the texts), the common words "surat" (about
 * half) and "universitas" (every text), and a two-word query. Flags: --docs N, --requests N
 * (per query, default 200), --seconds S (per query at most, default 30), --no-build, --keep
 * (keep the temp dir), --reuse DIR (a kept temp dir: measure the text search again on its state,
 * with the current build; a million documents take long to seed), --report FILE. A Markdown
 * report goes to stdout and scripts/bench/search-results.md (or FILE). workerd listens on
 * 127.0.0.1 only and is stopped on exit, error and Ctrl-C.
 */
import { createHash, randomBytes, randomFillSync } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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
/** A work dir a run kept (`--keep`): its seeded state and figures are reused, only the text search is measured again. */
const REUSE = option("--reuse", "");
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

/** A bench document's text: what it is generated from, and where it is stored (its R2 key, as the consumer names one). */
type TextRow = { id: number; fileId: number; year: number };
const benchTextKey = (row: TextRow) => `texts/${row.id}/${row.fileId}/bench.txt`;
/** The texts in generation order: the same seed gives the same texts, whichever step generates them. */
function* benchTexts(rows: readonly TextRow[], seed = 20261126) {
  const r = seededRandom(seed);
  for (const row of rows) yield { row, body: syntheticBody(r, row.year) };
}

function benchTextRows(persistTo: string): TextRow[] {
  const db = new DatabaseSync(d1SqliteFile(persistTo), { readOnly: true });
  try {
    return (db.prepare("SELECT id, current_file_id AS fileId, year FROM archives WHERE r2_key LIKE 'bench/%' ORDER BY id").all() as TextRow[]).map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

/**
 * Step 4, the database's part: a text for every bench document, written as the extraction
 * consumer writes it (migration 0027): the row INDEXED naming its R2 key, the words in the
 * contentless index, the vocabulary's stems as recordTermsStatements records them (numbers left
 * out). Straight into the SQLite file, in one transaction. Returns the text bytes and seconds.
 */
function seedTexts(persistTo: string, rows: readonly TextRow[], search: SearchModule) {
  const started = performance.now();
  const db = new DatabaseSync(d1SqliteFile(persistTo));
  try {
    db.exec("PRAGMA synchronous = OFF; PRAGMA cache_size = -262144");
    const insert = db.prepare(
      `INSERT INTO archive_texts (archive_id, file_id, status, text_key, pages, queued_at, extracted_at) VALUES (?, ?, 'INDEXED', ?, ?, ?, ?)
       ON CONFLICT (archive_id) DO UPDATE SET file_id = excluded.file_id, status = 'INDEXED', text_key = excluded.text_key, pages = excluded.pages, extracted_at = excluded.extracted_at`,
    );
    const index = db.prepare("INSERT INTO archive_texts_fts (rowid, body) VALUES (?, ?)");
    const term = db.prepare("INSERT OR IGNORE INTO search_terms (term, stem) VALUES (?, ?)");
    const vocabulary = new Set<string>();
    let bytes = 0;
    const now = new Date().toISOString();
    db.exec("BEGIN");
    for (const { row, body } of benchTexts(rows)) {
      bytes += Buffer.byteLength(body);
      insert.run(row.id, row.fileId, benchTextKey(row), Math.max(1, Math.round(body.length / 3000)), now, now);
      index.run(row.id, body);
      for (const word of search.foldedWords(body)) if (!/^\d+$/.test(word)) vocabulary.add(word);
    }
    for (const word of vocabulary) term.run(word, search.stemIndonesian(word));
    db.exec("COMMIT");
    return { texts: rows.length, bytes, vocabulary: vocabulary.size, seconds: (performance.now() - started) / 1000 };
  } finally {
    db.close();
  }
}

/**
 * Step 4, R2's part: the same texts as objects, written the way Miniflare's local R2 keeps them (a
 * blob file per object and a row in the bucket's SQLite metadata): a put through the bucket
 * binding takes about 25 ms here, a million of them most of a day. The format is Miniflare's
 * own, so `checkStoredTexts` reads some back through the binding before anything is measured.
 */
function storeTexts(persistTo: string, bucketName: string, rows: readonly TextRow[]): number {
  const started = performance.now();
  const r2 = join(persistTo, "v3", "r2");
  const objectsDir = join(r2, "miniflare-R2BucketObject");
  const files = readdirSync(objectsDir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`Expected one R2 bucket database in ${objectsDir}, found: ${files.join(", ") || "none"}`);
  const blobs = join(r2, bucketName, "blobs");
  mkdirSync(blobs, { recursive: true });
  const db = new DatabaseSync(join(objectsDir, files[0]!));
  try {
    db.exec("PRAGMA synchronous = OFF");
    const insert = db.prepare(
      `INSERT OR REPLACE INTO _mf_objects (key, blob_id, version, size, etag, uploaded, checksums, http_metadata, custom_metadata)
       VALUES (?, ?, ?, ?, ?, ?, '{}', '{"contentType":"text/plain; charset=utf-8"}', '{}')`,
    );
    db.exec("BEGIN");
    for (const { row, body } of benchTexts(rows)) {
      const bytes = Buffer.from(body);
      // Miniflare's blob id: 32 random bytes, then the time in ms (64-bit big-endian), in hex.
      const id = Buffer.alloc(40);
      randomFillSync(id, 0, 32);
      id.writeBigInt64BE(BigInt(Date.now()), 32);
      const blobId = id.toString("hex");
      writeFileSync(join(blobs, blobId), bytes);
      insert.run(benchTextKey(row), blobId, randomBytes(16).toString("hex"), bytes.length, createHash("md5").update(bytes).digest("hex"), Date.now());
    }
    db.exec("COMMIT");
  } finally {
    db.close();
  }
  return (performance.now() - started) / 1000;
}

/** An object's text through Miniflare's proxy, which a loaded machine sometimes drops: tried three times. */
async function readBack(bucket: { get(key: string): Promise<{ text(): Promise<string> } | null> }, key: string): Promise<string | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await (await bucket.get(key))?.text();
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

/** Some stored texts read back through the running Miniflare's bucket, equal to what was indexed. */
async function checkStoredTexts(bucket: { get(key: string): Promise<{ text(): Promise<string> } | null> }, rows: readonly TextRow[]) {
  const wanted = new Set([0, Math.floor(rows.length / 2), rows.length - 1]);
  let index = 0;
  for (const { row, body } of benchTexts(rows)) {
    if (wanted.has(index++) && (await readBack(bucket, benchTextKey(row))) !== body) throw new Error(`R2 does not read back the text of document ${row.id}: Miniflare's storage format changed?`);
    if (index > Math.max(...wanted)) break;
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
  const work = REUSE || mkdtempSync(join(tmpdir(), "e-arsip-bench-search-"));
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
    if (KEEP || REUSE) log(`temp dir kept: ${work}`);
    else rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    const { serverDir, config } = await snapshotBuild(root, work, BUILD, log);
    const search = await loadAppSearch(work);


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

    /** What the seeding steps measured, kept beside the state so `--reuse` reports them again. */
    type Seeded = {
      docs: number;
      metadataOnly: Measured[];
      before: Record<string, number>;
      after: Record<string, number>;
      texts: ReturnType<typeof seedTexts>;
      r2Seconds: number;
      counts: Record<string, number>;
    };
    const seededFile = join(work, "seeded.json");
    let seeded: Seeded;
    let server: Awaited<ReturnType<typeof start>>;
    if (REUSE) {
      seeded = JSON.parse(readFileSync(seededFile, "utf8")) as Seeded;
      log(`reusing ${seeded.docs.toLocaleString("en")} seeded documents in ${work}`);
      server = await start();
    } else {
      await freshState(root, state, log);
      log(`inserting ${DOCS.toLocaleString("en")} documents (metadata)`);
      const documents = seedDocuments(state, DOCS);
      log(`seeded in ${documents.seconds.toFixed(1)} s: ${documents.total} documents`);

      log("metadata-only search (no text indexed yet)");
      server = await start();
      const metadataOnly = await measure(server.appUrl, server.cookie);
      await stop();
      const before = storageBytes(state);

      log(`a synthetic text for each of the ${DOCS.toLocaleString("en")} documents`);
      const rows = benchTextRows(state);
      const texts = seedTexts(state, rows, search);
      log(`texts indexed in ${texts.seconds.toFixed(1)} s: ${(texts.bytes / 1e6).toFixed(0)} MB, ${texts.vocabulary} distinct words`);
      const after = storageBytes(state);
      const counts = matchCounts(state, [RARE, "surat", "universitas"]);

      const r2Seconds = storeTexts(state, config.r2_buckets.find((bucket) => bucket.binding === "FILES")!.bucket_name, rows);
      log(`texts stored in R2 in ${r2Seconds.toFixed(1)} s`);
      seeded = { docs: DOCS, metadataOnly, before, after, texts, r2Seconds, counts };
      writeFileSync(seededFile, JSON.stringify(seeded));
      server = await start();
      await checkStoredTexts((await mf!.getR2Bucket("FILES")) as unknown as Parameters<typeof checkStoredTexts>[0], rows);
    }
    log("text search");
    const withText = await measure(server.appUrl, server.cookie);
    await stop();
    const { metadataOnly, before, after, texts, r2Seconds, counts } = seeded;

    const sum = (stats: Record<string, number>, test: (name: string) => boolean) =>
      Object.entries(stats)
        .filter(([name]) => test(name))
        .reduce((total, [, bytes]) => total + bytes, 0);
    const ftsBytes = sum(after, (name) => name.startsWith("archive_texts_fts"));
    const textRowBytes = sum(after, (name) => name === "archive_texts") - sum(before, (name) => name === "archive_texts");
    const termBytes = sum(after, (name) => name.startsWith("search_terms"));
    const dbFile = statSync(d1SqliteFile(state)).size;
    const catalogueBytes = sum(before, () => true);
    const per = (bytes: number) => `${(bytes / texts.texts / 1000).toFixed(2)} kB`;

    const lines = [
      `# Search benchmark (${new Date().toISOString().slice(0, 10)})`,
      "",
      `${seeded.docs.toLocaleString("en")} documents with synthetic metadata; then a synthetic Indonesian text for each (average ${(texts.bytes / texts.texts / 1000).toFixed(1)} kB, ${texts.vocabulary.toLocaleString("en")} distinct words).`,
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
      `D1 size: ${(dbFile / 1e6).toFixed(0)} MB (the SQLite file), of which the catalogue without texts ${(catalogueBytes / 1e6).toFixed(0)} MB, the contentless FTS5 index of the texts ${(ftsBytes / 1e6).toFixed(1)} MB (${per(ftsBytes)} per document), their rows (status, R2 key) ${(textRowBytes / 1e6).toFixed(1)} MB (${per(textRowBytes)} per document), search_terms ${(termBytes / 1e6).toFixed(2)} MB. The texts themselves are ${(texts.bytes / 1e6).toFixed(0)} MB in R2 (they were in D1 before migration 0027).`,
      `Indexing the texts took ${texts.seconds.toFixed(1)} s in one local SQLite transaction (${Math.round(texts.texts / texts.seconds)} texts/s), stemming included; writing them into local R2 (Miniflare's storage, directly) ${r2Seconds.toFixed(1)} s.`,
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
