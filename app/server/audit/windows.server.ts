import { sql } from "kysely";
import { userActorOf } from "~/domain/policy";
import type { ServiceContext } from "../context.server";
import { commit, type AuditEntry } from "./commit.server";

/**
 * Events anyone can repeat at will (downloading a public file, being refused) are audited once
 * per window and client, so nobody can grow the audit log without limit: the first occurrence
 * writes its row, later ones in the same window are only counted, and the next window's row
 * says how many there were (`repeatsBefore`). One table, `audit_windows`, keyed by event and
 * client; the maintenance cron drops rows older than a day.
 */
export const DOWNLOAD_AUDIT_WINDOW_MS = 60 * 60 * 1000;
export const REFUSAL_AUDIT_WINDOW_MS = 15 * 60 * 1000;

/** Who repeats: the signed-in user, else the client's address (visitors). */
export function clientKeyOf(ctx: Pick<ServiceContext, "actor" | "client">): string {
  const user = userActorOf(ctx.actor);
  if (user) return `user:${user.userId}`;
  return `ip:${ctx.client?.ip ?? "unknown"}`;
}

type Window = { first: boolean; repeatsBefore: number };

/**
 * Count one occurrence of `key`: `first` when it opens a new window (the caller then writes its
 * audit row), with how many further occurrences the previous window had. One statement (an
 * upsert reading the row it replaces), so parallel requests open a window only once.
 */
export async function countInWindow(ctx: Pick<ServiceContext, "db" | "now">, key: string, windowMs: number): Promise<Window> {
  const now = ctx.now();
  const opened = now.toISOString();
  const expired = new Date(now.getTime() - windowMs).toISOString();
  // SET expressions all read the row as it was, so `previous_repeats` takes the old count.
  const { rows } = await sql<{ repeats: number; previous_repeats: number }>`
    INSERT INTO audit_windows (key, started_at, repeats, previous_repeats) VALUES (${key}, ${opened}, 0, 0)
    ON CONFLICT (key) DO UPDATE SET
      started_at = CASE WHEN audit_windows.started_at <= ${expired} THEN excluded.started_at ELSE audit_windows.started_at END,
      previous_repeats = CASE WHEN audit_windows.started_at <= ${expired} THEN audit_windows.repeats ELSE audit_windows.previous_repeats END,
      repeats = CASE WHEN audit_windows.started_at <= ${expired} THEN 0 ELSE audit_windows.repeats + 1 END
    RETURNING repeats, previous_repeats`.execute(ctx.db);
  const row = rows[0]!;
  return { first: row.repeats === 0, repeatsBefore: row.repeats === 0 ? row.previous_repeats : 0 };
}

/**
 * Write `entry` unless its event already has a row in this window for this client. The row's
 * details name the window and, when the previous one saw repeats, how many.
 */
export async function commitOncePerWindow(ctx: ServiceContext, key: string, windowMs: number, entry: AuditEntry): Promise<void> {
  const window = await countInWindow(ctx, `${key}|${clientKeyOf(ctx)}`, windowMs);
  if (!window.first) return;
  const details = { ...entry.details, auditedOncePerMinutes: windowMs / 60_000, ...(window.repeatsBefore > 0 ? { repeatsBefore: window.repeatsBefore } : {}) };
  await commit(ctx, [{ ...entry, details } as AuditEntry]);
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
    });
  } catch (error) {
    console.warn(JSON.stringify({ event: "refusal_audit_failed", error: String(error) }));
  }
}
