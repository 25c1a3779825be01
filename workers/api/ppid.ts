import { Hono } from "hono";
import { changed, DeletedSchema } from "~/domain/api/common";
import { z } from "zod";
import { ConsequenceTestViewSchema, DipEntrySchema, DipPageSchema, ExemptionSchema, ObjectionViewSchema, PpidAnnualReportSchema, PpidRequestPageSchema, PpidRequestViewSchema } from "~/domain/api/ppid";
import { parseOrInvalid } from "~/domain/form-input";
import { annualReport, reportYearOr } from "~/server/ppid/reports.server";
import { AnswerSchema, ConsequenceTestSchema, DipEntryInputSchema, ExtendSchema, ObjectionSchema, OfficerRequestSchema, ReportYearSchema, RequestListQuerySchema } from "~/domain/ppid/requests";
import { recordObjection } from "~/server/ppid/objections.server";
import { addDipEntry, deleteDipEntry, dipPage, dipPageNumber } from "~/server/ppid/dip.server";
import { createConsequenceTest, listConsequenceTests, publicExemptions } from "~/server/ppid/consequence-tests.server";
import { ppidMessages } from "~/i18n/ppid";
import { answerRequest, extendRequest, getRequest, listRequests, recordRequest } from "~/server/ppid/service.server";
import type { HonoEnv } from "../hono-env";
import { jsonBody, listQuery, pathParam, route } from "./contract";

const TAG = "PPID";
const m = ppidMessages.api;
const idParam = pathParam("id", "The request's uuid.", { type: "string", format: "uuid" });

