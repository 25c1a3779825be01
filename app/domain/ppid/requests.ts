/**
 * The PPID desk's vocabulary: states, outcomes, grounds and the forms of a request for public
 * information (UU 14/2008, PerKI 1/2021). One zod schema per form, shared by the pages and the API.
 */
import { z } from "zod";
import { ppidMessages } from "../../i18n/ppid";
import { blankToUndefined } from "../form-input";
import { createListQuerySchema } from "../list-query";
import { REPORT_YEARS } from "./reports";
import { PPID_ROLES, REQUEST_STATUSES, OUTCOMES, WITHHOLDING_OUTCOMES, RELEASING_OUTCOMES, pastedUuids, DIP_KINDS, OFFICER_CHANNELS, FORMATS, DELIVERIES, EXEMPTION_GROUNDS, OBJECTION_GROUNDS } from "./requests-view";

const v = ppidMessages.validation;

export { PPID_ROLES, DIP_KINDS, REQUEST_STATUSES, OPEN_STATUSES, OUTCOMES, WITHHOLDING_OUTCOMES, CHANNELS, OFFICER_CHANNELS, FORMATS, DELIVERIES, EXEMPTION_GROUNDS, OBJECTION_GROUNDS, type PpidRole, type RequestStatus, type Outcome, type Channel, type ExemptionGround } from "./requests-view";

const requiredText = (required: string, max: number, tooLong: string) => z.string(required).trim().min(1, required).max(max, tooLong);
const optionalText = (max: number, tooLong: string) => z.preprocess(blankToUndefined, z.string().trim().max(max, tooLong).optional());
const email = z.string(v.emailRequired).trim().toLowerCase().min(1, v.emailRequired).max(254, v.emailInvalid).pipe(z.email(v.emailInvalid));

/** Super Admin designates a user (by username) as PPID officer or atasan. */
export const DesignationSchema = z.object({
  username: requiredText(v.usernameRequired, 100, v.usernameRequired),
  role: z.enum(PPID_ROLES, v.roleRequired),
});

/** A cuti bersama day Super Admin enters for a year. */
export const LeaveDaySchema = z.object({
  date: z.iso.date(v.dateInvalid),
  note: requiredText(v.noteRequired, 150, v.noteMax),
});
export type LeaveDayInput = z.output<typeof LeaveDaySchema>;

const requestFields = {
  requesterName: requiredText(v.nameRequired, 150, v.nameMax),
  email,
  phone: optionalText(30, v.phoneMax),
  address: optionalText(500, v.addressMax),
  information: requiredText(v.informationRequired, 4000, v.informationMax),
  purpose: requiredText(v.purposeRequired, 2000, v.purposeMax),
  format: z.enum(FORMATS, v.formatRequired),
  delivery: z.enum(DELIVERIES, v.deliveryRequired),
};

/** 'Ajukan Permohonan Informasi' at /ppid (a visitor; confirmed by email). */
export const PublicRequestSchema = z.object(requestFields);
export type PublicRequestInput = z.output<typeof PublicRequestSchema>;

/** 'Catat Permohonan': an officer registers a request that came by letter, in person, by phone or email. */
export const OfficerRequestSchema = z.object({ ...requestFields, channel: z.enum(OFFICER_CHANNELS, v.channelRequired) });
export type OfficerRequestInput = z.output<typeof OfficerRequestSchema>;

/** One extension, with its written reason (Pasal 22 ayat (8)). */
export const ExtendSchema = z.object({ reason: requiredText(v.reasonRequired, 2000, v.reasonMax) });
export type ExtendInput = z.output<typeof ExtendSchema>;

