import { sql } from "kysely";
import type { ServiceContext } from "../context.server";
import { visibleDocuments } from "./queries.server";

/**
 * The sitemap of the public archive. Documents are split by id range, not by OFFSET: each part
 * is one primary-key range scan (cheap at any catalogue size) and never holds more than
 * SITEMAP_ID_SPAN documents, below the 50,000 URLs a sitemap file may list.
 */
export const SITEMAP_ID_SPAN = 45_000;

/** The number of document parts: enough id ranges to cover the highest id. */
export async function sitemapPartCount(ctx: Pick<ServiceContext, "db">): Promise<number> {
  const row = await ctx.db.selectFrom("archives").select(sql<number | null>`max(id)`.as("maxId")).executeTakeFirst();
  return Math.max(1, Math.ceil((row?.maxId ?? 0) / SITEMAP_ID_SPAN));
}

export type SitemapEntry = { uuid: string; updatedAt: string };

/** The documents visitors may see (PUBLIC ones) of part `part` (1-based), in id order. */
export async function sitemapPart(ctx: Pick<ServiceContext, "db">, part: number): Promise<SitemapEntry[]> {
  const first = (part - 1) * SITEMAP_ID_SPAN + 1;
  const rows = await visibleDocuments(ctx, { kind: "public" })
    .select(["a.uuid", "a.updated_at"])
    .where("a.id", ">=", first)
    .where("a.id", "<", first + SITEMAP_ID_SPAN)
    .orderBy("a.id")
    .execute();
  return rows.map((row) => ({ uuid: row.uuid, updatedAt: row.updated_at }));
}
