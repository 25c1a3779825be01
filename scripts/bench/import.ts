/**
 * `npm run bench:import`: what importing an existing archive costs (issue 29), on this machine.
 *
 *  1. `npm run build` (skip with --no-build), a snapshot copy of build/.
 *  2. A fresh temp state: migrations + demo seed.
 *  3. `wrangler dev` with the page Worker (which also consumes the queues: the import job's slices
 *     and text extraction) and the processor Worker behind its PROCESSOR service binding, in one
 *     local runtime, as the e2e server runs them; 127.0.0.1 only, stopped on exit and Ctrl-C.
 *  4. Three imports, one after another: a smaller one (`--small N`, default a fifth of `--docs`),
 *     the bench (`--docs N`, default 5,000), and a control with the smaller one's lines and every
 *     file `--heavy-kb` larger (default 256 kB of incompressible bytes), so memory that grew with
 *     the ZIP would show. Each ZIP is generated here (one-page PDFs with a text layer, under 1 kB
 *     deflated, and a CSV manifest), posted through the real API as the demo Super Admin
 *     (`POST /api/v1/imports`: upload + dry run), run (`POST /api/v1/imports/{id}/run`), and
 *     polled (`GET /api/v1/imports/{id}`) until DONE; then until every imported document's text
 *     is extracted (read from the local D1 file), so the run is seen whole.
 *  5. Measured per import: dry-run time, run time, documents per second, workerd CPU per document
 *     (all workerd processes of the server, user + system from /proc, D1's SQLite included: the
 *     local runtime runs D1 and R2 in process), their summed RSS sampled every 200 ms, the page
 *     Worker isolate's heap through the inspector (sampled, and live after a GC), the other
 *     processes' CPU.
 *
 * Flags: --docs N, --small N, --heavy-kb K, --no-build, --keep (keep the temp dir), --report
 * FILE (default scripts/bench/import-results.md). The Markdown report also goes to stdout.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { strToU8, zipSync, type Zippable } from "fflate";
import { startWranglerDev, stopWranglerDev, tail } from "../serve-build.ts";
import { freshState, snapshotBuild } from "./build-snapshot.ts";
import { connectIsolate } from "./inspector.ts";
import { cpuWindow, descendantsNamed, loadAverage, sampleMemory } from "./proc.ts";
import { d1SqliteFile } from "./seed-documents.ts";
import { seededRandom, syntheticBody } from "./synthetic-text.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const DOCS = Number(option("--docs", "5000"));
const SMALL = Number(option("--small", String(Math.max(1, Math.round(DOCS / 5)))));
/** The control's padding per file: the small import's lines again, each file this much larger. */
const HEAVY_KB = Number(option("--heavy-kb", "256"));
const BUILD = !args.includes("--no-build");
const KEEP = args.includes("--keep");
const REPORT_FILE = option("--report", join(root, "scripts/bench/import-results.md"));
/** The target of issue 29: 5,000 documents in under 10 minutes. */
const TARGET_DOCS = 5000;
const TARGET_DOCS_PER_SECOND = TARGET_DOCS / 600;
/** How long one import (or its texts) may take before the bench gives up. */
const MAX_WAIT_MS = 60 * 60 * 1000;
const POLL_MS = 500;

