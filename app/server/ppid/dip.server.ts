import type { z } from "zod";
import type { DipEntrySchema } from "~/domain/api/ppid";
import { NotFoundError } from "~/domain/errors";
import { FAMILY_LABELS, familyOfMime } from "~/domain/file-types";
import { listPage, type ListPage } from "~/domain/list-query";
import type { DipEntryInput, DipEntryListQuery } from "~/domain/ppid/requests";
import { userActorOf } from "~/domain/policy";
import { ppidMessages } from "~/i18n/ppid";
import { documents as documentsText } from "~/i18n/documents";
import { commit } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import { offsetPage } from "../db/offset-page.server";
import { abortUnlessChanged } from "../db/write-guard.server";
import { visibleDocuments } from "../documents/queries.server";
import { csvLine } from "../http/csv.server";
import { assertDesk, assertDeskWrite } from "./service.server";

/** One line of the Daftar Informasi Publik. */
export type DipEntry = z.output<typeof DipEntrySchema>;
export type DipPage = { data: DipEntry[]; page: number; size: number; hasMore: boolean };

export const DIP_PAGE_SIZE = 50;

/** A page number from a query string; anything else is the first page. */
export const dipPageNumber = (value: string | null | undefined) => (value && /^\d{1,5}$/.test(value) && Number(value) > 0 ? Number(value) : 1);

const retentionOf = (active: number | null, inactive: number | null, disposition: string | null) =>
  active === null || inactive === null ? null : ppidMessages.dip.retention(active, inactive, disposition ?? "");

/**
 * The Daftar Informasi Publik generated from the catalogue: the documents the public may read —
 * the same visibility rule as every public reader (`visibleDocuments` with the public audience),
 * so a non-public record never appears — with their summary, the unit that holds them and its
 * official, the year made, the form and the retention of their code; the PPID's own entries
 * first. Paged without a count (the catalogue can be large): one row more tells if there is more.
 */
export async function dipPage(ctx: Pick<ServiceContext, "db">, page: number): Promise<DipPage> {
  const own = page === 1 ? await ctx.db.selectFrom("ppid_dip_entries").selectAll().orderBy("id").execute() : [];
  const rows = await publicRecords(ctx)
    .orderBy("a.id", "desc")
    .limit(DIP_PAGE_SIZE + 1)
    .offset((page - 1) * DIP_PAGE_SIZE)
    .execute();
  const data: DipEntry[] = [...own.map(ownEntryOf), ...rows.slice(0, DIP_PAGE_SIZE).map(recordEntryOf)];
  return { data, page, size: DIP_PAGE_SIZE, hasMore: rows.length > DIP_PAGE_SIZE };
}

/** The catalogue's part of the DIP: exactly what the public may read (the one visibility rule). */
function publicRecords(ctx: Pick<ServiceContext, "db">) {
  return visibleDocuments(ctx, { kind: "public" })
    .leftJoin("unit_kerja as k", "k.id", "a.unit_kerja_id")
    .leftJoin("classification_codes as c", "c.id", "a.classification_id")
    .select([
      "a.uuid",
      "a.title",
      "a.description",
      "a.year",
      "a.mime_type",
      "k.nama as unit",
      "k.nama_pejabat as official",
      "c.retention_active_years",
      "c.retention_inactive_years",
      "c.final_disposition",
      // The CSV's keyset.
      "a.id",
    ]);
}

type OwnEntryRow = { uuid: string; title: string; summary: string; kind: string; holder: string; responsible: string; made_in: string; format: string; retention: string };
type RecordRow = Awaited<ReturnType<ReturnType<typeof publicRecords>["execute"]>>[number];

const ownEntryOf = (entry: OwnEntryRow): DipEntry => ({
  id: entry.uuid,
  source: "PPID",
  title: entry.title,
  summary: entry.summary,
  kind: entry.kind as DipEntry["kind"],
  holder: entry.holder,
  responsible: entry.responsible,
  madeIn: entry.made_in,
  format: entry.format,
  retention: entry.retention,
  link: null,
});

const recordEntryOf = (row: RecordRow): DipEntry => ({
  id: row.uuid,
  source: "ARSIP",
  title: row.title,
  summary: row.description,
  kind: null,
  holder: row.unit,
  responsible: row.official,
  madeIn: String(row.year),
  // The DIP's 'bentuk informasi' is what a requester can be given (softcopy or the paper
  // record), named by the file's family, not by its media type ("Softcopy (PDF)").
  format: row.mime_type ? `Softcopy (${FAMILY_LABELS[familyOfMime(row.mime_type)]})` : documentsText.physicalShort,
  retention: retentionOf(row.retention_active_years, row.retention_inactive_years, row.final_disposition),
  link: `/documents/${row.uuid}`,
});

