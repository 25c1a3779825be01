/**
 * The PPID desk's use cases: a request for public information from its submission (a visitor,
 * confirmed by email) or its recording by an officer, through registration (a gapless number per
 * year), processing and one extension, to the written answer — each step one audited batch, on
 * the working-day clock of UU 14/2008 (app/domain/ppid/working-days.ts).
 */
import { sql } from "kysely";
import type { z } from "zod";
import type { PpidRequestViewSchema } from "~/domain/api/ppid";
import { ConflictError, DomainError, NotFoundError, TooManyRequestsError } from "~/domain/errors";
import { assertCan, userActorOf } from "~/domain/policy";
import {
  OPEN_STATUSES,
  WITHHOLDING_OUTCOMES,
  type AnswerInput,
  type Channel,
  type ExtendInput,
  type OfficerRequestInput,
  type PublicRequestInput,
  type RequestListQuery,
} from "~/domain/ppid/requests";
import { listPage, type ListPage } from "~/domain/list-query";
import { offsetPage } from "../db/offset-page.server";
import { visibleDocuments } from "../documents/queries.server";
import { answerDueDate, extendedDueDate, workingDaysBetween } from "~/domain/ppid/working-days";
import { jakartaDate } from "~/domain/time";
import { ppidMessages } from "~/i18n/ppid";
import { commit, type Step } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import { hmacHex, randomToken, sha256Hex, timingSafeEqual } from "../crypto.server";
import { abortUnlessChanged } from "../db/write-guard.server";
import { sendWorkMessage } from "../jobs/messages.server";
import { consumeRateLimit } from "../rate-limit.server";
import { loadWorkCalendar } from "./calendar.server";
import { confirmationEmail } from "./requester-email.server";
import { releasedFilesOf, releaseRows, type ReleasedFile } from "./released-files.server";

const m = ppidMessages;

/** How long a confirmation link works; an unconfirmed request is never registered. */
export const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
/** Online submissions per client address and per email address in an hour. */
export const SUBMIT_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };

// ---------------------------------------------------------------------------------------------
// Secrets: the confirmation link and the status code both derive from the row's random seed and
// the server's secret, so the receipt can be shown again while the database alone cannot produce
// either. Only the SHA-256 of the link's token is stored for its look-up.

const confirmTokenOf = async (secret: string, uuid: string, seed: string) => `${uuid}.${await hmacHex(secret, `ppid-confirm:${uuid}:${seed}`)}`;
const CONFIRM_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[0-9a-f]{64}$/;

/** The secret code printed on the receipt: 12 characters, read aloud over a phone if need be. */
export const statusCodeOf = async (secret: string, uuid: string, seed: string) =>
  (await hmacHex(secret, `ppid-status:${uuid}:${seed}`)).slice(0, 12).toUpperCase();

// ---------------------------------------------------------------------------------------------

type RequestRow = Awaited<ReturnType<typeof findRequestRow>>;

export function findRequestRow(ctx: Pick<ServiceContext, "db">, column: "uuid" | "registration_number" | "confirm_token_hash", value: string) {
  return ctx.db.selectFrom("ppid_requests").selectAll().where(column, "=", value).executeTakeFirst();
}

/** A request as the register and the API show it (`dueDate` etc. are YYYY-MM-DD, Asia/Jakarta). */
export type PpidRequestView = z.output<typeof PpidRequestViewSchema>;

type Calendar = Awaited<ReturnType<typeof loadWorkCalendar>>;

export function toRequestView(row: NonNullable<RequestRow>, today: string, calendar: Calendar): Omit<PpidRequestView, "files"> {
  const due = row.extended_due_date ?? row.due_date;
  const open = (OPEN_STATUSES as readonly string[]).includes(row.status);
  return {
    id: row.uuid,
    registrationNumber: row.registration_number,
    status: row.status,
    channel: row.channel,
    requesterName: row.requester_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    information: row.information,
    purpose: row.purpose,
    format: row.format,
    delivery: row.delivery,
    receivedAt: row.received_at,
    dueDate: row.due_date,
    extendedDueDate: row.extended_due_date,
    extensionReason: row.extension_reason,
    daysLeft: open && due ? workingDaysBetween(today, due, calendar) : null,
    outcome: row.outcome,
    answerMessage: row.answer_message,
    answeredAt: row.answered_at,
    exemptionGround: row.exemption_ground,
  };
}

