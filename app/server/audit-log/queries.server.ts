import type { AuditLogView } from "~/domain/audit-log";
import type { Db } from "../db/db.server";

/**
 * Reusable audit-log queries (explicit dependencies: `fn({ db }, ...)`). Every read walks an
 * index in id order — the primary key, `audit_logs_action (action, id)` or
 * `audit_logs_actor (actor_id, id)` — and stops after one page: no OFFSET, no COUNT(*).
 */

/** Filters resolved to what the indexes hold: ids, never names or dates. */
export type AuditScope = {
  action?: string;
  actorId?: number;
  /** First id of the date range (inclusive). */
  minId?: number;
  /** First id after the date range (exclusive). */
  endId?: number;
};

/** Keyset bound on id: rows older than `before` or newer than `after`. */
export type AuditBound = { before: number } | { after: number } | null;

function scoped({ db }: { db: Db }, scope: AuditScope, bound: AuditBound) {
  let query = db.selectFrom("audit_logs as a");
  if (scope.action !== undefined) query = query.where("a.action", "=", scope.action);
  if (scope.actorId !== undefined) query = query.where("a.actor_id", "=", scope.actorId);
  if (scope.minId !== undefined) query = query.where("a.id", ">=", scope.minId);
  if (scope.endId !== undefined) query = query.where("a.id", "<", scope.endId);
  if (bound && "before" in bound) query = query.where("a.id", "<", bound.before);
  if (bound && "after" in bound) query = query.where("a.id", ">", bound.after);
  return query;
}

/** Up to `limit` rows beyond the bound: newest first, or (after a bound) oldest first. */
export function auditRows(deps: { db: Db }, scope: AuditScope, bound: AuditBound, limit: number) {
  return scoped(deps, scope, bound)
    .leftJoin("users as u", "u.id", "a.actor_id")
    .select([
      "a.id",
      "a.created_at",
      "a.action",
      "a.message",
      "a.details",
      "a.ip_address",
      "a.user_agent",
      "a.target_type",
      "a.target_id",
      "u.username as actor_username",
      "u.full_name as actor_full_name",
    ])
    .orderBy("a.id", bound && "after" in bound ? "asc" : "desc")
    .limit(limit);
}
export type AuditRow = Awaited<ReturnType<ReturnType<typeof auditRows>["execute"]>>[number];

/** A trigger-kept count of audit rows (migration 0015): all of them, one action's, or one actor's. */
export async function keptAuditCount({ db }: { db: Db }, dimension: "all" | "action" | "actor", value: string): Promise<number> {
  const row = await db.selectFrom("audit_log_counts").select("total").where("dimension", "=", dimension).where("value", "=", value).executeTakeFirst();
  return row?.total ?? 0;
}

/** The newest audit row's id (the end of the primary key), or 0 for an empty log. */
export async function lastAuditId({ db }: { db: Db }): Promise<number> {
  const row = await db.selectFrom("audit_logs").select("id").orderBy("id", "desc").limit(1).executeTakeFirst();
  return row?.id ?? 0;
}

/** Is there any row in scope beyond the bound? (One index probe.) */
export async function auditRowExists(deps: { db: Db }, scope: AuditScope, bound: AuditBound): Promise<boolean> {
  return !!(await scoped(deps, scope, bound).select("a.id").limit(1).executeTakeFirst());
}

/** The first id written at or after an instant (through `audit_logs_created`), or null. */
export async function firstAuditIdFrom({ db }: { db: Db }, instant: string): Promise<number | null> {
  const row = await db
    .selectFrom("audit_logs")
    .select("id")
    .where("created_at", ">=", instant)
    .orderBy("created_at")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The id of a username (compared without case), or null. */
export async function userIdByUsername({ db }: { db: Db }, username: string): Promise<number | null> {
  return (await db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirst())?.id ?? null;
}

function parseDetails(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { raw: text };
  }
}

export const toAuditLogView = (row: AuditRow): AuditLogView => ({
  id: row.id,
  timestamp: row.created_at,
  action: row.action,
  details: { ...parseDetails(row.details), message: row.message },
  ipAddress: row.ip_address,
  userAgent: row.user_agent,
  actor: row.actor_username === null ? null : { username: row.actor_username, fullName: row.actor_full_name ?? row.actor_username },
  targetType: row.target_type,
  targetId: row.target_id,
});