/** The written answer (pemberitahuan tertulis, Pasal 22 ayat (7)). */
export const AnswerSchema = z
  .object({
    outcome: z.enum(OUTCOMES, v.outcomeRequired),
    message: requiredText(v.messageRequired, 4000, v.messageMax),
    exemptionGround: z.preprocess(blankToUndefined, z.enum(EXEMPTION_GROUNDS, v.groundInvalid).optional()),
    consequenceTestId: z.preprocess(blankToUndefined, z.string().uuid(v.consequenceTestRequired).optional()),
    archiveUuids: z.preprocess(
      (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
      z.array(z.string().uuid(v.archiveInvalid)).max(20, v.archivesMax),
    ),
    /** Non-public documents whose current file is released to this requester only (decision 0280). */
    releasedArchiveUuids: z.preprocess(pastedUuids, z.array(z.string().uuid(v.archiveInvalid)).max(20, v.archivesMax)).optional(),
  })
  .superRefine((answer, issues) => {
    if (answer.releasedArchiveUuids?.length && !RELEASING_OUTCOMES.includes(answer.outcome))
      issues.addIssue({ code: "custom", path: ["releasedArchiveUuids"], message: v.releaseNeedsGiving });
    if (!WITHHOLDING_OUTCOMES.includes(answer.outcome)) return;
    if (!answer.exemptionGround) issues.addIssue({ code: "custom", path: ["exemptionGround"], message: v.groundRequired });
    if (!answer.consequenceTestId) issues.addIssue({ code: "custom", path: ["consequenceTestId"], message: v.consequenceTestRequired });
  });
export type AnswerInput = z.output<typeof AnswerSchema>;

/** Uji konsekuensi: one exemption, its legal basis, the consequences weighed, until when it holds. */
export const ConsequenceTestSchema = z.object({
  information: requiredText(v.testInformationRequired, 500, v.testInformationMax),
  legalBasis: requiredText(v.legalBasisRequired, 500, v.legalBasisMax),
  consequences: requiredText(v.consequencesRequired, 4000, v.consequencesMax),
  validUntil: z.iso.date(v.dateInvalid),
});
export type ConsequenceTestInput = z.output<typeof ConsequenceTestSchema>;

/** The status page's look-up: the registration number and the secret code on the receipt. */
export const StatusLookupSchema = z.object({
  number: z.string(v.numberRequired).trim().toUpperCase().min(1, v.numberRequired).max(40, v.numberRequired),
  code: z.string(v.codeRequired).trim().toUpperCase().min(1, v.codeRequired).max(40, v.codeRequired),
});

export const REQUEST_SORTS = ["receivedAt", "dueDate", "registrationNumber"] as const;
/** `/app/ppid` and `GET /api/v1/ppid/requests`: newest first; filter by status. */
export const RequestListQuerySchema = createListQuerySchema({
  sorts: REQUEST_SORTS,
  defaultSort: "receivedAt",
  defaultDir: "desc",
  filters: { status: z.enum(REQUEST_STATUSES).optional().catch(undefined) },
});
export type RequestListQuery = z.output<typeof RequestListQuerySchema>;

/** 'Ajukan Keberatan': a Pasal 35 ayat (1) ground and the requester's reasons. */
export const ObjectionSchema = z.object({
  ground: z.enum(OBJECTION_GROUNDS, v.objectionGroundRequired),
  reason: requiredText(v.reasonRequired, 2000, v.reasonMax),
});
export type ObjectionInput = z.output<typeof ObjectionSchema>;

/** The atasan PPID's written response to an objection. */
export const ObjectionResponseSchema = z.object({ response: requiredText(v.messageRequired, 4000, v.messageMax) });

/** A dispute the requester brought before the Komisi Informasi (Pasal 37), as the PPID learns of it. */
export const DisputeSchema = z.object({
  disputeNumber: requiredText(v.disputeNumberRequired, 100, v.disputeNumberMax),
  registeredOn: z.iso.date(v.dateInvalid),
});
export type DisputeInput = z.output<typeof DisputeSchema>;

/** The Komisi Informasi's decision on that dispute. */
export const DisputeDecisionSchema = z.object({
  decidedOn: z.iso.date(v.dateInvalid),
  decision: requiredText(v.decisionRequired, 4000, v.decisionMax),
});
export type DisputeDecisionInput = z.output<typeof DisputeDecisionSchema>;

/** `?year=` (API) and `?tahun=` (pages) of the PPID's reports: a year, or none for this year. */
export const ReportYearSchema = z.object({
  year: z.preprocess(
    (value) => (value === undefined || value === "" ? undefined : Number(value)),
    z.number(v.yearInvalid).int(v.yearInvalid).min(REPORT_YEARS.first, v.yearInvalid).max(REPORT_YEARS.last, v.yearInvalid).optional(),
  ),
});

/** A DIP entry the PPID adds by hand ('Tambah Entri DIP'; `POST /api/v1/ppid/dip`). */
export const DipEntryInputSchema = z.object({
  title: requiredText(v.dipTitleRequired, 300, v.dipTitleMax),
  summary: requiredText(v.dipSummaryRequired, 4000, v.dipSummaryMax),
  kind: z.enum(DIP_KINDS, v.dipKindRequired),
  holder: requiredText(v.dipHolderRequired, 200, v.dipFieldMax),
  responsible: requiredText(v.dipResponsibleRequired, 200, v.dipFieldMax),
  madeIn: requiredText(v.dipMadeInRequired, 50, v.dipMadeInMax),
  format: requiredText(v.dipFormatRequired, 100, v.dipFieldMax),
  retention: requiredText(v.dipRetentionRequired, 200, v.dipFieldMax),
});
export type DipEntryInput = z.output<typeof DipEntryInputSchema>;

/** `/app/ppid/dip`: the PPID's own entries, newest first. */
export const DipEntryListQuerySchema = createListQuerySchema({ sorts: ["createdAt", "title"] as const, defaultSort: "createdAt", defaultDir: "desc" });
export type DipEntryListQuery = z.output<typeof DipEntryListQuerySchema>;