/** Rows read per query of the CSV: it walks the catalogue by id, never by offset. */
const CSV_CHUNK = 500;

/**
 * The whole DIP as CSV (anyone): the PPID's entries, then every public record, streamed chunk by
 * chunk (keyset on the id), so a large catalogue is never held in memory.
 */
export function dipCsv(ctx: Pick<ServiceContext, "db">, origin: string): ReadableStream<Uint8Array> {
  const d = ppidMessages.dip;
  const encoder = new TextEncoder();
  const line = (entry: DipEntry) =>
    csvLine([d.sources[entry.source], entry.title, entry.summary, entry.kind ? d.kinds[entry.kind] : "", entry.holder, entry.responsible, entry.madeIn, entry.format, entry.retention, entry.link ? new URL(entry.link, origin).toString() : ""]);
  let after: number | null = null;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        const own = await ctx.db.selectFrom("ppid_dip_entries").selectAll().orderBy("id").execute();
        // A byte-order mark, so spreadsheet programs read the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvLine([...d.csvHeader])}${own.map((entry) => line(ownEntryOf(entry))).join("")}`));
        return;
      }
      const rows = await publicRecords(ctx)
        .$if(after !== null, (qb) => qb.where("a.id", "<", after!))
        .orderBy("a.id", "desc")
        .limit(CSV_CHUNK)
        .execute();
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map((row) => line(recordEntryOf(row))).join("")));
      if (rows.length < CSV_CHUNK) controller.close();
      else after = rows[rows.length - 1]!.id;
    },
  });
}

// ---- The PPID's own entries ----------------------------------------------------------------

const dipAudit = (uuid: string) => ({ targetType: "ppid_dip_entry", targetId: uuid });

/** The PPID's own entries, searched, sorted and paged (officers). */
export async function listDipEntries(ctx: ServiceContext, query: DipEntryListQuery): Promise<ListPage<DipEntry, DipEntryListQuery>> {
  assertDesk(ctx);
  const { rows, total } = await offsetPage(
    () => ctx.db.selectFrom("ppid_dip_entries").selectAll(),
    { search: ["title", "summary"], sort: query.sort === "title" ? "title" : "created_at", id: "id" },
    query,
  );
  return listPage(rows.map(ownEntryOf), total, query);
}

/** One of the PPID's own entries (officers); 404 when unknown. */
export async function getDipEntry(ctx: ServiceContext, uuid: string): Promise<DipEntry> {
  assertDesk(ctx);
  return ownEntryOf(await findEntryOr404(ctx, uuid));
}

async function findEntryOr404(ctx: ServiceContext, uuid: string) {
  const row = /^[0-9a-f-]{36}$/.test(uuid) ? await ctx.db.selectFrom("ppid_dip_entries").selectAll().where("uuid", "=", uuid).executeTakeFirst() : undefined;
  if (!row) throw new NotFoundError(ppidMessages.dipEntries.notFound);
  return row;
}

/**
 * 'Tambah Entri DIP': an officer lists information of their own on the DIP. Side effects: the
 * row and a PPID_DIP_ENTRY_ADD audit row (one batch); the public version moves (a trigger), so
 * the edge-cached /ppid/dip shows it at once.
 */
export async function addDipEntry(ctx: ServiceContext, input: DipEntryInput): Promise<DipEntry> {
  assertDeskWrite(ctx);
  const uuid = crypto.randomUUID();
  await commit(ctx, [
    ctx.db.insertInto("ppid_dip_entries").values({
      uuid,
      title: input.title,
      summary: input.summary,
      kind: input.kind,
      holder: input.holder,
      responsible: input.responsible,
      made_in: input.madeIn,
      format: input.format,
      retention: input.retention,
      created_by: userActorOf(ctx.actor)?.userId ?? null,
      created_at: ctx.now().toISOString(),
    }),
    { action: "PPID_DIP_ENTRY_ADD", params: { title: input.title }, details: { kind: input.kind }, ...dipAudit(uuid) },
  ]);
  return getDipEntry(ctx, uuid);
}

/** Delete one of the PPID's own entries (officers). Audited as PPID_DIP_ENTRY_DELETE; the public version moves. */
export async function deleteDipEntry(ctx: ServiceContext, uuid: string): Promise<void> {
  assertDeskWrite(ctx);
  const row = await findEntryOr404(ctx, uuid);
  await commit(
    ctx,
    [
      ctx.db.deleteFrom("ppid_dip_entries").where("id", "=", row.id),
      abortUnlessChanged(ctx),
      { action: "PPID_DIP_ENTRY_DELETE", params: { title: row.title }, details: { kind: row.kind, holder: row.holder }, ...dipAudit(row.uuid) },
    ],
    { STALE_WRITE: () => new NotFoundError(ppidMessages.dipEntries.notFound) },
  );
}
