/**
 * Objections (keberatan) to the atasan PPID: filed by the requester from the status page (number
 * + code) or recorded by an officer, within 30 working days of the answer or of the missed due
 * date, on a Pasal 35 ayat (1) ground; numbered KEBERATAN/YYYY/NNNNNN (gapless, as requests are)
 * and answered by the atasan within 30 working days.
 */
import type { Updateable } from "kysely";
import type { z } from "zod";
import type { ObjectionViewSchema } from "~/domain/api/ppid";
import { ConflictError, DomainError, NotFoundError } from "~/domain/errors";
import { assertCan, userActorOf } from "~/domain/policy";
import { OPEN_STATUSES, type DisputeDecisionInput, type DisputeInput, type ObjectionInput } from "~/domain/ppid/requests";
import { mayRecordDispute } from "~/domain/ppid/requests-view";
import { objectionDeadline, objectionResponseDue, type WorkCalendar } from "~/domain/ppid/working-days";
import { jakartaDate } from "~/domain/time";
import { ppidMessages } from "~/i18n/ppid";
import { commit, type AuditEntry } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import type { Database } from "../db/schema";
import { abortUnlessChanged } from "../db/write-guard.server";
import { loadWorkCalendar } from "./calendar.server";
import { assertDeskWrite, findOr404, findRequestRow, nextNumber, requestRowByStatusCode } from "./service.server";

const o = ppidMessages.objections;

type RequestRow = NonNullable<Awaited<ReturnType<typeof findRequestRow>>>;

export type ObjectionView = z.output<typeof ObjectionViewSchema>;

/**
 * Since when an objection may be filed, and until when: from the answer, or from the due date in
 * force once it passed unanswered; null while neither happened.
 */
export function objectionWindow(row: RequestRow, today: string, calendar: WorkCalendar): { from: string; until: string } | null {
  const due = row.extended_due_date ?? row.due_date;
  const from = row.answered_on ?? (due && (OPEN_STATUSES as readonly string[]).includes(row.status) && today > due ? due : null);
  return from ? { from, until: objectionDeadline(from, calendar) } : null;
}

async function objectionOf(ctx: Pick<ServiceContext, "db">, requestId: number): Promise<ObjectionView | null> {
  const row = await ctx.db
    .selectFrom("ppid_objections as o")
    .innerJoin("ppid_requests as r", "r.id", "o.request_id")
    .select([
      "o.uuid",
      "o.registration_number",
      "r.registration_number as request_number",
      "o.ground",
      "o.reason",
      "o.status",
      "o.received_at",
      "o.due_date",
      "o.response",
      "o.responded_at",
      "o.dispute_number",
      "o.dispute_registered_on",
      "o.dispute_decided_on",
      "o.dispute_decision",
    ])
    .where("o.request_id", "=", requestId)
    .executeTakeFirst();
  return row
    ? {
        id: row.uuid,
        registrationNumber: row.registration_number,
        requestNumber: row.request_number!,
        ground: row.ground as ObjectionView["ground"],
        reason: row.reason,
        status: row.status,
        receivedAt: row.received_at,
        dueDate: row.due_date,
        response: row.response,
        respondedAt: row.responded_at,
        dispute:
          row.dispute_number && row.dispute_registered_on
            ? { number: row.dispute_number, registeredOn: row.dispute_registered_on, decidedOn: row.dispute_decided_on, decision: row.dispute_decision }
            : null,
      }
    : null;
}

/** The objection to a registered request, if any (the desk's request page). */
export async function objectionOfRequest(ctx: ServiceContext, requestUuid: string): Promise<ObjectionView | null> {
  assertCan(ctx.actor, { type: "ppid.desk" }, ppidMessages.denied.officer);
  return objectionOf(ctx, (await findOr404(ctx, requestUuid)).id);
}

/** What the status page shows of objections: the one filed, or whether one may be filed now. */
export async function objectionStatus(ctx: ServiceContext, number: string, code: string) {
  await requestRowByStatusCode(ctx, number, code);
  const row = (await findRequestRow(ctx, "registration_number", number))!;
  const objection = await objectionOf(ctx, row.id);
  const window = objection ? null : objectionWindow(row, jakartaDate(ctx.now()), await loadWorkCalendar(ctx));
  return { objection, mayObject: !!window && jakartaDate(ctx.now()) <= window.until };
}

async function file(ctx: ServiceContext, row: RequestRow, input: ObjectionInput): Promise<ObjectionView> {
  const now = ctx.now();
  const today = jakartaDate(now);
  const calendar = await loadWorkCalendar(ctx);
  const window = objectionWindow(row, today, calendar);
  const refuse = (message: string) => new DomainError(400, message, { ground: [message] });
  if (!window) throw refuse(o.notYet);
  if (today > window.until) throw refuse(o.tooLate(window.until));
  const year = Number(today.slice(0, 4));
  const number = nextNumber(ctx, year, "KEBERATAN");
  const dueDate = objectionResponseDue(today, calendar);
  await commit(
    ctx,
    [
      number.bump,
      ctx.db.insertInto("ppid_objections").values({
        uuid: crypto.randomUUID(),
        request_id: row.id,
        ground: input.ground,
        reason: input.reason,
        status: "KEBERATAN",
        received_at: now.toISOString(),
        received_on: today,
        due_date: dueDate,
        ...number.columns,
      }),
      {
        action: "PPID_OBJECTION_FILE",
        params: { number: row.registration_number!, dueDate },
        details: { ground: input.ground, window },
        targetType: "ppid_request",
        targetId: row.uuid,
      },
    ],
    // One objection per request (the register's unique key); a lost race reads as "already filed".
    { UNIQUE: () => new ConflictError(o.exists) },
  );
  return (await objectionOf(ctx, row.id))!;
}

