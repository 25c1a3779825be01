import { sql } from "kysely";
import type { z } from "zod";
import { ConflictError, InvalidError, NotFoundError } from "~/domain/errors";
import { assertCan, can } from "~/domain/policy";
import { combineBerkasClock, computeRetention, retentionStart, retentionToday, type RetentionOverview, type RetentionResult, type RetentionView } from "~/domain/retention";
import { HoldSchema, ReappraisalSchema, ReleaseHoldSchema } from "~/domain/retention-schemas";
import { addCalendarDays } from "~/domain/time";
import { classificationValidation } from "~/i18n/classification-validation";
import { documentDetailText } from "~/i18n/document-detail";
import { retention as retentionText, retentionValidation, retentionMessages } from "~/i18n/retention";
import { retentionHoldMessages } from "~/i18n/retention-hold";
import { commit } from "../audit/commit.server";
import { findClassificationById } from "../classification/queries.server";
import { requireUser } from "../context.server";
import { abortUnlessChanged } from "../db/write-guard.server";
import { findDocumentByUuid, type DocumentRow } from "../documents/queries.server";
import { inCodeSubtree } from "../classification/queries.server";
import { codeAndAncestors, codeSubtree } from "~/domain/classification";
import { documentRef } from "../documents/view.server";
import type { ServiceContext } from "../context.server";
import { runBatch } from "../db/batch.server";
import { batchedRead, preparedQuery, readTogether, type BatchedRead } from "../db/prepared.server";
import type { Db } from "../db/db.server";
import {
  activeBerkasItemHoldQuery,
  activeCodeHolds,
  activeHoldsOnCodes,
  activeDocumentHold,
  activeDocumentHoldQuery,
  clockInputSelect,
  codeHoldReasons,
  coveredByCodeHold,
  heldCodes,
  heldCodesQuery,
  transferQuery,
  type ClockInputRow,
} from "./queries.server";
import { findTrashed } from "../documents/record-queries.server";
import { vitalAmong } from "../vital/copies.server";
import { vitalText } from "~/i18n/vital";
import { parseOrInvalid } from "~/domain/form-input";
import { inListChunks } from "../db/in-list.server";
import type { Step } from "../audit/commit.server";
import type { JobSlice, RunningJob } from "../jobs/runner.server";

/** Documents read per slice of a full recompute (and of filling missing rows). */
const REFRESH_BATCH = 500;
/** Rows per upsert statement: 8 bound parameters each, D1 binds at most 100. */
const ROWS_PER_STATEMENT = 12;
/** Rows the daily clock moves per statement (one indexed range of retention_states). */
export const CLOCK_BATCH = 1000;

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

type Clocked = { row: ClockInputRow; clock: RetentionResult };

/**
 * The clocks of `rows`, a filed document's being its berkas's (`combineBerkasClock`): the other
 * live documents of those berkas are read too, and come back clocked as well, so a caller writes
 * the whole berkas at once.
 */
async function clocksOf(ctx: Pick<ServiceContext, "db">, rows: readonly ClockInputRow[], held: readonly string[], today: string): Promise<Clocked[]> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const berkasIds = [...new Set(rows.map((row) => row.berkas_id).filter((id): id is number => id !== null))];
  for (const chunk of inListChunks(berkasIds)) {
    for (const row of await clockInputSelect(ctx).where("a.berkas_id", "in", chunk).execute()) byId.set(row.id, row);
  }
  const members = new Map<number, ClockInputRow[]>();
  for (const row of byId.values()) if (row.berkas_id !== null) members.set(row.berkas_id, [...(members.get(row.berkas_id) ?? []), row]);
  const berkasClock = new Map([...members].map(([id, items]) => [id, combineBerkasClock(items.map((item) => clockOf(item, held, today)), today)]));
  return [...byId.values()].map((row) => ({ row, clock: row.berkas_id !== null ? berkasClock.get(row.berkas_id)! : clockOf(row, held, today) }));
}

/**
 * Write the clock's result for `rows`. A row whose status, disposition and dates are unchanged
 * is left alone (D1 bills written rows, and most refreshes change few): `refreshed_at` is
 * therefore when the row last changed, and `status_since` the day it entered its status.
 */
