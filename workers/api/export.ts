import { Hono } from "hono";
import { EadQuerySchema } from "~/domain/api/berkas";
import { InvalidError } from "~/domain/errors";
import { eadText } from "~/i18n/ead";
import { exportEad, type EadSelection } from "~/server/ead/service.server";
import { downloadResponse } from "~/server/http/download.server";
import type { HonoEnv } from "../hono-env";
import { listQuery, route } from "./contract";

/** The selection a query names: exactly one of `scope`, `berkas`, `klasifikasi`, or none (statis). */
export function eadSelectionOf(query: { scope?: "statis"; berkas?: number; klasifikasi?: string }): EadSelection {
  const given = [query.scope, query.berkas, query.klasifikasi].filter((value) => value !== undefined).length;
  if (given > 1) throw new InvalidError(eadText.invalidSelection);
  if (query.berkas !== undefined) return { berkas: query.berkas };
  if (query.klasifikasi !== undefined) return { klasifikasi: query.klasifikasi };
  return { scope: "statis" };
}

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