const log = (message: string) => process.stderr.write(`[bench:import ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

/** The demo seed's names the manifest uses (a Super Admin's line must name its unit). */
const DEMO = { category: "Surat Keputusan", code: "HK.01", unit: "Fakultas Teknik" };
const HEADER = "documentNumber,title,year,category,classificationCode,keywords,unitKerja,file";

/**
 * A one-page PDF drawing `text` in Helvetica: valid (its xref offsets are exact), so the extractor
 * reads it. `paddingBytes` adds an unused stream of random (incompressible) bytes: the same line
 * with a larger file.
 */
function textPdf(text: string, paddingBytes = 0): Uint8Array {
  const lines = text
    .replace(/[^\x20-\x7e\n]/g, " ")
    .split(/\n+/)
    .slice(0, 40)
    .map((line) => `(${line.slice(0, 90).replace(/[\\()]/g, (c) => `\\${c}`)}) Tj T*`);
  const content = `BT /F1 10 Tf 14 TL 40 800 Td\n${lines.join("\n")}\nET`;
  const objects: (string | Uint8Array)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  if (paddingBytes > 0) objects.push(concat([strToU8(`<< /Length ${paddingBytes} >>\nstream\n`), randomBytes(paddingBytes), strToU8("\nendstream")]));
  const parts: Uint8Array[] = [strToU8("%PDF-1.4\n")];
  let length = parts[0]!.byteLength;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const part = concat([strToU8(`${index + 1} 0 obj\n`), typeof body === "string" ? strToU8(body) : body, strToU8("\nendobj\n")]);
    offsets.push(length);
    parts.push(part);
    length += part.byteLength;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  parts.push(strToU8(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return concat(parts);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** `count` manifest lines, each with its own PDF under scans/, numbered under `prefix` (unique per import). */
function benchZip(count: number, prefix: string, paddingBytes = 0): Uint8Array {
  const random = seededRandom(count);
  const csv = (cells: string[]) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(",");
  const lines = [HEADER];
  const entries: Zippable = {};
  for (let index = 1; index <= count; index++) {
    const year = 2015 + (index % 10);
    const file = `SK-${prefix}-${index}.pdf`;
    lines.push(csv([`${prefix}/${index}/UN.${year}`, `Surat Keputusan Rektor ${prefix} nomor ${index} tahun ${year}`, String(year), DEMO.category, DEMO.code, "impor, bench", DEMO.unit, file]));
    entries[`scans/${file}`] = textPdf(syntheticBody(random, year, 600), paddingBytes);
  }
  entries["manifest.csv"] = strToU8(lines.join("\r\n"));
  return zipSync(entries, { level: 6 });
}

/** The page Worker and the processor Worker in one `wrangler dev` (SSO off), with the page Worker's isolate. */
async function startServer(work: string, state: string) {
  const server = await startWranglerDev({ cwd: work, state, logFile: join(work, "wrangler.log"), vars: { OIDC_ISSUER: "", OIDC_CLIENT_ID: "" } });
  try {
    const workerd = descendantsNamed(server.child.pid!, "workerd");
    if (workerd.length === 0) throw new Error("No workerd process below wrangler dev");
    // The page Worker's isolate (the proxy serves the first --config's Worker): what counts against
    // the 128 MB isolate limit in production, which workerd's RSS (simulators, every isolate) cannot tell.
    const isolate = await connectIsolate(new URL(`http://127.0.0.1:${server.inspectorPort}`), "e-arsip", "/ws");
    return { ...server, workerd, isolate };
  } catch (error) {
    await stopWranglerDev(server.child);
    throw error;
  }
}

type Session = { url: string; cookie: string; csrfToken: string };

async function signIn(url: string): Promise<Session> {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ username: "admin", password: "arsip-demo-2026" }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { url, csrfToken, cookie: response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
}

type ImportView = { id: string; status: string; lines: number; errorCount: number; errors: unknown[]; createdDocuments?: number | null };

