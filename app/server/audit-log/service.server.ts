import {
  jakartaDayEnd,
  jakartaDayStart,
  type AuditLogQuery,
  type AuditLogView,
  type KeysetPage,
} from "~/domain/audit-log";
import { assertCan } from "~/domain/policy";
import { deniedMessages } from "~/i18n/id";
import { auditLogCsvHeader } from "~/i18n/audit-log";
import {
  auditRowExists,
  auditRows,
  firstAuditIdFrom,
  keptAuditCount,
  lastAuditId,
  toAuditLogView,
  userIdByUsername,
  type AuditBound,
  type AuditScope,
} from "./queries.server";
import type { ServiceContext } from "../context.server";
import { commit } from "../audit/commit.server";
import { csvLine } from "../http/csv.server";

export type AuditLogPage = KeysetPage<AuditLogView, AuditLogQuery>;

/** Rows per query while exporting: small enough to stay light, large enough to be quick. */
const EXPORT_CHUNK = 500;

const assertRead = (ctx: ServiceContext) => assertCan(ctx.actor, { type: "auditLog.read" }, deniedMessages.auditLog);

/**
 * The filters as index-friendly bounds, or null when nothing can match (an unknown username, a
 * date range with no rows). A Jakarta date range becomes an id range: rows are appended in time
 * order, so the first row written at or after each boundary marks it.
 */
async function resolveScope(ctx: ServiceContext, query: AuditLogQuery): Promise<AuditScope | null> {
  const scope: AuditScope = {};
  if (query.action) scope.action = query.action;
  if (query.actor) {
    const actorId = await userIdByUsername(ctx, query.actor);
    if (actorId === null) return null;
    scope.actorId = actorId;
  }
  if (query.from) {
    const minId = await firstAuditIdFrom(ctx, jakartaDayStart(query.from));
    if (minId === null) return null;
    scope.minId = minId;
  }
  if (query.to) {
    const endId = await firstAuditIdFrom(ctx, jakartaDayEnd(query.to));
    if (endId !== null) scope.endId = endId;
  }
  if (scope.minId !== undefined && scope.endId !== undefined && scope.minId >= scope.endId) return null;
  return scope;
}

/**
 * One page of the audit log, newest first, paged by keyset on id (`before`: the next, older
 * page; `after`: the previous, newer one). Needs `auditLog.read`. Reads only: no audit row.
 */
export async function listAuditLogs(ctx: ServiceContext, query: AuditLogQuery): Promise<AuditLogPage> {
  assertRead(ctx);
  const size = query.size;
  const empty: AuditLogPage = { data: [], size, query, previous: null, next: null };
  const scope = await resolveScope(ctx, query);
  if (!scope) return empty;

  if (query.after !== undefined && query.before === undefined) {
    const rows = await auditRows(ctx, scope, { after: query.after }, size + 1).execute();
    const hasNewer = rows.length > size;
    const page = rows.slice(0, size).reverse();
    const oldest = page.at(-1)?.id;
    const hasOlder = await auditRowExists(ctx, scope, { before: oldest ?? query.after + 1 });
    return {
      data: page.map(toAuditLogView),
      size,
      query,
      previous: hasNewer ? { after: page[0]!.id } : null,
      next: hasOlder ? { before: oldest ?? query.after + 1 } : null,
    };
  }

  const bound: AuditBound = query.before !== undefined ? { before: query.before } : null;
  const rows = await auditRows(ctx, scope, bound, size + 1).execute();
  const hasOlder = rows.length > size;
  const page = rows.slice(0, size);
  const newest = page[0]?.id;
  const hasNewer = query.before !== undefined && (await auditRowExists(ctx, scope, { after: newest ?? query.before - 1 }));
  return {
    data: page.map(toAuditLogView),
    size,
    query,
    previous: hasNewer ? { after: newest ?? query.before! - 1 } : null,
    next: hasOlder ? { before: page.at(-1)!.id } : null,
  };
}

/**
 * How many audit rows the filters match, as far as that is cheap at a million rows: exact from
 * the trigger-kept counts for no filter, one action, or one actor; for a date range alone, the
 * width of its id range (audit rows are appended in time order and never deleted, so this is the
 * count unless an insert failed midway: labelled an estimate); null for any other combination
 * (it would mean counting rows). Needs `auditLog.read`. Reads only.
 */
export async function auditLogTotal(ctx: ServiceContext, query: AuditLogQuery): Promise<AuditTotal | null> {
  assertRead(ctx);
  const scope = await resolveScope(ctx, query);
  if (!scope) return { count: 0, exact: true };
  const dated = scope.minId !== undefined || scope.endId !== undefined;
  if (!dated) {
    if (scope.action !== undefined && scope.actorId !== undefined) return null;
    if (scope.action !== undefined) return { count: await keptAuditCount(ctx, "action", scope.action), exact: true };
    if (scope.actorId !== undefined) return { count: await keptAuditCount(ctx, "actor", String(scope.actorId)), exact: true };
    return { count: await keptAuditCount(ctx, "all", ""), exact: true };
  }
  if (scope.action !== undefined || scope.actorId !== undefined) return null;
  const end = scope.endId ?? (await lastAuditId(ctx)) + 1;
  return { count: Math.max(0, end - (scope.minId ?? 1)), exact: false };
}

export type AuditTotal = { count: number; exact: boolean };

const csvRow = (entry: AuditLogView) =>
  csvLine([
    entry.id,
    entry.timestamp,
    entry.action,
    entry.actor?.username ?? "",
    entry.details.message,
    entry.ipAddress,
    entry.userAgent,
  ]);

/**
 * The audit log as CSV with the page's filters (cursors ignored: newest first, everything that
 * matches), streamed: each pull reads the next chunk by keyset, so memory stays flat however
 * long the log is. Needs `auditLog.read`. Side effect: an AUDIT_LOG_EXPORT audit row (written
 * before the stream starts, so the export appears in itself).
 */
export async function exportAuditLogsCsv(ctx: ServiceContext, query: AuditLogQuery): Promise<{ stream: ReadableStream<Uint8Array>; fileName: string }> {
  assertRead(ctx);
  const filters = { action: query.action, actor: query.actor, from: query.from, to: query.to };
  await commit(ctx, [exportAudit(filters)]);
  const scope = await resolveScope(ctx, query);
  const encoder = new TextEncoder();
  let bound: AuditBound = null;
  let done = scope === null;
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  let header: string | null = `\uFEFF${csvLine([...auditLogCsvHeader])}`;

  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk = header ?? "";
        header = null;
        if (!done) {
          const rows = await auditRows(ctx, scope!, bound, EXPORT_CHUNK).execute();
          for (const row of rows) chunk += csvRow(toAuditLogView(row));
          if (rows.length < EXPORT_CHUNK) done = true;
          else bound = { before: rows.at(-1)!.id };
        }
        if (chunk) controller.enqueue(encoder.encode(chunk));
        if (done) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(ctx.now());
  return { stream, fileName: `log-audit-${day}.csv` };
}

/** The audit row of an export; the one place this service writes audit rows. */
const exportAudit = (filters: Record<string, string | undefined>) =>
  ({
    action: "AUDIT_LOG_EXPORT",
    params: {},
    details: { filters: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) },
    targetType: "audit_log",
  }) as const;