function upserts(db: Db, rows: readonly Clocked[], today: string, now: string) {
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows.slice(i, i + ROWS_PER_STATEMENT).map(({ row, clock }) => {
      return {
        archive_id: row.id,
        status: clock.status,
        disposition: clock.disposition,
        active_until: clock.activeUntil,
        inactive_until: clock.inactiveUntil,
        unit_kerja_id: row.unit_kerja_id,
        refreshed_at: now,
        status_since: today,
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
              status_since: eb
                .case()
                .when("retention_states.status", "is", eb.ref("excluded.status"))
                .then(eb.ref("retention_states.status_since"))
                .else(eb.ref("excluded.status_since"))
                .end(),
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

/** The clock's figures were made whole now (the dashboard says when). */
const checkedNow = (ctx: Pick<ServiceContext, "db" | "now">) =>
  ctx.db
    .insertInto("site_state")
    .values({ key: "retention_checked_at", value: ctx.now().getTime() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: ctx.now().getTime() }));

export type RefreshResult = { documents: number; complete: boolean };

/**
 * Recompute `retention_states` for `archiveIds` (the document service after a change of code,
 * year, start date, hold or state; the disposal workspace after an execution). Rows of documents
 * no longer live (in the trash) are dropped; purged ones go with their archive row (ON DELETE
 * CASCADE). Bookkeeping of derived data that anyone who changed the documents may trigger.
 */
export async function refreshRetentionStates(ctx: ServiceContext, options: { archiveIds: readonly number[] }): Promise<RefreshResult> {
  const today = retentionToday(ctx.now());
  const held = await heldCodes(ctx);
  const stamp = ctx.now().toISOString();
  const ids = [...new Set(options.archiveIds)];
  let documents = 0;
  for (const chunk of inListChunks(ids)) {
    const rows = await clockInputSelect(ctx).where("a.id", "in", chunk).execute();
    const live = new Set(rows.map((row) => row.id));
    const gone = chunk.filter((id) => !live.has(id));
    // A document leaving the live set (trash) or its berkas changes its berkas's clock too.
    const formerBerkas = gone.length > 0 ? await ctx.db.selectFrom("archives").select("berkas_id").where("id", "in", gone).where("berkas_id", "is not", null).execute() : [];
    const siblings = formerBerkas.length > 0 ? await clockInputSelect(ctx).where("a.berkas_id", "in", [...new Set(formerBerkas.map((row) => row.berkas_id!))]).execute() : [];
    const clocked = await clocksOf(ctx, [...rows, ...siblings], held, today);
    await runBatch(ctx.d1, [
      ...upserts(ctx.db, clocked, today, stamp),
      ...(gone.length > 0 ? [ctx.db.deleteFrom("retention_states").where("archive_id", "in", gone)] : []),
    ]);
    documents += rows.length;
  }
  return { documents, complete: true };
}

/**
 * One slice of a full recompute (the `retention` job with `full`: 'Hitung Ulang', or after a
 * code's retention changed): REFRESH_BATCH documents after the cursor, every one recomputed; the
 * first slice drops the rows of documents in the trash. Resumes from its cursor after any
 * interruption, whatever the catalogue's size.
 */
export async function retentionRefreshSlice(ctx: ServiceContext, job: RunningJob): Promise<JobSlice> {
  assertCan(ctx.actor, { type: "retention.refresh" }, retentionMessages.refreshDenied);
  const after = typeof job.cursor === "number" ? job.cursor : 0;
  const batch = Number(job.params.batch) || REFRESH_BATCH;
  const rows = await clockInputSelect(ctx).where("a.id", ">", after).orderBy("a.id").limit(batch).execute();
  const finished = rows.length < batch;
  const today = retentionToday(ctx.now());
  const dropTrashed =
    after === 0
      ? [ctx.db.deleteFrom("retention_states").where("archive_id", "in", (eb) => eb.selectFrom("archives").select("id").where("deleted_at", "is not", null))]
      : [];
  return {
    steps: [...dropTrashed, ...upserts(ctx.db, await clocksOf(ctx, rows, await heldCodes(ctx), today), today, ctx.now().toISOString()), ...(finished ? [checkedNow(ctx)] : [])],
    cursor: rows.at(-1)?.id ?? after,
    done: rows.length,
    counts: { documents: rows.length },
    finished,
  };
}

type ClockPhase = { phase: "fill" | "active" | "inactive" | "digest"; after?: number };

/**
 * One slice of the daily clock (the `retention` job): a document's due dates are stored when they
 * change, so a day only moves the rows whose boundary has passed — by index, however many
 * documents there are:
 * 1. fill: live documents without a row get one (after an upgrade, a raw import);
 * 2. active: AKTIF rows past their last active day become INAKTIF;
 * 3. inactive: AKTIF/INAKTIF rows past their last inactive day become JATUH_TEMPO;
 * 4. digest (Mondays, Jakarta): one RETENTION_NEWLY_DUE event per final disposition for the
 *    records that fell due in the past seven days (Super Admin is notified), once per week.
 * Each slice moves at most `batch` rows and commits with its cursor, so a run cut short resumes.
 */
export async function advanceRetentionClock(ctx: ServiceContext, job: RunningJob): Promise<JobSlice> {
  assertCan(ctx.actor, { type: "retention.refresh" }, retentionMessages.refreshDenied);
  const state = (job.cursor as ClockPhase | null) ?? { phase: "fill" };
  const batch = Number(job.params.batch) || CLOCK_BATCH;
  const today = retentionToday(ctx.now());
  const stamp = ctx.now().toISOString();
  if (state.phase === "fill") {
    const fillBatch = Math.min(batch, REFRESH_BATCH);
    const after = state.after ?? 0;
    const rows = await clockInputSelect(ctx)
      .where("a.id", ">", after)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("retention_states as s").select("s.archive_id").whereRef("s.archive_id", "=", "a.id"))))
      .orderBy("a.id")
      .limit(fillBatch)
      .execute();
    const next: ClockPhase = rows.length < fillBatch ? { phase: "active" } : { phase: "fill", after: rows.at(-1)!.id };
    // A filed document brings its berkas's other documents: the berkas keeps one clock.
    return { steps: upserts(ctx.db, await clocksOf(ctx, rows, await heldCodes(ctx), today), today, stamp), cursor: next, counts: { filled: rows.length }, finished: false };
  }
  if (state.phase === "active" || state.phase === "inactive") {
    const from = state.phase === "active" ? (["AKTIF"] as const) : (["AKTIF", "INAKTIF"] as const);
    const boundary = state.phase === "active" ? "active_until" : "inactive_until";
    // Moving a row whose boundary passed is idempotent (run again, it finds the row moved), so
    // it is written here, not with the cursor: its count then says when the phase is over.
    const moved = await ctx.db
      .updateTable("retention_states")
      .set({ status: state.phase === "active" ? "INAKTIF" : "JATUH_TEMPO", status_since: today, refreshed_at: stamp })
      .where("archive_id", "in", (eb) => eb.selectFrom("retention_states").select("archive_id").where("status", "in", from).where(boundary, "<", today).limit(batch))
      .executeTakeFirst();
    const count = Number(moved.numUpdatedRows);
    const next: ClockPhase = count < batch ? { phase: state.phase === "active" ? "inactive" : "digest" } : state;
    return { cursor: next, done: count, counts: { moved: count }, finished: false };
  }
  return { steps: [...(await weeklyDueEvents(ctx, today)), checkedNow(ctx)], cursor: { phase: "digest" }, finished: true };
}

