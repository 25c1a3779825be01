import { sql, type ExpressionBuilder } from "kysely";
import type { OaiSelection, OaiSet } from "~/domain/oai";
import type { Database } from "../db/schema";
import type { Db } from "../db/db.server";
import { audienceValues, viewableWhere } from "../documents/access.server";

const PUBLIC_VALUES = audienceValues({ kind: "public" });

/** Reads of the OAI-PMH records (`oai_records`, kept by triggers: see migration 0012). */
type Deps = { db: Db };

/**
 * Records with the metadata of their document. A harvester reads as the public: the access
 * rule's `document.view` for visitors (live PUBLIC documents only), as the join's condition, so
 * each record finds its document by the uuid index (a derived table on the right of a LEFT JOIN
 * would be built whole for every page). A record whose document is not one of these (trashed,
 * made non-public, purged) answers as deleted.
 */
function recordsWithDocuments({ db }: Deps) {
  return db
    .selectFrom("oai_records as r")
    .leftJoin("archives as a", (join) => join.onRef("a.uuid", "=", "r.uuid").on((eb) => viewableWhere("public", PUBLIC_VALUES)(eb as never)))
    .leftJoin("categories as c", "c.id", "a.category_id")
    .leftJoin("unit_kerja as k", "k.id", "a.unit_kerja_id")
    .leftJoin("classification_codes as cc", "cc.id", "a.classification_id")
    .select([
      "r.id",
      "r.uuid",
      "r.datestamp",
      "r.deleted",
      "r.category_id",
      "r.unit_kerja_id",
      "a.uuid as document_uuid",
      "a.title",
      "a.document_number",
      "a.year",
      "a.description",
      "a.keywords",
      "a.mime_type",
      "a.file_name",
      "c.category_name",
      "k.nama as unit_name",
      "cc.code as classification_code",
      "cc.name as classification_name",
    ]);
}

export type OaiRecordRow = NonNullable<Awaited<ReturnType<ReturnType<typeof recordsWithDocuments>["executeTakeFirst"]>>>;

type RecordsEb = ExpressionBuilder<Database & { r: Database["oai_records"] }, "r">;

/** The selection's filter: datestamps between from and until (both included), the set. */
function selectionWhere(selection: Pick<OaiSelection, "from" | "until">, set: OaiSet | null) {
  return (eb: RecordsEb) =>
    eb.and([
      ...(selection.from ? [eb("r.datestamp", ">=", selection.from)] : []),
      ...(selection.until ? [eb("r.datestamp", "<=", selection.until)] : []),
      ...(set?.kind === "category" ? [set.id === null ? eb("r.category_id", "is not", null) : eb("r.category_id", "=", set.id)] : []),
      ...(set?.kind === "unit" ? [set.id === null ? eb("r.unit_kerja_id", "is not", null) : eb("r.unit_kerja_id", "=", set.id)] : []),
    ]);
}

/** The next `limit` records of a selection after record `afterId`, in id order. */
export function recordPage(deps: Deps, selection: OaiSelection, set: OaiSet | null, afterId: number, limit: number) {
  return recordsWithDocuments(deps).where(selectionWhere(selection, set)).where("r.id", ">", afterId).orderBy("r.id").limit(limit).execute();
}

/** How many records a selection holds (once per harvest: its first page). */
export async function recordCount({ db }: Deps, selection: OaiSelection, set: OaiSet | null): Promise<number> {
  const row = await db
    .selectFrom("oai_records as r")
    .select(sql<number>`count(*)`.as("n"))
    .where(selectionWhere(selection, set))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function recordByUuid(deps: Deps, uuid: string) {
  return recordsWithDocuments(deps).where("r.uuid", "=", uuid).executeTakeFirst();
}

/** The oldest datestamp the repository holds (Identify's earliestDatestamp). */
export async function earliestDatestamp({ db }: Deps): Promise<string | null> {
  const row = await db.selectFrom("oai_records").select(sql<string | null>`min(datestamp)`.as("earliest")).executeTakeFirst();
  return row?.earliest ?? null;
}

/** Every category and work unit: the sets. */
export async function setNames({ db }: Deps) {
  const [categories, units] = await Promise.all([
    db.selectFrom("categories").select(["id", "category_name as name"]).orderBy("id").execute(),
    db.selectFrom("unit_kerja").select(["id", "nama as name"]).orderBy("id").execute(),
  ]);
  return { categories, units };
}
