import { Hono } from "hono";
import { ReindexResultSchema } from "~/domain/api/text-extraction";
import { reindexDocument } from "~/server/text-extraction/service.server";
import { textExtraction as text } from "~/i18n/text-extraction";
import type { HonoEnv } from "../hono-env";
import { pathParam, route } from "./contract";

/** `POST /api/v1/archives/{uuid}/reindex`: 'Indeks ulang', queue the current file's text extraction again. */
export const reindexApi = new Hono<HonoEnv>().post(
  "/:uuid/reindex",
  route({
    tag: "Documents",
    summary: "'Indeks ulang': extract the current file's text again",
    description:
      "Super Admin, or who may edit the document. The text status goes back to PENDING and the file is queued for extraction; the answer does not wait for it (read `textStatus` of the document).",
    access: "write",
    parameters: [pathParam("uuid", "The document's uuid.")],
    ok: { description: "Queued.", schema: ReindexResultSchema },
    errors: [403, 404, 409],
  }),
  async (c) => c.json({ message: text.reindexed, data: await reindexDocument(c.get("ctx"), c.req.param("uuid")) }),
);
