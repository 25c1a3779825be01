import { Hono } from "hono";
import { z } from "zod";
import { DisposalListSchema, DisposalListSummarySchema } from "~/domain/api/disposal";
import { getDisposalList, listDisposalLists } from "~/server/disposal/service.server";
import type { HonoEnv } from "../hono-env";
import { pathParam, route } from "./contract";

const TAG = "Penyusutan";

/** `/api/v1/disposal-lists`: the penyusutan lists the caller may see (scoped in the service), read-only. */
export const disposalListsApi = new Hono<HonoEnv>()
  .get(
    "/",
    route({
      tag: TAG,
      summary: "The latest penyusutan lists (Daftar Arsip Usul Musnah / Usul Serah)",
      description: "Super Admin sees every list; Satuan Kerja the lists holding its unit's records. Viewer: 403.",
      access: "read",
      ok: { description: "The latest 50 lists, newest first.", schema: z.array(DisposalListSummarySchema) },
      errors: [403],
    }),
    async (c) => c.json(await listDisposalLists(c.get("ctx"))),
  )
  .get(
    "/:uuid",
    route({
      tag: TAG,
      summary: "One penyusutan list with its items, decisions, outcomes and Berita Acara",
      description: "Satuan Kerja sees only its unit's items, and only of a list that holds some.",
      access: "read",
      parameters: [pathParam("uuid", "The list's uuid.")],
      ok: { description: "The list.", schema: DisposalListSchema },
      errors: [403, 404],
    }),
    async (c) => c.json(await getDisposalList(c.get("ctx"), c.req.param("uuid"))),
  );
