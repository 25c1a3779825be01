import { Hono } from "hono";
import { changed } from "~/domain/api/common";
import { HoldBodySchema, ReappraisalBodySchema, ReleaseHoldBodySchema, RetentionViewSchema } from "~/domain/api/retention";
import { retention as retentionText } from "~/i18n/retention";
import { retentionHoldMessages } from "~/i18n/retention-hold";
import { getDocumentRetention, placeDocumentHold, reappraiseDocument, releaseDocumentHold } from "~/server/retention/service.server";
import type { HonoEnv } from "../hono-env";
import { jsonBody, pathParam, route } from "./contract";

const TAG = "Retention";
const uuidParam = pathParam("uuid", "The document's uuid.");

/** A document's retention clock, its legal hold (Penahanan) and reappraisal (Dinilai Kembali). */
export const retentionApi = new Hono<HonoEnv>()
  .get(
    "/:uuid/retention",
    route({
      tag: TAG,
      summary: "A document's retention status",
      description: "Whoever may see the document. Computed now from its year (or 'Tanggal mulai retensi'), its code's retention and any hold.",
      access: "public",
      parameters: [uuidParam],
      ok: { description: "The retention status.", schema: RetentionViewSchema },
      errors: [404],
    }),
    async (c) => c.json(await getDocumentRetention(c.get("ctx"), c.req.param("uuid"))),
  )
  .post(
    "/:uuid/hold",
    route({
      tag: TAG,
      summary: "Put a document on hold (Penahanan)",
      description: "Super Admin. A held document is never proposed for disposal, destroyed or purged from the trash. Audited.",
      access: "write",
      parameters: [uuidParam],
      ok: { description: "Held.", schema: changed(RetentionViewSchema) },
      errors: [400, 403, 404, 409],
    }),
    jsonBody(HoldBodySchema),
    async (c) => {
      const ctx = c.get("ctx");
      const uuid = c.req.param("uuid");
      await placeDocumentHold(ctx, uuid, c.req.valid("json"));
      return c.json({ message: retentionHoldMessages.placed, data: await getDocumentRetention(ctx, uuid) });
    },
  )
  .delete(
    "/:uuid/hold",
    route({
      tag: TAG,
      summary: "Release a document's hold",
      description: "Super Admin, with the reason; a document in the trash too. A hold on the document's code is released on the code. Audited.",
      access: "write",
      parameters: [uuidParam],
      ok: { description: "Released.", schema: changed(RetentionViewSchema) },
      errors: [400, 403, 404, 409],
    }),
    jsonBody(ReleaseHoldBodySchema),
    async (c) => {
      const data = await releaseDocumentHold(c.get("ctx"), c.req.param("uuid"), c.req.valid("json"));
      return c.json({ message: retentionHoldMessages.released, data });
    },
  )
  .post(
    "/:uuid/reappraisal",
    route({
      tag: TAG,
      summary: "Record a reappraisal (Dinilai Kembali)",
      description: "Super Admin, for a document due with the final disposition DINILAI_KEMBALI: extend its retention or make it MUSNAH or PERMANEN. Audited.",
      access: "write",
      parameters: [uuidParam],
      ok: { description: "Recorded.", schema: changed(RetentionViewSchema) },
      errors: [400, 403, 404, 409],
    }),
    jsonBody(ReappraisalBodySchema),
    async (c) => c.json({ message: retentionText.reappraisal.saved, data: await reappraiseDocument(c.get("ctx"), c.req.param("uuid"), c.req.valid("json")) }),
  );
