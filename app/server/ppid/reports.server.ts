/**
 * The PPID desk's reports for one year: the register of requests and the register of objections
 * (CSV and PDF) and the annual report (page, API, CSV, PDF), plus the requester's receipt as a
 * PDF. A request (an objection) belongs to the year of the day it was received, in Asia/Jakarta
 * (its `year` column). Officers read them (`ppid.desk`), the receipt only with its secret code.
 * The PDFs are rendered by the processor Worker over RPC: no PDF library in the page Worker.
 */
import { sql } from "kysely";
import type { z } from "zod";
import type { PpidAnnualReportSchema } from "~/domain/api/ppid";
import { generatedFileName } from "~/domain/file-names";
import { median, type ReportFile } from "~/domain/ppid/reports";
import { CHANNELS, OPEN_STATUSES, OUTCOMES, type Channel, type Outcome } from "~/domain/ppid/requests-view";
import { workingDaysBetween } from "~/domain/ppid/working-days";
import { jakartaDate } from "~/domain/time";
import { ppidMessages } from "~/i18n/ppid";
import { formatDate, formatJakartaDay } from "~/lib/format";
import type { ServiceContext } from "../context.server";
import { csvLine } from "../http/csv.server";
import type { TablesPdfInput } from "../pdf/tables-pdf.server";
import { processorOf } from "../processor.server";
import { loadWorkCalendar } from "./calendar.server";
import { assertDesk, receiptByStatusCode } from "./service.server";

const m = ppidMessages;
const r = ppidMessages.reports;

/** Rows a register download holds at most (a university's year is hundreds to a few thousand). */
const REGISTER_LIMIT = 5000;

export type PpidAnnualReport = z.output<typeof PpidAnnualReportSchema>;
type GeneratedFile = { fileName: string; body: string } | { fileName: string; bytes: Uint8Array };

/** The year asked for, or this year in Asia/Jakarta. */
export const reportYearOr = (ctx: Pick<ServiceContext, "now">, year: number | undefined) => year ?? Number(jakartaDate(ctx.now()).slice(0, 4));

const zeroes = <Key extends string>(keys: readonly Key[]) => Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;

/**
 * The annual report of `year` (officers): the requests received by channel, answered on time
 * (on or before the due date in force) or late, extended, by outcome, still open, and the median
 * working days to the answer on the PPID's clock; the objections received, responded to, taken
 * to the Komisi Informasi and decided there. Three reads: the requests' counts grouped, the
 * answered requests' two dates (for the median), and the objections' counts.
 */
export async function annualReport(ctx: ServiceContext, year: number): Promise<PpidAnnualReport> {
  assertDesk(ctx);
  const requests = ctx.db.selectFrom("ppid_requests").where("year", "=", year).where("registration_number", "is not", null);
  const [groups, answeredDates, objections, calendar] = await Promise.all([
    requests
      .select((eb) => [
        "channel",
        "status",
        "outcome",
        sql<number | null>`answered_on <= coalesce(extended_due_date, due_date)`.as("on_time"),
        sql<number>`extended_due_date is not null`.as("extended"),
        eb.fn.countAll<number>().as("n"),
      ])
      .groupBy(["channel", "status", "outcome", sql`on_time`, sql`extended`])
      .execute(),
    requests.select(["received_on", "answered_on"]).where("answered_on", "is not", null).execute(),
    ctx.db
      .selectFrom("ppid_objections")
      .where("year", "=", year)
      .select((eb) => [
        eb.fn.countAll<number>().as("received"),
        sql<number>`coalesce(sum(responded_on is not null), 0)`.as("responded"),
        sql<number>`coalesce(sum(dispute_registered_on is not null), 0)`.as("disputes_recorded"),
        sql<number>`coalesce(sum(dispute_decided_on is not null), 0)`.as("disputes_decided"),
      ])
      .executeTakeFirstOrThrow(),
    loadWorkCalendar(ctx),
  ]);
  const report = {
    received: 0,
    byChannel: zeroes(CHANNELS),
    answered: 0,
    answeredOnTime: 0,
    answeredLate: 0,
    extended: 0,
    byOutcome: zeroes(OUTCOMES),
    open: 0,
  };
  for (const group of groups) {
    const n = Number(group.n);
    report.received += n;
    report.byChannel[group.channel as Channel] += n;
    if (group.extended) report.extended += n;
    if ((OPEN_STATUSES as readonly string[]).includes(group.status)) report.open += n;
    if (group.outcome) report.byOutcome[group.outcome as Outcome] += n;
    if (group.on_time === null) continue;
    report.answered += n;
    if (group.on_time) report.answeredOnTime += n;
    else report.answeredLate += n;
  }
  return {
    year,
    generatedOn: jakartaDate(ctx.now()),
    requests: {
      ...report,
      medianWorkingDays: median(answeredDates.map((row) => workingDaysBetween(row.received_on!, row.answered_on!, calendar))),
    },
    objections: {
      received: Number(objections.received),
      responded: Number(objections.responded),
      disputesRecorded: Number(objections.disputes_recorded),
      disputesDecided: Number(objections.disputes_decided),
    },
  };
}

