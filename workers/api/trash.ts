import { Hono } from "hono";
import { DeletedSchema } from "~/domain/api/common";
import { TrashPageSchema } from "~/domain/api/documents";
import { TrashListQuerySchema } from "~/domain/records";
import { listTrash, purgeDocument } from "~/server/documents/trash.server";
import { recordMessages } from "~/i18n/records";
import type { HonoEnv } from "../hono-env";
import { listQuery, pathParam, route } from "./contract";

const TAG = "Versions and trash";

/** `/api/v1/trash`: the documents in the trash (scoped in the service) and 'Hapus Permanen' (Super Admin). */
export const trashApi = new Hono<HonoEnv>()
  .get(
    "/",
    route({
      tag: TAG,
      summary: "'Sampah': the documents in the trash the caller may see",
      description: "Super Admin sees all of it; Satuan Kerja its unit's and its own uploads.",
      access: "read",
      ok: { description: "One page of trashed documents.", schema: TrashPageSchema },
      errors: [403],
    }),
    listQuery(TrashListQuerySchema),
    async (c) => c.json(await listTrash(c.get("ctx"), c.req.valid("query"))),
  )
  .delete(
    "/:uuid",
    route({
      tag: TAG,
      summary: "'Hapus Permanen': purge a trashed document (Super Admin)",
      description: "Leaves a tombstone and the audit trail; the files leave storage through the deletion queue.",
      access: "write",
      parameters: [pathParam("uuid", "The document's uuid.")],
      ok: { description: "Purged.", schema: DeletedSchema },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const { title } = await purgeDocument(c.get("ctx"), c.req.param("uuid"));
      return c.json({ success: true as const, message: recordMessages.purged(title) });
    },
  );
