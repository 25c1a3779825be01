import { Form, Link } from "react-router";
import { PageHeader } from "~/components/app-shell";
import { DataTable, EmptyState, ListToolbar, Pagination, listHref, offsetPagination, type Column, type ListParams } from "~/components/list";
import {
  ACCESS_REQUEST_LIST_DEFAULTS,
  rowActionOf,
  type AccessRequestSort,
  type AccessRequestView,
} from "~/domain/access-request-view";
import type { ListPage } from "~/domain/list-page";
import { formatDate } from "~/lib/format";
import { accessRequests as accessRequestsText } from "~/i18n/access-requests";
import { StatusBadge } from "./status-badge";
import { TokenDownloadLink } from "./token-download-link";

const s = accessRequestsText;
const c = s.columns;
const a = s.rowActions;

/** The full page of the list: where its sort, paging, respond and revoke links lead. */
export const ACCESS_REQUEST_PATH = "/app/access-request";

type ListQuery = ListParams & { q: string; sort: AccessRequestSort; dir: "asc" | "desc"; size: number; page: number };

/**
 * The access-request status list (SPEC 'Access requests'), reusable: the caller gives the data
 * (`page`, one page of the list its loader chose), the title and the description. `compact` is
 * the dashboard panel: no search or paging, a link to the full page. `adminActions` adds the
 * 'Setujui'/'Tolak' column for pending rows the viewer may answer (off by default). Every action
 * is a link or a form post to the full page, so the list works without JavaScript.
 */
export function AccessRequestList({
  page,
  csrfToken,
  title = s.title,
  description = s.description,
  compact = false,
  adminActions = false,
  notice,
}: {
  page: ListPage<AccessRequestView, ListQuery>;
  csrfToken: string;
  title?: string;
  description?: string;
  compact?: boolean;
  adminActions?: boolean;
  notice?: string | null;
}) {
  // The panel's own query (5 rows) is not the full page's: its links open the page's defaults.
  const query: ListQuery = compact ? { ...ACCESS_REQUEST_LIST_DEFAULTS } : page.query;
  const href = (change: ListParams) => listHref(ACCESS_REQUEST_PATH, query, change, ACCESS_REQUEST_LIST_DEFAULTS);
  const columns = accessRequestColumns({
    offset: compact ? 0 : (page.page - 1) * page.size,
    respondHref: (uuid, action) => href({ respond: uuid, action }),
    revokeAction: href({}),
    csrfToken,
    adminActions,
  });
  const table = (
    <DataTable
      columns={columns}
      rows={page.data}
      rowKey={(row) => row.uuid}
      sorting={
        compact
          ? undefined
          : { sort: query.sort, dir: query.dir, defaults: ACCESS_REQUEST_LIST_DEFAULTS, href: (sort, dir) => href({ sort, dir, page: 1 }) }
      }
      empty={<EmptyState>{s.empty}</EmptyState>}
      label={title}
      testId="access-requests-table"
      rowTestId="access-request-row"
    />
  );
  if (compact) {
    return (
      <section className="mt-8" data-testid="access-request-panel">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <Link to={ACCESS_REQUEST_PATH} className="text-sm font-medium text-blue-700 hover:underline">
            {s.viewAll}
          </Link>
        </div>
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">{table}</div>
      </section>
    );
  }
  return (
    <>
      <PageHeader title={title} description={description} />
      <p className="mb-4 rounded-lg bg-blue-50 p-3 text-sm text-blue-900 ring-1 ring-blue-200" role="note" data-testid="access-request-banner">
        {s.banner}
      </p>
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ListToolbar action={ACCESS_REQUEST_PATH} query={query} defaults={ACCESS_REQUEST_LIST_DEFAULTS} searchPlaceholder={s.search} notice={notice} />
        {table}
        <Pagination {...offsetPagination(page, (number) => href({ page: number }))} />
      </div>
    </>
  );
}

