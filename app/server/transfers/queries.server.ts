import type { BeritaAcaraVerification } from "~/domain/berita-acara";
import type { Db } from "../db/db.server";

/** Reads of transfers (pemindahan), reusable by any service. */
type Deps = { db: Db };

/** A transfer's Berita Acara Pemindahan as the public verification page shows it (no titles, no names). */
export async function transferBeritaAcara({ db }: Deps, baUuid: string): Promise<BeritaAcaraVerification | undefined> {
  const row = await db
    .selectFrom("transfers as t")
    .select((eb) => [
      "t.ba_uuid",
      "t.ba_number",
      "t.ba_issued_on",
      "t.ba_place",
      "t.ba_list_sha256",
      "t.ba_pdf_sha256",
      eb.selectFrom("transfer_items as i").select((i) => i.fn.countAll<number>().as("n")).whereRef("i.transfer_id", "=", "t.id").as("item_count"),
    ])
    .where("t.ba_uuid", "=", baUuid)
    .where("t.status", "=", "DITERIMA")
    .executeTakeFirst();
  if (!row?.ba_uuid) return undefined;
  return {
    uuid: row.ba_uuid,
    kind: "PEMINDAHAN",
    number: row.ba_number!,
    issuedOn: row.ba_issued_on!,
    place: row.ba_place!,
    itemCount: Number(row.item_count ?? 0),
    listSha256: row.ba_list_sha256!,
    pdfSha256: row.ba_pdf_sha256!,
  };
}

/** The transfer summaries with their unit's name and berkas count. */
export function transferSelect({ db }: Deps) {
  return db
    .selectFrom("transfers as t")
    .innerJoin("unit_kerja as uk", "uk.id", "t.unit_kerja_id")
    .leftJoin("unit_kerja as rc", "rc.id", "t.records_centre_id")
    .leftJoin("users as pu", "pu.id", "t.proposed_by")
    .leftJoin("users as du", "du.id", "t.decided_by")
    .selectAll("t")
    .select((eb) => [
      "uk.nama as unit_kerja_name",
      "rc.nama as records_centre_name",
      "pu.full_name as proposed_by_name",
      "du.full_name as decided_by_name",
      eb.selectFrom("transfer_items as i").select((i) => i.fn.countAll<number>().as("n")).whereRef("i.transfer_id", "=", "t.id").as("berkas_count"),
    ]);
}
export type TransferRow = NonNullable<Awaited<ReturnType<ReturnType<typeof transferSelect>["executeTakeFirst"]>>>;
