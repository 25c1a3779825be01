import { href } from "react-router";
import type { Column } from "~/components/list";
import type { JobStatus, JobView } from "~/domain/jobs";
import { jobs as text } from "~/i18n/jobs";
import { formatDate } from "~/lib/format";
import { AppLink } from "~/components/app-link";

const STATUS_CLASS: Record<JobStatus, string> = {
  QUEUED: "bg-slate-100 text-slate-800",
  RUNNING: "bg-blue-100 text-blue-900",
  DONE: "bg-green-100 text-green-900",
  FAILED: "bg-red-100 text-red-900",
  CANCELLED: "bg-amber-100 text-amber-900",
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`} data-testid="job-status">
      {text.status[status]}
    </span>
  );
}

/** A job per row: what, its state and progress, for whom, when; the first line of its error. */
export function jobColumns(): Column<JobView>[] {
  return [
    {
      key: "kind",
      header: text.columns.kind,
      width: "30%",
      card: "title",
      cell: (row) => (
        <span className="block">
          <AppLink to={href("/app/pekerjaan/:id", { id: row.id })} discover={false} className="font-medium text-blue-800 hover:underline" data-testid="job-open">
            {text.kind[row.kind] ?? row.kind}
          </AppLink>
          {row.error && <span className="mt-1 block text-sm text-red-800 line-clamp-2">{row.error}</span>}
        </span>
      ),
    },
    { key: "status", header: text.columns.status, width: "13%", card: "plain", cell: (row) => <JobStatusBadge status={row.status} /> },
    { key: "progress", header: text.columns.progress, width: "14%", cell: (row) => <JobProgress job={row} /> },
    { key: "actor", header: text.columns.actor, width: "15%", cell: (row) => row.actor ?? text.system },
    { key: "createdAt", header: text.columns.createdAt, width: "14%", cell: (row) => formatDate(row.createdAt, "DD MMMM YYYY HH:mm") },
    { key: "finishedAt", header: text.columns.finishedAt, width: "14%", hideBelow: "lg", cell: (row) => formatDate(row.finishedAt, "DD MMMM YYYY HH:mm") },
  ];
}

/** Done out of total, with a bar when the total is known (a `<progress>`, so it is announced). */
export function JobProgress({ job }: { job: Pick<JobView, "progress" | "total"> }) {
  return (
    <span className="block text-sm">
      {text.progress(job.progress, job.total)}
      {job.total !== null && job.total > 0 && (
        <progress className="mt-1 block h-2 w-full" max={job.total} value={job.progress} aria-label={text.progress(job.progress, job.total)} />
      )}
    </span>
  );
}
