import { dispatchedThrough } from "~/server/events/dispatcher.server";
import { runSystemJob } from "~/server/jobs/runner.server";
import { testEnv } from "./env";
import { testJobContext } from "./context";

/**
 * Dispatch every event written so far. The queue consumer may be dispatching in the background
 * too (commits signal it): whoever holds the dispatcher's lease, this waits until the cursor has
 * passed the newest event. It runs the dispatcher job itself rather than `dispatchPendingEvents`,
 * whose follow-up message for a busy dispatcher this loop does not need (and which would land in
 * a later test file).
 */
export async function settleEvents(): Promise<void> {
  const newest = await testEnv.DB.prepare("SELECT COALESCE(MAX(id), 0) AS id FROM events").first<{ id: number }>();
  const ctx = testJobContext("queue");
  for (let attempt = 0; attempt < 200; attempt++) {
    if ((await dispatchedThrough(ctx)) >= newest!.id) return;
    await runSystemJob(ctx, "events.dispatch", { skipIfBusy: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("events were not dispatched");
}

export type NotificationRow = { user_id: number; kind: string; title: string; body: string; link: string; email_status: string; read_at: string | null; uuid: string };

/** Every notification about `needle` (a title, a uuid in the link), oldest first. */
export async function notificationsAbout(needle: string): Promise<NotificationRow[]> {
  const { results } = await testEnv.DB.prepare(
    "SELECT user_id, kind, title, body, link, email_status, read_at, uuid FROM notifications WHERE title LIKE ?1 OR link LIKE ?1 OR body LIKE ?1 ORDER BY id",
  )
    .bind(`%${needle}%`)
    .all<NotificationRow>();
  return results;
}

export async function eventsAbout(subjectId: string): Promise<{ kind: string; actor_id: number | null }[]> {
  const { results } = await testEnv.DB.prepare("SELECT kind, actor_id FROM events WHERE subject_id = ? ORDER BY id").bind(subjectId).all<{ kind: string; actor_id: number | null }>();
  return results;
}