/** `/api/v1/ppid`: the PPID desk's register (officers designated by Super Admin; enforced in the service). */
export const ppidApi = new Hono<HonoEnv>()
  .get(
    "/requests",
    route({ tag: TAG, summary: "The register of requests for public information (PPID officers)", access: "read", ok: { description: "One page of the register.", schema: PpidRequestPageSchema }, errors: [403] }),
    listQuery(RequestListQuerySchema),
    async (c) => c.json(await listRequests(c.get("ctx"), c.req.valid("query"))),
  )
  .post(
    "/requests",
    route({
      tag: TAG,
      summary: "Register a request that came by letter, in person, by phone or by email ('Catat Permohonan')",
      description: "Numbered at once (PPID/YYYY/NNNNNN, gapless per year); due 10 working days after today (Asia/Jakarta).",
      access: "write",
      ok: { status: 201, description: "Registered.", schema: changed(PpidRequestViewSchema) },
      errors: [400],
    }),
    jsonBody(OfficerRequestSchema),
    async (c) => c.json({ message: m.recorded, data: await recordRequest(c.get("ctx"), c.req.valid("json")) }, 201),
  )
  .get(
    "/requests/:id",
    route({ tag: TAG, summary: "One registered request (PPID officers)", access: "read", parameters: [idParam], ok: { description: "The request.", schema: PpidRequestViewSchema }, errors: [403, 404] }),
    async (c) => c.json(await getRequest(c.get("ctx"), c.req.param("id"))),
  )
  .post(
    "/requests/:id/extend",
    route({
      tag: TAG,
      summary: "Extend the answer's deadline once by 7 working days, with a written reason",
      access: "write",
      parameters: [idParam],
      ok: { description: "Extended.", schema: changed(PpidRequestViewSchema) },
      errors: [400, 404, 409],
    }),
    jsonBody(ExtendSchema),
    async (c) => c.json({ message: m.extended, data: await extendRequest(c.get("ctx"), c.req.param("id"), c.req.valid("json")) }),
  )
  .post(
    "/requests/:id/answer",
    route({
      tag: TAG,
      summary: "Answer a request: DIBERIKAN, DIBERIKAN_SEBAGIAN, DITOLAK or TIDAK_DIKUASAI",
      description:
        "A refusal, whole or in part, needs a Pasal 17 ground (exemptionGround a–j) and a consequence test in force (consequenceTestId). archiveUuids names PUBLIC documents by reference; releasedArchiveUuids releases the current file of TERBATAS documents the caller may open to this requester only (DIBERIKAN or DIBERIKAN_SEBAGIAN; never RAHASIA or SANGAT_RAHASIA), downloadable from the status page for 30 days.",
      access: "write",
      parameters: [idParam],
      ok: { description: "Answered.", schema: changed(PpidRequestViewSchema) },
      errors: [400, 404, 409],
    }),
    jsonBody(AnswerSchema),
    async (c) => c.json({ message: m.answered, data: await answerRequest(c.get("ctx"), c.req.param("id"), c.req.valid("json")) }),
  )
  .post(
    "/requests/:id/objections",
    route({
      tag: TAG,
      summary: "Record an objection (keberatan) to the atasan PPID on a Pasal 35 ayat (1) ground (a–g)",
      description: "Within 30 working days of the answer, or of the due date once it passed unanswered; one per request; numbered KEBERATAN/YYYY/NNNNNN.",
      access: "write",
      parameters: [idParam],
      ok: { status: 201, description: "Registered.", schema: changed(ObjectionViewSchema) },
      errors: [400, 404, 409],
    }),
    jsonBody(ObjectionSchema),
    async (c) => c.json({ message: ppidMessages.objections.filed(""), data: await recordObjection(c.get("ctx"), c.req.param("id"), c.req.valid("json")) }, 201),
  )
  .get(
    "/dip",
    route({
      tag: TAG,
      summary: "The Daftar Informasi Publik: the catalogue's public records and the PPID's own entries (anyone)",
      access: "public",
      parameters: [{ name: "page", in: "query" as const, required: false, schema: { type: "integer", minimum: 1 }, description: "Page number (50 a page)." }],
      ok: { description: "One page of the DIP.", schema: DipPageSchema },
    }),
    async (c) => c.json(await dipPage(c.get("ctx"), dipPageNumber(c.req.query("page")))),
  )
  .post(
    "/dip",
    route({
      tag: TAG,
      summary: "Add an entry of the PPID's own to the Daftar Informasi Publik (PPID officers)",
      description: "kind: BERKALA, SERTA_MERTA or SETIAP_SAAT. Audited; the public DIP (edge-cached) shows it at once.",
      access: "write",
      ok: { status: 201, description: "Added.", schema: changed(DipEntrySchema) },
      errors: [400, 403],
    }),
    jsonBody(DipEntryInputSchema),
    async (c) => c.json({ message: m.dipAdded, data: await addDipEntry(c.get("ctx"), c.req.valid("json")) }, 201),
  )
  .delete(
    "/dip/:id",
    route({
      tag: TAG,
      summary: "Delete an entry of the PPID's own from the Daftar Informasi Publik (PPID officers)",
      description: "Only the PPID's entries (source PPID); the catalogue's records leave the DIP when they stop being public. Audited.",
      access: "write",
      parameters: [pathParam("id", "The entry's id.", { type: "string", format: "uuid" })],
      ok: { description: "Deleted.", schema: DeletedSchema },
      errors: [403, 404],
    }),
    async (c) => {
      await deleteDipEntry(c.get("ctx"), c.req.param("id"));
      return c.json({ success: true as const, message: m.dipDeleted });
    },
  )
  .get(
    "/report",
    route({
      tag: TAG,
      summary: "The annual report of the PPID desk for one year (PPID officers)",
      description:
        "Requests and objections received in the year (Asia/Jakarta): by channel, answered on time (on or before the due date in force) or late, extended, by outcome, still open, the median working days to the answer; objections responded to and disputes before the Komisi Informasi.",
      access: "read",
      parameters: [{ name: "year", in: "query" as const, required: false, schema: { type: "integer", minimum: 2000, maximum: 2100 }, description: "The year (default: this year in Asia/Jakarta)." }],
      ok: { description: "The report.", schema: PpidAnnualReportSchema },
      errors: [400, 403],
    }),
    async (c) => {
      const ctx = c.get("ctx");
      return c.json(await annualReport(ctx, reportYearOr(ctx, parseOrInvalid(ReportYearSchema, { year: c.req.query("year") }).year)));
    },
  )
  .get(
    "/dik",
    route({
      tag: TAG,
      summary: "The Daftar Informasi yang Dikecualikan: the exemptions in force, newest first (anyone)",
      access: "public",
      ok: { description: "The exemptions in force today (Asia/Jakarta).", schema: z.array(ExemptionSchema) },
    }),
    async (c) => c.json(await publicExemptions(c.get("ctx"))),
  )
  .get(
    "/consequence-tests",
    route({ tag: TAG, summary: "Every consequence test, newest first: the Daftar Informasi yang Dikecualikan (PPID officers)", access: "read", ok: { description: "The tests.", schema: z.array(ConsequenceTestViewSchema) }, errors: [403] }),
    async (c) => c.json(await listConsequenceTests(c.get("ctx"))),
  )
  .post(
    "/consequence-tests",
    route({
      tag: TAG,
      summary: "Sign off a consequence test (the officer calling is its signatory)",
      access: "write",
      ok: { status: 201, description: "Signed.", schema: changed(ConsequenceTestViewSchema) },
      errors: [400, 403],
    }),
    jsonBody(ConsequenceTestSchema),
    async (c) => c.json({ message: ppidMessages.tests.created, data: await createConsequenceTest(c.get("ctx"), c.req.valid("json")) }, 201),
  );