/** Jakarta's Monday: the day of the weekly "newly due" summary. */
const isMonday = (today: string) => new Date(`${today}T00:00:00Z`).getUTCDay() === 1;
const dayNumber = (day: string) => Number(day.replaceAll("-", ""));

/** On Mondays, once: a RETENTION_NEWLY_DUE event per disposition with records due in the past week. */
async function weeklyDueEvents(ctx: ServiceContext, today: string): Promise<Step[]> {
  if (!isMonday(today)) return [];
  const sent = await ctx.db.selectFrom("site_state").select("value").where("key", "=", "retention_due_week").executeTakeFirst();
  if (sent?.value === dayNumber(today)) return [];
  const since = addCalendarDays(today, -7);
  const counts = await ctx.db
    .selectFrom("retention_states")
    .select((eb) => ["disposition", eb.fn.countAll<number>().as("n")])
    .where("status", "=", "JATUH_TEMPO")
    .where("status_since", ">", since)
    .groupBy("disposition")
    .execute();
  return [
    ctx.db
      .insertInto("site_state")
      .values({ key: "retention_due_week", value: dayNumber(today) })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: dayNumber(today) })),
    ...counts
      .filter((row) => Number(row.n) > 0 && row.disposition !== null)
      .map((row): Step => ({ event: "RETENTION_NEWLY_DUE", subjectType: "disposition", subjectId: row.disposition!, payload: { disposition: row.disposition, count: Number(row.n), since: addCalendarDays(since, 1) } })),
  ];
}

/** When the clock's figures were last made whole (the daily job or a full recompute); null: never. */
const checkedAtQuery = ({ db }: Pick<ServiceContext, "db">) => db.selectFrom("site_state").select("value").where("key", "=", "retention_checked_at");
const checkedAtOf = (row: { value: number } | undefined): string | null => (row?.value ? new Date(row.value).toISOString() : null);
/** The statuses the dashboard counts (retention_counts' rows). */
const RETENTION_COUNTED = { AKTIF: 0, INAKTIF: 0, JATUH_TEMPO: 0, DITAHAN: 0, STATIS: 0, TANPA_KODE: 0, DIMUSNAHKAN: 0 } as const;

