import { z } from "zod";
import { CHANNELS, DIP_KINDS, OBJECTION_GROUNDS, OUTCOMES, REQUEST_STATUSES, RequestListQuerySchema } from "../ppid/requests";
import { listPageSchema, timestamp, uuid } from "./common";

/** The contract of `/api/v1/ppid/*` (see common.ts). */

const day = () => z.string().meta({ format: "date", description: "A calendar day in Asia/Jakarta (YYYY-MM-DD)." });

/** A registered request for public information as the register shows it. */
export const PpidRequestViewSchema = z
  .object({
    id: uuid(),
    registrationNumber: z.string().nullable().meta({ examples: ["PPID/2026/000123"] }),
    status: z.enum(REQUEST_STATUSES),
    channel: z.enum(CHANNELS),
    requesterName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    information: z.string(),
    purpose: z.string(),
    format: z.string(),
    delivery: z.string(),
    receivedAt: timestamp().nullable(),
    dueDate: day().nullable(),
    extendedDueDate: day().nullable(),
    extensionReason: z.string().nullable(),
    daysLeft: z.int().nullable().meta({ description: "Working days to the due date in force (negative: overdue); null once answered." }),
    outcome: z.enum(OUTCOMES).nullable(),
    answerMessage: z.string().nullable(),
    answeredAt: timestamp().nullable(),
    exemptionGround: z.string().nullable(),
    files: z
      .array(
        z.object({
          kind: z.enum(["PUBLIK", "RILIS"]).meta({ description: "PUBLIK: a public document named by reference; RILIS: a non-public document's file released to this requester only." }),
          title: z.string(),
          link: z.string().meta({ description: "The public document's page (PUBLIK), or the record in the app (RILIS)." }),
          expiresAt: timestamp().nullable().meta({ description: "RILIS: the end of the requester's download window." }),
          downloadCount: z.int().nullable().meta({ description: "RILIS: how often the requester downloaded it." }),
        }),
      )
      .meta({ description: "The documents the answer names (on the request, not in the register's list)." }),
  })
  .meta({ ref: "PpidRequest" });

export const PpidRequestPageSchema = listPageSchema(PpidRequestViewSchema, RequestListQuerySchema).meta({ ref: "PpidRequestPage" });

/** A consequence test (uji konsekuensi); their list is the DIK. */
export const ConsequenceTestViewSchema = z
  .object({
    id: uuid(),
    information: z.string(),
    legalBasis: z.string(),
    consequences: z.string(),
    validUntil: day(),
    signedBy: z.string(),
    createdAt: timestamp(),
  })
  .meta({ ref: "PpidConsequenceTest" });

/** A line of the public Daftar Informasi yang Dikecualikan: an exemption in force. */
export const ExemptionSchema = z
  .object({
    information: z.string(),
    legalBasis: z.string(),
    consequences: z.string(),
    validUntil: day(),
    decidedOn: day(),
    decidedBy: z.string(),
  })
  .meta({ ref: "PpidExemption" });

/** An objection (keberatan) with its own register number and the atasan's clock. */
export const ObjectionViewSchema = z
  .object({
    id: uuid(),
    registrationNumber: z.string().meta({ examples: ["KEBERATAN/2026/000007"] }),
    requestNumber: z.string(),
    ground: z.enum(OBJECTION_GROUNDS),
    reason: z.string(),
    status: z.enum(["KEBERATAN", "DITANGGAPI", "SENGKETA", "SELESAI"]),
    receivedAt: timestamp(),
    dueDate: day(),
    response: z.string().nullable(),
    respondedAt: timestamp().nullable(),
    /** The dispute before the Komisi Informasi, once recorded (status SENGKETA, then SELESAI with its decision). */
    dispute: z
      .object({ number: z.string(), registeredOn: day(), decidedOn: day().nullable(), decision: z.string().nullable() })
      .nullable(),
  })
  .meta({ ref: "PpidObjection" });

/** One line of the Daftar Informasi Publik: a public record of the catalogue, or an entry of the PPID. */
export const DipEntrySchema = z
  .object({
    id: uuid(),
    source: z.enum(["ARSIP", "PPID"]),
    title: z.string(),
    summary: z.string(),
    kind: z.enum(DIP_KINDS).nullable().meta({ description: "PPID entries: BERKALA, SERTA_MERTA or SETIAP_SAAT (UU 14/2008 Pasal 9–11); null for the catalogue's records." }),
    holder: z.string().nullable(),
    responsible: z.string().nullable(),
    madeIn: z.string(),
    format: z.string(),
    retention: z.string().nullable(),
    link: z.string().nullable(),
  })
  .meta({ ref: "PpidDipEntry" });

export const DipPageSchema = z.object({ data: z.array(DipEntrySchema), page: z.int().min(1), size: z.int().min(1), hasMore: z.boolean() }).meta({ ref: "PpidDipPage" });

const count = () => z.int().min(0);

/** The annual report of the PPID desk for one year (requests and objections received in it, Asia/Jakarta). */
export const PpidAnnualReportSchema = z
  .object({
    year: z.int(),
    generatedOn: day(),
    requests: z.object({
      received: count().meta({ description: "Registered requests received in the year." }),
      byChannel: z.object(Object.fromEntries(CHANNELS.map((channel) => [channel, count()])) as Record<(typeof CHANNELS)[number], ReturnType<typeof count>>),
      answered: count(),
      answeredOnTime: count().meta({ description: "Answered on or before the due date in force (the extended one once extended)." }),
      answeredLate: count().meta({ description: "Answered after the due date in force." }),
      extended: count().meta({ description: "Extended once by 7 working days (answered or not)." }),
      byOutcome: z.object(Object.fromEntries(OUTCOMES.map((outcome) => [outcome, count()])) as Record<(typeof OUTCOMES)[number], ReturnType<typeof count>>),
      open: count().meta({ description: "Still awaiting their answer (DITERIMA, DIPROSES, DIPERPANJANG)." }),
      medianWorkingDays: z.number().nullable().meta({ description: "Median working days from receipt to answer over the answered requests; null when none." }),
    }),
    objections: z.object({
      received: count(),
      responded: count().meta({ description: "Responded to by the atasan PPID." }),
      disputesRecorded: count().meta({ description: "Taken to the Komisi Informasi (a dispute recorded)." }),
      disputesDecided: count().meta({ description: "Disputes the Komisi Informasi decided." }),
    }),
  })
  .meta({ ref: "PpidAnnualReport" });
