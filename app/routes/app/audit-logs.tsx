import { useLocation, href } from "react-router";
import { readForm } from "~/routes/helpers/form-body.server";
import type { Route } from "./+types/audit-logs";
import { AuditIntegrity } from "~/components/admin/audit-integrity";
import { AuditLogFilters } from "~/components/admin/audit-log-filters";
import { auditLogColumns } from "~/components/admin/audit-log-columns";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { DataTable, Pagination, formatCount, keysetHref } from "~/components/list";
import { AuditLogQuerySchema } from "~/domain/audit-log";
import { pageMeta } from "~/lib/meta";
import { parseCanonicalList } from "~/routes/helpers/admin-pages.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { auditLogTotal, listAuditLogs } from "~/server/audit-log/service.server";
import { auditLog as auditLogText } from "~/i18n/audit-log";
import { auditIntegrityAction } from "../helpers/audit-integrity.server";

const m = auditLogText;
const BASE = href("/app/audit-logs");
const EXPORT_URL = "/api/v1/audit-logs/export.csv";

export const meta = () => pageMeta({ title: m.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { query, defaults } = parseCanonicalList(request, BASE, AuditLogQuerySchema);
  const [page, total] = await Promise.all([listAuditLogs(ctx, query), auditLogTotal(ctx, query)]);
  const { action, actor, from, to } = query;
  const filters = Object.fromEntries(Object.entries({ action, actor, from, to }).filter(([, value]) => value !== undefined)) as Record<string, string>;
  return {
    page,
    total,
    first: firstPosition(query, page.previous !== null),
    defaults: { size: defaults.size as number },
    filters,
    exportHref: Object.keys(filters).length ? `${EXPORT_URL}?${new URLSearchParams(filters)}` : EXPORT_URL,
  };
}

/**
 * The 1-based position of the page's first row, when it is known: the Previous/Next links carry
 * the page number beside their cursor (`page=3&before=…`); the first page needs none. A cursor
 * without a page number (a hand-made URL) leaves the position unknown. Rows written meanwhile
 * shift positions as they do on any list.
 */
function firstPosition(query: { page: number; size: number; before?: number; after?: number }, hasNewer: boolean): number | null {
  const cursor = query.before !== undefined || query.after !== undefined;
  if (!cursor || (query.after !== undefined && !hasNewer)) return 1;
  return query.page > 1 ? (query.page - 1) * query.size + 1 : null;
}

export async function action({ context, request }: Route.ActionArgs) {
  return auditIntegrityAction(getSignedIn(context), await readForm(request));
}

export default function AuditLogs({ loaderData, actionData }: Route.ComponentProps) {
  const { page, total, first, defaults, filters, exportHref } = loaderData;
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const pageNumber = first === null ? null : Math.floor((first - 1) / page.size) + 1;
  const range = first !== null && page.data.length > 0 ? `${first}–${first + page.data.length - 1}` : null;
  return (
    <>
      <PageHeader
        title={m.title}
        // A plain link: the browser downloads the file, with or without JavaScript.
        actions={
          <a href={exportHref} className={buttonClass.secondary} data-testid="export-csv">
            {m.exportCsv}
          </a>
        }
      />
      <AuditIntegrity result={actionData?.integrity ?? null} />
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <AuditLogFilters basePath={BASE} values={{ ...filters, size: page.size }} defaults={defaults} />
        <DataTable columns={auditLogColumns()} rows={page.data} rowKey={(entry) => String(entry.id)} label={m.title} testId="audit-table" rowTestId="audit-row" />
        <Pagination
          shown={page.data.length}
          total={page.data.length}
          summary={m.showing(range, page.data.length, total && { count: formatCount(total.count), exact: total.exact })}
          previousHref={page.previous ? keysetHref(BASE, current, page.previous, pageNumber && pageNumber - 1) : null}
          nextHref={page.next ? keysetHref(BASE, current, page.next, pageNumber && pageNumber + 1) : null}
        />
      </div>
    </>
  );
}
