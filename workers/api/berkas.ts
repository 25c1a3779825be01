import { Hono } from "hono";
import { DeletedSchema, changed } from "~/domain/api/common";
import { BerkasCreateBodySchema, BerkasItemsBodySchema, BerkasItemsResultSchema, BerkasPageSchema, BerkasUpdateBodySchema, BerkasViewSchema } from "~/domain/api/berkas";
import { BerkasListQuerySchema } from "~/domain/berkas";
import { berkasMessages } from "~/i18n/berkas";
import { createBerkas, deleteBerkas, fileDocumentsIntoBerkas, getBerkas, listBerkas, removeDocumentFromBerkas, updateBerkas } from "~/server/berkas/service.server";
import type { HonoEnv } from "../hono-env";
import { jsonBody, listQuery, pathParam, route } from "./contract";

const TAG = "Berkas";
const idParam = pathParam("id", "The berkas's id.", { type: "integer", minimum: 1 });

/**
 * `/api/v1/berkas`: berkas (files of records of one matter, one code, one unit) and filing
 * documents into them. Who may do what is the service's policy.
 */
export const berkasApi = new Hono<HonoEnv>()
  .get(
    "/",
    route({
      tag: TAG,
      summary: "List berkas",
      description: "Super Admin: every unit's (`unit` filters); Satuan Kerja: its unit's and those its unit holds as the records centre. Viewer: 403.",
      access: "read",
      ok: { description: "One page of berkas.", schema: BerkasPageSchema },
      errors: [403],
    }),
    listQuery(BerkasListQuerySchema),
    async (c) => c.json(await listBerkas(c.get("ctx"), c.req.valid("query"))),
  )
  .post(
    "/",
    route({
      tag: TAG,
      summary: "Create a berkas",
      description: "Satuan Kerja: for its own unit; Super Admin names `unitKerjaId`. The number is unique within the unit (409). Audited.",
      access: "write",
      ok: { status: 201, description: "Created.", schema: changed(BerkasViewSchema) },
      errors: [400, 403, 409],
    }),
    jsonBody(BerkasCreateBodySchema),
    async (c) => {
      const berkas = await createBerkas(c.get("ctx"), c.req.valid("json"));
      return c.json({ message: berkasMessages.created(berkas.number), data: berkas }, 201);
    },
  )
  .get(
    "/:id",
    route({ tag: TAG, summary: "One berkas", access: "read", parameters: [idParam], ok: { description: "The berkas.", schema: BerkasViewSchema }, errors: [403, 404] }),
    async (c) => c.json(await getBerkas(c.get("ctx"), c.req.param("id"))),
  )
  .put(
    "/:id",
    route({
      tag: TAG,
      summary: "Change a berkas",
      description: "Its unit (or Super Admin), while it is at the unit and on no open disposal list or transfer proposal (else 409). Audited.",
      access: "write",
      parameters: [idParam],
      ok: { description: "Changed.", schema: changed(BerkasViewSchema) },
      errors: [400, 403, 404, 409],
    }),
    jsonBody(BerkasUpdateBodySchema),
    async (c) => {
      const berkas = await updateBerkas(c.get("ctx"), c.req.param("id"), c.req.valid("json"));
      return c.json({ message: berkasMessages.updated(berkas.number), data: berkas });
    },
  )
  .delete(
    "/:id",
    route({
      tag: TAG,
      summary: "Delete an empty berkas",
      description: "Refused (409) while it holds documents (in the trash too), or when moved or listed. Audited.",
      access: "write",
      parameters: [idParam],
      ok: { description: "Deleted.", schema: DeletedSchema },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const { number } = await deleteBerkas(c.get("ctx"), c.req.param("id"));
      return c.json({ success: true as const, message: berkasMessages.deleted(number) });
    },
  )
  .post(
    "/:id/items",
    route({
      tag: TAG,
      summary: "File documents into a berkas ('Masukkan ke Berkas')",
      description:
        "Each document must be of the berkas's unit and classification code and in no other berkas; one that is not refuses the call (400, nothing filed). The berkas's retention, holds, transfer and disposal then apply to them whole. Audited per document.",
      access: "write",
      parameters: [idParam],
      ok: { description: "Filed.", schema: BerkasItemsResultSchema },
      errors: [400, 403, 404, 409],
    }),
    jsonBody(BerkasItemsBodySchema),
    async (c) => {
      const result = await fileDocumentsIntoBerkas(c.get("ctx"), c.req.param("id"), c.req.valid("json").archiveUuids);
      return c.json({ message: berkasMessages.filed(result.filed, result.berkas.number), data: result.berkas, filed: result.filed, alreadyFiled: result.alreadyFiled });
    },
  )
  .delete(
    "/:id/items/:uuid",
    route({
      tag: TAG,
      summary: "Take a document out of a berkas",
      description: "While the berkas is open (at its unit, not listed or proposed). Audited.",
      access: "write",
      parameters: [idParam, pathParam("uuid", "The document's uuid.")],
      ok: { description: "Taken out.", schema: DeletedSchema },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const { title } = await removeDocumentFromBerkas(c.get("ctx"), c.req.param("id"), c.req.param("uuid"));
      return c.json({ success: true as const, message: berkasMessages.removed(title) });
    },
  );
