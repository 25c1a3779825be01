import { z } from "zod";
import { createListQuerySchema } from "./list-query";
import type { ListPage } from "./list-page";
import type { TombstoneSchema, TrashViewSchema, VersionViewSchema } from "./api/documents";

/** One version of a document's file, as the 'Riwayat Versi' table and the API show it. */
export type VersionView = z.output<typeof VersionViewSchema>;

/** The first characters of a SHA-256, enough to tell versions apart at a glance. */
export const shortSha256 = (sha256: string) => sha256.slice(0, 12);

/** A document in the trash. */
export type TrashView = z.output<typeof TrashViewSchema>;

/** What remains of a destroyed or purged record, as its old address shows it (410). */
export type TombstoneView = z.output<typeof TombstoneSchema>;

export const TRASH_SORTS = ["deletedAt", "title"] as const;

/** `/app/trash` and `GET /api/v1/trash`: `?q=` (title or number), sort, paging. */
export const TrashListQuerySchema = createListQuerySchema({ sorts: TRASH_SORTS, defaultSort: "deletedAt", defaultDir: "desc" });
export type TrashListQuery = z.infer<typeof TrashListQuerySchema>;
export type TrashPage = ListPage<TrashView, TrashListQuery>;

/** The optional note of a version restore. */
export const RestoreVersionSchema = z.object({
  note: z.string().trim().max(500).optional().catch(undefined),
});
export type RestoreVersionInput = z.output<typeof RestoreVersionSchema>;
