/**
 * Reading a V8 CPU profile of the app isolate: each sample's time goes to its leaf function
 * (self time), mapped through the build's source maps back to the original file and line
 * (`app/server/session.server.ts:71`, `react-dom/cjs/…:1234`), then grouped three ways:
 * the top self-time functions, a layer per sample (React render, React Router, middleware,
 * Kysely, D1 driver, …, decided by the leaf-most frame that has a known source), and the
 * inclusive share of named per-request steps (session lookup, HMAC, nonce, …).
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { CpuProfile, CpuProfileNode } from "./inspector.ts";

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64_VALUE = new Map([...B64].map((char, index) => [char, index]));

type Segment = [generatedColumn: number, source: number, line: number, column: number];
type SourceMap = { sources: string[]; lines: Segment[][]; contents: (string[] | null)[] };

/** Decodes a source map's `mappings` (VLQ) into segments per generated line. */
function decodeSourceMap(json: { sources: string[]; mappings: string; sourcesContent?: (string | null)[] }): SourceMap {
  const lines: Segment[][] = [];
  let source = 0;
  let line = 0;
  let column = 0;
  for (const text of json.mappings.split(";")) {
    const segments: Segment[] = [];
    let generated = 0;
    for (const part of text.split(",")) {
      if (!part) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of part) {
        const digit = B64_VALUE.get(char)!;
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      generated += values[0]!;
      if (values.length >= 4) {
        source += values[1]!;
        line += values[2]!;
        column += values[3]!;
        segments.push([generated, source, line, column]);
      }
    }
    lines.push(segments);
  }
  return { sources: json.sources, lines, contents: json.sources.map((_, i) => json.sourcesContent?.[i]?.split("\n") ?? null) };
}

/**
 * The source maps of the built server modules in `dirs`, by file name (profile URLs end with
 * it), each decoded when a profile first names its module (pdf.js's map alone is megabytes).
 */
export function loadSourceMaps(dirs: string[]): SourceMaps {
  const files = new Map<string, string>();
  for (const dir of dirs) {
    for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (file.endsWith(".js.map")) files.set(basename(file).replace(/\.map$/, ""), join(dir, file));
    }
  }
  const decoded = new Map<string, SourceMap | null>();
  return {
    get(name: string) {
      if (!decoded.has(name)) {
        const file = files.get(name);
        try {
          decoded.set(name, file ? decodeSourceMap(JSON.parse(readFileSync(file, "utf8"))) : null);
        } catch {
          decoded.set(name, null); // an unreadable map: frames stay on the built file
        }
      }
      return decoded.get(name) ?? undefined;
    },
  };
}
type SourceMaps = { get(name: string): SourceMap | undefined };

/** `../../node_modules/.pnpm/x/node_modules/react-dom/cjs/a.js` → `react-dom/cjs/a.js`; `../../app/x.ts` → `app/x.ts`. */
function tidySource(source: string): string {
  const modules = source.lastIndexOf("node_modules/");
  if (modules >= 0) return source.slice(modules + "node_modules/".length);
  return source.replace(/^(\.\.\/)+/, "").replace(/^\/work\/[^/]+\//, "");
}

/**
 * `enclosing`: the top-level declaration an anonymous function sits in (`requestContext` for
 * `export const requestContext = createMiddleware(async (c, next) => …)`), from the source
 * map's sources content.
 */
type Frame = { name: string; enclosing: string | null; source: string | null; line: number; where: string };

const DECLARATION = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?\s+([\w$]+)|(?:const|let|var)\s+([\w$]+)|class\s+([\w$]+))/;

function enclosingDeclaration(lines: string[] | null, line: number): string | null {
  if (!lines) return null;
  for (let i = Math.min(line, lines.length - 1); i >= 0; i--) {
    const match = DECLARATION.exec(lines[i]!);
    if (match) return match[1] ?? match[2] ?? match[3] ?? null;
  }
  return null;
}

