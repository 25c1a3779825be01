import { href } from "react-router";
import type { Route } from "./+types/register";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { DataTable, EmptyState, FilterSelect, ListToolbar, Pagination, listHref, offsetPagination, type Column } from "~/components/list";
import { ReportDownloads } from "~/components/ppid/report-downloads";
import type { SortDir } from "~/domain/list-page";
import { RequestListQuerySchema } from "~/domain/ppid/requests";
import { REQUEST_STATUSES } from "~/domain/ppid/requests-view";
import { can } from "~/domain/policy";
import { ppidRegister } from "~/i18n/ppid/register";
import { ppidReportDownloads } from "~/i18n/ppid/report-downloads";
import { ppidDaysLeft, ppidStatuses } from "~/i18n/ppid/vocabulary";
import { pageMeta } from "~/lib/meta";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { loadListPage } from "~/routes/helpers/list.server";
import { reportYearOr } from "~/server/ppid/reports.server";
import { listRequests, type PpidRequestView } from "~/server/ppid/service.server";
import { formatJakartaDay } from "~/lib/format";
import { AppLink } from "~/components/app-link";

const d = ppidRegister;
const BASE = href("/app/ppid");
const REGISTERED = REQUEST_STATUSES.filter((status) => status !== "MENUNGGU_KONFIRMASI");

export const meta = () => pageMeta({ title: d.title });

/** The register (the layout lets officers in): status, due date and working days left. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { page, defaults } = await loadListPage(request, BASE, RequestListQuerySchema, (query) => listRequests(ctx, query));
  return {
    page,
    defaults: defaults as { sort: "receivedAt"; dir: SortDir; size: number },
    calendar: can(ctx.actor, { type: "ppid.calendar" }),
    year: reportYearOr(ctx, undefined),
  };
}

const columns: Column<PpidRequestView>[] = [
  {
    key: "number",
    header: d.columns.number,
    width: "18%",
    card: "title",
    cell: (row) => (
      <AppLink to={href("/app/ppid/:id", { id: row.id })} discover={false} className="font-medium text-blue-800 hover:underline" data-testid="ppid-open">
        {row.registrationNumber}
      </AppLink>
    ),
  },
  { key: "requester", header: d.columns.requester, width: "17%", cell: (row) => row.requesterName },
  { key: "information", header: d.columns.information, width: "30%", cell: (row) => <span className="line-clamp-2">{row.information}</span> },
  { key: "status", header: d.columns.status, width: "12%", cell: (row) => <span data-testid="ppid-row-status">{ppidStatuses[row.status]}</span> },
  { key: "dueDate", header: d.columns.dueDate, width: "12%", cell: (row) => formatJakartaDay(row.extendedDueDate ?? row.dueDate!) },
  {
    key: "daysLeft",
    header: d.columns.daysLeft,
    width: "11%",
    cell: (row) => (row.daysLeft === null ? "-" : <span className={row.daysLeft < 0 ? "font-semibold text-red-800" : undefined}>{ppidDaysLeft(row.daysLeft)}</span>),
  },
];

export default function PpidRegister({ loaderData }: Route.ComponentProps) {
  const { page, defaults, calendar, year } = loaderData;
  const { query } = page;
  return (
    <>
      <PageHeader title={d.title} description={d.description} />
      <div className="mb-4 flex flex-wrap gap-2">
        <AppLink to={href("/app/ppid/catat")} className={buttonClass.primary} data-testid="ppid-record">
          {d.record}
        </AppLink>
        <AppLink to={href("/app/ppid/laporan")} className={buttonClass.secondary} data-testid="ppid-report">
          {d.reports}
        </AppLink>
        <AppLink to={href("/app/ppid/dip")} className={buttonClass.secondary} data-testid="ppid-dip-entries">
          {d.dipEntries}
        </AppLink>
        <AppLink to={href("/app/ppid/uji-konsekuensi")} className={buttonClass.secondary} data-testid="ppid-consequence-tests">
          {d.consequenceTests}
        </AppLink>
        {calendar && (
          <>
            <AppLink to={href("/app/ppid/hari-libur")} className={buttonClass.secondary}>
              {d.leaveDays}
            </AppLink>
            <AppLink to={href("/app/ppid/petugas")} className={buttonClass.secondary}>
              {d.officers}
            </AppLink>
          </>
        )}
      </div>
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ListToolbar action={BASE} query={query} defaults={defaults} searchPlaceholder={d.search}>
          <FilterSelect
            name="status"
            label={d.filterStatus}
            value={query.status}
            allLabel={d.filterAll}
            options={REGISTERED.map((status) => ({ value: status, label: ppidStatuses[status] }))}
            testId="ppid-status-filter"
          />
        </ListToolbar>
        <DataTable
          columns={columns}
          rows={page.data}
          rowKey={(row) => row.id}
          empty={<EmptyState>{d.empty}</EmptyState>}
          label={d.title}
          testId="ppid-table"
          rowTestId="ppid-row"
        />
        <Pagination {...offsetPagination(page, (number) => listHref(BASE, query, { page: number }, defaults))} />
      </div>
      <section aria-labelledby="ppid-register-downloads" className="mt-6">
        <h2 id="ppid-register-downloads" className="mb-2 text-base font-semibold text-slate-900">
          {ppidReportDownloads.registerDownloads(year)}
        </h2>
        <ReportDownloads year={year} only={["permohonan", "keberatan"]} />
      </section>
    </>
  );
}
