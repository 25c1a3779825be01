/**
 * Direct writes to the e2e server's local D1 (a SQLite file under its state folder), for what
 * no request can do, such as moving an approval's expiry into the past. SQLite's file locks
 * keep the write safe beside the running server; use sparingly.
 *
 * Write while no page of the test is loading: the local D1 does not wait on a lock, so a request
 * the browser sends meanwhile (the route manifest React Router fetches after hydration, say) can
 * answer 500. Write before opening the test's pages, or after `page.waitForLoadState("networkidle")`.
 */
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { d1SqliteFile } from "../../../scripts/bench/seed-documents.ts";
import { thisServer } from "./browser";

const databaseFile = () => d1SqliteFile(thisServer().persistTo);

/** Run one statement on the e2e server's D1; returns the number of changed rows. */
export function executeOnE2eDb(sql: string, ...params: SQLInputValue[]): number {
  const db = new DatabaseSync(databaseFile());
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return Number(db.prepare(sql).run(...params).changes);
  } finally {
    db.close();
  }
}

/** Read rows from the e2e server's D1 (to find ids the seed gave, e.g. a document of a unit). */
export function queryE2eDb<Row extends Record<string, unknown>>(sql: string, ...params: SQLInputValue[]): Row[] {
  const db = new DatabaseSync(databaseFile(), { readOnly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return db.prepare(sql).all(...params) as Row[];
  } finally {
    db.close();
  }
}