// ---------------------------------------------------------------------------------------------
// A document's retention (the Retensi section), legal holds (Penahanan), reappraisal.

/** A form's (or JSON body's) fields by `schema`, or one InvalidError with every field's message. */
const parseForm = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => parseOrInvalid(schema, input ?? {});

/** The live document `uuid` if the actor may see it (a visitor or outsider learns nothing). */
async function visibleDocument(ctx: ServiceContext, uuid: string): Promise<DocumentRow> {
  const row = await findDocumentByUuid(ctx, uuid);
  if (!row || !can(ctx.actor, { type: "document.view", document: documentRef(row) })) throw new NotFoundError(documentDetailText.notFound);
  return row;
}

/** The clock's inputs of one document (in the trash too: its hold may be released there). */
async function clockInput(ctx: ServiceContext, archiveId: number): Promise<ClockInputRow> {
  const row = await clockInputSelect(ctx, { trashedToo: true }).where("a.id", "=", archiveId).executeTakeFirst();
  if (!row) throw new NotFoundError(documentDetailText.notFound);
  return row;
}

/**
 * The Retensi section of a document the actor may see: the clock computed now (not the cron's
 * copy, which may be a day old), the hold that covers it, and what the actor may do about it.
 */
export async function getDocumentRetention(ctx: ServiceContext, uuid: string): Promise<RetentionView> {
  const [retention] = await readTogether(ctx.d1, documentRetentionRead(ctx, await visibleDocument(ctx, uuid)));
  return retention;
}

/** The Retensi section's reads, compiled once per isolate (the code's holds once per depth of code). */
const clockInputStatement = preparedQuery((db, _shape: null, archiveId: number) => clockInputSelect({ db }).where("a.id", "=", archiveId));
const berkasClockInputsStatement = preparedQuery((db, _shape: null, berkasId: number) => clockInputSelect({ db }).where("a.berkas_id", "=", berkasId));
const heldCodesStatement = preparedQuery((db, _shape: null) => heldCodesQuery({ db }));
const documentHoldStatement = preparedQuery((db, _shape: null, archiveId: number) => activeDocumentHoldQuery({ db }, archiveId));
const codeHoldsStatement = preparedQuery(
  (db, _depth: number, ...codes: string[]) => activeHoldsOnCodes({ db }, codes),
  (depth) => String(depth),
);
const berkasItemHoldStatement = preparedQuery((db, _shape: null, berkasId: number, exceptArchiveId: number) => activeBerkasItemHoldQuery({ db }, berkasId, exceptArchiveId));
const transferStatement = preparedQuery((db, _shape: null, archiveId: number) => transferQuery({ db }, archiveId));

/**
 * `getDocumentRetention` of a document already read for this actor (a row `visibleRow` gave), as
 * a read that shares the document page's round trip: the clock's inputs (and its berkas's), the
 * held codes and the holds that may cover it.
 */
export function documentRetentionRead(ctx: ServiceContext, row: DocumentRow): BatchedRead<RetentionView> {
  const codes = row.classification_code ? codeAndAncestors(row.classification_code) : [];
  return batchedRead(
    [
      clockInputStatement(ctx.d1, null, row.id),
      heldCodesStatement(ctx.d1, null),
      documentHoldStatement(ctx.d1, null, row.id),
      codes.length > 0 ? codeHoldsStatement(ctx.d1, codes.length, ...codes) : null,
      // A filed document: its berkas's other documents (one clock) and a hold on one of them.
      row.berkas_id !== null ? berkasClockInputsStatement(ctx.d1, null, row.berkas_id) : null,
      row.berkas_id !== null ? berkasItemHoldStatement(ctx.d1, null, row.berkas_id, row.id) : null,
      row.archival_state === "STATIS" ? transferStatement(ctx.d1, null, row.id) : null,
    ],
    ([[input], heldRows, [ownHold], codeHolds, siblings, berkasHolds, transfers]) => {
      if (!input) throw new NotFoundError(documentDetailText.notFound);
      return retentionViewOf(ctx, input, siblings ?? [], heldRows.map((held) => held.code), ownHold, codeHolds?.[0], berkasHolds?.[0], transfers?.[0]);
    },
  );
}

