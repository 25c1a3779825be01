import type { Compilable } from "kysely";
import type { Stemmer } from "~/domain/search/indonesian";
import { jobContext } from "~/server/context.server";
import { createDb } from "~/server/db/db.server";
import { recordTermsStatements } from "~/server/search/queries.server";
import { pendingTextStep } from "~/server/text-extraction/queue.server";
import { writeIndexedText } from "~/server/text-extraction/service.server";
import { testEnv } from "./env";

/**
 * Index `body` as the text of a document's current file, the way the extraction consumer does
 * (`writeIndexedText`: the words' stems recorded, the text in R2, the row INDEXED naming it, its
 * words in the contentless index), after setting the row waiting as 'Indeks ulang' does, so a
 * text indexed twice replaces the first. `stem`: the words are recorded with that stemmer first
 * (a test builds an index as an older version of the app did; a word already known keeps its stem).
 */
export async function indexText(document: string | { id: number }, body: string, stem?: Stemmer): Promise<{ id: number; fileId: number }> {
  const byId = typeof document !== "string";
  const row = await testEnv.DB.prepare(`SELECT id, current_file_id FROM archives WHERE ${byId ? "id" : "uuid"} = ?`)
    .bind(byId ? document.id : document)
    .first<{ id: number; current_file_id: number }>();
  if (!row) throw new Error(`No document ${JSON.stringify(document)}`);
  const { sql, parameters } = (pendingTextStep({ db: createDb(testEnv.DB) }, { id: row.id }, new Date().toISOString()) as Compilable).compile();
  await testEnv.DB.batch([testEnv.DB.prepare(sql).bind(...parameters), ...(stem ? recordTermsStatements(testEnv.DB, body, stem) : [])]);
  const outcome = await writeIndexedText(jobContext(testEnv, "text-extraction"), { archiveId: row.id, fileId: row.current_file_id }, { body, pages: 1, truncated: false });
  if (outcome.kind !== "written") throw new Error(`The text of document ${row.id} was not written: ${JSON.stringify(outcome)}`);
  return { id: row.id, fileId: row.current_file_id };
}
