/**
 * Jobs: work longer than a request, kept as rows (kind, who it acts for, status, progress,
 * report). Pure: kinds, statuses and the view types pages and the API share.
 */
export const JOB_STATUSES = ["QUEUED", "RUNNING", "DONE", "FAILED", "CANCELLED"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const isJobStatus = (value: unknown): value is JobStatus => typeof value === "string" && (JOB_STATUSES as readonly string[]).includes(value);

/** The kinds of job; each has its handler in app/server/jobs/handlers.server.ts. */
export const JOB_KINDS = [
  // System jobs (crons, queue): each acts as its own system actor.
  "maintenance",
  "audit-chain",
  "fixity",
  // The second copies of vital records (VITAL_FILES), after each fixity run.
  "vital.copies",
  "text-backfill",
  // Re-stemming the search vocabulary after the stemmer changed (a few batches per run).
  "search.restem",
  "retention",
  "events.dispatch",
  "notifications.digest",
  "notifications.reminders",
  // The PPID desk's daily reminders of due dates (3 and 1 working days before).
  "ppid.reminders",
  // A queue message that could not be handled (unknown type, or failed every retry).
  "queue.dead-letter",
  // Jobs acting for a user.
  "disposal.execute",
  // An import's run: one document per manifest line, all or nothing.
  "import.run",
  // A bulk edit or bulk trash from the documents list, with a per-document report.
  "documents.bulk",
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const isJobKind = (value: unknown): value is JobKind => typeof value === "string" && (JOB_KINDS as readonly string[]).includes(value);

/** One line of a job's report: a document changed or skipped, an import line written. */
export type JobItemView = { subject: string; label: string | null; outcome: string; reason: string | null };

export type JobView = {
  id: string;
  kind: JobKind;
  status: JobStatus;
  /** Items done so far. */
  progress: number;
  /** Items in all, when known. */
  total: number | null;
  counts: Record<string, number>;
  error: string | null;
  /** The user it acts for (their name), or null for a system job. */
  actor: string | null;
  system: boolean;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export type JobDetailView = JobView & { report: JobItemView[] };
