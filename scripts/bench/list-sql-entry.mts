/**
 * Bundled by `capture-sql.ts` (Vite SSR build, `~` resolved to app/) and run in Node: calls the
 * app's own `listDocuments` / `listCategories` with a D1 stand-in that records each statement
 * instead of running it. The D1 control Worker then replays exactly these statements.
 */
import { Kysely } from "kysely";
import { D1Dialect } from "kysely-d1";
import { parseListQuery } from "~/domain/document-schemas";
import { ROLES } from "~/domain/roles";
import type { AppContext } from "~/server/context.server";
import type { Database } from "~/server/db-schema";
import { listCategories, listDocuments } from "~/server/services/documents.server";

export type Statement = { sql: string; params: unknown[] };

/** The statements of one list page: listDocuments (rows, total) and listCategories (filter). */
export async function captureListStatements(search: string, actor: { userId: number; unitKerjaId: number | null }) {
  const recorded: Statement[] = [];
  const recorder = {
    prepare: (sql: string) => ({
      bind: (...params: unknown[]) => ({
        all: async () => {
          recorded.push({ sql, params });
          return { results: [], meta: { changes: 0, last_row_id: null } };
        },
      }),
    }),
  };
  const db = new Kysely<Database>({ dialect: new D1Dialect({ database: recorder as unknown as D1Database }) });
  const ctx = { db, actor: { ...actor, role: ROLES.superAdmin } } as unknown as AppContext;
  await listDocuments(ctx, parseListQuery(new URLSearchParams(search)));
  const documents = recorded.splice(0);
  await listCategories(ctx);
  return { documents, categories: recorded.splice(0) };
}
