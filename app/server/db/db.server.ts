import { Kysely, SqliteAdapter } from "kysely";
import { D1Dialect } from "kysely-d1";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

/**
 * D1 has no connections: every query is an independent call on the binding. Kysely's SQLite
 * adapter says otherwise (`supportsMultipleConnections: false`), which makes Kysely serialize
 * all queries through one mutex.
 */
class D1Adapter extends SqliteAdapter {
  override get supportsMultipleConnections() {
    return true;
  }
}

class ConcurrentD1Dialect extends D1Dialect {
  override createAdapter() {
    return new D1Adapter();
  }
}

/**
 * A Kysely instance for ONE request (or one cron run). Never cache it per isolate: Kysely keeps
 * promises (driver init, locks) that a second request would then await, and in Workers a
 * request waiting on another request's promise is cancelled as hung — under load one stuck
 * request wedged every request after it. Creating one is cheap (no I/O).
 */
export function createDb(d1: D1Database): Db {
  return new Kysely<Database>({ dialect: new ConcurrentD1Dialect({ database: d1 }) });
}
