import type { JobKind } from "~/domain/jobs";
import type { ServiceContext } from "../context.server";

/** A job to create: its kind, who it acts for (or its system actor), its input. */
export type NewJob = {
  kind: JobKind;
  /** The user it acts for (policy as for them), or omitted for a system actor. */
  actorUserId?: number | null;
  /** The system actor of a job no user owns. */
  actorSystem?: string | null;
  params?: Record<string, unknown>;
  total?: number | null;
  /** At most one QUEUED or RUNNING job per key. */
  singletonKey?: string | null;
};

/**
 * The statement that creates a job (QUEUED): for a use case that must create it in the same
 * batch as its own change (a disposal list claimed for execution and the job that executes it).
 * With a singleton key that a live job holds already, it inserts nothing.
 */
export function insertJobStatement(ctx: Pick<ServiceContext, "db" | "now">, job: NewJob & { uuid: string }) {
  const now = ctx.now().toISOString();
  return ctx.db
    .insertInto("jobs")
    .values({
      uuid: job.uuid,
      kind: job.kind,
      actor_user_id: job.actorUserId ?? null,
      actor_system: job.actorUserId ? null : (job.actorSystem ?? null),
      status: "QUEUED",
      params: JSON.stringify(job.params ?? {}),
      total: job.total ?? null,
      counts: "{}",
      singleton_key: job.singletonKey ?? null,
      created_at: now,
      updated_at: now,
    })
    // The only constraint a fresh uuid can meet is the one-live-job-per-key index.
    .onConflict((oc) => oc.doNothing());
}
