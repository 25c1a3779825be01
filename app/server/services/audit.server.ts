import type { AppContext } from "../context.server";

export type AuditEntry = {
  action: string;
  message: string;
  details?: Record<string, unknown>;
  /** Defaults to the signed-in user. */
  actorId?: number | null;
  targetType?: string;
  targetId?: string;
};

/**
 * The INSERT for one audit row, not yet run: callers put it in the same D1 batch as the change
 * it records, so there is never a change without its audit row.
 */
export function auditInsert(ctx: AppContext, entry: AuditEntry) {
  return ctx.db.insertInto("audit_logs").values({
    created_at: ctx.now().toISOString(),
    action: entry.action,
    message: entry.message,
    details: entry.details ? JSON.stringify(entry.details) : null,
    actor_id: entry.actorId === undefined ? (ctx.session?.user.userId ?? null) : entry.actorId,
    target_type: entry.targetType ?? null,
    target_id: entry.targetId ?? null,
    ip_address: ctx.request.ip,
    user_agent: ctx.request.userAgent?.slice(0, 512) ?? null,
  });
}
