/**
 * Extraction throughput: a 100-page PDF with a text layer (about 3 KB of synthetic Indonesian
 * text per page, drawn with pdf-lib) read by the consumer's own extractor (`extractText`, unpdf),
 * several times; pages per second and text bytes. Runs in Node, whose V8 is the engine workerd
 * uses; the consumer in production adds only the R2 read. The result line goes to stdout and
 * to scripts/bench/extraction-results.md (or --report FILE). Usage:
 *   node scripts/bench/extraction.ts [--pages 100] [--runs 5] [--report FILE]
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { extractText } from "../../app/server/text-extraction/extractors.server.ts";
import { seededRandom, syntheticBody } from "./synthetic-text.ts";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "100" },
    runs: { type: "string", default: "5" },
    report: { type: "string", default: fileURLToPath(new URL("extraction-results.md", import.meta.url)) },
  },
});
const pages = Number(values.pages);
const runs = Number(values.runs);

async function textPdf(pageCount: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const random = seededRandom(42);
  for (let index = 0; index < pageCount; index++) {
    const page = pdf.addPage([595, 842]);
    const words = syntheticBody(random, 2024, 3000).split(/\s+/);
    let line = "";
    let y = 800;
    for (const word of words) {
      if (font.widthOfTextAtSize(`${line} ${word}`, 10) > 515) {
        page.drawText(line, { x: 40, y, size: 10, font });
        line = word;
        y -= 13;
        if (y < 40) break;
      } else line = line ? `${line} ${word}` : word;
    }
    if (y >= 40 && line) page.drawText(line, { x: 40, y, size: 10, font });
  }
  return pdf.save();
}

const bytes = await textPdf(pages);
const times: number[] = [];
let textBytes = 0;
for (let run = 0; run < runs + 1; run++) {
  const started = performance.now();
  const result = await extractText(bytes, "application/pdf");
  const elapsed = performance.now() - started;
  if (result.kind !== "text") throw new Error("the PDF has a text layer: expected text");
  textBytes = Buffer.byteLength(result.body);
  if (run > 0) times.push(elapsed); // the first run warms up (module load, JIT)
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const line =
  `PDF of ${pages} pages (${(bytes.length / 1024).toFixed(0)} KiB): median ${median.toFixed(0)} ms over ${runs} runs ` +
  `(min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}) = ${((pages * 1000) / median).toFixed(0)} pages/s; ` +
  `${(textBytes / 1024).toFixed(0)} KiB of text`;
console.log(line);
writeFileSync(
  values.report,
  `# Extraction benchmark (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)\n\n` +
    `The consumer's extractor (\`extractText\`, unpdf) in Node ${process.version} on ${cpus().length} cores, load average ${loadavg().map((n) => n.toFixed(2)).join(" ")} at the end.\n\n${line}\n`,
);