/** The requester's and the request's own fields, as both ways in take them. */
const requestColumns = (input: PublicRequestInput) => ({
  requester_name: input.requesterName,
  email: input.email,
  phone: input.phone ?? null,
  address: input.address ?? null,
  information: input.information,
  purpose: input.purpose,
  format: input.format,
  delivery: input.delivery,
});

const requestAudit = (uuid: string) => ({ targetType: "ppid_request", targetId: uuid });

/**
 * How a request takes its number in the batch that registers it: the year's counter moves by
 * one, then the registering statement (the confirmation's update, the officer's insert) takes
 * the counter's new value as its columns. D1 runs a batch as one transaction and batches one
 * after another, so two registrations never read the same value, and a batch that fails (a lost
 * race aborts it) moves nothing: the numbers have no gaps.
 */
export function nextNumber(ctx: Pick<ServiceContext, "db">, year: number, series: "PERMOHONAN" | "KEBERATAN" = "PERMOHONAN") {
  const counter = ctx.db.selectFrom("ppid_counters").select("last").where("series", "=", series).where("year", "=", year);
  const prefix = series === "PERMOHONAN" ? "PPID" : "KEBERATAN";
  return {
    bump: ctx.db
      .insertInto("ppid_counters")
      .values({ series, year, last: 1 })
      .onConflict((oc) => oc.columns(["series", "year"]).doUpdateSet((eb) => ({ last: eb("ppid_counters.last", "+", 1) }))),
    columns: {
      year,
      seq: sql<number>`(${counter})`,
      registration_number: sql<string>`${prefix} || '/' || ${String(year)} || '/' || printf('%06d', (${counter}))`,
    },
  };
}

/**
 * 'Ajukan Permohonan Informasi' (a visitor). Rate-limited per client address and per email.
 * The request waits for its confirmation: nothing is registered and no clock runs until the
 * link in the email is opened. Side effects: the row, a PPID_REQUEST_SUBMIT audit row (no
 * personal data in it) and the confirmation email (an `email_messages` row without a user).
 */
export async function submitPublicRequest(ctx: ServiceContext, input: PublicRequestInput): Promise<{ id: string }> {
  for (const key of [`ppid-submit:ip:${ctx.client?.ip ?? "unknown"}`, `ppid-submit:email:${input.email}`]) {
    const decision = await consumeRateLimit(ctx, key, SUBMIT_LIMIT);
    if (!decision.allowed) throw new TooManyRequestsError(m.errors.rateLimited, decision.retryAfterSeconds);
  }
  const uuid = crypto.randomUUID();
  const seed = randomToken(32);
  const token = await confirmTokenOf(ctx.config.sessionSecret, uuid, seed);
  const now = ctx.now();
  const link = new URL(`/ppid/konfirmasi/${token}`, ctx.origin).toString();
  const emailKey = `ppid-confirm:${uuid}`;
  await commit(ctx, [
    ctx.db.insertInto("ppid_requests").values({
      uuid,
      status: "MENUNGGU_KONFIRMASI",
      channel: "ONLINE",
      ...requestColumns(input),
      secret_seed: seed,
      confirm_token_hash: await sha256Hex(token),
      confirm_expires_at: new Date(now.getTime() + CONFIRM_TTL_MS).toISOString(),
      submitted_at: now.toISOString(),
    }),
    ctx.db.insertInto("email_messages").values({
      user_id: null,
      to_address: input.email,
      ...confirmationEmail(input.requesterName, link),
      dedupe_key: emailKey,
      created_at: now.toISOString(),
    }),
    { action: "PPID_REQUEST_SUBMIT", params: {}, actorId: null, ...requestAudit(uuid) },
  ]);
  await queueEmail(ctx, emailKey);
  return { id: uuid };
}

