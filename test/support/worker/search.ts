import type { Stemmer } from "~/domain/search/indonesian";
import { recordTermsStatements } from "~/server/search/queries.server";
import { testEnv } from "./env";

/**
 * What the extraction consumer writes when it has read a document's text: the archive_texts row
 * INDEXED with the body (the FTS5 triggers index it) and the text's words with their stems, by
 * `stem` (the search's own unless a test builds an index as an older version of the app did).
 */
export async function indexText(uuid: string, body: string, stem?: Stemmer): Promise<void> {
  const row = (await testEnv.DB.prepare("SELECT id, current_file_id FROM archives WHERE uuid = ?").bind(uuid).first<{ id: number; current_file_id: number }>())!;
  const now = new Date().toISOString();
  await testEnv.DB.batch([
    testEnv.DB.prepare(
      `INSERT INTO archive_texts (archive_id, file_id, status, body, queued_at, extracted_at) VALUES (?, ?, 'INDEXED', ?, ?, ?)
       ON CONFLICT (archive_id) DO UPDATE SET file_id = excluded.file_id, status = 'INDEXED', body = excluded.body, extracted_at = excluded.extracted_at`,
    ).bind(row.id, row.current_file_id, body, now, now),
    ...recordTermsStatements(testEnv.DB, body, stem),
  ]);
}