async function api<T>(session: Session, path: string, init: { method?: string; body?: FormData } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${session.url}${path}`, {
    method: init.method ?? "GET",
    headers: { cookie: session.cookie, origin: session.url, "x-csrf-token": session.csrfToken },
    body: init.body,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Imported documents whose text is not extracted yet (read-only from the local D1 file; a busy file reads as "not yet"). */
function pendingTexts(state: string, importUuid: string): number {
  try {
    const db = new DatabaseSync(d1SqliteFile(state), { readOnly: true });
    try {
      const row = db
        .prepare(
          `SELECT COUNT(*) AS n FROM archives a JOIN imports i ON i.id = a.import_id
            WHERE i.uuid = ? AND NOT EXISTS (SELECT 1 FROM archive_texts x WHERE x.archive_id = a.id AND x.status <> 'PENDING')`,
        )
        .get(importUuid) as { n: number };
      return row.n;
    } finally {
      db.close();
    }
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Texts per status of one import's documents. */
function textStatuses(state: string, importUuid: string): Record<string, number> {
  const db = new DatabaseSync(d1SqliteFile(state), { readOnly: true });
  try {
    const rows = db
      .prepare("SELECT x.status, COUNT(*) AS n FROM archives a JOIN imports i ON i.id = a.import_id JOIN archive_texts x ON x.archive_id = a.id WHERE i.uuid = ? GROUP BY x.status")
      .all(importUuid) as { status: string; n: number }[];
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  } finally {
    db.close();
  }
}

type Phase = { seconds: number; cpuSeconds: number; wranglerCpuSeconds: number; others: number; rssBefore: number; rssPeak: number; isolatePeak: number };
type Server = Awaited<ReturnType<typeof startServer>>;

/** Run `until` (which resolves when the phase is over) with workerd's CPU and RSS measured over it. */
async function measured(server: Server, until: () => Promise<void>): Promise<Phase> {
  const cpu = cpuWindow(server.workerd);
  // wrangler's launcher and the CLI it starts (both Node).
  const wrangler = cpuWindow([server.child.pid!, ...descendantsNamed(server.child.pid!, "node")]);
  const memory = sampleMemory(server.workerd, 200);
  const isolate = await server.isolate.sample(500);
  const started = performance.now();
  await until();
  const seconds = (performance.now() - started) / 1000;
  const rss = memory.stop();
  const heap = await isolate.stop();
  const used = cpu.stop();
  const node = wrangler.stop();
  return {
    seconds,
    cpuSeconds: used.workerd * used.seconds,
    wranglerCpuSeconds: node.workerd * node.seconds,
    others: Math.max(0, used.others - node.workerd),
    rssBefore: rss.before,
    rssPeak: rss.peak,
    isolatePeak: heap.peak,
  };
}

type Measured = { label: string; isolateLiveBefore: number; isolateLiveAfter: number; docs: number; zipBytes: number; zipSeconds: number; dryRun: Phase; run: Phase; texts: Phase; statuses: Record<string, number>; created: number };

type Plan = { label: string; docs: number; prefix: string; paddingBytes: number };

/** `isolateLiveBefore`: the live heap the previous import left (a heap snapshot takes seconds: one per import). */
async function importOnce(server: Server, session: Session, state: string, { label, docs, prefix, paddingBytes }: Plan, isolateLiveBefore: number): Promise<Measured> {
  const zipStarted = performance.now();
  const zip = benchZip(docs, prefix, paddingBytes);
  const zipSeconds = (performance.now() - zipStarted) / 1000;
  log(`${docs} documents: ZIP of ${(zip.byteLength / 1e6).toFixed(1)} MB made in ${zipSeconds.toFixed(1)} s; upload + dry run`);

  let view: ImportView | undefined;
  const dryRun = await measured(server, async () => {
    const form = new FormData();
    form.append("file", new Blob([zip as Uint8Array<ArrayBuffer>], { type: "application/zip" }), `arsip-${prefix}.zip`);
    const answer = await api<ImportView>(session, "/api/v1/imports", { method: "POST", body: form });
    if (answer.status !== 201 || answer.body.status !== "CHECKED") throw new Error(`the dry run answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 2000)}`);
    view = answer.body;
  });
  const id = view!.id;
  log(`dry run ${dryRun.seconds.toFixed(1)} s; run`);

  const run = await measured(server, async () => {
    const started = await api<{ jobId: string }>(session, `/api/v1/imports/${id}/run`, { method: "POST" });
    if (started.status !== 202) throw new Error(`run answered ${started.status}: ${JSON.stringify(started.body)}`);
    const deadline = Date.now() + MAX_WAIT_MS;
    let lastLog = Date.now();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      view = (await api<ImportView>(session, `/api/v1/imports/${id}`)).body;
      if (view.status === "DONE") return;
      if (["FAILED", "CANCELLED"].includes(view.status)) throw new Error(`the import ended ${view.status}: ${JSON.stringify(view).slice(0, 2000)}`);
      if (Date.now() > deadline) throw new Error(`the import did not end within ${MAX_WAIT_MS / 60000} minutes`);
      if (Date.now() - lastLog > 30_000) {
        log(`… ${view.status}`);
        lastLog = Date.now();
      }
    }
  });
  log(`run ${run.seconds.toFixed(1)} s (${(docs / run.seconds).toFixed(1)} documents/s); waiting for the texts`);

  const texts = await measured(server, async () => {
    const deadline = Date.now() + MAX_WAIT_MS;
    while (pendingTexts(state, id) > 0) {
      if (Date.now() > deadline) throw new Error("the texts were not extracted in time");
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  });
  const statuses = textStatuses(state, id);
  log(`texts ${texts.seconds.toFixed(1)} s after the run: ${JSON.stringify(statuses)}`);
  const isolateLiveAfter = await server.isolate.liveAfterGc();
  return { label, isolateLiveBefore, isolateLiveAfter, docs, zipBytes: zip.byteLength, zipSeconds, dryRun, run, texts, statuses, created: view!.createdDocuments ?? 0 };
}

const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
const ms = (seconds: number, docs: number) => ((seconds * 1000) / docs).toFixed(1);

function report([small, big, heavy]: [Measured, Measured, Measured], workerdProcesses: number): string {
  const uploadToDone = (m: Measured) => m.dryRun.seconds + m.run.seconds;
  const peak = (m: Measured) => Math.max(m.dryRun.rssPeak, m.run.rssPeak, m.texts.rssPeak);
  const rise = (m: Measured) => peak(m) - m.dryRun.rssBefore;
  const isolatePeak = (m: Measured) => Math.max(m.dryRun.isolatePeak, m.run.isolatePeak, m.texts.isolatePeak);
  const rows = [small, big, heavy].map((m) => {
    const withTexts = m.run.cpuSeconds + m.texts.cpuSeconds;
    return `| ${m.label} | ${m.docs.toLocaleString("en")} | ${(m.zipBytes / 1e6).toFixed(1)} MB | ${m.dryRun.seconds.toFixed(1)} s | ${m.run.seconds.toFixed(1)} s | ${(m.docs / m.run.seconds).toFixed(1)} | ${(uploadToDone(m) / 60).toFixed(1)} min | +${m.texts.seconds.toFixed(1)} s | ${ms(m.dryRun.cpuSeconds, m.docs)} | ${ms(m.run.cpuSeconds, m.docs)} | ${ms(withTexts, m.docs)} | ${mb(m.dryRun.rssBefore)} → ${mb(peak(m))} MiB (+${mb(rise(m))}) | ${mb(m.isolateLiveBefore)} / ${mb(isolatePeak(m))} / ${mb(m.isolateLiveAfter)} MiB | ${(m.run.cpuSeconds / m.run.seconds).toFixed(2)} | ${m.run.others.toFixed(2)} |`;
  });
  const minutes = uploadToDone(big) / 60;
  return [
    `# Import benchmark (${new Date().toISOString().slice(0, 10)})`,
    "",
    `Three imports through the real API, one after another on one \`wrangler dev\` (the page Worker with its queue consumers + the processor Worker, local D1/R2 on disk), as the demo Super Admin. Each is a ZIP generated here: one-page PDFs with a text layer (about ${(big.zipBytes / big.docs / 1000).toFixed(1)} kB each, deflated) and a CSV manifest. Machine: ${cpus().length} cores, shared with other engineers; load average at the end ${loadAverage()}. Run: \`npm run bench:import -- ${args.join(" ")}\`.`,
    "",
    "| Import | Documents | ZIP | Upload + dry run | Run (to DONE) | Documents/s | Upload to DONE | Texts done after | CPU/doc dry run (ms) | CPU/doc run (ms) | CPU/doc run + texts (ms) | workerd RSS before → peak (rise) | Page Worker isolate: live before / peak / live after | workerd's CPU during the run (cores) | Others' CPU during the run (cores) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    `Target (issue 29): 5,000 documents in under 10 minutes (${TARGET_DOCS_PER_SECOND.toFixed(1)} documents/s). ${big.docs.toLocaleString("en")} documents took ${minutes.toFixed(1)} min from the upload to DONE: **${big.docs >= TARGET_DOCS && minutes < 10 ? "reached" : big.docs < TARGET_DOCS ? "a smaller run; the target is for 5,000" : "not reached"}**.`,
    `Memory of the page Worker's isolate (which runs the upload, the dry run and the job's slices; V8 heap + ArrayBuffers through the inspector, what the 128 MB limit counts; "live" after a full GC, the peak sampled every 500 ms, garbage included): ${[small, big, heavy].map((m) => `${m.label} ${mb(isolatePeak(m))} MiB`).join(", ")} at the peak.`,
    `workerd's RSS (every isolate, the processor's pdf.js included, and the local D1/R2 simulators): while its ZIP is ${(heavy.zipBytes / small.zipBytes).toFixed(0)}× the small one's (the same lines), the control's RSS rises by ${mb(rise(heavy))} MiB against ${mb(rise(small))} MiB; the bench's, with ${(big.docs / small.docs).toFixed(0)}× the lines, by ${mb(rise(big))} MiB. The ZIP is streamed to R2 and read back by ranges, never held whole.`,
    `Text statuses at the end: ${[small, big, heavy].map((m) => `${m.label}: ${Object.entries(m.statuses).map(([status, n]) => `${status} ${n}`).join(", ")}`).join("; ")}. Documents created: ${[small, big, heavy].map((m) => m.created).join(" / ")}.`,
    `CPU is that of every workerd process of the server (${workerdProcesses}: the Workers' runtime and wrangler's dev proxy in front of it; user + system, from /proc): it includes D1's SQLite and R2's file work (the local runtime runs both in process) and the text extraction the imported documents queue, which runs while the import runs, on the same cores. "Run + texts" spreads the CPU from the run's start until the last text was extracted over the documents. wrangler's own Node process used ${[small, big, heavy].map((m) => (m.run.wranglerCpuSeconds + m.texts.wranglerCpuSeconds).toFixed(1)).join(" / ")} CPU-s over run + texts (not included). Others' CPU: every other process on the machine, in cores of ${cpus().length}.`,
  ].join("\n");
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), "e-arsip-bench-import-"));
  const state = join(work, "state");
  let server: Server | undefined;
  const cleanup = async () => {
    server?.isolate.close();
    if (server) await stopWranglerDev(server.child);
    server = undefined;
    if (KEEP) log(`temp dir kept: ${work}`);
    else rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    await snapshotBuild(root, work, BUILD, log);
    if (!existsSync(join(work, "build/processor/wrangler.json"))) throw new Error("No build/processor/wrangler.json: run without --no-build");
    await freshState(root, state, log);
    log("wrangler dev (page Worker + processor)");
    server = await startServer(work, state);
    const session = await signIn(server.url);
    const results: Measured[] = [];
    const plans: Plan[] = [
      { label: "small", docs: SMALL, prefix: "KECIL", paddingBytes: 0 },
      { label: "**the bench**", docs: DOCS, prefix: "BESAR", paddingBytes: 0 },
      { label: `control: the small one's lines, files +${HEAVY_KB} kB`, docs: SMALL, prefix: "BERAT", paddingBytes: HEAVY_KB * 1024 },
    ];
    let live = await server.isolate.liveAfterGc();
    for (const plan of plans) {
      results.push(await importOnce(server, session, state, plan, live));
      live = results[results.length - 1]!.isolateLiveAfter;
    }
    const text = report(results as [Measured, Measured, Measured], server.workerd.length);
    writeFileSync(REPORT_FILE, `${text}\n`);
    process.stdout.write(`${text}\n`);
  } catch (error) {
    if (server) log(`wrangler log tail:\n${tail(server.logFile)}`);
    throw error;
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