async function queueEmail(ctx: ServiceContext, dedupeKey: string) {
  const row = await ctx.db.selectFrom("email_messages").select("id").where("dedupe_key", "=", dedupeKey).where("status", "=", "PENDING").executeTakeFirst();
  if (row) await sendWorkMessage(ctx.env, { type: "email.send", emailId: row.id });
}

/** What the requester is shown on registration (page and PDF): the number, the code and the due date. */
export type Receipt = { id: string; registrationNumber: string; statusCode: string; receivedAt: string; dueDate: string };

async function receiptOf(ctx: ServiceContext, row: NonNullable<RequestRow>): Promise<Receipt> {
  return {
    id: row.uuid,
    registrationNumber: row.registration_number!,
    statusCode: await statusCodeOf(ctx.config.sessionSecret, row.uuid, row.secret_seed),
    receivedAt: row.received_at!,
    dueDate: row.due_date!,
  };
}

/**
 * What the confirmation link's page shows before anything is posted: the receipt once the
 * request is registered, or that it waits for its confirmation. An unknown or lapsed link: 404.
 */
export async function confirmationState(ctx: ServiceContext, token: string): Promise<{ receipt: Receipt | null }> {
  const invalid = new NotFoundError(m.errors.confirmInvalid);
  if (!CONFIRM_TOKEN.test(token)) throw invalid;
  const row = await findRequestRow(ctx, "confirm_token_hash", await sha256Hex(token));
  if (!row) throw invalid;
  if (row.registration_number) return { receipt: await receiptOf(ctx, row) };
  if (!row.confirm_expires_at || row.confirm_expires_at <= ctx.now().toISOString()) throw invalid;
  return { receipt: null };
}

/**
 * The confirmation link: registers the request with its number and due date (10 working days
 * after today in Asia/Jakarta). Opening it again shows the same receipt; an unknown, altered or
 * lapsed link registers nothing (404). Audited as PPID_REQUEST_REGISTER.
 */
export async function confirmRequest(ctx: ServiceContext, token: string): Promise<Receipt> {
  const invalid = () => new NotFoundError(m.errors.confirmInvalid);
  if (!CONFIRM_TOKEN.test(token)) throw invalid();
  const row = await findRequestRow(ctx, "confirm_token_hash", await sha256Hex(token));
  if (!row) throw invalid();
  if (row.registration_number) return receiptOf(ctx, row);
  if (row.status !== "MENUNGGU_KONFIRMASI" || !row.confirm_expires_at || row.confirm_expires_at <= ctx.now().toISOString()) throw invalid();
  await register(ctx, row.uuid, "ONLINE", (numbered) => [
    ctx.db
      .updateTable("ppid_requests")
      .set(numbered)
      .where("id", "=", row.id)
      .where("status", "=", "MENUNGGU_KONFIRMASI"),
    // A second click racing the first: the loser changes nothing and the batch, counter
    // included, is undone.
    abortUnlessChanged(ctx),
  ]);
  return receiptOf(ctx, (await findRequestRow(ctx, "uuid", row.uuid))!);
}

/** The columns of a request registered now, its due date on the clock. */
async function receivedNow(ctx: ServiceContext) {
  const now = ctx.now();
  const receivedOn = jakartaDate(now);
  const dueDate = answerDueDate(receivedOn, await loadWorkCalendar(ctx));
  return { status: "DITERIMA" as const, received_at: now.toISOString(), received_on: receivedOn, due_date: dueDate };
}

type Numbered = Awaited<ReturnType<typeof receivedNow>> & ReturnType<typeof nextNumber>["columns"];

/** Register a request now: `write` gets the columns (state, clock, number) its statement sets. */
async function register(ctx: ServiceContext, uuid: string, channel: Channel, write: (numbered: Numbered) => Step[]) {
  const received = await receivedNow(ctx);
  const year = Number(received.received_on.slice(0, 4));
  const number = nextNumber(ctx, year);
  await commit(
    ctx,
    [
      number.bump,
      ...write({ ...received, ...number.columns }),
      // The number is taken inside the batch, so the row's message cannot name it; its target does.
      { action: "PPID_REQUEST_REGISTER", params: { channel: m.channels[channel], dueDate: received.due_date }, ...requestAudit(uuid) },
    ],
    { STALE_WRITE: () => new ConflictError(m.errors.changedMeanwhile) },
  );
}

