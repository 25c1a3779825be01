import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * The highest sequence already used after `prefix` in a register numbered `PREFIX/NNN`
 * (`UM/2026/`, `PA/2026/`), or 0 for the first of the year. Longest first, then highest: `…/1000`
 * comes after `…/999` although it sorts before it as text.
 */
export async function lastSequence(db: Kysely<Database>, table: "disposal_lists" | "transfers", prefix: string): Promise<number> {
  const last = await db
    .selectFrom(table)
    .select("number")
    .where("number", ">=", prefix)
    .where("number", "<", `${prefix}~`)
    .orderBy(sql`length(number)`, "desc")
    .orderBy("number", "desc")
    .executeTakeFirst();
  return last ? Number(last.number.slice(prefix.length)) || 0 : 0;
}
