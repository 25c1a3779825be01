import { href } from "react-router";
import { PageHeader } from "~/components/app-shell";
import { DataTable, EmptyState, ListToolbar, Pagination, listHref, offsetPagination, sortOptions, type Column, type ListParams } from "~/components/list";
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
import { lazyComponent } from "~/components/lazy-component";
import { PreloadLink } from "~/components/preload-link";
import { AppLink } from "~/components/app-link";

const s = accessRequestsText;
const c = s.columns;
const a = s.rowActions;

/** The full page of the list: where its sort, paging, respond and revoke links lead. */
export const ACCESS_REQUEST_PATH = href("/app/access-request");

type ListQuery = ListParams & { q: string; sort: AccessRequestSort; dir: "asc" | "desc"; size: number; page: number };

/** A tab of the page: a server-side filter of the list (its query change) with its own label. */
export type AccessRequestTab = { key: string; label: string; change: ListParams; current: boolean };

/** The confirmation of 'Cabut' opens only when the URL asks for it (`?revoke=`): its code loads then, or when a 'Cabut' shows. */
export const RevokeDialog = lazyComponent(() => import("./revoke-dialog").then((module) => module.RevokeDialog));
/** The respond form (`?respond=`), fetched as soon as a 'Respond' link shows. */
export const RespondDialog = lazyComponent(() => import("./message-dialogs").then((module) => module.RespondDialog));

/**
 * The access-request status list (SPEC 'Access requests'), reusable: the caller gives the data
 * (`page`, one page of the list its loader chose), the title and the description. `compact` is
 * the dashboard panel: no search or paging, a link to the full page. `adminActions` answers
 * pending rows with 'Setujui' / 'Tolak' (the respond dialog, the choice made) in the one actions
 * column, in place of 'Respond' (off by default). Every action is a link or a form post to the
 * full page, so the list works without JavaScript.
 */
