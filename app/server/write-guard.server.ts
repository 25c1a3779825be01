import { sql } from "kysely";
import { ConflictError } from "~/domain/errors";
import type { AppContext } from "./context.server";

const STALE_WRITE = "STALE_WRITE";

/**
 * A batch statement that rolls the whole D1 batch back when the statement just before it changed
 * no row: it inserts a row the `write_guards` CHECK refuses, only `WHERE changes() = 0`. Placed
 * right after a conditional UPDATE/DELETE (`... WHERE r2_key = <the key this request read>`), it
 * turns that write into a compare-and-set. `changes()` counts the previous statement's own rows,
 * not those its triggers touch.
 */
export const abortUnlessChanged = (ctx: Pick<AppContext, "db">) =>
  ctx.db.insertInto("write_guards").columns(["ok"]).expression(sql<{ ok: number }>`SELECT 0 WHERE changes() = 0`);

/** Whether a failed batch was rolled back by `abortUnlessChanged`. */
export function isStaleWrite(error: unknown): boolean {
  const messages = [error instanceof Error ? error.message : "", error instanceof Error && error.cause instanceof Error ? error.cause.message : ""];
  return messages.some((message) => message.includes(STALE_WRITE));
}

/** The batch's result, or a 409 with `message` when a parallel request changed the row first. */
export async function unlessStale<T>(batch: Promise<T>, message: string): Promise<T> {
  try {
    return await batch;
  } catch (error) {
    if (isStaleWrite(error)) throw new ConflictError(message);
    throw error;
  }
}