/** The retention of a document by id, in the trash too (where its hold may be released). */
async function retentionOf(ctx: ServiceContext, archiveId: number): Promise<RetentionView> {
  const input = await clockInput(ctx, archiveId);
  const [held, ownHold, codeHolds, berkasHold, transfer] = await Promise.all([
    heldCodes(ctx),
    activeDocumentHold(ctx, archiveId),
    input.code ? activeCodeHolds(ctx, input.code).execute() : Promise.resolve([]),
    input.berkas_id !== null ? activeBerkasItemHoldQuery(ctx, input.berkas_id, archiveId).executeTakeFirst() : Promise.resolve(undefined),
    transferQuery(ctx, archiveId).executeTakeFirst(),
  ]);
  const siblings = input.berkas_id !== null ? await clockInputSelect(ctx).where("a.berkas_id", "=", input.berkas_id).execute() : [];
  return retentionViewOf(ctx, input, siblings, held, ownHold, codeHolds[0], berkasHold, transfer);
}

type HoldRow = { reason: string; created_at: string; created_by_name: string | null };

/**
 * The clock of one document, a filed one's being its berkas's (`combineBerkasClock` over its
 * live documents, `siblings`: the document itself may be among them, or in the trash).
 */
function documentClockOf(input: ClockInputRow, siblings: readonly ClockInputRow[], held: readonly string[], today: string): RetentionResult {
  if (input.berkas_id === null) return clockOf(input, held, today);
  const members = [input, ...siblings.filter((sibling) => sibling.id !== input.id)];
  return combineBerkasClock(members.map((member) => clockOf(member, held, today)), today);
}

function retentionViewOf(
  ctx: ServiceContext,
  input: ClockInputRow,
  siblings: readonly ClockInputRow[],
  held: string[],
  ownHold: HoldRow | undefined,
  codeHold: (HoldRow & { code: string }) | undefined,
  berkasHold: (HoldRow & { title: string }) | undefined,
  transfer: { uuid: string; number: string; issued_on: string } | undefined,
): RetentionView {
  const clock = documentClockOf(input, siblings, held, retentionToday(ctx.now()));
  const hold = ownHold
    ? { reason: ownHold.reason, createdAt: ownHold.created_at, createdBy: ownHold.created_by_name, code: null, document: null }
    : codeHold
      ? { reason: codeHold.reason, createdAt: codeHold.created_at, createdBy: codeHold.created_by_name, code: codeHold.code, document: null }
      : berkasHold
        ? { reason: berkasHold.reason, createdAt: berkasHold.created_at, createdBy: berkasHold.created_by_name, code: null, document: berkasHold.title }
        : null;
  return {
    ...clock,
    retentionStartDate: input.retention_start_date,
    start: retentionStart(input.year, input.retention_start_date),
    retentionExtendedUntil: input.retention_extended_until,
    hold,
    ownHold: !!ownHold,
    canHold: can(ctx.actor, { type: "retention.hold" }),
    canReappraise: isReappraisalDue(clock) && can(ctx.actor, { type: "retention.reappraise" }),
    statisSince: transfer ? { beritaAcaraUuid: transfer.uuid, number: transfer.number, issuedOn: transfer.issued_on } : null,
  };
}

const isReappraisalDue = (clock: RetentionResult) => clock.status === "JATUH_TEMPO" && clock.disposition === "DINILAI_KEMBALI";

/** The live documents filed under `code` or a code below it (for refreshing after a code's hold changes). */
async function documentIdsUnderCode(ctx: ServiceContext, code: string): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom("archives as a")
    .innerJoin("classification_codes as k", "k.id", "a.classification_id")
    .select("a.id")
    .where("a.deleted_at", "is", null)
    .where(inCodeSubtree("k.code", codeSubtree(code)))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Put a document on hold (Super Admin, `retention.hold`): it is never proposed for disposal,
 * destroyed or purged from the trash until released. A document has at most one own hold.
 * Side effects: the hold row and a RETENTION_HOLD_PLACE audit row (one batch), then its status.
 */
export async function placeDocumentHold(ctx: ServiceContext, uuid: string, input: unknown): Promise<void> {
  assertCan(ctx.actor, { type: "retention.hold" }, retentionHoldMessages.denied);
  const user = requireUser(ctx);
  const { reason } = parseForm(HoldSchema, input);
  const row = await visibleDocument(ctx, uuid);
  if (await activeDocumentHold(ctx, row.id)) throw new ConflictError(retentionHoldMessages.alreadyHeld);
  await commit(ctx, [
    ctx.db
      .insertInto("retention_holds")
      .columns(["archive_id", "reason", "created_by", "created_at"])
      .expression(
        ctx.db
          .selectFrom("archives")
          .select((eb) => ["id", eb.val(reason).as("reason"), eb.val(user.userId).as("created_by"), eb.val(ctx.now().toISOString()).as("created_at")])
          .where("id", "=", row.id)
          .where("deleted_at", "is", null)
          // Two admins at once: one hold.
          .where((eb) => eb.not(eb.exists(eb.selectFrom("retention_holds").select("id").where("archive_id", "=", row.id).where("released_at", "is", null)))),
      ),
    abortUnlessChanged(ctx),
    {
      action: "RETENTION_HOLD_PLACE",
      params: { target: retentionHoldMessages.documentTarget(row.title), reason },
      details: { reason, scope: "archive" },
      targetType: "archive",
      targetId: row.uuid,
    },
  ], { STALE_WRITE: retentionHoldMessages.alreadyHeld });
  await refreshRetentionStates(ctx, { archiveIds: [row.id] });
}

