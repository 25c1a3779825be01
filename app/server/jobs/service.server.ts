/**
 * Jobs as people see them ('Pekerjaan'): Super Admin every job (the system's and everyone's),
 * any other user the jobs acting for them.
 */
import { sql } from "kysely";
import { NotFoundError } from "~/domain/errors";
import type { JobListQuery } from "~/domain/job-schemas";
import { isJobKind, type JobDetailView, type JobView } from "~/domain/jobs";
import { listPage, type ListPage } from "~/domain/list-page";
import { can } from "~/domain/policy";
import { jobMessages } from "~/i18n/jobs-messages";
import { requireUser, type ServiceContext } from "../context.server";
import { containsAny } from "../db/like-pattern.server";

export type JobPage = ListPage<JobView, JobListQuery>;

/** Report lines shown (the API and the page); a bulk run has at most a thousand. */
const REPORT_LIMIT = 2000;

function jobRows(ctx: ServiceContext) {
  return ctx.db
    .selectFrom("jobs as j")
    .leftJoin("users as u", "u.id", "j.actor_user_id")
    .select([
      "j.id",
      "j.uuid",
      "j.kind",
      "j.status",
      "j.progress",
      "j.total",
      "j.counts",
      "j.error",
      "j.actor_user_id",
      "j.actor_system",
      "j.created_at",
      "j.started_at",
      "j.finished_at",
      "u.full_name as actor_name",
    ]);
}

type JobRow = Awaited<ReturnType<ReturnType<typeof jobRows>["executeTakeFirstOrThrow"]>>;

const toView = (row: JobRow): JobView => ({
  id: row.uuid,
  kind: isJobKind(row.kind) ? row.kind : "queue.dead-letter",
  status: row.status,
  progress: row.progress,
  total: row.total,
  counts: JSON.parse(row.counts) as Record<string, number>,
  error: row.error,
  actor: row.actor_name,
  system: row.actor_user_id === null,
  createdAt: row.created_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
});

/** One page of the jobs `ctx`'s user may see, newest first. */
export async function listJobs(ctx: ServiceContext, query: JobListQuery): Promise<JobPage> {
  const user = requireUser(ctx);
  const all = can(ctx.actor, { type: "jobs.listAll" });
  const scoped = () => {
    let select = jobRows(ctx);
    if (!all) select = select.where("j.actor_user_id", "=", user.userId);
    if (query.status) select = select.where("j.status", "=", query.status);
    if (query.kind) select = select.where("j.kind", "=", query.kind);
    // The search box: who it acts for, or what went wrong.
    if (query.q) select = select.where(containsAny([sql.ref("u.full_name"), sql.ref("j.error")], query.q));
    return select;
  };
  const [rows, count] = await Promise.all([
    scoped()
      .orderBy("j.created_at", query.dir)
      .orderBy("j.id", query.dir)
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    scoped()
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
  ]);
  return listPage(rows.map(toView), Number(count?.n ?? 0), query);
}

/** A job with its per-item report, if `ctx`'s user may see it (otherwise: not found). */
export async function getJob(ctx: ServiceContext, uuid: string): Promise<JobDetailView> {
  requireUser(ctx);
  const row = await jobRows(ctx).where("j.uuid", "=", uuid).executeTakeFirst();
  if (!row || !can(ctx.actor, { type: "job.view", ownerId: row.actor_user_id })) throw new NotFoundError(jobMessages.notFound);
  const report = await ctx.db
    .selectFrom("job_items")
    .select(["subject", "label", "outcome", "reason"])
    .where("job_id", "=", row.id)
    .orderBy("position")
    .limit(REPORT_LIMIT)
    .execute();
  return { ...toView(row), report };
}
