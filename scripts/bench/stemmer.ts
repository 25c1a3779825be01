/**
 * `npm run bench:stemmer [-- --texts N --passes N]`: how fast the search's Indonesian stemmer
 * is, on this machine (Node's V8, as workerd runs it), with the root dictionary and with the
 * project's own roots alone. Words per second, the best of `--passes` passes (CPU time of this
 * process, so other processes' load counts less), over:
 *
 *  - running text: the search bench's synthetic documents (`--texts`, default 300), every word
 *    as an indexer meets it;
 *  - its distinct words, each once, as recordTermsStatements stems them;
 *  - four affixed forms of every root the dictionary knows (di-…-kan, pe-…-an, ke-…-an, -nya:
 *    about 115,000 distinct, mostly unknown words, the hardest case: every reading is tried,
 *    then Tala's rules).
 *
 * Also what reading the dictionary costs (group by group, once per isolate). The issue's
 * target is at least 500,000 words a second. Markdown to stdout and scripts/bench/stemmer-results.md
 * (or `--report FILE`).
 */
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { seededRandom, syntheticBody } from "./synthetic-text.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? Number(args[index + 1]) : fallback;
};
const TEXTS = option("--texts", 300);
const PASSES = option("--passes", 5);
const REPORT_FILE = args.includes("--report") ? args[args.indexOf("--report") + 1]! : `${root}scripts/bench/stemmer-results.md`;

type StemmerModule = typeof import("../../app/domain/search/indonesian.ts") & typeof import("../../app/domain/search/root-dictionary.ts");

/** The app's stemmer bundled for Node (its imports use the `~` alias), imported from memory. */
async function loadStemmer(): Promise<StemmerModule> {
  const result = await build({
    stdin: {
      contents: `export * from "./app/domain/search/indonesian.ts";\nexport * from "./app/domain/search/root-dictionary.ts";\n`,
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "neutral",
    write: false,
    logLevel: "warning",
  });
  const code = result.outputFiles[0]!.text;
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as StemmerModule;
}

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

/** Words per second over `words`: the best of PASSES passes (the first pass warms the JIT). */
function rate(stem: (word: string) => string, words: readonly string[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass <= PASSES; pass += 1) {
    const started = process.cpuUsage();
    for (const word of words) stem(word);
    if (pass > 0) best = Math.min(best, cpuSeconds(started));
  }
  return words.length / best;
}

async function main() {
  const app = await loadStemmer();
  const random = seededRandom(20261127);
  const running = Array.from({ length: TEXTS }, () => app.tokenizeIndonesian(syntheticBody(random, 2025))).flat();
  const distinct = [...new Set(running)];

  // A search's first query in a fresh isolate reads only the groups its words need; indexing a
  // long text reads most of them.
  const queryStarted = process.cpuUsage();
  const fresh = app.createIndonesianStemmer(app.rootDictionary());
  for (const word of ["keterlambatan", "pembayaran", "pemusnahan", "arsip", "keuangan"]) fresh(word);
  const firstQueryMs = cpuSeconds(queryStarted) * 1000;
  const loadStarted = process.cpuUsage();
  const dictionary = app.rootDictionary();
  const roots = [...dictionary.roots()].map(([word]) => word);
  const loadMs = cpuSeconds(loadStarted) * 1000;
  const affixed = roots.flatMap((word) => [`di${word}kan`, `pe${word}an`, `ke${word}an`, `${word}nya`]);

  const stemmers = {
    "with the dictionary": app.createIndonesianStemmer(dictionary),
    "own roots only": app.createIndonesianStemmer(app.rootDictionary({ hunspell: false })),
  };
  const corpora = { "running text": running, "distinct words": distinct, "affixed forms of every root": affixed };
  const rows: string[] = [];
  for (const [name, stem] of Object.entries(stemmers)) {
    for (const [corpus, words] of Object.entries(corpora)) {
      const perSecond = rate(stem, words);
      rows.push(`| ${name} | ${corpus} | ${words.length.toLocaleString("en")} | ${Math.round(perSecond).toLocaleString("en")} |`);
      process.stderr.write(`[bench:stemmer] ${name}, ${corpus}: ${Math.round(perSecond).toLocaleString("en")} words/s\n`);
    }
  }
  const report = [
    `# Stemmer speed (npm run bench:stemmer)`,
    ``,
    `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, load average ${(await import("node:os")).loadavg()[0]!.toFixed(1)}; best of ${PASSES} passes, CPU time of the process. Target: ≥ 500,000 words/s.`,
    ``,
    `| Stemmer | Words | Count | Words/s |`,
    `|---|---|---:|---:|`,
    ...rows,
    ``,
    `The dictionary is read group by group (roots sharing their first three letters), each once per isolate at its first lookup: the first five query words in a fresh isolate took ${firstQueryMs.toFixed(1)} ms CPU; reading every group (${roots.length.toLocaleString("en")} roots) ${loadMs.toFixed(1)} ms.`,
    ``,
  ].join("\n");
  writeFileSync(REPORT_FILE, report);
  process.stdout.write(report);
}

await main();
