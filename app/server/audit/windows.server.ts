import { sql } from "kysely";
import { userActorOf } from "~/domain/policy";
import type { ServiceContext } from "../context.server";
import { ConflictError } from "~/domain/errors";
import { abortUnlessChanged } from "../db/write-guard.server";
import { commit, type AuditEntry } from "./commit.server";

/**
 * Events anyone can repeat at will (downloading a file, being refused) are audited once per
 * window and client, so nobody can grow the audit log without limit: the first occurrence writes
 * its row, later ones in the same window are only counted (with the distinct paths they hit, at
 * most AUDIT_WINDOW_PATHS), and when the window closes the maintenance job writes one
 * AUDIT_REPEATS row with that count and those paths (`summarizeClosedWindows`). One table,
 * `audit_windows`, keyed by event and client; the job drops rows older than a day.
 */
export const DOWNLOAD_AUDIT_WINDOW_MS = 60 * 60 * 1000;
export const REFUSAL_AUDIT_WINDOW_MS = 15 * 60 * 1000;
/** Distinct paths a window keeps for its summary. */
export const AUDIT_WINDOW_PATHS = 20;
/** Closed windows summarized per maintenance run. */
const SUMMARIES_PER_RUN = 200;

/** Who repeats: the signed-in user, else the client's address (visitors). */
export function clientKeyOf(ctx: Pick<ServiceContext, "actor" | "client">): string {
  const user = userActorOf(ctx.actor);
  if (user) return `user:${user.userId}`;
  return `ip:${ctx.client?.ip ?? "unknown"}`;
}

type Window = { first: boolean; repeatsBefore: number };

/** What a window records of its client and event, for the summary written when it closes. */
export type WindowSubject = { action: string; path: string };

/**
 * Count one occurrence of `key`: `first` when it opens a new window (the caller then writes its
 * audit row). `repeatsBefore` is what the previous window repeated only when no summary recorded
 * it (a window closed between two maintenance runs and reopened at once). One statement (an
 * upsert reading the row it replaces), so parallel requests open a window only once.
 */
export async function countInWindow(ctx: Pick<ServiceContext, "db" | "now" | "actor" | "client">, key: string, windowMs: number, subject?: WindowSubject): Promise<Window> {
  const now = ctx.now();
  const opened = now.toISOString();
  const ends = new Date(now.getTime() + windowMs).toISOString();
  const expired = new Date(now.getTime() - windowMs).toISOString();
  const path = subject?.path.slice(0, 200) ?? null;
  const client = { actor: userActorOf(ctx.actor)?.userId ?? null, ip: ctx.client?.ip ?? null, agent: ctx.client?.userAgent?.slice(0, 512) ?? null };
  // SET expressions all read the row as it was, so `previous_repeats` takes the old count.
  const { rows } = await sql<{ repeats: number; previous_repeats: number }>`
    INSERT INTO audit_windows (key, started_at, repeats, previous_repeats, action, ends_at, actor_id, ip_address, user_agent, paths)
    VALUES (${key}, ${opened}, 0, 0, ${subject?.action ?? null}, ${ends}, ${client.actor}, ${client.ip}, ${client.agent}, json_array(${path}))
    ON CONFLICT (key) DO UPDATE SET
      started_at = CASE WHEN audit_windows.started_at <= ${expired} THEN excluded.started_at ELSE audit_windows.started_at END,
      ends_at = CASE WHEN audit_windows.started_at <= ${expired} THEN excluded.ends_at ELSE audit_windows.ends_at END,
      previous_repeats = CASE WHEN audit_windows.started_at <= ${expired}
        THEN (CASE WHEN audit_windows.summarized_at IS NULL THEN audit_windows.repeats ELSE 0 END) ELSE audit_windows.previous_repeats END,
      repeats = CASE WHEN audit_windows.started_at <= ${expired} THEN 0 ELSE audit_windows.repeats + 1 END,
      summarized_at = CASE WHEN audit_windows.started_at <= ${expired} THEN NULL ELSE audit_windows.summarized_at END,
      action = excluded.action, actor_id = excluded.actor_id, ip_address = excluded.ip_address, user_agent = excluded.user_agent,
      paths = CASE
        WHEN audit_windows.started_at <= ${expired} THEN excluded.paths
        WHEN ${path} IS NULL OR json_array_length(audit_windows.paths) >= ${AUDIT_WINDOW_PATHS}
          OR EXISTS (SELECT 1 FROM json_each(audit_windows.paths) WHERE value = ${path}) THEN audit_windows.paths
        ELSE json_insert(audit_windows.paths, '$[#]', ${path})
      END
    RETURNING repeats, previous_repeats`.execute(ctx.db);
  const row = rows[0]!;
  return { first: row.repeats === 0, repeatsBefore: row.repeats === 0 ? row.previous_repeats : 0 };
}

