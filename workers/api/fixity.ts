import { Hono } from "hono";
import { FixityDocumentReportSchema, FixityOverviewSchema } from "~/domain/api/fixity";
import { z } from "zod";
import { checkDocumentFixity, getFixityOverview } from "~/server/fixity/service.server";
import type { HonoEnv } from "../hono-env";
import { pathParam, route } from "./contract";

const TAG = "Fixity";

/** `/api/v1/fixity`: what the fixity checks found (Super Admin), as the dashboard card shows it. */
export const fixityApi = new Hono<HonoEnv>().get(
  "/",
  route({
    tag: TAG,
    summary: "What the fixity checks of stored files found",
    description: "Super Admin. The scheduled checker re-hashes stored objects oldest-checked first; this answers the newest failures and how far the checks have come.",
    access: "read",
    ok: { description: "The overview the dashboard card shows.", schema: FixityOverviewSchema },
    errors: [403],
  }),
  async (c) => c.json(await getFixityOverview(c.get("ctx"))),
);

/** `POST /api/v1/archives/{uuid}/fixity`: re-hash one document's stored files now (Super Admin). */
export const documentFixityApi = new Hono<HonoEnv>().post(
  "/:uuid/fixity",
  route({
    tag: TAG,
    summary: "Check one document's stored files now",
    description: "Super Admin. Every stored object of the document's versions is re-hashed and compared with the SHA-256 its upload recorded; each check is recorded, a failure audited.",
    access: "write",
    parameters: [pathParam("uuid", "The document's uuid.")],
    ok: { description: "What each object's check found.", schema: z.object({ data: FixityDocumentReportSchema }) },
    errors: [403, 404],
  }),
  async (c) => c.json({ data: await checkDocumentFixity(c.get("ctx"), c.req.param("uuid")) }),
);
