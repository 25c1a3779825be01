import { sql } from "kysely";
import type { Db } from "../db/db.server";
import { codeAndAncestors, isInSubtree } from "~/domain/classification";
import { inCodeSubtree } from "../classification/queries.server";

/** Reads of the retention clock's inputs (documents, codes, holds). */
type Deps = { db: Db };

/** What the clock needs of a live document (and of its code), plus whether it carries a hold of its own. */
export function clockInputSelect({ db }: Deps, options: { trashedToo?: boolean } = {}) {
  return db
    .selectFrom("archives as a")
    .leftJoin("classification_codes as k", "k.id", "a.classification_id")
    .$if(!options.trashedToo, (qb) => qb.where("a.deleted_at", "is", null))
    .select((eb) => [
      "a.id",
      "a.year",
      "a.unit_kerja_id",
      "a.retention_start_date",
      "a.retention_extended_until",
      "a.disposition_override",
      "a.archival_state",
      "a.berkas_id",
      "k.code",
      "k.retention_active_years",
      "k.retention_inactive_years",
      "k.final_disposition",
      eb
        .exists(eb.selectFrom("retention_holds as h").select("h.id").whereRef("h.archive_id", "=", "a.id").where("h.released_at", "is", null))
        .as("own_hold"),
    ]);
}
export type ClockInputRow = Awaited<ReturnType<ReturnType<typeof clockInputSelect>["execute"]>>[number];

/**
 * The Berita Acara Penyerahan that made a record Statis: the executed hand-over list the record
 * was done on (a record is handed over once).
 */
export function transferQuery({ db }: Deps, archiveId: number) {
  return db
    .selectFrom("disposal_items as i")
    .innerJoin("berita_acara as b", "b.list_id", "i.list_id")
    .select(["b.uuid", "b.number", "b.issued_on"])
    .where("i.archive_id", "=", archiveId)
    .where("i.outcome", "=", "DONE")
    .where("b.kind", "=", "PENYERAHAN");
}

/** The codes under an unreleased hold with its reason, in code order (a handful). */
export function codeHoldReasons({ db }: Deps) {
  return db
    .selectFrom("retention_holds as h")
    .innerJoin("classification_codes as k", "k.id", "h.classification_id")
    .select(["k.code", "h.reason"])
    .where("h.released_at", "is", null)
    .orderBy("k.code")
    .execute();
}

/** The codes under an unreleased hold (a handful): a hold covers its code and every code below it. */
export function heldCodesQuery({ db }: Deps) {
  return db
    .selectFrom("retention_holds as h")
    .innerJoin("classification_codes as k", "k.id", "h.classification_id")
    .select("k.code")
    .where("h.released_at", "is", null)
    .distinct();
}

export async function heldCodes(deps: Deps): Promise<string[]> {
  return (await heldCodesQuery(deps).execute()).map((row) => row.code);
}

/** Does a hold on one of `held` cover `code` (the code itself or a code below it)? */
export const coveredByCodeHold = (held: readonly string[], code: string | null): boolean => code !== null && held.some((h) => isInSubtree(code, h));

/** The unreleased hold on a document (at most one row). */
export function activeDocumentHoldQuery({ db }: Deps, archiveId: number) {
  return db
    .selectFrom("retention_holds as h")
    .leftJoin("users as u", "u.id", "h.created_by")
    .select(["h.id", "h.reason", "h.created_at", "u.full_name as created_by_name"])
    .where("h.archive_id", "=", archiveId)
    .where("h.released_at", "is", null);
}

/** The unreleased hold on a document, if any. */
export const activeDocumentHold = (deps: Deps, archiveId: number) => activeDocumentHoldQuery(deps, archiveId).executeTakeFirst();

/** An unreleased hold on another live document of the berkas `berkasId` (at most one row): it holds the whole berkas. */
export function activeBerkasItemHoldQuery({ db }: Deps, berkasId: number, exceptArchiveId: number) {
  return db
    .selectFrom("retention_holds as h")
    .innerJoin("archives as s", "s.id", "h.archive_id")
    .leftJoin("users as u", "u.id", "h.created_by")
    .select(["h.id", "h.reason", "h.created_at", "u.full_name as created_by_name", "s.title"])
    .where("s.berkas_id", "=", berkasId)
    .where("s.id", "!=", exceptArchiveId)
    .where("s.deleted_at", "is", null)
    .where("h.released_at", "is", null)
    .orderBy("h.id")
    .limit(1);
}

/** The unreleased holds on `code` or on a code above it (the hold that covers a document through its code). */
export const activeCodeHolds = (deps: Deps, code: string) => activeHoldsOnCodes(deps, codeAndAncestors(code));

/** The unreleased holds on any of `codes` (a code with its ancestors), in code order. */
export function activeHoldsOnCodes({ db }: Deps, codes: readonly string[]) {
  return db
    .selectFrom("retention_holds as h")
    .innerJoin("classification_codes as k", "k.id", "h.classification_id")
    .leftJoin("users as u", "u.id", "h.created_by")
    .select(["h.id", "h.reason", "h.created_at", "k.code", "u.full_name as created_by_name"])
    .where("k.code", "in", codes)
    .where("h.released_at", "is", null)
    .orderBy("k.code");
}

/**
 * SQL: no unreleased hold covers the archive whose id and classification_id columns are named
 * (its own hold, one on another document of its berkas — a berkas is held whole —, or one on its
 * code or a code above it: `inCodeSubtree`). The purge paths put it into the very statement that
 * removes a document, so a hold placed a moment earlier still wins.
 */
export const notHeld = (idColumn: string, classificationColumn: string) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM retention_holds h WHERE h.released_at IS NULL AND (h.archive_id = ${sql.ref(idColumn)} OR h.classification_id IN (
    SELECT hk.id FROM classification_codes hk JOIN classification_codes dk ON dk.id = ${sql.ref(classificationColumn)}
    WHERE ${inCodeSubtree("dk.code", { column: "hk.code" })}) OR h.archive_id IN (
    SELECT s.id FROM archives s JOIN archives d ON d.id = ${sql.ref(idColumn)} WHERE d.berkas_id IS NOT NULL AND s.berkas_id = d.berkas_id)))`;
