import { Hono } from "hono";
import { parseListParams } from "~/domain/list-query";
import { UnitKerjaListQuerySchema, UnitKerjaSchema } from "~/domain/unit-kerja";
import { requireUser } from "~/server/services/auth.server";
import { createUnitKerja, deleteUnitKerja, getUnitKerja, listUnitKerja, updateUnitKerja } from "~/server/services/unit-kerja.server";
import { userFormOptions } from "~/server/services/users.server";
import { unitKerja as unitKerjaText, unitKerjaMessages } from "~/i18n/unit-kerja";
import type { HonoEnv } from "../hono-env";
import { jsonInput, searchParamsOf } from "./json-body";

const m = unitKerjaText;

/** `/api/v1/unit-kerja`: work-unit administration (Super Admin, enforced in the service). */
export const unitKerjaApi = new Hono<HonoEnv>()
  .get("/", async (c) => c.json(await listUnitKerja(c.get("ctx"), parseListParams(UnitKerjaListQuerySchema, searchParamsOf(c)))))
  .post("/", async (c) => {
    const ctx = c.get("ctx");
    requireUser(ctx);
    const unit = await createUnitKerja(ctx, await jsonInput(c, UnitKerjaSchema));
    return c.json({ message: m.created, data: unit }, 201);
  })
  // Every unit as { id, nama } (the user form's select; not paged).
  .get("/options", async (c) => c.json((await userFormOptions(c.get("ctx"))).unitKerja))
  .get("/:id", async (c) => c.json(await getUnitKerja(c.get("ctx"), c.req.param("id"))))
  .put("/:id", async (c) => {
    const ctx = c.get("ctx");
    requireUser(ctx);
    const unit = await updateUnitKerja(ctx, c.req.param("id"), await jsonInput(c, UnitKerjaSchema));
    return c.json({ message: m.updated, data: unit });
  })
  .delete("/:id", async (c) => {
    await deleteUnitKerja(c.get("ctx"), c.req.param("id"));
    return c.json({ success: true, message: unitKerjaMessages.deleted });
  });