/** The annual report as sections of [label, value] lines: the page, the CSV and the PDF read the same. */
export function annualReportSections(report: PpidAnnualReport): { heading: string; lines: [string, string][] }[] {
  const f = r.figures;
  const q = report.requests;
  const o = report.objections;
  const text = (value: number | null) => (value === null ? r.none : String(value).replace(".", ","));
  return [
    {
      heading: r.sections.requests,
      lines: [
        [f.received, text(q.received)],
        [f.answered, text(q.answered)],
        [f.answeredOnTime, text(q.answeredOnTime)],
        [f.answeredLate, text(q.answeredLate)],
        [f.extended, text(q.extended)],
        [f.open, text(q.open)],
        [f.medianWorkingDays, text(q.medianWorkingDays)],
      ],
    },
    { heading: r.sections.channels, lines: CHANNELS.map((channel) => [m.channels[channel], text(q.byChannel[channel])]) },
    { heading: r.sections.outcomes, lines: OUTCOMES.map((outcome) => [m.outcomes[outcome], text(q.byOutcome[outcome])]) },
    {
      heading: r.sections.objections,
      lines: [
        [f.objectionsReceived, text(o.received)],
        [f.objectionsResponded, text(o.responded)],
        [f.disputesRecorded, text(o.disputesRecorded)],
        [f.disputesDecided, text(o.disputesDecided)],
      ],
    },
  ];
}

/** The institution, today's date and the labels every PPID PDF shares. */
const pdfBase = (ctx: ServiceContext) => ({ institution: ctx.config.beritaAcara.institution, printedOn: jakartaDate(ctx.now()), printedOnLabel: r.printedOn });

const renderTables = (ctx: ServiceContext, input: Omit<TablesPdfInput, keyof ReturnType<typeof pdfBase>>) => processorOf(ctx.env).renderTables({ ...pdfBase(ctx), ...input });

/** The annual report as CSV: one line per figure, with its section. */
export async function annualReportCsv(ctx: ServiceContext, year: number): Promise<GeneratedFile & { body: string }> {
  const sections = annualReportSections(await annualReport(ctx, year));
  let body = csvLine([r.section, r.figure, r.value]);
  for (const section of sections) for (const [label, value] of section.lines) body += csvLine([section.heading, label, value]);
  return { fileName: generatedFileName([r.title, year], "csv"), body };
}

/** The annual report as PDF. */
export async function annualReportPdf(ctx: ServiceContext, year: number): Promise<GeneratedFile & { bytes: Uint8Array }> {
  const sections = annualReportSections(await annualReport(ctx, year));
  const bytes = await renderTables(ctx, {
    title: r.title,
    subtitles: [r.yearLabel(year)],
    paragraphs: [r.yearNote(year)],
    tables: sections.map((section) => ({
      heading: section.heading,
      columns: [
        { title: r.figure, width: 0 },
        { title: r.value, width: 90, align: "right" },
      ],
      rows: section.lines,
    })),
    footer: `${r.title} - ${r.yearLabel(year)}`,
  });
  return { fileName: generatedFileName([r.title, year], "pdf"), bytes };
}

// ---------------------------------------------------------------------------------------------
// The registers.

type Register = { title: string; columns: TablesPdfInput["tables"][number]["columns"]; rows: string[][] };

/** The requests received in `year`, by number: the requester by name only (decision 0276). */
async function requestRegister(ctx: ServiceContext, year: number, day: (date: string | null) => string): Promise<Register> {
  assertDesk(ctx);
  const rows = await ctx.db
    .selectFrom("ppid_requests")
    .select(["registration_number", "received_on", "requester_name", "channel", "information", "status", "due_date", "extended_due_date", "answered_on", "outcome"])
    .where("year", "=", year)
    .where("registration_number", "is not", null)
    .orderBy("seq")
    .limit(REGISTER_LIMIT)
    .execute();
  const c = r.requestColumns;
  return {
    title: r.requestRegisterTitle,
    columns: [
      { title: c.number, width: 84 },
      { title: c.receivedOn, width: 56 },
      { title: c.requester, width: 84 },
      { title: c.channel, width: 46 },
      { title: c.information, width: 0 },
      { title: c.status, width: 56 },
      { title: c.dueDate, width: 56 },
      { title: c.extendedDueDate, width: 62 },
      { title: c.answeredOn, width: 56 },
      { title: c.outcome, width: 66 },
    ],
    rows: rows.map((row) => [
      row.registration_number!,
      day(row.received_on),
      row.requester_name,
      m.channels[row.channel],
      row.information,
      m.statuses[row.status],
      day(row.due_date),
      day(row.extended_due_date),
      day(row.answered_on),
      row.outcome ? m.outcomes[row.outcome] : "",
    ]),
  };
}

