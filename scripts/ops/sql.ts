/**
 * SQL against the app's D1 database from Node scripts (admin:create), in one of
 * two ways behind one interface:
 * - the local default: wrangler's getPlatformProxy over a persisted state folder (what
 *   `wrangler dev` and scripts/local-setup.ts use), with bound parameters and real batches;
 * - `wrangler d1 execute --json --command` (with `--remote` for the deployed database, or
 *   `--local --persist-to` to run the very same path against a local folder, which is how it is
 *   tested here). The CLI binds no parameters: values go in as SQL literals (`sqlLiteral`).
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { getPlatformProxy } from "wrangler";
import { childProcessEnv } from "../child-env.ts";

export const projectRoot = fileURLToPath(new URL("../../", import.meta.url));

export type Row = Record<string, unknown>;

export interface SqlRunner {
  /** Where the statements go, for messages. */
  readonly target: string;
  /** The rows of one statement. */
  query<T = Row>(sql: string): Promise<T[]>;
  /** The rows of each statement, read in one round trip (one `wrangler d1 execute` on the --remote path). */
  queryAll(statements: string[]): Promise<Row[][]>;
  /** Statements run in order as one batch: D1 stops at the first failing one. */
  batch(statements: string[]): Promise<void>;
  close(): Promise<void>;
}

/** An SQL literal of a value (text quoted, blobs as hex, integers exactly). */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof Uint8Array) return `X'${Buffer.from(value).toString("hex")}'`;
  if (typeof value === "string") {
    // Text keeps every character: a quote doubled; NUL and line breaks (which some D1 tools split
    // statements on) written as UTF-8 bytes cast back to text, so a statement stays on one line.
    if (/[\0\r\n]/.test(value)) return `CAST(X'${Buffer.from(value, "utf8").toString("hex")}' AS TEXT)`;
    return `'${value.replaceAll("'", "''")}'`;
  }
  throw new Error(`no SQL literal for ${typeof value}`);
}

/** The local state folder's D1 and R2 through wrangler's platform proxy (bound parameters, real batches). */
export async function localBindings(persistTo: string) {
  const proxy = await getPlatformProxy<{ DB: D1Like; FILES: R2Like }>({
    configPath: `${projectRoot}wrangler.toml`,
    persist: { path: `${persistTo}/v3` },
    remoteBindings: false,
  });
  return { DB: proxy.env.DB, FILES: proxy.env.FILES, dispose: () => proxy.dispose() };
}

/** The slice of the D1 binding these scripts use. */
export type D1Like = {
  prepare(sql: string): { all<T>(): Promise<{ results: T[] }>; run(): Promise<unknown> };
  batch(statements: ReturnType<D1Like["prepare"]>[]): Promise<unknown>;
};

/** The slice of the R2 binding these scripts use. */
export type R2Like = {
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number; httpMetadata?: { contentType?: string } } | null>;
  put(key: string, value: Uint8Array | ReadableStream<Uint8Array>, options?: { httpMetadata?: { contentType?: string }; sha256?: string }): Promise<unknown>;
  head(key: string): Promise<{ size: number } | null>;
  list(options?: { cursor?: string; limit?: number }): Promise<{ objects: { key: string; size: number }[]; truncated: boolean; cursor?: string }>;
};

export function proxyRunner(db: D1Like, target: string, dispose: () => Promise<void> = async () => {}): SqlRunner {
  return {
    target,
    async query<T>(sql: string) {
      return (await db.prepare(sql).all<T>()).results;
    },
    async queryAll(statements) {
      const results = (await db.batch(statements.map((statement) => db.prepare(statement)))) as { results: Row[] }[];
      return results.map((result) => result.results);
    },
    async batch(statements) {
      if (statements.length > 0) await db.batch(statements.map((statement) => db.prepare(statement)));
    },
    close: dispose,
  };
}

/** The local default through the platform proxy. */
export async function localRunner(persistTo: string): Promise<SqlRunner & { files: R2Like }> {
  const bindings = await localBindings(persistTo);
  return { ...proxyRunner(bindings.DB, `local D1 in ${persistTo}`, bindings.dispose), files: bindings.FILES };
}

export type WranglerTarget = { remote: true; database: string } | { remote: false; database: string; persistTo: string };

/** The project's wrangler, run with this Node (the scripts' one way to call it). */
export const wrangler = (args: string[]) => run(process.execPath, [`${projectRoot}node_modules/wrangler/bin/wrangler.js`, ...args]);

/** `wrangler d1 execute` on `target` with `args` (this project's config); throws when it fails. */
export async function wranglerD1Execute(target: WranglerTarget, args: string[]): Promise<string> {
  const location = target.remote ? ["--remote"] : ["--local", "--persist-to", target.persistTo];
  const { stdout, stderr, code } = await wrangler(["d1", "execute", target.database, ...location, "--config", `${projectRoot}wrangler.toml`, ...args]);
  if (code !== 0) throw new Error(`wrangler d1 execute failed (${code}): ${(stderr || stdout).trim().slice(-2000)}`);
  return stdout;
}

/** `wrangler d1 execute` with `args`, answering its parsed `--json` output. */
async function wranglerD1(target: WranglerTarget, args: string[]): Promise<{ results?: Row[]; success?: boolean }[]> {
  const stdout = await wranglerD1Execute(target, ["--json", ...args]);
  // Wrangler may print notices before the JSON document.
  const start = stdout.search(/^\[/m);
  if (start < 0) throw new Error(`wrangler d1 execute printed no JSON: ${stdout.slice(-2000)}`);
  return JSON.parse(stdout.slice(start));
}

/** The deployed database (or a local folder, the same path) through `wrangler d1 execute`. */
export function wranglerRunner(target: WranglerTarget): SqlRunner {
  return {
    target: target.remote ? `remote D1 database ${target.database}` : `local D1 in ${target.persistTo} (through wrangler d1 execute)`,
    async query<T>(sql: string) {
      const results = await wranglerD1(target, ["--command", sql]);
      return (results.at(-1)?.results ?? []) as T[];
    },
    async queryAll(statements) {
      const results = await wranglerD1(target, ["--command", statements.join(";\n")]);
      if (results.length !== statements.length) throw new Error(`wrangler d1 execute answered ${results.length} results for ${statements.length} statements`);
      return results.map((result) => result.results ?? []);
    },
    async batch(statements) {
      if (statements.length > 0) await wranglerD1(target, ["--command", statements.join(";\n")]);
    },
    close: async () => {},
  };
}

export function run(command: string, args: string[], input?: string): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env: childProcessEnv(projectRoot), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout, stderr, code: code ?? 1 }));
    child.stdin.end(input ?? "");
  });
}