export const assertDesk = (ctx: ServiceContext) => assertCan(ctx.actor, { type: "ppid.desk" }, m.denied.officer);
/** Writing to the register: an officer, not through a read-only API token. */
export function assertDeskWrite(ctx: ServiceContext) {
  assertDesk(ctx);
  if (userActorOf(ctx.actor)?.apiToken?.scope === "read") assertCan(null, { type: "ppid.desk" }, m.denied.officer);
}

/**
 * 'Catat Permohonan': an officer registers a request that arrived by letter, in person, by phone
 * or by email; it is numbered at once, on the same clock as an online one.
 */
export async function recordRequest(ctx: ServiceContext, input: OfficerRequestInput): Promise<PpidRequestView> {
  assertDeskWrite(ctx);
  const uuid = crypto.randomUUID();
  await register(ctx, uuid, input.channel, (numbered) => [
    ctx.db.insertInto("ppid_requests").values({
      uuid,
      channel: input.channel,
      ...requestColumns(input),
      secret_seed: randomToken(32),
      submitted_at: numbered.received_at,
      recorded_by: userActorOf(ctx.actor)?.userId ?? null,
      ...numbered,
    }),
  ]);
  return getRequest(ctx, uuid);
}

export async function findOr404(ctx: ServiceContext, uuid: string) {
  const row = /^[0-9a-f-]{36}$/.test(uuid) ? await findRequestRow(ctx, "uuid", uuid) : undefined;
  if (!row || !row.registration_number) throw new NotFoundError(m.errors.notFound);
  return row;
}

async function viewOf(ctx: ServiceContext, row: NonNullable<RequestRow>): Promise<PpidRequestView> {
  const files = await ctx.db
    .selectFrom("ppid_answer_files as f")
    .innerJoin("archives as a", "a.id", "f.archive_id")
    .select(["a.uuid", "f.title", "f.kind", "f.expires_at", "f.download_count"])
    .where("f.request_id", "=", row.id)
    .orderBy("f.id")
    .execute();
  return {
    ...toRequestView(row, jakartaDate(ctx.now()), await loadWorkCalendar(ctx)),
    // A released file's link is the record in the app (for the desk); its requester downloads it
    // from the status page with the code.
    files: files.map((file) =>
      file.kind === "PUBLIK"
        ? { kind: "PUBLIK" as const, title: file.title, link: `/documents/${file.uuid}`, expiresAt: null, downloadCount: null }
        : { kind: "RILIS" as const, title: file.title, link: `/app/documents/${file.uuid}`, expiresAt: file.expires_at, downloadCount: file.download_count },
    ),
  };
}

const SORT_COLUMNS = { receivedAt: "received_at", dueDate: "due_date", registrationNumber: "registration_number" } as const;

/**
 * The register: registered requests, searched (number, name, information), filtered by status,
 * sorted (newest first by default) and paged, each with its working days left. Officers.
 */
export async function listRequests(ctx: ServiceContext, query: RequestListQuery): Promise<ListPage<PpidRequestView, RequestListQuery>> {
  assertDesk(ctx);
  const { rows, total } = await offsetPage(
    () =>
      ctx.db
        .selectFrom("ppid_requests")
        .selectAll()
        .where("registration_number", "is not", null)
        .$if(query.status !== undefined, (qb) => qb.where("status", "=", query.status!)),
    { search: ["registration_number", "requester_name", "information"], sort: SORT_COLUMNS[query.sort], id: "id" },
    query,
  );
  const today = jakartaDate(ctx.now());
  const calendar = await loadWorkCalendar(ctx);
  return listPage(
    // The register does not list each answer's files (the request's page does).
    rows.map((row) => ({ ...toRequestView(row, today, calendar), files: [] })),
    total,
    query,
  );
}

/** One registered request (officers). */
export async function getRequest(ctx: ServiceContext, uuid: string): Promise<PpidRequestView> {
  assertDesk(ctx);
  return viewOf(ctx, await findOr404(ctx, uuid));
}

