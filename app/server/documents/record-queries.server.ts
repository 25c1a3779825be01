import { notHeld } from "../retention/queries.server";
import { sql } from "kysely";
import type { TrashListQuery } from "~/domain/records";
import type { Db } from "../db/db.server";
import { inListChunks } from "../db/in-list.server";
import { offsetPage } from "../db/offset-page.server";
import { audienceValues, seesMetadataWhere } from "./access.server";

/** Reads of a record's history: its file versions, and documents in the trash. */
type Deps = { db: Db };

/** Every version of a document's file, newest first, with the uploader's name. */
export function versionRows({ db }: Deps, archiveId: number) {
  return db
    .selectFrom("archive_files as f")
    .leftJoin("users as u", "u.id", "f.uploader_id")
    .select(["f.id", "f.version", "f.r2_key", "f.file_name", "f.file_size", "f.mime_type", "f.sha256", "f.note", "f.restored_from", "f.created_at", "u.full_name as uploader"])
    .where("f.archive_id", "=", archiveId)
    .orderBy("f.version", "desc");
}
export type VersionRow = Awaited<ReturnType<ReturnType<typeof versionRows>["execute"]>>[number];

export function findVersion({ db }: Deps, archiveId: number, version: number) {
  return db
    .selectFrom("archive_files")
    .select(["id", "version", "r2_key", "file_name", "file_size", "mime_type", "sha256"])
    .where("archive_id", "=", archiveId)
    .where("version", "=", version)
    .executeTakeFirst();
}

/** Documents in the trash with who uploaded and who deleted them, and their owning unit. */
function trashSelect({ db }: Deps) {
  return db
    .selectFrom("archives as a")
    .innerJoin("users as u", "u.id", "a.uploader_id")
    .leftJoin("users as d", "d.id", "a.deleted_by")
    .leftJoin("unit_kerja as k", "k.id", "a.unit_kerja_id")
    .select([
      "a.id",
      "a.uuid",
      "a.title",
      "a.document_number",
      "a.year",
      "a.access_level",
      "a.security_class",
      "a.uploader_id",
      "a.unit_kerja_id",
      "a.file_name",
      "a.sha256",
      "a.current_version",
      "a.deleted_at",
      "a.deleted_by",
      "u.full_name as uploader",
      "d.full_name as deleted_by_name",
      "k.nama as unit_kerja_nama",
    ])
    .where("a.deleted_at", "is not", null);
}
export type TrashRow = NonNullable<Awaited<ReturnType<ReturnType<typeof trashSelect>["executeTakeFirst"]>>> & { deleted_at: string };

/**
 * Which part of the trash a user sees: all of it, or one unit's documents plus their own uploads
 * — of those, what the access rule lets them see (never another unit's SANGAT_RAHASIA document,
 * even one they uploaded).
 */
export type TrashScope = { all: true } | { all: false; unitKerjaId: number | null; uploaderId: number };

const scoped = (deps: Deps, scope: TrashScope) =>
  scope.all
    ? trashSelect(deps)
    : trashSelect(deps)
        .where((eb) =>
          eb.or([...(scope.unitKerjaId !== null ? [eb("a.unit_kerja_id", "=", scope.unitKerjaId)] : []), eb("a.uploader_id", "=", scope.uploaderId)]),
        )
        .where(seesMetadataWhere("unit", audienceValues({ kind: "unit", unitKerjaId: scope.unitKerjaId, userId: scope.uploaderId })));

export async function findTrashed(deps: Deps, uuid: string): Promise<TrashRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return undefined;
  return (await trashSelect(deps).where("a.uuid", "=", uuid).executeTakeFirst()) as TrashRow | undefined;
}

const TRASH_SORT_COLUMNS = { deletedAt: "a.deleted_at", title: "a.title" } as const;

/** One page of the trash (search in title and number) and the number of matches. */
export async function listTrashRows(deps: Deps, scope: TrashScope, query: TrashListQuery): Promise<{ rows: TrashRow[]; total: number }> {
  const page = await offsetPage(() => scoped(deps, scope), { search: ["a.title", "a.document_number"], sort: TRASH_SORT_COLUMNS[query.sort], id: "a.id" }, query);
  return page as { rows: TrashRow[]; total: number };
}

/** How many versions each of these documents has. */
export async function versionCounts({ db }: Deps, archiveIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const chunk of inListChunks(archiveIds)) {
    const rows = await db
      .selectFrom("archive_files")
      .select(["archive_id", sql<number>`count(*)`.as("n")])
      .where("archive_id", "in", chunk)
      .groupBy("archive_id")
      .execute();
    for (const row of rows) counts.set(row.archive_id, Number(row.n));
  }
  return counts;
}

/** Trashed documents, not held, whose time in the trash ended before `cutoff`, oldest first. */
export function expiredTrash({ db }: Deps, cutoff: string, limit: number) {
  return db
    .selectFrom("archives")
    .select(["id", "uuid", "title"])
    .where("deleted_at", "is not", null)
    .where("deleted_at", "<=", cutoff)
    // Held documents (Penahanan) stay in the trash until released; skipped here, so they never
    // fill the batch and stall the purge of the rest.
    .where(notHeld("archives.id", "archives.classification_id"))
    .orderBy("deleted_at")
    .limit(limit)
    .execute();
}
