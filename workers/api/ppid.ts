import { Hono } from "hono";
import { changed } from "~/domain/api/common";
import { PpidRequestPageSchema, PpidRequestViewSchema } from "~/domain/api/ppid";
import { AnswerSchema, ExtendSchema, OfficerRequestSchema, RequestListQuerySchema } from "~/domain/ppid/requests";
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
      description: "A refusal, whole or in part, needs a Pasal 17 ground (exemptionGround a–j) and a consequence test in force (consequenceTestId).",
      access: "write",
      parameters: [idParam],
      ok: { description: "Answered.", schema: changed(PpidRequestViewSchema) },
      errors: [400, 404, 409],
    }),
    jsonBody(AnswerSchema),
    async (c) => c.json({ message: m.answered, data: await answerRequest(c.get("ctx"), c.req.param("id"), c.req.valid("json")) }),
  );