/**
 * Write `entry` unless its event already has a row in this window for this client. The row's
 * details name the window and, when the previous window's repeats were not summarized, how many.
 */
export async function commitOncePerWindow(ctx: ServiceContext, key: string, windowMs: number, entry: AuditEntry, path?: string): Promise<void> {
  const window = await countInWindow(ctx, `${key}|${clientKeyOf(ctx)}`, windowMs, { action: entry.action, path: path ?? entry.targetId ?? key });
  if (!window.first) return;
  const details = { ...entry.details, auditedOncePerMinutes: windowMs / 60_000, ...(window.repeatsBefore > 0 ? { repeatsBefore: window.repeatsBefore } : {}) };
  await commit(ctx, [{ ...entry, details } as AuditEntry]);
}

/**
 * The maintenance job: every window that closed with repeats and no summary yet gets one
 * AUDIT_REPEATS row (as its client: the user, or the address) with how often the event repeated
 * after its first row and the distinct paths it hit; written with the window's mark in one batch.
 */
export async function summarizeClosedWindows(ctx: ServiceContext): Promise<number> {
  const now = ctx.now().toISOString();
  const closed = await ctx.db
    .selectFrom("audit_windows")
    .select(["key", "action", "started_at", "ends_at", "repeats", "actor_id", "ip_address", "user_agent", "paths"])
    .where("repeats", ">", 0)
    .where("summarized_at", "is", null)
    .where("ends_at", "<=", now)
    .where("action", "is not", null)
    .orderBy("ends_at")
    .limit(SUMMARIES_PER_RUN)
    .execute();
  for (const window of closed) {
    const paths = JSON.parse(window.paths) as string[];
    const minutes = Math.round((Date.parse(window.ends_at!) - Date.parse(window.started_at)) / 60_000);
    await commit({ ...ctx, client: { ip: window.ip_address, userAgent: window.user_agent } }, [
      ctx.db.updateTable("audit_windows").set({ summarized_at: now }).where("key", "=", window.key).where("summarized_at", "is", null).where("started_at", "=", window.started_at),
      abortUnlessChanged(ctx),
      {
        action: "AUDIT_REPEATS",
        params: { action: window.action!, repeats: window.repeats, minutes },
        details: { action: window.action, repeats: window.repeats, paths, pathsCapped: paths.length >= AUDIT_WINDOW_PATHS, windowStart: window.started_at, windowEnd: window.ends_at },
        actorId: window.actor_id,
        targetType: "request",
        targetId: paths[0],
      },
    ], { STALE_WRITE: "already summarized" }).catch((error: unknown) => {
      // Another run summarized it first (its mark moved): nothing to add.
      if (!(error instanceof ConflictError)) throw error;
    });
  }
  return closed.length;
}

/**
 * A refused request (403: a policy refusal, a CSRF refusal, a gate), audited once per client per
 * window with the first refusal's method, path and reason; the next window's row counts the rest.
 * Never throws: a refusal must be answered even when its audit row cannot be written.
 */
export async function auditRefusal(ctx: ServiceContext, refusal: { method: string; path: string; reason: string | null }): Promise<void> {
  const path = refusal.path.slice(0, 200);
  try {
    await commitOncePerWindow(ctx, "ACCESS_DENIED", REFUSAL_AUDIT_WINDOW_MS, {
      action: "ACCESS_DENIED",
      params: { method: refusal.method, path },
      details: { method: refusal.method, path, ...(refusal.reason ? { reason: refusal.reason.slice(0, 300) } : {}), userAgent: ctx.client?.userAgent ?? null },
      targetType: "request",
      targetId: path,
    }, `${refusal.method} ${path}`);
  } catch (error) {
    console.warn(JSON.stringify({ event: "refusal_audit_failed", error: String(error) }));
  }
}
