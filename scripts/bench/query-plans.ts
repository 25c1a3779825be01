/**
 * SQLite's own view of the list/search queries, on the benchmark database file (run while no
 * Worker has it open): EXPLAIN QUERY PLAN and the median time of each statement, so a slow page
 * can be told apart from slow SQL. The statements mirror what `listDocuments`
 * (app/server/services/documents.server.ts) sends through Kysely (page 5000 also as it was before
 * it read ids first), plus two candidate rewrites.
 */
import { DatabaseSync } from "node:sqlite";
import { d1SqliteFile } from "./seed-documents.ts";

export type PlanRow = { name: string; ms: number; rows: number; plan: string };

const SELECT = `SELECT a.id, a.uuid, a.title, a.document_number, a.year, a.description, a.keywords, a.access_level,
  a.category_id, c.category_name, a.uploader_id, a.unit_kerja_id, a.r2_key, a.file_name, a.file_size, a.mime_type,
  a.sha256, a.created_at, a.updated_at, u.full_name AS uploader
  FROM archives AS a INNER JOIN categories AS c ON c.id = a.category_id INNER JOIN users AS u ON u.id = a.uploader_id`;
const MATCH = "a.id IN (SELECT rowid FROM archives_fts WHERE archives_fts MATCH ?)";
const ORDER = "ORDER BY a.created_at DESC, a.id DESC";
const PAGE = `${ORDER} LIMIT 10 OFFSET ?`;

/** The sort values of page 4999's last row (the cursor of its Next link), or of the last row. */
function deepCursor(db: DatabaseSync): [string, number] {
  const row = (db.prepare(`SELECT a.created_at, a.id FROM archives AS a ${ORDER} LIMIT 1 OFFSET 49989`).get() ??
    db.prepare(`SELECT a.created_at, a.id FROM archives AS a ORDER BY a.created_at, a.id LIMIT 1`).get()) as { created_at: string; id: number };
  return [row.created_at, row.id];
}

export function queryPlans(persistTo: string, selective: string, broad: string): PlanRow[] {
  const db = new DatabaseSync(d1SqliteFile(persistTo), { readOnly: true });
  const fts = (term: string) => `"${term}"*`;
  const statements: [string, string, (string | number)[]][] = [
    ["list, page 1", `${SELECT} ${PAGE}`, [0]],
    ["list total (trigger-kept counters)", "SELECT coalesce(sum(total), 0) AS n FROM archive_counts", []],
    ["public list, page 1", `${SELECT} WHERE a.access_level = 'PUBLIC' ${PAGE}`, [0]],
    ["list, page 5000, plain OFFSET 49,990 (before)", `${SELECT} ${PAGE}`, [49_990]],
    [
      "list, page 5000 by number: the page's ids from the index, then their rows",
      `${SELECT} WHERE a.id IN (SELECT a.id FROM archives AS a ${PAGE}) ${ORDER}`,
      [49_990],
    ],
    ["list, page 5000 by Next: after page 4999's last row (keyset)", `${SELECT} WHERE (a.created_at, a.id) < (?, ?) ${ORDER} LIMIT 10`, deepCursor(db)],
    [`search '${selective}', page 1`, `${SELECT} WHERE ${MATCH} ${PAGE}`, [fts(selective), 0]],
    [`search '${selective}', total (COUNT)`, `SELECT count(*) AS n FROM archives AS a WHERE ${MATCH}`, [fts(selective)]],
    [`search '${broad}', page 1`, `${SELECT} WHERE ${MATCH} ${PAGE}`, [fts(broad), 0]],
    [`search '${broad}', total (COUNT)`, `SELECT count(*) AS n FROM archives AS a WHERE ${MATCH}`, [fts(broad)]],
    [
      `candidate: search '${broad}', page 1 in FTS rowid order (ids grow with created_at)`,
      `${SELECT} WHERE a.id IN (SELECT rowid FROM archives_fts WHERE archives_fts MATCH ? ORDER BY rowid DESC LIMIT 10 OFFSET 0) ORDER BY a.id DESC`,
      [fts(broad)],
    ],
    [
      `candidate: search '${broad}', total capped at 1,001`,
      "SELECT count(*) AS n FROM (SELECT rowid FROM archives_fts WHERE archives_fts MATCH ? LIMIT 1001)",
      [fts(broad)],
    ],
  ];
  try {
    return statements.map(([name, sql, params]) => {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join("; ");
      const statement = db.prepare(sql);
      let rows = statement.all(...params).length;
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = performance.now();
        rows = statement.all(...params).length;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return { name, ms: times[3]!, rows, plan };
    });
  } finally {
    db.close();
  }
}