export function AccessRequestList({
  page,
  title = s.title,
  description = s.description,
  compact = false,
  adminActions = false,
  notice,
  tabs,
  showBanner = true,
}: {
  page: ListPage<AccessRequestView, ListQuery>;
  title?: string;
  description?: string;
  compact?: boolean;
  adminActions?: boolean;
  notice?: string | null;
  /** Server-side tabs above the list ('Masuk'/'Diajukan', or Super Admin's views). */
  tabs?: AccessRequestTab[];
  /** The requester's reminder to download within 1x24 hours (not on the answering side). */
  showBanner?: boolean;
}) {
  // The panel's own query (5 rows) is not the full page's: its links open the page's defaults.
  const query: ListQuery = compact ? { ...ACCESS_REQUEST_LIST_DEFAULTS } : page.query;
  const pageHref = (change: ListParams) => listHref(ACCESS_REQUEST_PATH, query, change, ACCESS_REQUEST_LIST_DEFAULTS);
  const columns = accessRequestColumns({
    offset: compact ? 0 : (page.page - 1) * page.size,
    respondHref: (uuid, action) => pageHref({ respond: uuid, action }),
    revokeHref: (uuid) => pageHref({ revoke: uuid }),
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
          : { sort: query.sort, dir: query.dir, defaults: ACCESS_REQUEST_LIST_DEFAULTS, href: (sort, dir) => pageHref({ sort, dir, page: 1 }) }
      }
      empty={<EmptyState resetHref={!compact && query.q ? pageHref({ q: "", page: 1 }) : undefined}>{s.empty}</EmptyState>}
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
          <AppLink to={ACCESS_REQUEST_PATH} className="text-sm font-medium text-blue-700 hover:underline">
            {s.viewAll}
          </AppLink>
        </div>
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">{table}</div>
      </section>
    );
  }
  return (
    <>
      <PageHeader title={title} />
      {tabs && tabs.length > 1 && (
        <nav aria-label={s.tabs.label} className="mb-4 flex gap-1 border-b border-slate-200" data-testid="access-request-tabs">
          {tabs.map((tab) => (
            <AppLink
              key={tab.key}
              to={listHref(ACCESS_REQUEST_PATH, { ...query, box: undefined, owner: undefined }, { ...tab.change, page: 1, q: "" }, ACCESS_REQUEST_LIST_DEFAULTS)}
              aria-current={tab.current ? "page" : undefined}
              className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-medium ${tab.current ? "border-blue-700 text-blue-800" : "border-transparent text-slate-600 hover:text-slate-900"}`}
              data-testid={`tab-${tab.key}`}
            >
              {tab.label}
            </AppLink>
          ))}
        </nav>
      )}
      <p className="mb-4 text-slate-600" data-testid="access-request-description">
        {description}
      </p>
      {showBanner && (
        <p className="mb-4 rounded-lg bg-blue-50 p-3 text-sm text-blue-900 ring-1 ring-blue-200" role="note" data-testid="access-request-banner">
          {s.banner}
        </p>
      )}
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ListToolbar
          action={ACCESS_REQUEST_PATH}
          query={query}
          defaults={ACCESS_REQUEST_LIST_DEFAULTS}
          searchPlaceholder={s.search}
          notice={notice}
          sorts={sortOptions(columns)}
        >
          {/* The tab is part of the list's query: a search stays on it. */}
          {query.box && <input type="hidden" name="box" value={query.box} />}
          {query.owner && <input type="hidden" name="owner" value={query.owner} />}
        </ListToolbar>
        {table}
        <Pagination {...offsetPagination(page, (number) => pageHref({ page: number }))} />
      </div>
    </>
  );
}

/**
 * The SPEC's columns, plus the actions column and (optionally) the admin-actions column. On a
 * phone card, as the SPEC says, Pemohon and Pemilik are hidden (small screens) and so is
 * Berakhir (hidden below large screens; in the table too).
 */
function accessRequestColumns({
  offset,
  respondHref,
  revokeHref,
  adminActions,
}: {
  offset: number;
  respondHref: (uuid: string, action?: "accept" | "reject") => string;
  revokeHref: (uuid: string) => string;
  adminActions: boolean;
}): Column<AccessRequestView, AccessRequestSort>[] {
  // The fixed columns leave each of the three text columns about 118 px on a 1366 px laptop with
  // every column shown (Super Admin), so a title's 13-letter word is not broken.
  const columns: Column<AccessRequestView, AccessRequestSort>[] = [
    { key: "no", header: c.no, width: "2.75rem", card: "hidden", cell: (_, index) => offset + index + 1 },
    {
      key: "archiveTitle",
      header: c.archiveTitle,
      sort: "archiveTitle",
      card: "title",
      cell: (row) => (
        <AppLink to={href("/app/documents/:uuid", { uuid: row.archiveId })} discover={false} className="dt-title">
          {row.archiveTitle}
        </AppLink>
      ),
    },
    { key: "status", header: c.status, sort: "status", width: "6.5rem", card: "plain", cell: (row) => <StatusBadge status={row.status} /> },
    { key: "requestMessage", header: c.requestMessage, cell: (row) => <span className="clamp2">{row.requestMessage}</span> },
    { key: "responseMessage", header: c.responseMessage, cell: (row) => <ResponseCell row={row} /> },
    { key: "requester", header: c.requester, sort: "requester", width: "7rem", card: "hidden", cell: (row) => row.requester },
    { key: "owner", header: c.owner, sort: "owner", width: "7rem", card: "hidden", cell: (row) => row.owner ?? s.noOwner },
    { key: "createdAt", header: c.createdAt, sort: "createdAt", width: "6.75rem", cell: (row) => formatDate(row.createdAt, "DD MMM YYYY HH:mm") },
    {
      key: "expiresAt",
      header: c.expiresAt,
      sort: "expiresAt",
      width: "6.75rem",
      hideBelow: "lg",
      card: "hidden",
      // Only a live approval has an end worth showing; answered or revoked rows show '-'.
      cell: (row) => (row.expiresAt && (row.status === "APPROVED" || row.status === "EXPIRED") ? formatDate(row.expiresAt, "DD MMM YYYY HH:mm") : "-"),
    },
    {
      key: "actions",
      header: c.actions,
      width: "7.5rem",
      card: "actions",
      cell: (row) => <RowActions row={row} respondHref={respondHref} revokeHref={revokeHref} adminActions={adminActions} />,
    },
  ];
  return columns;
}

/** The response, or for a revoked approval who revoked it and when (never the stale approval text). */
function ResponseCell({ row }: { row: AccessRequestView }) {
  if (row.status === "REVOKED" && row.revokedAt) {
    return (
      <span className="clamp2" data-testid="revoked-note">
        {s.revokedNote(row.revokedBy, formatDate(row.revokedAt, "DD MMM YYYY HH:mm"))}
      </span>
    );
  }
  return <span className="clamp2">{row.responseMessage || "-"}</span>;
}

/** The row action of SPEC section 4 for the viewer's side, plus 'Cabut' and the download count of an approval. */
function RowActions({
  row,
  respondHref,
  revokeHref,
  adminActions,
}: {
  row: AccessRequestView;
  respondHref: (uuid: string, action?: "accept" | "reject") => string;
  revokeHref: (uuid: string) => string;
  /** Super Admin answers with 'Setujui' / 'Tolak' (the same dialog, the choice made), not 'Respond'. */
  adminActions: boolean;
}) {
  const action = rowActionOf(row);
  const label = (text: string, testId: string) => (
    <span className="text-xs font-medium text-slate-600" data-testid={testId}>
      {text}
    </span>
  );
  return (
    <div className="dt-actions items-center" data-testid="row-actions">
      {action === "download" && <TokenDownloadLink request={row}>{a.download}</TokenDownloadLink>}
      {action === "respond" &&
        (adminActions ? (
          <>
            <PreloadLink to={respondHref(row.uuid, "accept")} preload={RespondDialog.preload} className="text-emerald-700" data-testid="admin-approve">
              {a.approve}
            </PreloadLink>
            <PreloadLink to={respondHref(row.uuid, "reject")} preload={RespondDialog.preload} className="text-red-700" data-testid="admin-reject">
              {a.reject}
            </PreloadLink>
          </>
        ) : (
          <PreloadLink to={respondHref(row.uuid)} preload={RespondDialog.preload} className="text-blue-700" data-testid="respond">
            {a.respond}
          </PreloadLink>
        ))}
      {action === "waiting" && label(a.waiting, "waiting")}
      {action === "rejected" && label(a.rejected, "rejected")}
      {action === "waitingToken" && label(a.waitingToken, "waiting-token")}
      {action === "none" && !row.canRevoke && row.status !== "APPROVED" && label("-", "no-action")}
      {row.canRevoke && (
        <PreloadLink to={revokeHref(row.uuid)} preload={RevokeDialog.preload} className="text-red-700" data-testid="revoke">
          {a.revoke}
        </PreloadLink>
      )}
      {row.status === "APPROVED" && label(s.downloadCount(row.downloadCount), "download-count")}
    </div>
  );
}