/** 'Ajukan Keberatan' from the status page: only with the receipt's code. */
export async function fileObjectionAsRequester(ctx: ServiceContext, number: string, code: string, input: ObjectionInput): Promise<ObjectionView> {
  await requestRowByStatusCode(ctx, number, code);
  return file(ctx, (await findRequestRow(ctx, "registration_number", number))!, input);
}

/** An objection received by letter or in person, recorded by an officer (`POST …/objections`). */
export async function recordObjection(ctx: ServiceContext, requestUuid: string, input: ObjectionInput): Promise<ObjectionView> {
  assertDeskWrite(ctx);
  return file(ctx, await findOr404(ctx, requestUuid), input);
}

/**
 * One step of an objection's life: `set` written only while it is still `from` (a concurrent
 * step makes this one refuse as changed meanwhile), with its audit row, in one batch.
 */
async function moveObjection(
  ctx: ServiceContext,
  objection: { id: number; request_id: number },
  from: ObjectionView["status"],
  set: Updateable<Database["ppid_objections"]>,
  audit: AuditEntry,
): Promise<ObjectionView> {
  await commit(
    ctx,
    [ctx.db.updateTable("ppid_objections").set(set).where("id", "=", objection.id).where("status", "=", from), abortUnlessChanged(ctx), audit],
    { STALE_WRITE: ppidMessages.errors.changedMeanwhile },
  );
  return (await objectionOf(ctx, objection.request_id))!;
}

/** The atasan PPID answers an objection in writing (KEBERATAN → DITANGGAPI). Audited. */
export async function respondToObjection(ctx: ServiceContext, objectionUuid: string, response: string): Promise<ObjectionView> {
  assertCan(ctx.actor, { type: "ppid.objections" }, ppidMessages.denied.atasan);
  const row = await findObjection(ctx, objectionUuid);
  if (row.status !== "KEBERATAN") throw new ConflictError(o.notOpen);
  const now = ctx.now();
  return moveObjection(
    ctx,
    row,
    "KEBERATAN",
    { status: "DITANGGAPI", response, responded_at: now.toISOString(), responded_on: jakartaDate(now), responded_by: userActorOf(ctx.actor)?.userId ?? null },
    { action: "PPID_OBJECTION_RESPOND", params: { number: row.registration_number }, targetType: "ppid_objection", targetId: objectionUuid },
  );
}

async function findObjection(ctx: ServiceContext, objectionUuid: string) {
  const row = await ctx.db
    .selectFrom("ppid_objections")
    .select(["id", "request_id", "registration_number", "status", "received_on", "due_date", "responded_on", "dispute_registered_on"])
    .where("uuid", "=", objectionUuid)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(o.notFound);
  return row;
}

/** A date the PPID enters for something that happened: not before `earliest`, not after today (Jakarta). */
function assertPastDate(ctx: ServiceContext, field: string, date: string, earliest: string) {
  const refuse = (message: string) => new DomainError(400, message, { [field]: [message] });
  if (date < earliest) throw refuse(o.dispute.notBefore(earliest));
  if (date > jakartaDate(ctx.now())) throw refuse(o.dispute.notAfterToday);
}

/**
 * 'Catat Sengketa': the requester took the objection to the Komisi Informasi (Pasal 37), after
 * the atasan's response or once its 30 working days passed without one (DITANGGAPI or overdue
 * KEBERATAN → SENGKETA). The PPID records what the Komisi registered; whether it came within the
 * Komisi's 14 working days is the Komisi's to decide. Audited.
 */
export async function recordDispute(ctx: ServiceContext, objectionUuid: string, input: DisputeInput): Promise<ObjectionView> {
  assertDeskWrite(ctx);
  const row = await findObjection(ctx, objectionUuid);
  if (!mayRecordDispute({ status: row.status, dueDate: row.due_date }, jakartaDate(ctx.now()))) throw new ConflictError(o.dispute.notYet);
  assertPastDate(ctx, "registeredOn", input.registeredOn, row.responded_on ?? row.received_on);
  return moveObjection(ctx, row, row.status, { status: "SENGKETA", dispute_number: input.disputeNumber, dispute_registered_on: input.registeredOn }, {
    action: "PPID_DISPUTE_RECORD",
    params: { number: row.registration_number, disputeNumber: input.disputeNumber },
    details: { registeredOn: input.registeredOn, after: row.status },
    targetType: "ppid_objection",
    targetId: objectionUuid,
  });
}

/** 'Catat Putusan': the Komisi Informasi's decision ends the dispute (SENGKETA → SELESAI). Audited. */
export async function recordDisputeDecision(ctx: ServiceContext, objectionUuid: string, input: DisputeDecisionInput): Promise<ObjectionView> {
  assertDeskWrite(ctx);
  const row = await findObjection(ctx, objectionUuid);
  if (row.status !== "SENGKETA" || !row.dispute_registered_on) throw new ConflictError(o.dispute.notOpen);
  assertPastDate(ctx, "decidedOn", input.decidedOn, row.dispute_registered_on);
  return moveObjection(ctx, row, "SENGKETA", { status: "SELESAI", dispute_decided_on: input.decidedOn, dispute_decision: input.decision }, {
    action: "PPID_DISPUTE_DECIDE",
    params: { number: row.registration_number },
    details: { decidedOn: input.decidedOn },
    targetType: "ppid_objection",
    targetId: objectionUuid,
  });
}