/** The SPEC's columns, plus the actions column and (optionally) the admin-actions column. */
function accessRequestColumns({
  offset,
  respondHref,
  revokeAction,
  csrfToken,
  adminActions,
}: {
  offset: number;
  respondHref: (uuid: string, action?: "accept" | "reject") => string;
  revokeAction: string;
  csrfToken: string;
  adminActions: boolean;
}): Column<AccessRequestView, AccessRequestSort>[] {
  const columns: Column<AccessRequestView, AccessRequestSort>[] = [
    { key: "no", header: c.no, width: "4%", card: "hidden", cell: (_, index) => offset + index + 1 },
    {
      key: "archiveTitle",
      header: c.archiveTitle,
      sort: "archiveTitle",
      width: "15%",
      card: "title",
      cell: (row) => (
        <a href={`/app/documents/${row.archiveId}`} className="dt-title">
          {row.archiveTitle}
        </a>
      ),
    },
    { key: "status", header: c.status, sort: "status", width: "9%", card: "plain", cell: (row) => <StatusBadge status={row.status} /> },
    { key: "requestMessage", header: c.requestMessage, width: "14%", cell: (row) => <span className="clamp2">{row.requestMessage}</span> },
    { key: "responseMessage", header: c.responseMessage, width: "13%", cell: (row) => <span className="clamp2">{row.responseMessage || "-"}</span> },
    { key: "requester", header: c.requester, sort: "requester", width: "10%", hideBelow: "lg", cell: (row) => row.requester },
    { key: "owner", header: c.owner, sort: "owner", width: "10%", hideBelow: "lg", cell: (row) => row.owner ?? "-" },
    { key: "createdAt", header: c.createdAt, sort: "createdAt", width: "10%", cell: (row) => formatDate(row.createdAt, "DD MMM YYYY HH:mm") },
    {
      key: "expiresAt",
      header: c.expiresAt,
      sort: "expiresAt",
      width: "10%",
      hideBelow: "xl",
      cell: (row) => (row.expiresAt ? formatDate(row.expiresAt, "DD MMM YYYY HH:mm") : "-"),
    },
    {
      key: "actions",
      header: c.actions,
      width: adminActions ? "9%" : "13%",
      card: "actions",
      cell: (row) => <RowActions row={row} respondHref={respondHref} revokeAction={revokeAction} csrfToken={csrfToken} />,
    },
  ];
  if (adminActions) {
    columns.push({
      key: "adminActions",
      header: s.adminActions,
      width: "6%",
      card: "actions",
      cell: (row) =>
        row.status === "PENDING" && row.canRespond ? (
          <span className="dt-actions">
            <Link to={respondHref(row.uuid, "accept")} preventScrollReset className="text-emerald-700" data-testid="admin-approve">
              {a.approve}
            </Link>
            <Link to={respondHref(row.uuid, "reject")} preventScrollReset className="text-red-700" data-testid="admin-reject">
              {a.reject}
            </Link>
          </span>
        ) : null,
    });
  }
  return columns;
}

/** The row action of SPEC section 4, plus revoke and the download count of an approval. */
function RowActions({
  row,
  respondHref,
  revokeAction,
  csrfToken,
}: {
  row: AccessRequestView;
  respondHref: (uuid: string) => string;
  revokeAction: string;
  csrfToken: string;
}) {
  const action = rowActionOf(row);
  const label = (text: string, testId: string) => (
    <span className="text-xs font-medium text-slate-600" data-testid={testId}>
      {text}
    </span>
  );
  return (
    <span className="dt-actions items-center" data-testid="row-actions">
      {action === "download" && <TokenDownloadLink request={row}>{a.download}</TokenDownloadLink>}
      {action === "respond" && (
        <Link to={respondHref(row.uuid)} preventScrollReset className="text-blue-700" data-testid="respond">
          {a.respond}
        </Link>
      )}
      {action === "waiting" && label(a.waiting, "waiting")}
      {action === "rejected" && label(a.rejected, "rejected")}
      {action === "waitingToken" && label(a.waitingToken, "waiting-token")}
      {action === "none" && label("-", "no-action")}
      {row.canRevoke && (
        <Form method="post" action={revokeAction} className="inline">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="uuid" value={row.uuid} />
          <button type="submit" name="intent" value="revoke" className="rounded px-1 text-xs font-medium text-red-700 hover:underline" data-testid="revoke">
            {a.revoke}
          </button>
        </Form>
      )}
      {row.status === "APPROVED" && label(s.downloadCount(row.downloadCount), "download-count")}
    </span>
  );
}
