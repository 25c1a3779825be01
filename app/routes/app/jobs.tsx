import { href } from "react-router";
import type { Route } from "./+types/jobs";
import { PageHeader } from "~/components/app-shell";
import { jobColumns } from "~/components/jobs/job-columns";
import { DataTable, EmptyState, FilterSelect, ListToolbar, Pagination, listHref, offsetPagination } from "~/components/list";
import { JobListQuerySchema } from "~/domain/job-schemas";
import { JOB_KINDS, JOB_STATUSES } from "~/domain/jobs";
import type { SortDir } from "~/domain/list-page";
import { can } from "~/domain/policy";
import { jobs as text } from "~/i18n/jobs";
import { pageMeta } from "~/lib/meta";
import { parseCanonicalList } from "~/routes/helpers/admin-pages.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { assertPageInRange } from "~/routes/helpers/list.server";
import { listJobs } from "~/server/jobs/service.server";

const BASE = href("/app/pekerjaan");

export const meta = () => pageMeta({ title: text.title });

/** 'Pekerjaan': Super Admin every job (status, progress, errors); anyone else the jobs acting for them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { query, defaults } = parseCanonicalList(request, BASE, JobListQuerySchema);
  const page = await listJobs(ctx, query);
  assertPageInRange(page, BASE, defaults);
  return { page, defaults: defaults as { sort: "createdAt"; dir: SortDir; size: number }, all: can(ctx.actor, { type: "jobs.listAll" }) };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { page, defaults, all } = loaderData;
  const { query } = page;
  const pageHref = (change: Parameters<typeof listHref>[2]) => listHref(BASE, query, change, defaults);
  return (
    <>
      <PageHeader title={text.title} description={all ? text.description : text.descriptionOwn} />
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ListToolbar action={BASE} query={query} defaults={defaults} searchPlaceholder={text.search}>
          <FilterSelect
            name="status"
            label={text.filterStatus}
            value={query.status}
            allLabel={text.filterAll}
            options={JOB_STATUSES.map((status) => ({ value: status, label: text.status[status] }))}
            testId="job-status-filter"
          />
          {all && (
            <FilterSelect
              name="kind"
              label={text.filterKind}
              value={query.kind}
              allLabel={text.filterAllKinds}
              options={JOB_KINDS.map((kind) => ({ value: kind, label: text.kind[kind] ?? kind }))}
              testId="job-kind-filter"
            />
          )}
        </ListToolbar>
        <DataTable
          columns={jobColumns()}
          rows={page.data}
          rowKey={(row) => row.id}
          empty={<EmptyState>{text.empty}</EmptyState>}
          label={text.title}
          testId="jobs-table"
          rowTestId="job-row"
        />
        <Pagination {...offsetPagination(page, (number) => pageHref({ page: number }))} />
      </div>
    </>
  );
}
