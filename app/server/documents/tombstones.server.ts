import { verificationPath } from "~/domain/berita-acara";
import { GoneError, NotFoundError } from "~/domain/errors";
import { can } from "~/domain/policy";
import type { TombstoneView } from "~/domain/records";
import { documentDetailText } from "~/i18n/document-detail";
import type { ServiceContext } from "../context.server";

/**
 * A destroyed or purged record's old address: what its tombstone (migration 0008) may tell the
 * actor. Super Admin and the owning unit learn when and how it left (`tombstone.view`); anyone
 * else only that a record that was public is gone; nobody learns that a record that was not
 * public ever existed.
 */

/** The tombstone of `uuid` with the names of who deleted and purged it and its Berita Acara, if any. */
function tombstoneRow(ctx: Pick<ServiceContext, "db">, uuid: string) {
  return ctx.db
    .selectFrom("archive_tombstones as t")
    .leftJoin("berita_acara as b", "b.id", "t.berita_acara_id")
    .leftJoin("users as pu", "pu.username", "t.purged_by_username")
    .leftJoin("users as du", "du.username", "t.deleted_by_username")
    .select([
      "t.uuid",
      "t.title",
      "t.document_number",
      "t.year",
      "t.access_level",
      "t.unit_kerja_id",
      "t.reason",
      "t.deleted_at",
      "t.deleted_by_username",
      "t.purged_at",
      "t.purged_by_username",
      "pu.full_name as purged_by_name",
      "du.full_name as deleted_by_name",
      "b.uuid as ba_uuid",
      "b.number as ba_number",
      "b.issued_on as ba_issued_on",
    ])
    .where("t.uuid", "=", uuid)
    .executeTakeFirst();
}

/** "Full Name (username)", or the username alone once the account is gone. */
const person = (username: string | null, fullName: string | null) => (username === null ? null : fullName ? `${fullName} (${username})` : username);

/**
 * Throw the answer for a uuid no live document has: GoneError (410) with the tombstone the actor
 * may see, or `notFound` when there is none or the actor may not know of it. Needs nothing: who
 * learns what is decided here (`tombstone.view`, and the record's access level when it left).
 */
export async function throwGoneOrNotFound(ctx: Pick<ServiceContext, "db" | "actor">, uuid: string, notFound: NotFoundError): Promise<never> {
  const row = /^[0-9a-f-]{36}$/i.test(uuid) ? await tombstoneRow(ctx, uuid.toLowerCase()) : undefined;
  if (!row) throw notFound;
  const owners = can(ctx.actor, { type: "tombstone.view", unitKerjaId: row.unit_kerja_id });
  if (!owners && row.access_level !== "PUBLIC") throw notFound;
  const tombstone: TombstoneView = {
    uuid: row.uuid,
    title: row.title,
    documentNumber: row.document_number,
    year: row.year,
    removal: owners
      ? {
          how: row.reason,
          at: row.purged_at,
          by: person(row.purged_by_username, row.purged_by_name),
          deletedAt: row.deleted_at,
          deletedBy: person(row.deleted_by_username, row.deleted_by_name),
          beritaAcara:
            row.ba_uuid && row.ba_number && row.ba_issued_on
              ? {
                  uuid: row.ba_uuid,
                  number: row.ba_number,
                  issuedOn: row.ba_issued_on,
                  pdfUrl: `/app/berita-acara/${row.ba_uuid}/pdf`,
                  verificationUrl: verificationPath(row.ba_uuid),
                }
              : null,
        }
      : null,
  };
  throw new GoneError(documentDetailText.gone, tombstone);
}

/** `read`, or — when it finds no document (NotFound) — the tombstone's answer for `uuid`. */
export async function orGone<T>(ctx: Pick<ServiceContext, "db" | "actor">, uuid: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof NotFoundError) return throwGoneOrNotFound(ctx, uuid, error);
    throw error;
  }
}
