/**
 * Arsip vital: the flag (with its reason and review period), the 'Uji Pemulihan' restore drill
 * and the dashboard card. The copies themselves are `copies.server.ts`.
 */
import { hasDigitalFile } from "~/domain/documents";
import { documentMessages } from "~/i18n/documents";
import { ConflictError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import { assertCan, can } from "~/domain/policy";
import { retentionToday } from "~/domain/retention";
import { reviewDueOn, VitalSchema, type CopyOutcome, type DrillView, type VitalOverview, type VitalView } from "~/domain/vital";
import { vitalText as m } from "~/i18n/vital";
import { commit } from "../audit/commit.server";
import { requireUser, type ServiceContext } from "../context.server";
import { batchedRead, preparedQuery, readTogether, type BatchedRead } from "../db/prepared.server";
import type { Db } from "../db/db.server";
import { abortUnlessChanged } from "../db/write-guard.server";
import type { DocumentRow } from "../documents/queries.server";
import { visibleRow } from "../documents/service.server";
import { discardFile } from "../files/staging.server";
import { copyIfVital, copyVerified, deleteReleasedCopies, releaseStatement, vitalBucket } from "./copies.server";

const drillView = (row: {
  outcome: CopyOutcome;
  expected_sha256: string;
  actual_sha256: string | null;
  bytes: number | null;
  duration_ms: number;
  drilled_at: string;
  drilled_by_name: string | null;
}): DrillView => ({
  outcome: row.outcome,
  expectedSha256: row.expected_sha256,
  actualSha256: row.actual_sha256,
  bytes: row.bytes,
  durationMs: row.duration_ms,
  drilledAt: row.drilled_at,
  drilledBy: row.drilled_by_name,
});

const drillSelect = (db: Db) =>
  db
    .selectFrom("vital_drills as d")
    .leftJoin("users as u", "u.id", "d.drilled_by")
    .select(["d.outcome", "d.expected_sha256", "d.actual_sha256", "d.bytes", "d.duration_ms", "d.drilled_at", "d.archive_uuid", "d.title", "u.full_name as drilled_by_name"]);

/**
 * A document's 'Arsip Vital' section (Super Admin, `vital.overview`; null for anyone else): the
 * flag, its review date, the state of the second copy of the current file, the last drill.
 */
export async function getVitalView(ctx: ServiceContext, uuid: string): Promise<VitalView | null> {
  if (!can(ctx.actor, { type: "vital.overview" })) return null;
  const [view] = await readTogether(ctx.d1, vitalViewRead(ctx, await visibleRow(ctx, uuid)));
  return view;
}

/** The section's three reads, compiled once per isolate. */
const vitalFlagStatement = preparedQuery((db, _shape: null, archiveId: number) =>
  db
    .selectFrom("vital_records as v")
    .leftJoin("users as u", "u.id", "v.flagged_by")
    .select(["v.reason", "v.review_months", "v.review_due_on", "v.flagged_at", "u.full_name as flagged_by_name"])
    .where("v.archive_id", "=", archiveId),
);
const vitalCopyStatement = preparedQuery((db, _shape: null, r2Key: string | null) =>
  db.selectFrom("vital_copies").select(["status", "checked_at"]).where("r2_key", "=", r2Key).where("released_at", "is", null).limit(1),
);
const lastDrillOfStatement = preparedQuery((db, _shape: null, archiveId: number) => drillSelect(db).where("d.archive_id", "=", archiveId).orderBy("d.id", "desc").limit(1));

/** `getVitalView` of a document already read (and its visibility decided), as a read that shares the page's round trip. */
export function vitalViewRead(ctx: ServiceContext, row: Pick<DocumentRow, "id" | "r2_key">): BatchedRead<VitalView | null> {
  const allowed = can(ctx.actor, { type: "vital.overview" });
  return batchedRead(
    [
      allowed ? vitalFlagStatement(ctx.d1, null, row.id) : null,
      allowed ? vitalCopyStatement(ctx.d1, null, row.r2_key) : null,
      allowed ? lastDrillOfStatement(ctx.d1, null, row.id) : null,
    ],
    ([flags, copies, drills]) => {
      if (!flags) return null;
      const flag = flags[0];
      const copy = copies?.[0];
      const drill = drills?.[0];
      return {
        vital: flag !== undefined,
        reason: flag?.reason ?? null,
        reviewMonths: flag?.review_months ?? null,
        reviewDueOn: flag?.review_due_on ?? null,
        flaggedAt: flag?.flagged_at ?? null,
        flaggedBy: flag?.flagged_by_name ?? null,
        copy: flag && copy ? { status: copy.status, checkedAt: copy.checked_at } : null,
        lastDrill: drill ? drillView(drill) : null,
      };
    },
  );
}

/**
 * 'Tetapkan sebagai Arsip Vital' / 'Cabut Status Vital' (`PUT /api/v1/archives/{uuid}/vital`,
 * `vital.manage`). Setting: the flag with its reason and review period (renewing one moves the
 * review date), a VITAL_FLAG audit row, then the second copy of the current file is written.
 * Lifting: the flag goes, its copies are released and deleted from the second bucket, a
 * VITAL_LIFT audit row. A Statis record may be vital; the flag never changes the record.
 */
export async function setVital(ctx: ServiceContext, uuid: string, fields: unknown): Promise<VitalView> {
  assertCan(ctx.actor, { type: "vital.manage" }, m.denied);
  const user = requireUser(ctx);
  const input = parseOrInvalid(VitalSchema, fields);
  const row = await visibleRow(ctx, uuid);
  const now = ctx.now().toISOString();
  const current = await ctx.db.selectFrom("vital_records").select(["reason", "review_months"]).where("archive_id", "=", row.id).executeTakeFirst();
  if (input.vital) {
    const months = input.reviewMonths!;
    const values = { reason: input.reason, review_months: months, review_due_on: reviewDueOn(retentionToday(ctx.now()), months), flagged_by: user.userId, flagged_at: now };
    await commit(ctx, [
      ctx.db
        .insertInto("vital_records")
        .values({ archive_id: row.id, ...values })
        .onConflict((oc) => oc.column("archive_id").doUpdateSet(values)),
      {
        action: "VITAL_FLAG",
        params: { title: row.title, reason: input.reason, reviewMonths: months },
        details: { reason: input.reason, reviewMonths: months, reviewDueOn: values.review_due_on, ...(current ? { renewed: true, previousReason: current.reason } : {}) },
        targetType: "archive",
        targetId: row.uuid,
      },
    ]);
    await copyIfVital(ctx, row.id);
  } else {
    if (!current) throw new ConflictError(m.notVitalRefusal);
    await commit(
      ctx,
      [
        ctx.db.deleteFrom("vital_records").where("archive_id", "=", row.id),
        abortUnlessChanged(ctx),
        releaseStatement(ctx, row.id, now),
        {
          action: "VITAL_LIFT",
          params: { title: row.title, reason: input.reason },
          details: { reason: input.reason, flaggedFor: current.reason },
          targetType: "archive",
          targetId: row.uuid,
        },
      ],
      { STALE_WRITE: m.notVitalRefusal },
    );
    // A record no longer vital keeps no second copy (a later destruction must leave none).
    await deleteReleasedCopies(ctx, 100).catch((error: unknown) => console.warn(JSON.stringify({ event: "vital_copy_delete_deferred", error: String(error) })));
  }
  return (await getVitalView(ctx, uuid))!;
}

/**
 * 'Uji Pemulihan' (`POST /api/v1/archives/{uuid}/vital/drill`, `vital.manage`): restore the vital
 * record's current file from the second copy into a scratch object of FILES, hashing it on the
 * way, compare with the SHA-256 recorded at upload, and keep the result as evidence: a
 * vital_drills row and a VITAL_DRILL audit row (outcome, hashes, bytes, duration) in one batch.
 * The scratch object is registered in staging before its first byte and removed afterwards (the
 * sweep removes it should the Worker stop in between). A failed drill is a result, not an error.
 */
export async function runRestoreDrill(ctx: ServiceContext, uuid: string): Promise<DrillView> {
  assertCan(ctx.actor, { type: "vital.manage" }, m.denied);
  const user = requireUser(ctx);
  const row = await visibleRow(ctx, uuid);
  if (!row.vital) throw new ConflictError(m.notVitalRefusal);
  // A paper record has no copy to restore from: its drill is on the shelf, not here.
  if (!hasDigitalFile(row)) throw new ConflictError(documentMessages.noDigitalFile);
  const scratch = `restore-drill/${crypto.randomUUID()}`;
  const started = Date.now();
  await ctx.db.insertInto("file_staging").values({ r2_key: scratch, created_at: ctx.now().toISOString() }).execute();
  let copied: Awaited<ReturnType<typeof copyVerified>>;
  try {
    copied = await copyVerified(vitalBucket(ctx), row.r2_key, ctx.files, scratch, { sha256: row.sha256, size: row.file_size });
  } finally {
    await discardFile(ctx, scratch);
  }
  const durationMs = Date.now() - started;
  const drilledAt = ctx.now().toISOString();
  await commit(ctx, [
    ctx.db.insertInto("vital_drills").values({
      archive_id: row.id,
      archive_uuid: row.uuid,
      title: row.title,
      r2_key: row.r2_key,
      outcome: copied.outcome,
      expected_sha256: row.sha256,
      actual_sha256: copied.sha256,
      bytes: copied.size,
      duration_ms: durationMs,
      drilled_by: user.userId,
      drilled_at: drilledAt,
    }),
    {
      action: "VITAL_DRILL",
      params: { title: row.title, outcome: copied.outcome },
      details: { outcome: copied.outcome, r2Key: row.r2_key, expectedSha256: row.sha256, actualSha256: copied.sha256, bytes: copied.size, durationMs },
      targetType: "archive",
      targetId: row.uuid,
    },
  ]);
  return { outcome: copied.outcome, expectedSha256: row.sha256, actualSha256: copied.sha256, bytes: copied.size, durationMs, drilledAt, drilledBy: null };
}

/** The card's counts, compiled once per isolate and kind: every vital record, those due for review on `today`, those without a good second copy. */
const vitalCountStatement = preparedQuery(
  (db, kind: "all" | "review due" | "no good copy", today: string) => {
    const records = db.selectFrom("vital_records as v").select((eb) => eb.fn.countAll<number>().as("n"));
    if (kind === "review due") return records.where("v.review_due_on", "<=", today);
    if (kind === "no good copy")
      return records.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("archives as a")
              .innerJoin("vital_copies as c", "c.r2_key", "a.r2_key")
              .select("c.r2_key")
              .whereRef("a.id", "=", "v.archive_id")
              .where("c.released_at", "is", null)
              .where("c.status", "=", "OK"),
          ),
        ),
      );
    return records;
  },
  (kind) => kind,
);
const lastDrillStatement = preparedQuery((db, _shape: null) => drillSelect(db).orderBy("d.drilled_at", "desc").limit(1));

