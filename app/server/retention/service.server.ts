import { assertCan } from "~/domain/policy";
import { computeRetention, retentionToday, type RetentionResult } from "~/domain/retention";
import { retention as retentionText } from "~/i18n/retention";
import type { ServiceContext } from "../context.server";
import { runBatch } from "../db/batch.server";
import type { Db } from "../db/db.server";
import { clockInputSelect, coveredByCodeHold, heldCodes, type ClockInputRow } from "./queries.server";

/** Documents read per round of the full refresh. */
const REFRESH_BATCH = 500;
/** Rows per upsert statement: 7 bound parameters each, D1 binds at most 100. */
const ROWS_PER_STATEMENT = 14;
/** Ids per `IN` list (D1's 100 parameters). */
const IDS_PER_QUERY = 90;
/**
 * Rounds per full refresh: 200 × 500 = 100 000 documents, far beyond a campus archive, so
 * that one cron invocation stays within the Worker's limits whatever happens.
 */
const MAX_ROUNDS = 200;

/** The clock of one row read by `clockInputSelect`, on `today`, given the held codes. */
export function clockOf(row: ClockInputRow, held: readonly string[], today: string): RetentionResult {
  return computeRetention({
    year: row.year,
    retentionStartDate: row.retention_start_date,
    retentionExtendedUntil: row.retention_extended_until,
    dispositionOverride: row.disposition_override,
    archivalState: row.archival_state,
    code:
      row.code !== null && row.retention_active_years !== null && row.retention_inactive_years !== null && row.final_disposition !== null
        ? { retentionActiveYears: row.retention_active_years, retentionInactiveYears: row.retention_inactive_years, finalDisposition: row.final_disposition }
        : null,
    held: Boolean(row.own_hold) || coveredByCodeHold(held, row.code),
    today,
  });
}

/**
 * Write the clock's result for `rows`. A row whose status, disposition and dates are unchanged
 * is left alone (D1 bills written rows, and the daily run changes few): `refreshed_at` is
 * therefore when the row last changed.
 */
function upserts(db: Db, rows: ClockInputRow[], held: readonly string[], today: string, now: string) {
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows.slice(i, i + ROWS_PER_STATEMENT).map((row) => {
      const clock = clockOf(row, held, today);
      return {
        archive_id: row.id,
        status: clock.status,
        disposition: clock.disposition,
        active_until: clock.activeUntil,
        inactive_until: clock.inactiveUntil,
        unit_kerja_id: row.unit_kerja_id,
        refreshed_at: now,
      };
    });
    statements.push(
      db
        .insertInto("retention_states")
        .values(values)
        .onConflict((oc) =>
          oc
            .column("archive_id")
            .doUpdateSet((eb) => ({
              status: eb.ref("excluded.status"),
              disposition: eb.ref("excluded.disposition"),
              active_until: eb.ref("excluded.active_until"),
              inactive_until: eb.ref("excluded.inactive_until"),
              unit_kerja_id: eb.ref("excluded.unit_kerja_id"),
              refreshed_at: eb.ref("excluded.refreshed_at"),
            }))
            .where((eb) =>
              eb.or([
                eb("retention_states.status", "is not", eb.ref("excluded.status")),
                eb("retention_states.disposition", "is not", eb.ref("excluded.disposition")),
                eb("retention_states.active_until", "is not", eb.ref("excluded.active_until")),
                eb("retention_states.inactive_until", "is not", eb.ref("excluded.inactive_until")),
                eb("retention_states.unit_kerja_id", "is not", eb.ref("excluded.unit_kerja_id")),
              ]),
            ),
        ),
    );
  }
  return statements;
}

export type RefreshResult = { documents: number; complete: boolean };

/**
 * Recompute `retention_states`: for `archiveIds` (the document service after a change of code,
 * year, start date, hold or state; the disposal workspace after an execution), or for every
 * live document (the daily cron, in rounds of REFRESH_BATCH by id). Rows of documents no longer
 * live (in the trash) are dropped; purged ones go with their archive row (ON DELETE CASCADE).
 *
 * Refreshing named documents is bookkeeping of derived data that anyone who changed them may
 * trigger; the full refresh needs `retention.refresh` (the retention job, or Super Admin).
 */
export async function refreshRetentionStates(ctx: ServiceContext, options: { archiveIds?: readonly number[] } = {}): Promise<RefreshResult> {
  const now = ctx.now();
  const today = retentionToday(now);
  const held = await heldCodes(ctx);
  const stamp = now.toISOString();
  if (options.archiveIds) {
    const ids = [...new Set(options.archiveIds)];
    let documents = 0;
    for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
      const chunk = ids.slice(i, i + IDS_PER_QUERY);
      const rows = await clockInputSelect(ctx).where("a.id", "in", chunk).execute();
      const live = new Set(rows.map((row) => row.id));
      const gone = chunk.filter((id) => !live.has(id));
      await runBatch(ctx.d1, [
        ...upserts(ctx.db, rows, held, today, stamp),
        ...(gone.length > 0 ? [ctx.db.deleteFrom("retention_states").where("archive_id", "in", gone)] : []),
      ]);
      documents += rows.length;
    }
    return { documents, complete: true };
  }
  assertCan(ctx.actor, { type: "retention.refresh" }, retentionText.refreshDenied);
  await runBatch(ctx.d1, [
    ctx.db
      .deleteFrom("retention_states")
      .where("archive_id", "in", (eb) => eb.selectFrom("archives").select("id").where("deleted_at", "is not", null)),
  ]);
  let after = 0;
  let documents = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const rows = await clockInputSelect(ctx).where("a.id", ">", after).orderBy("a.id").limit(REFRESH_BATCH).execute();
    if (rows.length === 0) return { documents, complete: true };
    await runBatch(ctx.d1, upserts(ctx.db, rows, held, today, stamp));
    documents += rows.length;
    after = rows[rows.length - 1]!.id;
    if (rows.length < REFRESH_BATCH) return { documents, complete: true };
  }
  return { documents, complete: false };
}
