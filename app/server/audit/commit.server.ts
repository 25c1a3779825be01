import type { Compilable } from "kysely";
import type { AuditAction } from "~/domain/audit-actions";
import { audit as auditText } from "~/i18n/audit";
import { runBatch } from "../batch.server";
import type { AppContext } from "../context.server";
import { sealAuditChain } from "./chain.server";

type AuditMessages = typeof auditText;

/** One audit row: its action, the parameters of that action's message, and what it concerns. */
export type AuditEntry = {
  [A in AuditAction]: {
    action: A;
    /** Builds the stored Indonesian message (`auditText[action]`). */
    params: Parameters<AuditMessages[A]>[0];
    details?: Record<string, unknown>;
    /** Defaults to the signed-in user; null for anonymous events (a failed sign-in). */
    actorId?: number | null;
    targetType?: string;
    targetId?: string;
  };
}[AuditAction];

/** What writing needs from the request context. */
export type CommitContext = Pick<AppContext, "db" | "d1" | "now" | "request" | "session">;

/**
 * The one writer of audit rows: run `writes` and the audit rows in ONE D1 batch (all-or-nothing;
 * D1 has no interactive transactions), so there is never a change without its audit row, nor an
 * audit row for a change that did not happen. Audit-only events pass no writes.
 *
 * Rows are written unsealed and chained by the sealer right after the response
 * (`sealAfterResponse`), which covers every other writer of audit rows too (set-based inserts,
 * triggers): see audit/chain.server.ts.
 */
export async function commit(ctx: CommitContext, writes: Compilable[], audit: AuditEntry | AuditEntry[]): Promise<D1Result[]> {
  const rows = (Array.isArray(audit) ? audit : [audit]).map((entry) => auditRow(ctx, entry));
  return runBatch(ctx.d1, [...writes, ...rows]);
}

/**
 * The INSERT of one audit row, for a writer whose batch needs the row at a particular place
 * (before a conditional update, beside a guard). Prefer `commit`.
 */
export function auditRow(ctx: CommitContext, entry: AuditEntry) {
  wroteAudit.add(ctx);
  const message = (auditText[entry.action] as (params: AuditEntry["params"]) => string)(entry.params);
  return ctx.db.insertInto("audit_logs").values({
    created_at: ctx.now().toISOString(),
    action: entry.action,
    message,
    details: entry.details ? JSON.stringify(entry.details) : null,
    actor_id: entry.actorId === undefined ? (ctx.session?.user.userId ?? null) : entry.actorId,
    target_type: entry.targetType ?? null,
    target_id: entry.targetId ?? null,
    ip_address: ctx.request.ip,
    user_agent: ctx.request.userAgent?.slice(0, 512) ?? null,
  });
}

/** Request contexts that built an audit row (a GET that records a download, for instance). */
const wroteAudit = new WeakSet<object>();

/**
 * Called by the request middleware once the response is ready: when the request may have
 * written audit rows (any unsafe method, or an audit row built during a GET), seal them in the
 * background (`waitUntil`), so the response does not wait and rows stay unsealed for moments.
 */
export function sealAfterResponse(ctx: Pick<AppContext, "db" | "d1" | "now" | "waitUntil">, method: string): void {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") {
    if (!wroteAudit.has(ctx)) return;
  }
  ctx.waitUntil(
    sealAuditChain(ctx).catch((error: unknown) => {
      // The rows stay unsealed until the next sealer (any later write, or the cron) takes them.
      console.warn(JSON.stringify({ event: "audit_chain_seal_failed", error: String(error) }));
    }),
  );
}
