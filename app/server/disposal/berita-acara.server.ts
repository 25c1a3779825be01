/**
 * A Berita Acara after it is rendered: stored in R2, verified in public, downloaded by staff.
 *
 * Storing follows the uploads' rule against orphans: the object is registered in `file_staging`
 * BEFORE its first byte is written, and the batch that inserts the `berita_acara` row (the
 * execution's batch, `StoredBeritaAcara.steps`) unregisters it. A batch that fails, or a Worker
 * that dies between the put and the batch, leaves a registered object that the scheduled sweep
 * removes after its grace period; a committed one is never swept (its row names the key).
 */
import type { Compilable } from "kysely";
import type { BeritaAcaraVerification } from "~/domain/berita-acara";
import { NotFoundError } from "~/domain/errors";
import { assertCan } from "~/domain/policy";
import { beritaAcara as beritaAcaraText } from "~/i18n/berita-acara";
import type { ServiceContext } from "../context.server";
import { discardFile } from "../files/staging.server";
import type { FileGrant } from "../http/file-response.server";
import { transferBeritaAcara } from "../transfers/queries.server";

/** Every Berita Acara PDF lives under this R2 prefix, named by the record's uuid. */
export const BERITA_ACARA_KEY_PREFIX = "berita-acara/";
export const beritaAcaraKeyOf = (uuid: string) => `${BERITA_ACARA_KEY_PREFIX}${uuid}.pdf`;

/** The `berita_acara` row as the execution knows it before the PDF is stored. */
export type NewBeritaAcara = {
  uuid: string;
  listId: number;
  kind: "PEMUSNAHAN" | "PENYERAHAN";
  number: string;
  /** YYYY-MM-DD. */
  issuedOn: string;
  place: string;
  itemCount: number;
  listSha256: string;
};

/** A stored PDF, registered in `file_staging` until `steps` run in the execution's batch. */
export type StoredBeritaAcara = {
  r2Key: string;
  pdfSha256: string;
  size: number;
  /** Insert the `berita_acara` row and unregister the object: put these in the execution's batch. */
  steps: Compilable[];
};

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Put a rendered official PDF in R2 under `r2Key`, registered in `file_staging` first (R2 checks
 * the SHA-256 it is given): its hash and size, and the step that unregisters it, to run in the
 * batch that records it. On a failed put nothing is left behind; after a failed batch, call
 * `discardBeritaAcara` (or leave it to the sweep). Storing under the same key again (a job's
 * slice run after a kill) replaces the object.
 */
export async function stageOfficialPdf(
  ctx: Pick<ServiceContext, "db" | "files" | "now">,
  r2Key: string,
  pdfBytes: Uint8Array,
  customMetadata: Record<string, string>,
): Promise<{ r2Key: string; pdfSha256: string; size: number; unstage: Compilable }> {
  const pdfSha256 = await sha256Hex(pdfBytes);
  await ctx.db
    .insertInto("file_staging")
    .values({ r2_key: r2Key, created_at: ctx.now().toISOString() })
    .onConflict((oc) => oc.column("r2_key").doNothing())
    .execute();
  try {
    await ctx.files.put(r2Key, pdfBytes, { httpMetadata: { contentType: "application/pdf" }, sha256: pdfSha256, customMetadata });
  } catch (error) {
    await discardFile(ctx, r2Key);
    throw error;
  }
  return { r2Key, pdfSha256, size: pdfBytes.byteLength, unstage: unstageStep(ctx, r2Key) };
}

const unstageStep = (ctx: Pick<ServiceContext, "db">, r2Key: string) => ctx.db.deleteFrom("file_staging").where("r2_key", "=", r2Key);

/**
 * Put the rendered PDF in R2 under `berita-acara/{uuid}.pdf` (`stageOfficialPdf`) and return its
 * hash with the batch steps that record it.
 */
export async function storeBeritaAcara(
  ctx: Pick<ServiceContext, "db" | "files" | "now">,
  row: NewBeritaAcara,
  pdfBytes: Uint8Array,
): Promise<StoredBeritaAcara> {
  const staged = await stageOfficialPdf(ctx, beritaAcaraKeyOf(row.uuid), pdfBytes, { number: row.number, listSha256: row.listSha256 });
  return { ...beritaAcaraStored(ctx, row, staged.pdfSha256), size: staged.size };
}

