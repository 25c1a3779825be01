/**
 * The SQL of the app's list page, taken from the app itself: `list-sql-entry.mts` is bundled with
 * Vite (the `~` alias as in the app) into a temp dir and run with a recording D1 stand-in, so
 * the D1 control Worker replays the statements the list page and the API list send today, in the same round trips,
 * whatever their shape becomes.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

/**
 * The entry is `.mts`, outside the Node typecheck's `scripts` glob (`.ts` files), so that the
 * app's Worker-typed server modules it imports stay out of the Node project.
 */
export type Statement = { sql: string; params: unknown[] };
/** Each list is the statements of one D1 round trip (one statement, or one `batch()`). */
export type ListStatements = { page: Statement[][]; api: Statement[][] };

export async function captureListSql(root: string, outDir: string, searches: Record<string, string>, actor: { userId: number; unitKerjaId: number | null }) {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    resolve: { alias: { "~": join(root, "app") } },
    // Everything bundled: the output lives in a temp dir, away from node_modules.
    ssr: { noExternal: true },
    build: { ssr: join(root, "scripts/bench/list-sql-entry.mts"), outDir, emptyOutDir: true, minify: false, rollupOptions: { output: { entryFileNames: "list-sql.mjs" } } },
  });
  const entry = (await import(pathToFileURL(join(outDir, "list-sql.mjs")).href)) as {
    captureListStatements: (search: string, actor: { userId: number; unitKerjaId: number | null }) => Promise<ListStatements>;
  };
  const out: Record<string, ListStatements> = {};
  for (const [name, search] of Object.entries(searches)) out[name] = await entry.captureListStatements(search, actor);
  return out;
}
