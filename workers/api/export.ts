import { Hono } from "hono";
import { EadQuerySchema } from "~/domain/api/berkas";
import { eadSelectionOf, exportEad } from "~/server/ead/service.server";
import { downloadResponse } from "~/server/http/download.server";
import type { HonoEnv } from "../hono-env";
import { listQuery, route } from "./contract";

/** `/api/v1/export`: exports for other systems. */
export const exportApi = new Hono<HonoEnv>().get(
  "/ead",
  route({
    tag: "Export",
    summary: "EAD 2002 for SIKN",
    description:
      "Super Admin. The statis holdings (default, `scope=statis`), one berkas's documents (`berkas`) or a classification code's (`klasifikasi`), as EAD 2002 (urn:isbn:1-931666-22-9) grouped by berkas; only BIASA records, whatever the selection. Streamed; audited.",
    access: "read",
    ok: { description: "The EAD document.", content: { "application/xml": { schema: { type: "string" } } } },
    errors: [400, 403, 404],
  }),
  listQuery(EadQuerySchema),
  async (c) => {
    const { body, fileName } = await exportEad(c.get("ctx"), eadSelectionOf(c.req.valid("query")));
    return downloadResponse(body, "application/xml; charset=utf-8", fileName);
  },
);
