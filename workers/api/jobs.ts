import { Hono } from "hono";
import { JobDetailSchema, JobPageSchema } from "~/domain/api/jobs";
import { JobListQuerySchema } from "~/domain/job-schemas";
import { getJob, listJobs } from "~/server/jobs/service.server";
import type { HonoEnv } from "../hono-env";
import { listQuery, pathParam, route } from "./contract";

const TAG = "Jobs";

/** `/api/v1/jobs`: work running on its own (Super Admin every job; a user the jobs acting for them). */
export const jobsApi = new Hono<HonoEnv>()
  .get(
    "/",
    route({
      tag: TAG,
      summary: "Jobs, newest first",
      description: "Super Admin sees every job (imports, bulk edits, the system's scheduled work, dead letters); any other user the jobs acting for them. Filters `status`, `kind`.",
      access: "read",
      ok: { description: "One page of jobs.", schema: JobPageSchema },
    }),
    listQuery(JobListQuerySchema),
    async (c) => c.json(await listJobs(c.get("ctx"), c.req.valid("query"))),
  )
  .get(
    "/:id",
    route({
      tag: TAG,
      summary: "A job with its per-item report",
      access: "read",
      parameters: [pathParam("id", "The job's id.")],
      ok: { description: "The job.", schema: JobDetailSchema },
      errors: [404],
    }),
    async (c) => c.json(await getJob(c.get("ctx"), c.req.param("id"))),
  );