/** The batch steps recording a PDF already stored under the row's uuid with `pdfSha256`. */
export function beritaAcaraStored(ctx: Pick<ServiceContext, "db" | "now">, row: NewBeritaAcara, pdfSha256: string): Omit<StoredBeritaAcara, "size"> {
  const r2Key = beritaAcaraKeyOf(row.uuid);
  return {
    r2Key,
    pdfSha256,
    steps: [
      ctx.db.insertInto("berita_acara").values({
        uuid: row.uuid,
        list_id: row.listId,
        kind: row.kind,
        number: row.number,
        issued_on: row.issuedOn,
        place: row.place,
        item_count: row.itemCount,
        list_sha256: row.listSha256,
        r2_key: r2Key,
        pdf_sha256: pdfSha256,
        created_at: ctx.now().toISOString(),
      }),
      unstageStep(ctx, r2Key),
    ],
  };
}

/** Remove a stored PDF whose batch failed (best effort: the sweep removes what this misses). */
export async function discardBeritaAcara(ctx: Pick<ServiceContext, "db" | "files">, stored: Pick<StoredBeritaAcara, "r2Key">): Promise<void> {
  await discardFile(ctx, stored.r2Key);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function findBeritaAcara(ctx: Pick<ServiceContext, "db">, uuid: string) {
  if (!UUID.test(uuid)) return undefined;
  return ctx.db.selectFrom("berita_acara").selectAll().where("uuid", "=", uuid).executeTakeFirst();
}

/**
 * What anyone (visitors included) may check about a Berita Acara: its own facts and hashes,
 * never the list's titles or any name. NotFoundError for an unknown uuid.
 */
export async function getBeritaAcaraVerification(ctx: Pick<ServiceContext, "db">, uuid: string): Promise<BeritaAcaraVerification> {
  const row = await findBeritaAcara(ctx, uuid);
  if (!row) {
    // A Berita Acara Pemindahan lives with its transfer.
    const transfer = UUID.test(uuid) ? await transferBeritaAcara(ctx, uuid) : undefined;
    if (transfer) return transfer;
    throw new NotFoundError(beritaAcaraText.notFound);
  }
  return {
    uuid: row.uuid,
    kind: row.kind,
    number: row.number,
    issuedOn: row.issued_on,
    place: row.place,
    itemCount: row.item_count,
    listSha256: row.list_sha256,
    pdfSha256: row.pdf_sha256,
  };
}

/** A file name from the record's number ("BA/2026/01" -> "Berita-Acara-BA-2026-01.pdf"). */
export const downloadNameOf = (number: string) => `Berita-Acara-${number.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "")}.pdf`;

/**
 * The stored PDF for staff, by the policy `beritaAcara.download` (Super Admin; a Satuan Kerja
 * member when every item of the list is its unit's). A user who may not have it is told it does
 * not exist only when it does not; a refusal names the record as existing (its number is public
 * anyway on the verification page).
 */
export async function openBeritaAcaraPdf(ctx: ServiceContext, uuid: string): Promise<FileGrant> {
  const row = await findBeritaAcara(ctx, uuid);
  if (!row) throw new NotFoundError(beritaAcaraText.notFound);
  const units = await ctx.db.selectFrom("disposal_items").select("unit_kerja_id").distinct().where("list_id", "=", row.list_id).execute();
  assertCan(ctx.actor, { type: "beritaAcara.download", itemUnitKerjaIds: units.map((unit) => unit.unit_kerja_id) }, beritaAcaraText.downloadForbidden);
  const object = await ctx.files.head(row.r2_key);
  if (!object) throw new NotFoundError(beritaAcaraText.notFound);
  return {
    file: { key: row.r2_key, fileName: downloadNameOf(row.number), mimeType: "application/pdf", size: object.size, sha256: row.pdf_sha256, visibility: "private" },
    disposition: "attachment",
  };
}
