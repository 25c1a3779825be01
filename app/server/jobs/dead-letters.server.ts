import { jobMessages } from "~/i18n/jobs-messages";
import type { ServiceContext } from "../context.server";

/**
 * Work that could not be done — a queue message of an unknown type or one that failed every
 * retry, an event its subscribers kept refusing — kept as a FAILED job ('queue.dead-letter')
 * that Super Admin reads on /app/pekerjaan: what it was, where it came from, why it failed.
 */
export async function recordFailedWork(ctx: Pick<ServiceContext, "db" | "now">, source: string, body: unknown, attempts: number, error?: string): Promise<void> {
  const iso = ctx.now().toISOString();
  let message: string;
  try {
    message = JSON.stringify(body) ?? String(body);
  } catch {
    message = String(body);
  }
  await ctx.db
    .insertInto("jobs")
    .values({
      uuid: crypto.randomUUID(),
      kind: "queue.dead-letter",
      actor_system: "queue",
      status: "FAILED",
      params: JSON.stringify({ source, message: message.slice(0, 4000), attempts }),
      counts: "{}",
      error: (error ?? jobMessages.deadLetter(source)).slice(0, 1000),
      created_at: iso,
      started_at: iso,
      finished_at: iso,
      updated_at: iso,
    })
    .execute();
}
