/**
 * What each benchmarked page does, taken from the app itself while it serves the page, so the
 * controls replay today's pages whatever their shape becomes:
 *
 * - its D1 round trips: the built Worker runs behind a recording entry (`RECORDING_ENTRY`) that
 *   hands the app a `DB` binding which forwards every statement to the real D1 and notes its SQL,
 *   parameters and row count per round trip (one statement, or one `batch()`);
 * - its HTML (the markup control (a'') renders again, see `markup-tree.ts`);
 * - its loader data, as React Router's single-fetch answer (`<path>.data`) decodes it, for the
 *   markup control to serialise the same data.
 */
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

export type RecordedStatement = { sql: string; params: unknown[]; rows: number };
/** The statements of one D1 round trip. */
export type RoundTrip = RecordedStatement[];

/** The file name of the recording entry, written beside the build's `index.js`. */
export const RECORDING_ENTRY_FILE = "bench-recording-entry.js";
export const RECORDING_PATH = "/__bench/d1-round-trips";

/**
 * The recording entry: the app's own default export, given a `DB` that records. `GET
 * RECORDING_PATH` answers the round trips recorded since the last such call and forgets them.
 */
export const RECORDING_ENTRY = `
import app from "./index.js";

let roundTrips = [];
const rowsOf = (result) => (Array.isArray(result?.results) ? result.results.length : 0);

function recordingD1(inner) {
  const statement = (sql, params, prepared) => ({
    sql,
    params,
    prepared,
    bind: (...values) => statement(sql, values, prepared.bind(...values)),
    async all() {
      const result = await prepared.all();
      roundTrips.push([{ sql, params, rows: rowsOf(result) }]);
      return result;
    },
    async first(column) {
      const result = await prepared.first(column);
      roundTrips.push([{ sql, params, rows: result === null ? 0 : 1 }]);
      return result;
    },
    async raw(options) {
      const result = await prepared.raw(options);
      roundTrips.push([{ sql, params, rows: result.length }]);
      return result;
    },
    async run() {
      const result = await prepared.run();
      roundTrips.push([{ sql, params, rows: rowsOf(result) }]);
      return result;
    },
  });
  return {
    prepare: (sql) => statement(sql, [], inner.prepare(sql)),
    async batch(statements) {
      const results = await inner.batch(statements.map((s) => s.prepared));
      roundTrips.push(statements.map((s, index) => ({ sql: s.sql, params: s.params, rows: rowsOf(results[index]) })));
      return results;
    },
    exec: (query) => inner.exec(query),
    dump: () => inner.dump(),
    withSession: (constraint) => inner.withSession(constraint),
  };
}

export default {
  ...app,
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname === ${JSON.stringify(RECORDING_PATH)}) {
      const recorded = roundTrips;
      roundTrips = [];
      return Response.json(recorded);
    }
    return app.fetch(request, { ...env, DB: recordingD1(env.DB) }, ctx);
  },
};
`;

/**
 * A round trip of the middleware rather than the page: the session lookup (control (d) stands
 * for it) and the session's touch (a write now and then, not the page's work).
 */
export const isSessionRoundTrip = (roundTrip: RoundTrip) => roundTrip.some((s) => /\bsessions\b/i.test(s.sql));
const isWrite = (roundTrip: RoundTrip) => roundTrip.some((s) => /^\s*(insert|update|delete|replace)\b/i.test(s.sql));

export type CapturedPage = {
  html: string;
  /** The page's own D1 round trips (reads), in the order they ended. */
  roundTrips: RoundTrip[];
  /** Round trips left out of the page's: the session's, and any write. */
  leftOut: RoundTrip[];
};

/** One GET of `path` on the recording app: its HTML (or JSON) and the D1 round trips it made. */
export async function capturePage(appUrl: string, path: string, headers: Record<string, string>): Promise<CapturedPage> {
  const recorded = async () => (await (await fetch(`${appUrl}${RECORDING_PATH}`)).json()) as RoundTrip[];
  // Once before: what an isolate reads once (and keeps) is not the page's work per request.
  await (await fetch(`${appUrl}${path}`, { headers, redirect: "manual" })).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await recorded(); // forget what came before
  const response = await fetch(`${appUrl}${path}`, { headers, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${html.slice(0, 300)}`);
  // Work the response started but did not wait for (waitUntil) ends soon after it.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const all = await recorded();
  return {
    html,
    roundTrips: all.filter((trip) => !isSessionRoundTrip(trip) && !isWrite(trip)),
    leftOut: all.filter((trip) => isSessionRoundTrip(trip) || isWrite(trip)),
  };
}

/**
 * The loader data of every route a page matches, by route id, as the browser receives it on a
 * client navigation (React Router's `<path>.data`, decoded).
 */
export async function loaderDataOf(appUrl: string, path: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  const url = new URL(path, appUrl);
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  const response = await fetch(url, { headers, redirect: "manual" });
  if (response.status !== 200 || !response.body) throw new Error(`${url.pathname} answered ${response.status}`);
  const decoded = await decodeViaTurboStream(response.body, globalThis);
  await decoded.done;
  const value = decoded.value as Record<string, unknown> & { routes?: Record<string, unknown> };
  const routes = (value.routes ?? value) as Record<string, { data?: unknown }>;
  return Object.fromEntries(Object.entries(routes).map(([id, result]) => [id, result?.data ?? null]));
}
