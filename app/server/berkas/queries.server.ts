import type { ExpressionBuilder } from "kysely";
import type { BerkasView, DevelopmentLevel } from "~/domain/berkas";
import { userActorOf, type Actor } from "~/domain/policy";
import { ROLES } from "~/domain/roles";
import type { Db } from "../db/db.server";
import type { Database } from "../db/schema";

/** Reads of berkas, reusable by any service: each takes its dependencies first. */
type Deps = { db: Db };

export type BerkasEb = ExpressionBuilder<Database & { b: Database["berkas"] }, "b">;

/** The live documents of the berkas `b` (what its dates and count are computed from). */
const liveItems = (eb: BerkasEb) => eb.selectFrom("archives as i").whereRef("i.berkas_id", "=", "b.id").where("i.deleted_at", "is", null);

/** Berkas with code, unit and custodian names, and the first and last year and count of their live documents. */
export function berkasSelect({ db }: Deps) {
  return db
    .selectFrom("berkas as b")
    .innerJoin("classification_codes as k", "k.id", "b.classification_id")
    .innerJoin("unit_kerja as uk", "uk.id", "b.unit_kerja_id")
    .leftJoin("unit_kerja as cu", "cu.id", "b.custody_unit_id")
    .select((eb) => [
      "b.id",
      "b.number",
      "b.title",
      "b.classification_id",
      "b.unit_kerja_id",
      "b.development_level",
      "b.note",
      "b.custody_unit_id",
      "b.location_box",
      "b.location_rack",
      "b.created_at",
      "b.updated_at",
      "k.code as classification_code",
      "k.name as classification_name",
      "uk.nama as unit_kerja_name",
      "cu.nama as custody_unit_name",
      liveItems(eb as unknown as BerkasEb).select((i) => i.fn.min("i.year").as("y")).as("start_year"),
      liveItems(eb as unknown as BerkasEb).select((i) => i.fn.max("i.year").as("y")).as("end_year"),
      liveItems(eb as unknown as BerkasEb).select((i) => i.fn.countAll<number>().as("n")).as("item_count"),
    ]);
}
export type BerkasRow = NonNullable<Awaited<ReturnType<ReturnType<typeof berkasSelect>["executeTakeFirst"]>>>;

export const toBerkasView = (row: BerkasRow): BerkasView => ({
  id: row.id,
  number: row.number,
  title: row.title,
  classificationCode: row.classification_code,
  classificationName: row.classification_name,
  unitKerjaId: row.unit_kerja_id,
  unitKerjaName: row.unit_kerja_name,
  startYear: row.start_year === null ? null : Number(row.start_year),
  endYear: row.end_year === null ? null : Number(row.end_year),
  itemCount: Number(row.item_count ?? 0),
  developmentLevel: row.development_level as DevelopmentLevel,
  note: row.note,
  custody:
    row.custody_unit_id !== null
      ? { unitKerjaId: row.custody_unit_id, unitKerjaName: row.custody_unit_name ?? "", box: row.location_box, rack: row.location_rack }
      : null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const berkasRefOf = (row: Pick<BerkasRow, "unit_kerja_id" | "custody_unit_id">) => ({ unitKerjaId: row.unit_kerja_id, custodyUnitId: row.custody_unit_id });

/** Ids are positive decimal integers; anything else names no berkas. */
export const parseBerkasId = (value: string | number): number | null => {
  const text = String(value);
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;
};

export function findBerkas(deps: Deps, id: number): Promise<BerkasRow | undefined> {
  return berkasSelect(deps).where("b.id", "=", id).executeTakeFirst();
}

/**
 * Which berkas `actor` may see (`berkas.view` as SQL): Super Admin all; a Satuan Kerja member its
 * unit's and those its unit holds as the records centre; anyone else none.
 */
export type BerkasScope = { all: true } | { all: false; unitKerjaId: number | null };
export function berkasScopeOf(actor: Actor | null): BerkasScope {
  const user = userActorOf(actor);
  if (user?.role === ROLES.superAdmin) return { all: true };
  return { all: false, unitKerjaId: user?.role === ROLES.satuanKerja ? user.unitKerjaId : null };
}

/** The condition `scope` puts on `b` (berkas). */
export const berkasScopeWhere = (scope: BerkasScope) => (eb: BerkasEb) =>
  scope.all ? eb.and([]) : eb.or([eb("b.unit_kerja_id", "=", scope.unitKerjaId ?? -1), eb("b.custody_unit_id", "=", scope.unitKerjaId ?? -1)]);

/** A live document of the berkas on a disposal list that has not run yet (at most one row). */
export const openDisposalItemQuery = ({ db }: Deps, berkasId: number) =>
  db
    .selectFrom("disposal_items as i")
    .innerJoin("disposal_lists as l", "l.id", "i.list_id")
    .innerJoin("archives as a", "a.id", "i.archive_id")
    .select("i.archive_id")
    .where("a.berkas_id", "=", berkasId)
    .where("l.status", "!=", "EXECUTED")
    .limit(1);

/** SQL on `b` (berkas): not on a transfer proposal that is still open (DIUSULKAN). */
export const notOnOpenTransfer = (eb: BerkasEb) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom("transfer_items as ti")
        .innerJoin("transfers as t", "t.id", "ti.transfer_id")
        .select("ti.berkas_id")
        .whereRef("ti.berkas_id", "=", "b.id")
        .where("t.status", "=", "DIUSULKAN"),
    ),
  );

/** The open transfer proposal (DIUSULKAN) holding the berkas. */
export const openTransferQuery = ({ db }: Deps, berkasId: number) =>
  db
    .selectFrom("transfer_items as ti")
    .innerJoin("transfers as t", "t.id", "ti.transfer_id")
    .select(["t.uuid", "t.number"])
    .where("ti.berkas_id", "=", berkasId)
    .where("t.status", "=", "DIUSULKAN")
    .limit(1);

/** The unit marked as the records centre (unit kearsipan), if any. */
export function recordsCentre({ db }: Deps) {
  return db.selectFrom("unit_kerja").select(["id", "nama"]).where("is_records_centre", "=", 1).executeTakeFirst();
}
