import { href } from "react-router";
import type { Route } from "./+types/job-detail";
import { PageHeader } from "~/components/app-shell";
import { DetailTable } from "~/components/detail-table";
import { JobProgress, JobStatusBadge } from "~/components/jobs/job-columns";
import { DataTable, EmptyState, type Column } from "~/components/list";
import type { JobItemView } from "~/domain/jobs";
import { jobs as text } from "~/i18n/jobs";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { getJob } from "~/server/jobs/service.server";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({ title: loaderData ? text.detail.heading(text.kind[loaderData.job.kind] ?? loaderData.job.kind) : text.title });

/** One job: its state, counts, error and per-item report (who may see it: the service decides). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return { job: await orRouteError(() => getJob(getSignedIn(context), params.id)) };
}

const reportColumns: Column<JobItemView>[] = [
  { key: "subject", header: text.detail.columns.subject, width: "45%", card: "title", cell: (row) => row.label ?? row.subject },
  { key: "outcome", header: text.detail.columns.outcome, width: "20%", cell: (row) => text.outcome[row.outcome] ?? row.outcome },
  { key: "reason", header: text.detail.columns.reason, width: "35%", cell: (row) => row.reason ?? "-" },
];

export default function JobDetail({ loaderData }: Route.ComponentProps) {
  const { job } = loaderData;
  const counts = Object.entries(job.counts);
  return (
    <>
      <PageHeader title={text.detail.heading(text.kind[job.kind] ?? job.kind)} />
      <div className="mb-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <DetailTable
          testId="job-detail"
          items={[
            [text.columns.status, <JobStatusBadge status={job.status} />],
            [text.columns.progress, <JobProgress job={job} />],
            [text.columns.actor, job.actor ?? text.system],
            [text.columns.createdAt, formatDate(job.createdAt, "DD MMMM YYYY HH:mm:ss")],
            [text.columns.finishedAt, formatDate(job.finishedAt, "DD MMMM YYYY HH:mm:ss")],
            [text.detail.counts, counts.length ? counts.map(([key, value]) => `${text.countLabel[key] ?? key}: ${value}`).join(", ") : "-"],
            ...(job.error ? [[text.columns.error, <span className="text-red-800">{job.error}</span>] as const] : []),
          ]}
        />
      </div>
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="job-report">
        <h2 id="job-report" className="border-b border-slate-200 p-4 text-base font-semibold text-slate-900">
          {text.detail.report}
        </h2>
        <DataTable columns={reportColumns} rows={job.report} rowKey={(row) => row.subject} empty={<EmptyState>{text.detail.reportEmpty}</EmptyState>} label={text.detail.report} testId="job-report-table" />
      </section>
      <p className="mt-4">
        <a href={href("/app/pekerjaan")} className="text-blue-700 hover:underline">
          {text.detail.back}
        </a>
      </p>
    </>
  );
}