/**
 * Release a document's own hold, with the reason (Super Admin), a document in the trash too
 * (held there before a hold kept records out of it). Side effects as for placing it
 * (RETENTION_HOLD_RELEASE). Returns the document's retention as it is now.
 */
export async function releaseDocumentHold(ctx: ServiceContext, uuid: string, input: unknown): Promise<RetentionView> {
  assertCan(ctx.actor, { type: "retention.hold" }, retentionHoldMessages.denied);
  const user = requireUser(ctx);
  const { reason } = parseForm(ReleaseHoldSchema, input);
  const row = (await findDocumentByUuid(ctx, uuid)) ?? (await findTrashed(ctx, uuid));
  if (!row) throw new NotFoundError(documentDetailText.notFound);
  const hold = await activeDocumentHold(ctx, row.id);
  if (!hold) throw new ConflictError(retentionHoldMessages.notHeld);
  await commit(ctx, [
    releaseStatement(ctx, hold.id, user.userId, reason),
    abortUnlessChanged(ctx),
    {
      action: "RETENTION_HOLD_RELEASE",
      params: { target: retentionHoldMessages.documentTarget(row.title), reason },
      details: { reason, scope: "archive", heldSince: hold.created_at, heldFor: hold.reason },
      targetType: "archive",
      targetId: row.uuid,
    },
  ], { STALE_WRITE: retentionHoldMessages.notHeld });
  await refreshRetentionStates(ctx, { archiveIds: [row.id] });
  return retentionOf(ctx, row.id);
}

const releaseStatement = (ctx: ServiceContext, holdId: number, userId: number, reason: string) =>
  ctx.db
    .updateTable("retention_holds")
    .set({ released_at: ctx.now().toISOString(), released_by: userId, release_reason: reason })
    .where("id", "=", holdId)
    .where("released_at", "is", null);

/** The unreleased hold on the code itself (not one inherited from above). */
const ownCodeHold = (ctx: ServiceContext, classificationId: number) =>
  ctx.db.selectFrom("retention_holds").select(["id", "reason", "created_at"]).where("classification_id", "=", classificationId).where("released_at", "is", null).executeTakeFirst();

/** A code's hold as the classification page shows it. */
export type CodeHoldView = { reason: string; createdAt: string } | null;
export async function getCodeHold(ctx: ServiceContext, classificationId: number): Promise<CodeHoldView> {
  const hold = await ownCodeHold(ctx, classificationId);
  return hold ? { reason: hold.reason, createdAt: hold.created_at } : null;
}

/**
 * Put a whole code on hold (Super Admin): it covers every document filed under the code or a
 * code below it, now and later. Side effects: the hold row, RETENTION_HOLD_PLACE, and the
 * status of the documents it covers.
 */
export async function placeCodeHold(ctx: ServiceContext, classificationId: number, input: unknown): Promise<{ code: string }> {
  assertCan(ctx.actor, { type: "retention.hold" }, retentionHoldMessages.denied);
  const user = requireUser(ctx);
  const { reason } = parseForm(HoldSchema, input);
  const code = await findClassificationById(ctx, classificationId);
  if (!code) throw new NotFoundError(classificationValidation.codeUnknown);
  if (await ownCodeHold(ctx, code.id)) throw new ConflictError(retentionHoldMessages.alreadyHeldCode);
  await commit(ctx, [
    ctx.db
      .insertInto("retention_holds")
      .columns(["classification_id", "reason", "created_by", "created_at"])
      .expression(
        ctx.db
          .selectFrom("classification_codes")
          .select((eb) => ["id", eb.val(reason).as("reason"), eb.val(user.userId).as("created_by"), eb.val(ctx.now().toISOString()).as("created_at")])
          .where("id", "=", code.id)
          .where((eb) => eb.not(eb.exists(eb.selectFrom("retention_holds").select("id").where("classification_id", "=", code.id).where("released_at", "is", null)))),
      ),
    abortUnlessChanged(ctx),
    {
      action: "RETENTION_HOLD_PLACE",
      params: { target: retentionHoldMessages.codeTarget(code.code), reason },
      details: { reason, scope: "classification", code: code.code },
      targetType: "classification",
      targetId: code.code,
    },
  ], { STALE_WRITE: retentionHoldMessages.alreadyHeldCode });
  await refreshRetentionStates(ctx, { archiveIds: await documentIdsUnderCode(ctx, code.code) });
  return { code: code.code };
}