/**
 * The status page: the request behind a registration number, only with the secret code of its
 * receipt (the same refusal for an unknown number and a wrong code, so neither can be probed).
 */
export async function requestByStatusCode(ctx: ServiceContext, number: string, code: string): Promise<PpidRequestView & { released: ReleasedFile[] }> {
  const row = await requestRowByStatusCode(ctx, number, code);
  const view = await viewOf(ctx, row);
  // The requester sees released files with their download tokens, not the desk's links to the app.
  return { ...view, files: view.files.filter((file) => file.kind === "PUBLIK"), released: await releasedFilesOf(ctx, row.id) };
}

/** The receipt again ('Unduh Tanda Terima (PDF)'), only with its own secret code, as the status page. */
export async function receiptByStatusCode(ctx: ServiceContext, number: string, code: string): Promise<Receipt> {
  return receiptOf(ctx, await requestRowByStatusCode(ctx, number, code));
}

/** The request row behind a number, only with its status code (the requester's proof, having no account). */
export async function requestRowByStatusCode(ctx: ServiceContext, number: string, code: string) {
  const row = await findRequestRow(ctx, "registration_number", number);
  const expected = row ? await statusCodeOf(ctx.config.sessionSecret, row.uuid, row.secret_seed) : "X".repeat(12);
  // A user's typing error, not a missing page: 400 with the message at the form.
  if (!row || !timingSafeEqual(expected, code)) throw new DomainError(400, m.errors.statusInvalid);
  return row;
}

/** The due date in force: the extended one once extended. */
const dueOf = (row: NonNullable<RequestRow>) => row.extended_due_date ?? row.due_date!;

/** 'Proses': an officer takes a received request in hand (DITERIMA → DIPROSES). */
export async function processRequest(ctx: ServiceContext, uuid: string): Promise<PpidRequestView> {
  assertDeskWrite(ctx);
  const row = await findOr404(ctx, uuid);
  if (row.status !== "DITERIMA") throw new ConflictError(m.errors.notOpen);
  await commit(
    ctx,
    [
      ctx.db
        .updateTable("ppid_requests")
        .set({ status: "DIPROSES", processed_at: ctx.now().toISOString(), processed_by: userActorOf(ctx.actor)?.userId ?? null })
        .where("id", "=", row.id)
        .where("status", "=", "DITERIMA"),
      abortUnlessChanged(ctx),
      { action: "PPID_REQUEST_PROCESS", params: { number: row.registration_number! }, ...requestAudit(row.uuid) },
    ],
    { STALE_WRITE: m.errors.changedMeanwhile },
  );
  return viewOf(ctx, (await findRequestRow(ctx, "uuid", row.uuid))!);
}

/**
 * 'Perpanjang': once, with a written reason, before the due date passes; the new due date is 7
 * working days after the first (Pasal 22 ayat (8)). Audited as PPID_REQUEST_EXTEND.
 */
export async function extendRequest(ctx: ServiceContext, uuid: string, input: ExtendInput): Promise<PpidRequestView> {
  assertDeskWrite(ctx);
  const row = await findOr404(ctx, uuid);
  if (row.extended_due_date) throw new ConflictError(m.errors.alreadyExtended);
  if (row.status !== "DITERIMA" && row.status !== "DIPROSES") throw new ConflictError(m.errors.notOpen);
  if (jakartaDate(ctx.now()) > row.due_date!) throw new ConflictError(m.errors.extendTooLate);
  const extended = extendedDueDate(row.due_date!, await loadWorkCalendar(ctx));
  await commit(
    ctx,
    [
      ctx.db
        .updateTable("ppid_requests")
        .set({
          status: "DIPERPANJANG",
          extended_due_date: extended,
          extension_reason: input.reason,
          extended_at: ctx.now().toISOString(),
          extended_by: userActorOf(ctx.actor)?.userId ?? null,
        })
        .where("id", "=", row.id)
        .where("status", "=", row.status)
        .where("extended_due_date", "is", null),
      abortUnlessChanged(ctx),
      {
        action: "PPID_REQUEST_EXTEND",
        params: { number: row.registration_number!, dueDate: extended },
        details: { reason: input.reason, dueDate: row.due_date, extendedDueDate: extended },
        ...requestAudit(row.uuid),
      },
    ],
    { STALE_WRITE: m.errors.changedMeanwhile },
  );
  return viewOf(ctx, (await findRequestRow(ctx, "uuid", row.uuid))!);
}

