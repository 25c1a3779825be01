import { sql } from "kysely";
import type { UnitKerjaListQuery, UnitKerjaView } from "~/domain/unit-kerja";
import type { Db } from "../db/db.server";
import { offsetPage } from "../db/offset-page.server";

/** Reusable work-unit queries (explicit dependencies: `fn({ db }, ...)`). */
export function selectUnitKerja({ db }: { db: Db }) {
  return db.selectFrom("unit_kerja as k").select(["k.id", "k.nama", "k.jenis", "k.email", "k.nama_pejabat", "k.is_records_centre", "k.created_at", "k.updated_at"]);
}
export type UnitKerjaRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectUnitKerja>["executeTakeFirst"]>>>;

export const toUnitKerjaView = (row: UnitKerjaRow): UnitKerjaView => ({
  id: row.id,
  nama: row.nama,
  jenis: row.jenis,
  email: row.email,
  namaPejabat: row.nama_pejabat,
  isRecordsCentre: row.is_records_centre === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function findUnitKerja(deps: { db: Db }, id: number): Promise<UnitKerjaRow | undefined> {
  return selectUnitKerja(deps).where("k.id", "=", id).executeTakeFirst();
}

/** Another unit with this name, compared without case (the unique index does the same). */
export async function findUnitKerjaByNama({ db }: { db: Db }, nama: string, exceptId?: number) {
  return db
    .selectFrom("unit_kerja")
    .select("id")
    .where(sql<boolean>`nama = ${nama} COLLATE NOCASE`)
    .$if(exceptId !== undefined, (qb) => qb.where("id", "!=", exceptId!))
    .executeTakeFirst();
}

const SORT_COLUMNS = { updatedAt: "k.updated_at", nama: "k.nama", jenis: "k.jenis" } as const;

/** One page of work units (search in name, kind, e-mail and official) and the number of matches. */
export async function listUnitKerjaRows(deps: { db: Db }, query: UnitKerjaListQuery): Promise<{ rows: UnitKerjaRow[]; total: number }> {
  return offsetPage(() => selectUnitKerja(deps), { search: ["k.nama", "k.jenis", "k.email", "k.nama_pejabat"], sort: SORT_COLUMNS[query.sort], id: "k.id" }, query);
}

/** How many users and documents still point at a unit (what keeps it from being deleted). */
export async function unitKerjaReferences({ db }: { db: Db }, id: number): Promise<{ users: number; documents: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("users").select(eb.fn.countAll<number>().as("n")).where("unit_kerja_id", "=", id).as("users"),
      eb.selectFrom("archives").select(eb.fn.countAll<number>().as("n")).where("unit_kerja_id", "=", id).as("documents"),
    ])
    .executeTakeFirst();
  return { users: Number(row?.users ?? 0), documents: Number(row?.documents ?? 0) };
}
