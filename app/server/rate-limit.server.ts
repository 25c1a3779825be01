import { runBatch } from "./db/batch.server";
import type { ServiceContext } from "./context.server";

export type RateLimit = { max: number; windowMs: number };
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Count one use of `key` in a fixed window and say whether it is within `limit`. The count and
 * the read-back run in one D1 batch, so parallel requests cannot all slip under the limit.
 */
export async function consumeRateLimit(ctx: Pick<ServiceContext, "db" | "d1" | "now">, key: string, limit: RateLimit): Promise<RateDecision> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - limit.windowMs).toISOString();
  const [, readBack] = await runBatch(ctx.d1, [
    ctx.db
      .insertInto("rate_limits")
      .values({ key, count: 1, window_start: nowIso })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => {
          const expired = eb("rate_limits.window_start", "<=", windowStart);
          return {
            count: eb.case().when(expired).then(1).else(eb("rate_limits.count", "+", 1)).end(),
            window_start: eb.case().when(expired).then(nowIso).else(eb.ref("rate_limits.window_start")).end(),
          };
        }),
      ),
    ctx.db.selectFrom("rate_limits").select(["count", "window_start"]).where("key", "=", key),
  ]);
  const row = readBack?.results[0] as { count: number; window_start: string } | undefined;
  if (!row || row.count <= limit.max) return { allowed: true };
  const resetAt = Date.parse(row.window_start) + limit.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)) };
}
