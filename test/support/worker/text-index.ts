import { createDb } from "~/server/db/db.server";
import { writeIndexedText } from "~/server/text-extraction/service.server";
import { pendingTextStep } from "~/server/text-extraction/queue.server";
import type { Compilable } from "kysely";
import { jobContext } from "~/server/context.server";
import { testEnv } from "./env";

/**
 * Index `body` as the text of a document's current file, the way the extraction consumer does
 * (vocabulary, R2 object, row and full-text index through `writeIndexedText`), after setting
 * the row waiting as 'Indeks ulang' does: a text indexed twice replaces the first.
 */
export async function indexText(archive: { id: number } | { uuid: string }, body: string): Promise<{ id: number; fileId: number }> {
  const row = await testEnv.DB.prepare(`SELECT id, current_file_id FROM archives WHERE ${"id" in archive ? "id" : "uuid"} = ?`)
    .bind("id" in archive ? archive.id : archive.uuid)
    .first<{ id: number; current_file_id: number }>();
  if (!row) throw new Error(`No document ${JSON.stringify(archive)}`);
  const pending = pendingTextStep({ db: createDb(testEnv.DB) }, { id: row.id }, new Date().toISOString()) as Compilable;
  const { sql, parameters } = pending.compile();
  await testEnv.DB.prepare(sql).bind(...parameters).run();
  const outcome = await writeIndexedText(jobContext(testEnv, "text-extraction"), { archiveId: row.id, fileId: row.current_file_id }, { body, pages: 1, truncated: false });
  if (outcome.kind !== "written") throw new Error(`The text of document ${row.id} was not written: ${JSON.stringify(outcome)}`);
  return { id: row.id, fileId: row.current_file_id };
}
