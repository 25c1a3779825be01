import { href } from "react-router";
import type { Route } from "./+types/jobs";
import { PageHeader } from "~/components/app-shell";
import { jobColumns } from "~/components/jobs/job-columns";
import { EmptyState, FilterSelect } from "~/components/list";
import { OffsetListCard, pagedList } from "~/components/list-card";
import { JobListQuerySchema } from "~/domain/job-schemas";
import { JOB_KINDS, JOB_STATUSES } from "~/domain/jobs";
import type { SortDir } from "~/domain/list-page";
import { can } from "~/domain/policy";
import { jobs as text } from "~/i18n/jobs";
import { pageMeta } from "~/lib/meta";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { loadListPage } from "~/routes/helpers/list.server";
import { listJobs } from "~/server/jobs/service.server";

const BASE = href("/app/pekerjaan");

export const meta = () => pageMeta({ title: text.title });

/** 'Pekerjaan': Super Admin every job (status, progress, errors); anyone else the jobs acting for them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { page, defaults } = await loadListPage(request, BASE, JobListQuerySchema, (query) => listJobs(ctx, query));
  return { page, defaults: defaults as { sort: "createdAt"; dir: SortDir; size: number }, all: can(ctx.actor, { type: "jobs.listAll" }) };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { page, defaults, all } = loaderData;
  const { query } = page;
  return (
    <>
      <PageHeader title={text.title} description={all ? text.description : text.descriptionOwn} />
      <OffsetListCard
        list={pagedList(BASE, page, defaults)}
        columns={jobColumns()}
        rowKey={(row) => row.id}
        searchPlaceholder={text.search}
        filters={
          <>
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
          </>
        }
        empty={<EmptyState>{text.empty}</EmptyState>}
        label={text.title}
        testId="jobs-table"
        rowTestId="job-row"
      />
    </>
  );
}