/** The objections received in `year`, by number, with their disputes before the Komisi Informasi. */
async function objectionRegister(ctx: ServiceContext, year: number, day: (date: string | null) => string): Promise<Register> {
  assertDesk(ctx);
  const rows = await ctx.db
    .selectFrom("ppid_objections as o")
    .innerJoin("ppid_requests as q", "q.id", "o.request_id")
    .select([
      "o.registration_number",
      "q.registration_number as request_number",
      "o.ground",
      "o.received_on",
      "o.due_date",
      "o.status",
      "o.responded_on",
      "o.dispute_number",
      "o.dispute_registered_on",
      "o.dispute_decided_on",
      "o.dispute_decision",
    ])
    .where("o.year", "=", year)
    .orderBy("o.seq")
    .limit(REGISTER_LIMIT)
    .execute();
  const c = r.objectionColumns;
  return {
    title: r.objectionRegisterTitle,
    columns: [
      { title: c.number, width: 110 },
      { title: c.requestNumber, width: 84 },
      { title: c.ground, width: 0 },
      { title: c.receivedOn, width: 50 },
      { title: c.dueDate, width: 50 },
      { title: c.status, width: 56 },
      { title: c.respondedOn, width: 50 },
      { title: c.disputeNumber, width: 58 },
      { title: c.disputeRegisteredOn, width: 52 },
      { title: c.disputeDecidedOn, width: 50 },
      { title: c.disputeDecision, width: 70 },
    ],
    rows: rows.map((row) => [
      row.registration_number,
      row.request_number ?? "",
      m.objections.grounds[row.ground as keyof typeof m.objections.grounds] ?? row.ground,
      day(row.received_on),
      day(row.due_date),
      m.objections.statuses[row.status],
      day(row.responded_on),
      row.dispute_number ?? "",
      day(row.dispute_registered_on),
      day(row.dispute_decided_on),
      row.dispute_decision ?? "",
    ]),
  };
}

export const REGISTERS = { permohonan: requestRegister, keberatan: objectionRegister } as const;
export type RegisterKind = keyof typeof REGISTERS;

/** A register of `year` as CSV (dates YYYY-MM-DD, Asia/Jakarta, as a spreadsheet sorts them). */
export async function registerCsv(ctx: ServiceContext, kind: RegisterKind, year: number): Promise<GeneratedFile & { body: string }> {
  const register = await REGISTERS[kind](ctx, year, (date) => date ?? "");
  let body = csvLine(register.columns.map((column) => column.title));
  for (const row of register.rows) body += csvLine(row);
  return { fileName: generatedFileName([register.title, year], "csv"), body };
}

/** A register of `year` as PDF (A4 landscape). */
export async function registerPdf(ctx: ServiceContext, kind: RegisterKind, year: number): Promise<GeneratedFile & { bytes: Uint8Array }> {
  const register = await REGISTERS[kind](ctx, year, (date) => (date ? formatJakartaDay(date) : ""));
  const bytes = await renderTables(ctx, {
    title: register.title,
    subtitles: [r.yearLabel(year)],
    landscape: true,
    tables: [{ columns: register.columns, rows: register.rows }],
    closing: r.total(register.rows.length),
    footer: `${register.title} - ${r.yearLabel(year)}`,
  });
  return { fileName: generatedFileName([register.title, year], "pdf"), bytes };
}

// ---------------------------------------------------------------------------------------------

/**
 * 'Unduh Tanda Terima (PDF)': the receipt's own fields, only with the number and its secret
 * code (as the status page); the same refusal for an unknown number and a wrong code.
 */
export async function receiptPdf(ctx: ServiceContext, number: string, code: string): Promise<GeneratedFile & { bytes: Uint8Array }> {
  const receipt = await receiptByStatusCode(ctx, number, code);
  const t = m.receipt;
  const bytes = await renderTables(ctx, {
    title: t.title,
    subtitles: [receipt.registrationNumber],
    paragraphs: [t.registered, m.receiptPdf.note],
    tables: [
      {
        columns: [
          { title: r.figure, width: 160 },
          { title: m.receiptPdf.detail, width: 0 },
        ],
        rows: [
          [t.number, receipt.registrationNumber],
          [t.code, receipt.statusCode],
          [t.receivedAt, `${formatDate(receipt.receivedAt, "DD MMMM YYYY HH:mm")} WIB`],
          [t.dueDate, formatJakartaDay(receipt.dueDate)],
          [m.receiptPdf.statusPage, new URL("/ppid/status", ctx.origin).toString()],
        ],
      },
    ],
    footer: `${t.title} ${receipt.registrationNumber}`,
  });
  return { fileName: generatedFileName(["Tanda Terima", receipt.registrationNumber], "pdf"), bytes };
}

/** A download of the desk (`/app/ppid/{laporan|permohonan|keberatan}/unduh.{csv|pdf}`) for `year`. */
export function reportFile(ctx: ServiceContext, report: ReportFile, format: "csv" | "pdf", year: number): Promise<GeneratedFile> {
  if (report === "laporan") return format === "csv" ? annualReportCsv(ctx, year) : annualReportPdf(ctx, year);
  return format === "csv" ? registerCsv(ctx, report, year) : registerPdf(ctx, report, year);
}
