import type { z } from "zod";
import type { TombstoneSchema, TrashViewSchema, VersionViewSchema } from "./api/documents";

// The zod-free half of the records domain (view types, trash sorts): page components import it
// without pulling zod into the browser.

/** One version of a document's file, as the 'Riwayat Versi' table and the API show it. */
export type VersionView = z.output<typeof VersionViewSchema>;

/** The first characters of a SHA-256, enough to tell versions apart at a glance. */
export const shortSha256 = (sha256: string) => sha256.slice(0, 12);

/** A document in the trash. */
export type TrashView = z.output<typeof TrashViewSchema>;

/** What remains of a destroyed or purged record, as its old address shows it (410). */
export type TombstoneView = z.output<typeof TombstoneSchema>;

export const TRASH_SORTS = ["deletedAt", "title"] as const;
