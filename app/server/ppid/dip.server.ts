import type { z } from "zod";
import type { DipEntrySchema } from "~/domain/api/ppid";
import { ppidMessages } from "~/i18n/ppid";
import type { ServiceContext } from "../context.server";
import { visibleDocuments } from "../documents/queries.server";

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
  const rows = await visibleDocuments(ctx, { kind: "public" })
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
    ])
    .orderBy("a.id", "desc")
    .limit(DIP_PAGE_SIZE + 1)
    .offset((page - 1) * DIP_PAGE_SIZE)
    .execute();
  const data: DipEntry[] = [
    ...own.map((entry) => ({
      id: entry.uuid,
      source: "PPID" as const,
      title: entry.title,
      summary: entry.summary,
      holder: entry.holder,
      responsible: entry.responsible,
      madeIn: entry.made_in,
      format: entry.format,
      retention: entry.retention,
      link: null,
    })),
    ...rows.slice(0, DIP_PAGE_SIZE).map((row) => ({
      id: row.uuid,
      source: "ARSIP" as const,
      title: row.title,
      summary: row.description,
      holder: row.unit,
      responsible: row.official,
      madeIn: String(row.year),
      format: row.mime_type,
      retention: retentionOf(row.retention_active_years, row.retention_inactive_years, row.final_disposition),
      link: `/documents/${row.uuid}`,
    })),
  ];
  return { data, page, size: DIP_PAGE_SIZE, hasMore: rows.length > DIP_PAGE_SIZE };
}
