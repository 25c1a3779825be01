import type { ServiceContext } from "../context.server";
import { IN_LIST_MAX } from "../db/in-list.server";

/** Keys per round: one `IN` list below. */
const ROUND = IN_LIST_MAX;
/** Rounds per run, so one run stays short; the next run takes the rest. */
const MAX_ROUNDS = 10;

/**
 * Empty the durable deletion queue (`file_deletions`): objects no version uses any more are
 * deleted from R2 and leave the queue only once R2 has confirmed; a failure is counted and
 * retried by the next run (the cron, or the request that queued them). A key some version still
 * uses is never deleted: its queue entry is dropped instead.
 */
export async function drainFileDeletions(ctx: Pick<ServiceContext, "db" | "files">): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const done = await drainRound(ctx);
    if (done === null) break;
    deleted += done;
  }
  return deleted;
}

/** One round: up to ROUND queued keys; null when the queue is empty or R2 refused. */
async function drainRound(ctx: Pick<ServiceContext, "db" | "files">): Promise<number | null> {
  const rows = await ctx.db
    .selectFrom("file_deletions as d")
    .select((eb) => [
      "d.r2_key",
      eb.exists(eb.selectFrom("archive_files as f").select("f.id").whereRef("f.r2_key", "=", "d.r2_key")).as("in_use"),
    ])
    .orderBy("d.queued_at")
    .limit(ROUND)
    .execute();
  if (rows.length === 0) return null;
  const orphans = rows.filter((row) => !row.in_use).map((row) => row.r2_key);
  try {
    if (orphans.length > 0) await ctx.files.delete(orphans);
  } catch (error) {
    await ctx.db
      .updateTable("file_deletions")
      .set((eb) => ({ attempts: eb("attempts", "+", 1), last_error: String(error).slice(0, 500) }))
      .where("r2_key", "in", orphans)
      .execute();
    console.warn(JSON.stringify({ event: "file_deletion_failed", keys: orphans.length, error: String(error) }));
    return null;
  }
  await ctx.db.deleteFrom("file_deletions").where("r2_key", "in", rows.map((row) => row.r2_key)).execute();
  return orphans.length;
}
