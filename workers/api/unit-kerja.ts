import { Hono } from "hono";
import { z } from "zod";
import { DeletedSchema, changed } from "~/domain/api/common";
import { UnitKerjaPageSchema, UnitKerjaViewSchema } from "~/domain/api/unit-kerja";
import { UnitKerjaOptionSchema } from "~/domain/api/users";
import { UnitKerjaListQuerySchema, UnitKerjaSchema } from "~/domain/unit-kerja";
import { requireUser } from "~/server/context.server";
import { createUnitKerja, deleteUnitKerja, getUnitKerja, listUnitKerja, updateUnitKerja } from "~/server/unit-kerja/service.server";
import { userFormOptions } from "~/server/users/service.server";
import { unitKerjaMessages } from "~/i18n/unit-kerja";
import { unitKerjaForm } from "~/i18n/unit-kerja-form";
import type { HonoEnv } from "../hono-env";
import { jsonBody, listQuery, pathParam, route } from "./contract";

const TAG = "Unit kerja";
const idParam = pathParam("id", "The work unit's id.", { type: "integer", minimum: 1 });

/** `/api/v1/unit-kerja`: work-unit administration (Super Admin, enforced in the service). */
export const unitKerjaApi = new Hono<HonoEnv>()
  .get(
    "/",
    route({ tag: TAG, summary: "List work units (Super Admin)", access: "read", ok: { description: "One page of work units.", schema: UnitKerjaPageSchema }, errors: [403] }),
    listQuery(UnitKerjaListQuerySchema),
    async (c) => c.json(await listUnitKerja(c.get("ctx"), c.req.valid("query"))),
  )
  .post(
    "/",
    route({ tag: TAG, summary: "Create a work unit (Super Admin)", access: "write", ok: { status: 201, description: "Created.", schema: changed(UnitKerjaViewSchema) }, errors: [400, 409] }),
    jsonBody(UnitKerjaSchema),
    async (c) => {
      const ctx = c.get("ctx");
      requireUser(ctx);
      const unit = await createUnitKerja(ctx, c.req.valid("json"));
      return c.json({ message: unitKerjaForm.created, data: unit }, 201);
    },
  )
  // Every unit as { id, nama } (the user form's select; not paged).
  .get(
    "/options",
    route({ tag: TAG, summary: "Every work unit as { id, nama } (the user form's select; Super Admin)", access: "read", ok: { description: "Every unit.", schema: z.array(UnitKerjaOptionSchema) }, errors: [403] }),
    async (c) => c.json((await userFormOptions(c.get("ctx"))).unitKerja),
  )
  .get(
    "/:id",
    route({ tag: TAG, summary: "One work unit (Super Admin)", access: "read", parameters: [idParam], ok: { description: "The unit.", schema: UnitKerjaViewSchema }, errors: [403, 404] }),
    async (c) => c.json(await getUnitKerja(c.get("ctx"), c.req.param("id"))),
  )
  .put(
    "/:id",
    route({ tag: TAG, summary: "Change a work unit (Super Admin)", access: "write", parameters: [idParam], ok: { description: "Changed.", schema: changed(UnitKerjaViewSchema) }, errors: [400, 404, 409] }),
    jsonBody(UnitKerjaSchema),
    async (c) => {
      const ctx = c.get("ctx");
      requireUser(ctx);
      const unit = await updateUnitKerja(ctx, c.req.param("id"), c.req.valid("json"));
      return c.json({ message: unitKerjaForm.updated, data: unit });
    },
  )
  .delete(
    "/:id",
    route({
      tag: TAG,
      summary: "Delete a work unit (Super Admin)",
      description: "Refused (409) while users, documents or access requests still name the unit.",
      access: "write",
      parameters: [idParam],
      ok: { description: "Deleted.", schema: DeletedSchema },
      errors: [404, 409],
    }),
    async (c) => {
      await deleteUnitKerja(c.get("ctx"), c.req.param("id"));
      return c.json({ success: true as const, message: unitKerjaMessages.deleted });
    },
  );