/** Release a code's hold, with the reason (Super Admin). */
export async function releaseCodeHold(ctx: ServiceContext, classificationId: number, input: unknown): Promise<{ code: string }> {
  assertCan(ctx.actor, { type: "retention.hold" }, retentionHoldMessages.denied);
  const user = requireUser(ctx);
  const { reason } = parseForm(ReleaseHoldSchema, input);
  const code = await findClassificationById(ctx, classificationId);
  if (!code) throw new NotFoundError(classificationValidation.codeUnknown);
  const hold = await ownCodeHold(ctx, code.id);
  if (!hold) throw new ConflictError(retentionHoldMessages.notHeldCode);
  await commit(ctx, [
    releaseStatement(ctx, hold.id, user.userId, reason),
    abortUnlessChanged(ctx),
    {
      action: "RETENTION_HOLD_RELEASE",
      params: { target: retentionHoldMessages.codeTarget(code.code), reason },
      details: { reason, scope: "classification", code: code.code, heldSince: hold.created_at, heldFor: hold.reason },
      targetType: "classification",
      targetId: code.code,
    },
  ], { STALE_WRITE: retentionHoldMessages.notHeldCode });
  await refreshRetentionStates(ctx, { archiveIds: await documentIdsUnderCode(ctx, code.code) });
  return { code: code.code };
}

/** The hold covering a document: its own (`code` null), else the one on its code or a code above it. */
export type CoveringHold = { reason: string; code: string | null };

/**
 * The hold covering each of `archiveIds` (live or in the trash) that an unreleased hold covers,
 * its own or through its code: the purge paths skip them, the trash shows them, and nothing
 * held is moved to the trash.
 */
export async function coveringHolds(ctx: Pick<ServiceContext, "db">, archiveIds: readonly number[]): Promise<Map<number, CoveringHold>> {
  const held = new Map<number, CoveringHold>();
  if (archiveIds.length === 0) return held;
  const codeHolds = await codeHoldReasons(ctx);
  for (const chunk of inListChunks(archiveIds)) {
    const rows = await ctx.db
      .selectFrom("archives as a")
      .leftJoin("classification_codes as k", "k.id", "a.classification_id")
      .select((eb) => [
        "a.id",
        "k.code",
        // Its own hold first, else one on another document of its berkas (a berkas is held whole).
        eb
          .selectFrom("retention_holds as h")
          .select("h.reason")
          .where("h.released_at", "is", null)
          .where((w) =>
            w.or([
              w("h.archive_id", "=", w.ref("a.id")),
              w("h.archive_id", "in", w.selectFrom("archives as s").select("s.id").whereRef("s.berkas_id", "=", "a.berkas_id")),
            ]),
          )
          .orderBy(sql`h.archive_id = a.id`, "desc")
          .limit(1)
          .as("own_reason"),
      ])
      .where("a.id", "in", chunk)
      .execute();
    for (const row of rows) {
      const byCode = codeHolds.find((hold) => coveredByCodeHold([hold.code], row.code));
      if (row.own_reason !== null) held.set(row.id, { reason: row.own_reason, code: null });
      else if (byCode) held.set(row.id, { reason: byCode.reason, code: byCode.code });
    }
  }
  return held;
}

/**
 * Why each of `documents` may not go to the trash: a hold means "keep as it is", so a held record
 * stays where it is, and the refusal names the hold; arsip vital stays until its flag is lifted.
 * The one check of every way into the trash (the delete of one document now, a bulk delete that
 * skips them with this reason later).
 */
export async function trashRefusals(ctx: Pick<ServiceContext, "db">, documents: readonly { id: number; title: string }[]): Promise<Map<number, string>> {
  const ids = documents.map((document) => document.id);
  const [holds, vital] = await Promise.all([coveringHolds(ctx, ids), vitalAmong(ctx, ids)]);
  const refusals = new Map<number, string>();
  for (const document of documents) {
    const hold = holds.get(document.id);
    if (!hold) {
      if (vital.has(document.id)) refusals.set(document.id, vitalText.trashRefused(document.title));
      continue;
    }
    refusals.set(
      document.id,
      hold.code === null ? retentionHoldMessages.trashBlocked(document.title, hold.reason) : retentionHoldMessages.trashBlockedByCode(document.title, hold.code, hold.reason),
    );
  }
  return refusals;
}

