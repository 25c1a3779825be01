import { useLocation } from "react-router";
import { readForm } from "~/server/form-body.server";
import type { Route } from "./+types/audit-logs";
import { AuditIntegrity } from "~/components/admin/audit-integrity";
import { AuditLogFilters } from "~/components/admin/audit-log-filters";
import { auditLogColumns } from "~/components/admin/audit-log-columns";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { DataTable, Pagination, keysetHref } from "~/components/list";
import { AuditLogQuerySchema } from "~/domain/audit-log";
import { pageMeta } from "~/lib/meta";
import { parseCanonicalList } from "~/server/admin-pages.server";
import { getSignedIn } from "~/server/gates.server";
import { listAuditLogs } from "~/server/services/audit-log.server";
import { auditLog as auditLogText } from "~/i18n/audit-log";
import { auditIntegrityAction } from "./audit-logs.integrity.server";

const m = auditLogText;
const BASE = "/app/audit-logs";
const EXPORT_URL = "/api/v1/audit-logs/export.csv";

export const meta = () => pageMeta({ title: m.title });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { query, defaults } = parseCanonicalList(request, BASE, AuditLogQuerySchema);
  const page = await listAuditLogs(ctx, query);
  const { action, actor, from, to } = query;
  const filters = Object.fromEntries(Object.entries({ action, actor, from, to }).filter(([, value]) => value !== undefined)) as Record<string, string>;
  return {
    page,
    defaults: { size: defaults.size as number },
    filters,
    exportHref: Object.keys(filters).length ? `${EXPORT_URL}?${new URLSearchParams(filters)}` : EXPORT_URL,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  return auditIntegrityAction(getSignedIn(context), await readForm(request));
}

export default function AuditLogs({ loaderData, actionData }: Route.ComponentProps) {
  const { page, defaults, filters, exportHref } = loaderData;
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader title={m.title} />
        {/* A plain link: the browser downloads the file, with or without JavaScript. */}
        <a href={exportHref} className={buttonClass.secondary} data-testid="export-csv">
          {m.exportCsv}
        </a>
      </div>
      <AuditIntegrity result={actionData?.integrity ?? null} />
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <AuditLogFilters basePath={BASE} values={{ ...filters, size: page.size }} defaults={defaults} />
        <DataTable columns={auditLogColumns()} rows={page.data} rowKey={(entry) => String(entry.id)} label={m.title} testId="audit-table" rowTestId="audit-row" />
        <Pagination
          shown={page.data.length}
          total={page.data.length}
          summary={m.showing(page.data.length, page.next !== null)}
          previousHref={page.previous ? keysetHref(BASE, current, page.previous) : null}
          nextHref={page.next ? keysetHref(BASE, current, page.next) : null}
        />
      </div>
    </>
  );
}
