import { z } from "zod";
import { createListQuerySchema } from "./list-query";
import type { ListPage } from "./list-page";
import { TRASH_SORTS, type TrashView } from "./records-view";

export { shortSha256, TRASH_SORTS, type TrashView, type VersionView, type TombstoneView } from "./records-view";

/** `/app/trash` and `GET /api/v1/trash`: `?q=` (title or number), sort, paging. */
export const TrashListQuerySchema = createListQuerySchema({ sorts: TRASH_SORTS, defaultSort: "deletedAt", defaultDir: "desc" });
export type TrashListQuery = z.infer<typeof TrashListQuerySchema>;
export type TrashPage = ListPage<TrashView, TrashListQuery>;

/** The optional note of a version restore. */
export const RestoreVersionSchema = z.object({
  note: z.string().trim().max(500).optional().catch(undefined),
});
export type RestoreVersionInput = z.output<typeof RestoreVersionSchema>;