/**
 * Dinilai Kembali (Super Admin, `retention.reappraise`): for a document due for reappraisal,
 * extend its retention to a later date, or give it the final disposition Musnah or Permanen.
 * Side effects: the archives row (retention_extended_until or disposition_override), a
 * RETENTION_REAPPRAISE audit row (one batch), then its status.
 */
export async function reappraiseDocument(ctx: ServiceContext, uuid: string, input: unknown): Promise<RetentionView> {
  assertCan(ctx.actor, { type: "retention.reappraise" }, retentionText.reappraisal.denied);
  const decision = parseForm(ReappraisalSchema, input);
  const row = await visibleDocument(ctx, uuid);
  const today = retentionToday(ctx.now());
  const before = await clockInput(ctx, row.id);
  const current = clockOf(before, await heldCodes(ctx), today);
  if (!isReappraisalDue(current)) throw new ConflictError(retentionText.reappraisal.notDue);
  if (decision.outcome === "EXTEND" && !(decision.until! > today)) {
    throw new InvalidError(retentionValidation.untilNotLater, { until: [retentionValidation.untilNotLater] });
  }
  const change = decision.outcome === "EXTEND" ? { retention_extended_until: decision.until! } : { disposition_override: decision.outcome };
  const outcome = decision.outcome === "EXTEND" ? retentionText.reappraisal.auditOutcome.EXTEND(decision.until!) : retentionText.reappraisal.auditOutcome[decision.outcome]();
  await commit(ctx, [
    ctx.db
      .updateTable("archives")
      .set(change)
      .where("id", "=", row.id)
      .where("deleted_at", "is", null)
      // Decided on what the page showed: a second decision in between wins, this one is refused.
      .where("retention_extended_until", "is", before.retention_extended_until)
      .where("disposition_override", "is", null),
    abortUnlessChanged(ctx),
    {
      action: "RETENTION_REAPPRAISE",
      params: { title: row.title, outcome, reason: decision.reason },
      details: { outcome: decision.outcome, until: decision.until || null, reason: decision.reason, dueSince: current.inactiveUntil },
      targetType: "archive",
      targetId: row.uuid,
    },
  ], { STALE_WRITE: retentionText.reappraisal.notDue });
  await refreshRetentionStates(ctx, { archiveIds: [row.id] });
  return getDocumentRetention(ctx, uuid);
}

/**
 * Recompute the documents filed directly under a code whose retention or final disposition
 * changed (the code's form, the CSV import leaves it to the daily refresh).
 */
export async function refreshDocumentsOfCode(ctx: ServiceContext, classificationId: number): Promise<void> {
  const rows = await ctx.db.selectFrom("archives").select("id").where("classification_id", "=", classificationId).where("deleted_at", "is", null).execute();
  await refreshRetentionStates(ctx, { archiveIds: rows.map((row) => row.id) });
}

/**
 * The Super Admin dashboard's cards: documents per retention status and the records destroyed
 * by a Berita Acara (their tombstones); null for anyone else.
 */
export async function getRetentionOverview(ctx: ServiceContext): Promise<RetentionOverview | null> {
  const [overview] = await readTogether(ctx.d1, retentionOverviewRead(ctx));
  return overview;
}

const retentionCountsStatement = preparedQuery((db, _shape: null) => db.selectFrom("retention_counts").select(["status", "total"]));
const checkedAtStatement = preparedQuery((db, _shape: null) => checkedAtQuery({ db }));

/** `getRetentionOverview` as a read that shares the dashboard's round trip: the trigger-kept counts (migration 0028). */
export function retentionOverviewRead(ctx: ServiceContext): BatchedRead<RetentionOverview | null> {
  const allowed = can(ctx.actor, { type: "retention.overview" });
  return batchedRead(
    [
      allowed ? retentionCountsStatement(ctx.d1, null) : null,
      allowed ? checkedAtStatement(ctx.d1, null) : null,
    ],
    ([rows, checked]) => {
      if (!rows) return null;
      const overview: RetentionOverview = { AKTIF: 0, INAKTIF: 0, JATUH_TEMPO: 0, DITAHAN: 0, STATIS: 0, TANPA_KODE: 0, DIMUSNAHKAN: 0, checkedAt: checkedAtOf(checked?.[0]) };
      for (const row of rows) if (row.status in RETENTION_COUNTED) overview[row.status as keyof typeof RETENTION_COUNTED] = Number(row.total);
      return overview;
    },
  );
}
