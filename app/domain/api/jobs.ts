import { z } from "zod";
import { JobListQuerySchema } from "../job-schemas";
import { JOB_KINDS, JOB_STATUSES } from "../jobs";
import { listPageSchema, timestamp, uuid } from "./common";

export const JobSchema = z
  .object({
    id: uuid(),
    kind: z.enum(JOB_KINDS),
    status: z.enum(JOB_STATUSES),
    progress: z.int().min(0).meta({ description: "Items done so far." }),
    total: z.int().min(0).nullable().meta({ description: "Items in all, once known." }),
    counts: z.record(z.string(), z.number()).meta({ description: "What the job did so far, by outcome (e.g. changed, skipped)." }),
    error: z.string().nullable(),
    actor: z.string().nullable().meta({ description: "The user the job acts for; null for a system job." }),
    system: z.boolean(),
    createdAt: timestamp(),
    startedAt: timestamp().nullable(),
    finishedAt: timestamp().nullable(),
  })
  .meta({ ref: "Job" });

export const JobDetailSchema = JobSchema.extend({
  report: z
    .array(z.object({ subject: z.string(), label: z.string().nullable(), outcome: z.string(), reason: z.string().nullable() }))
    .meta({ description: "The per-item report (e.g. each document changed or skipped, with the reason)." }),
}).meta({ ref: "JobDetail" });

export const JobPageSchema = listPageSchema(JobSchema, JobListQuerySchema).meta({ ref: "JobPage" });

/** `202 { jobId }`: work started as a job (an import's run, a bulk edit); its report at `GET /api/v1/jobs/{id}`. */
export const JobStartedSchema = z.object({ jobId: uuid() }).meta({ ref: "JobStarted" });
