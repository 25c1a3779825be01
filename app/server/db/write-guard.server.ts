import { sql } from "kysely";
import type { Db } from "./db.server";

/**
 * A batch statement that rolls the whole D1 batch back when the statement just before it changed
 * no row: it inserts a row the `write_guards` CHECK (named STALE_WRITE) refuses, only
 * `WHERE changes() = 0`. Placed right after a conditional UPDATE/DELETE (`... WHERE
 * current_file_id = <the version this request read>`), it turns that write into a
 * compare-and-set; `commit` maps the refusal to a ConflictError. `changes()` counts the previous
 * statement's own rows, not those its triggers touch.
 */
export const abortUnlessChanged = (ctx: { db: Db }) =>
  ctx.db.insertInto("write_guards").columns(["ok"]).expression(sql<{ ok: number }>`SELECT 0 WHERE changes() = 0`);