function frameOf(node: CpuProfileNode, maps: SourceMaps): Frame {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  let name = functionName || "(anonymous)";
  if (!url) return { name, enclosing: null, source: null, line: lineNumber + 1, where: "" };
  const map = maps.get(basename(url));
  const segments = map?.lines[lineNumber];
  if (map && segments?.length) {
    let found: Segment | undefined;
    for (const segment of segments) {
      if (segment[0] <= columnNumber) found = segment;
      else break;
    }
    found ??= segments[0];
    if (found) {
      const source = tidySource(map.sources[found[1]]!);
      const enclosing = enclosingDeclaration(map.contents[found[1]] ?? null, found[2]);
      if (name === "(anonymous)" && enclosing) name = `(anonymous in ${enclosing})`;
      return { name, enclosing, source, line: found[2] + 1, where: `${source}:${found[2] + 1}` };
    }
  }
  // Runtime-internal modules (the D1 binding's JS, node compat) have no map.
  return { name, enclosing: null, source: url, line: lineNumber + 1, where: `${url}:${lineNumber + 1}` };
}

/** The layer a source file belongs to, for "where does the time go". */
function layerOf(source: string): string | null {
  if (/^react-dom\/|^react\/|^scheduler\//.test(source)) return "React render (react-dom/react)";
  if (/^app\/(routes|components|root\.tsx|lib)\//.test(source) || source === "app/root.tsx" || source === "app/entry.server.tsx") return "Page code (routes, components, entry.server)";
  if (/^react-router\//.test(source) || /^@react-router\//.test(source)) return "React Router (match, loaders, data, serialisation)";
  if (/^workers\//.test(source)) return "Worker entry + middleware (workers/*)";
  if (/^app\/server\/(session|crypto|env|db|flash|context|route-helpers)\.server\.ts$/.test(source)) return "Per-request context (session, HMAC, tokens, env, flash, Kysely creation)";
  if (/^app\/(server|domain|i18n)\//.test(source)) return "Services + domain (app/server, app/domain)";
  if (/^kysely-d1\//.test(source) || /^cloudflare-internal:/.test(source)) return "D1 driver + workerd binding JS (kysely-d1, d1-api result conversion, tracing)";
  if (/^kysely\//.test(source)) return "Kysely (build + compile queries)";
  if (/^hono\//.test(source)) return "Hono (routing, context)";
  if (/^zod\//.test(source)) return "zod";
  return null;
}

/** Named steps whose inclusive time (any frame of the sample's stack) is reported. */
const STEPS: { label: string; test: (frame: Frame) => boolean }[] = [
  { label: "securityHeaders middleware (nonce, CSP, headers)", test: (f) => is(f, "securityHeaders") },
  { label: "requestContext middleware (whole)", test: (f) => is(f, "requestContext") },
  { label: "  findSession (session row lookup + HMAC)", test: (f) => is(f, "findSession") },
  { label: "  hmacHex (HMAC of the session id)", test: (f) => is(f, "hmacHex") || is(f, "sessionIdHash") },
  { label: "  loadConfig (env validation)", test: (f) => is(f, "loadConfig") },
  { label: "  createDb (Kysely instance)", test: (f) => is(f, "createDb") },
  { label: "  parseFlash (flash cookie)", test: (f) => is(f, "parseFlash") },
  { label: "randomToken / base64url (nonce, tokens)", test: (f) => is(f, "randomToken") || is(f, "base64url") },
  { label: "csrfProtection middleware", test: (f) => is(f, "csrfProtection") },
  { label: "publicPageCache (version query, cache key, match)", test: (f) => is(f, "publicPageCache") },
  { label: "React Router handler in the Worker entry (`handleReactRouter`)", test: (f) => f.source === "workers/app.ts" },
  { label: "entry.server handleRequest (renderToReadableStream)", test: (f) => f.source === "app/entry.server.tsx" },
  { label: "listDocuments (service, incl. its queries)", test: (f) => is(f, "listDocuments") },
  { label: "toView (row → DocumentView, policy checks)", test: (f) => is(f, "toView") },
  { label: "Kysely (any frame)", test: (f) => f.source?.startsWith("kysely/") ?? false },
  { label: "D1 driver / binding (any frame)", test: (f) => (f.source?.startsWith("kysely-d1/") ?? false) || /d1/i.test(f.source ?? "") },
  { label: "React Router (any frame)", test: (f) => f.source?.startsWith("react-router/") ?? false },
  { label: "react-dom render (any frame)", test: (f) => /^react-dom\//.test(f.source ?? "") },
  { label: "Hono (any frame)", test: (f) => f.source?.startsWith("hono/") ?? false },
  { label: "workerd tracing helpers (any frame)", test: (f) => f.source?.includes("tracing") ?? false },
];
const is = (frame: Frame, name: string) => frame.name === name || frame.enclosing === name;

export type ProfileSummary = {
  /** Sampled time that was not idle, ms. */
  busyMs: number;
  wallMs: number;
  top: { name: string; where: string; selfMs: number; share: number }[];
  layers: { layer: string; ms: number; share: number }[];
  steps: { label: string; ms: number; share: number }[];
  /** Shares of busy time: the fixed per-request path, the render, the rest. */
  groups: { fixed: number; render: number; other: number };
};

const FIXED_LAYERS = /^(Worker entry|Per-request context|D1 driver|Kysely|Hono)/;
const RENDER_LAYERS = /^(React render|React Router|Page code)/;

export function summariseProfile(profile: CpuProfile, maps: SourceMaps, topN = 15): ProfileSummary {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const frames = new Map(profile.nodes.map((node) => [node.id, frameOf(node, maps)]));

  // Time of sample i: until the next sample (the last one gets the mean).
  const selfByNode = new Map<number, number>();
  const n = profile.samples.length;
  for (let i = 0; i < n; i++) {
    const dt = i + 1 < n ? profile.timeDeltas[i + 1]! : (profile.endTime - profile.startTime) / Math.max(1, n);
    selfByNode.set(profile.samples[i]!, (selfByNode.get(profile.samples[i]!) ?? 0) + Math.max(0, dt));
  }
  let busyUs = 0;
  const top = new Map<string, { name: string; where: string; us: number }>();
  const layers = new Map<string, number>();
  const steps = new Map<string, number>();
  for (const [id, us] of selfByNode) {
    const frame = frames.get(id)!;
    if (frame.name === "(idle)") continue;
    busyUs += us;
    const key = `${frame.name}@${frame.where}`;
    const entry = top.get(key) ?? { name: frame.name, where: frame.where || "(native)", us: 0 };
    entry.us += us;
    top.set(key, entry);
    // Layer: the leaf-most frame with a known layer; a native leaf takes its caller's.
    let layer: string | null = null;
    const stack: Frame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(frames.get(at)!);
    for (const f of stack) {
      layer = f.source ? layerOf(f.source) : null;
      if (layer) break;
      if (f.source) {
        layer = `other: ${f.source.split("/")[0]}`;
        break;
      }
    }
    layer ??= ["(program)", "(garbage collector)", "(root)"].includes(frame.name) ? frame.name : "native (no JS caller)";
    layers.set(layer, (layers.get(layer) ?? 0) + us);
    for (const step of STEPS) if (stack.some(step.test)) steps.set(step.label, (steps.get(step.label) ?? 0) + us);
  }
  const share = (us: number) => us / Math.max(1, busyUs);
  return {
    busyMs: busyUs / 1000,
    wallMs: (profile.endTime - profile.startTime) / 1000,
    top: [...top.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, topN)
      .map((t) => ({ name: t.name, where: t.where, selfMs: t.us / 1000, share: share(t.us) })),
    layers: [...layers].sort((a, b) => b[1] - a[1]).map(([layer, us]) => ({ layer, ms: us / 1000, share: share(us) })),
    groups: {
      fixed: share([...layers].filter(([layer]) => FIXED_LAYERS.test(layer)).reduce((sum, [, us]) => sum + us, 0)),
      render: share([...layers].filter(([layer]) => RENDER_LAYERS.test(layer)).reduce((sum, [, us]) => sum + us, 0)),
      other: share([...layers].filter(([layer]) => !FIXED_LAYERS.test(layer) && !RENDER_LAYERS.test(layer)).reduce((sum, [, us]) => sum + us, 0)),
    },
    steps: STEPS.map((step) => ({ label: step.label, ms: (steps.get(step.label) ?? 0) / 1000, share: share(steps.get(step.label) ?? 0) })),
  };
}
