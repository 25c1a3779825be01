import { Hono } from "hono";
import { changed } from "~/domain/api/common";
import { DrillSchema, VitalBodySchema, VitalViewSchema } from "~/domain/api/berkas";
import { vitalText } from "~/i18n/vital";
import { runRestoreDrill, setVital } from "~/server/vital/service.server";
import type { HonoEnv } from "../hono-env";
import { jsonBody, pathParam, route } from "./contract";

const TAG = "Arsip vital";
const uuidParam = pathParam("uuid", "The document's uuid.");

/** `/api/v1/archives/{uuid}/vital`: the vital flag and the restore drill (Super Admin). */
export const vitalApi = new Hono<HonoEnv>()
  .put(
    "/:uuid/vital",
    route({
      tag: TAG,
      summary: "Set, renew or lift the vital flag",
      description:
        "Super Admin. A vital record keeps a second copy of its file in another bucket (written now and whenever the file is replaced, re-hashed by the fixity job), cannot be moved to the trash and stays off disposal lists until lifted. Audited.",
      access: "write",
      parameters: [uuidParam],
      ok: { description: "The flag as it now stands.", schema: changed(VitalViewSchema) },
      errors: [400, 403, 404, 409],
    }),
    jsonBody(VitalBodySchema),
    async (c) => {
      const body = c.req.valid("json");
      const data = await setVital(c.get("ctx"), c.req.param("uuid"), body);
      return c.json({ message: body.vital ? vitalText.flagged : vitalText.lifted, data });
    },
  )
  .post(
    "/:uuid/vital/drill",
    route({
      tag: TAG,
      summary: "Run a restore drill ('Uji Pemulihan')",
      description:
        "Super Admin, on a vital record. Restores its file from the second copy into a scratch object, compares the SHA-256 with the one recorded at upload and records the drill as audit evidence. A failed drill is answered 200 with its outcome.",
      access: "write",
      parameters: [uuidParam],
      ok: { description: "The drill's evidence.", schema: changed(DrillSchema) },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const data = await runRestoreDrill(c.get("ctx"), c.req.param("uuid"));
      return c.json({ message: vitalText.drillResult(data.outcome === "OK"), data });
    },
  );
