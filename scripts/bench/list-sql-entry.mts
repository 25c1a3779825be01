/**
 * Bundled by `capture-sql.ts` (Vite SSR build, `~` resolved to app/) and run in Node: runs the
 * app's own list page loader query (`listDocumentsWithCategories`) and the API list's
 * (`listDocuments`) against a D1 stand-in that records each statement instead of running it,
 * grouped by round trip (one `batch()` = one group). The D1 control Worker then replays exactly
 * these statements, in the same round trips.
 */
import { Kysely } from "kysely";
import { D1Dialect } from "kysely-d1";
import { parseListQuery, parsePageQuery } from "~/domain/document-schemas";
import { ROLES } from "~/domain/roles";
import type { AppContext } from "~/server/context.server";
import type { Database } from "~/server/db/schema";
import { listDocuments, listDocumentsWithCategories } from "~/server/documents/service.server";

export type Statement = { sql: string; params: unknown[] };

function recordingD1() {
  const roundTrips: Statement[][] = [];
  const empty = { results: [], meta: { changes: 0, last_row_id: null } };
  const prepare = (sql: string) => ({
    bind: (...params: unknown[]) => {
      const statement = { sql, params };
      return {
        statement,
        all: async () => (roundTrips.push([statement]), empty),
        first: async () => (roundTrips.push([statement]), null),
      };
    },
  });
  const batch = async (statements: { statement: Statement }[]) => {
    roundTrips.push(statements.map((s) => s.statement));
    return statements.map(() => empty);
  };
  return { d1: { prepare, batch } as unknown as D1Database, roundTrips };
}

/** The round trips of one list page (`page`) and of the API list (`api`), each a list of statements. */
export async function captureListStatements(search: string, actor: { userId: number; unitKerjaId: number | null }) {
  const capture = async (run: (ctx: AppContext) => Promise<unknown>) => {
    const { d1, roundTrips } = recordingD1();
    const db = new Kysely<Database>({ dialect: new D1Dialect({ database: d1 }) });
    await run({ db, d1, actor: { ...actor, role: ROLES.superAdmin } } as unknown as AppContext);
    return roundTrips;
  };
  // The page reads its keyset cursor (`after`/`before`, from a Next/Previous link); the API pages by number only.
  const params = new URLSearchParams(search);
  return {
    page: await capture((ctx) => listDocumentsWithCategories(ctx, parsePageQuery(params))),
    api: await capture((ctx) => listDocuments(ctx, parseListQuery(params))),
  };
}