/**
 * The written answer: Diberikan, Diberikan Sebagian, Ditolak or Tidak Dikuasai. Withholding
 * anything rests on a Pasal 17 ground and a consequence test still in force (the database
 * refuses it otherwise too). Audited as PPID_REQUEST_ANSWER; an answer after the due date is
 * recorded as late by its date, not refused. It names PUBLIC documents by reference
 * (`archiveUuids`) and may release non-public files to this requester only
 * (`releasedArchiveUuids`, see released-files.server.ts).
 */
export async function answerRequest(ctx: ServiceContext, uuid: string, input: AnswerInput): Promise<PpidRequestView> {
  assertDeskWrite(ctx);
  const row = await findOr404(ctx, uuid);
  if (!(OPEN_STATUSES as readonly string[]).includes(row.status)) throw new ConflictError(m.errors.notOpen);
  const today = jakartaDate(ctx.now());
  let consequenceTestId: number | null = null;
  if (WITHHOLDING_OUTCOMES.includes(input.outcome)) {
    const test = input.consequenceTestId
      ? await ctx.db
          .selectFrom("ppid_consequence_tests")
          .select("id")
          .where("uuid", "=", input.consequenceTestId)
          .where("valid_until", ">=", today)
          .executeTakeFirst()
      : undefined;
    if (!input.exemptionGround) throw new DomainError(400, m.validation.groundRequired, { exemptionGround: [m.validation.groundRequired] });
    if (!test) throw new DomainError(400, m.errors.consequenceTestUnknown, { consequenceTestId: [m.errors.consequenceTestUnknown] });
    consequenceTestId = test.id;
  }
  // What the answer names: PUBLIC documents by reference, found by the public readers' own rule
  // (a non-public one is refused here: it can only be released).
  const named = input.archiveUuids.length
    ? await visibleDocuments(ctx, { kind: "public" }).select(["a.id", "a.uuid", "a.title"]).where("a.uuid", "in", input.archiveUuids).execute()
    : [];
  const missing = input.archiveUuids.find((archiveUuid) => !named.some((archive) => archive.uuid === archiveUuid));
  if (missing) {
    const message = m.errors.archiveNotPublic(missing);
    throw new DomainError(400, message, { archiveUuids: [message] });
  }
  const released = await releaseRows(ctx, row.id, input);
  const now = ctx.now().toISOString();
  await commit(
    ctx,
    [
      ctx.db
        .updateTable("ppid_requests")
        .set({
          status: "DIJAWAB",
          outcome: input.outcome,
          answer_message: input.message,
          exemption_ground: consequenceTestId ? input.exemptionGround! : null,
          consequence_test_id: consequenceTestId,
          answered_at: ctx.now().toISOString(),
          answered_on: today,
          answered_by: userActorOf(ctx.actor)?.userId ?? null,
        })
        .where("id", "=", row.id)
        .where("status", "=", row.status),
      abortUnlessChanged(ctx),
      ...named.map((archive) =>
        ctx.db
          .insertInto("ppid_answer_files")
          .values({ uuid: crypto.randomUUID(), request_id: row.id, archive_id: archive.id, kind: "PUBLIK", title: archive.title, created_at: now }),
      ),
      ...released.map((file) => ctx.db.insertInto("ppid_answer_files").values(file)),
      {
        action: "PPID_REQUEST_ANSWER",
        params: { number: row.registration_number!, outcome: m.outcomes[input.outcome] },
        details: { outcome: input.outcome, exemptionGround: input.exemptionGround ?? null, dueDate: dueOf(row), answeredOn: today, archives: input.archiveUuids, released: input.releasedArchiveUuids ?? [] },
        ...requestAudit(row.uuid),
      },
    ],
    { STALE_WRITE: m.errors.changedMeanwhile },
  );
  return viewOf(ctx, (await findRequestRow(ctx, "uuid", row.uuid))!);
}