/**
 * The Super Admin dashboard's card (`vital.overview`; null for anyone else): vital records, those
 * due for review, those whose current file has no good second copy, and the last drill, as a
 * read that shares the dashboard's round trip. Every count starts from the small vital tables:
 * joined the other way round, SQLite walked the whole catalogue to count an empty table (31 ms
 * at 100,000 documents).
 */
export function vitalOverviewRead(ctx: ServiceContext): BatchedRead<VitalOverview | null> {
  const allowed = can(ctx.actor, { type: "vital.overview" });
  return batchedRead(
    [
      allowed ? vitalCountStatement(ctx.d1, "all", "") : null,
      allowed ? vitalCountStatement(ctx.d1, "review due", retentionToday(ctx.now())) : null,
      allowed ? vitalCountStatement(ctx.d1, "no good copy", "") : null,
      allowed ? lastDrillStatement(ctx.d1, null) : null,
    ],
    ([records, due, missing, drills]) => {
      if (!records) return null;
      const drill = drills?.[0];
      return {
        vitalRecords: Number(records[0]?.n ?? 0),
        reviewDue: Number(due?.[0]?.n ?? 0),
        copiesMissing: Number(missing?.[0]?.n ?? 0),
        lastDrill: drill ? { ...drillView(drill), uuid: drill.archive_uuid, title: drill.title } : null,
      };
    },
  );
}

/** `vitalOverviewRead` on its own. */
export async function getVitalOverview(ctx: ServiceContext): Promise<VitalOverview | null> {
  const [overview] = await readTogether(ctx.d1, vitalOverviewRead(ctx));
  return overview;
}
