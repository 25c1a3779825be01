/**
 * The EAD 2002 export for SIKN (Super Admin): the statis holdings by default, or the BIASA
 * records of one berkas or under one classification code, streamed as it is read (a campus's
 * statis holdings may be tens of thousands of records: never built whole in memory). Nothing
 * that is not BIASA is ever read into it: the condition is part of every query.
 */
import type { SelectQueryBuilder } from "kysely";
import { InvalidError, NotFoundError } from "~/domain/errors";
import { assertCan } from "~/domain/policy";
import { retentionToday } from "~/domain/retention";
import { berkasText, berkasMessages } from "~/i18n/berkas";
import { eadText } from "~/i18n/ead";
import { commit } from "../audit/commit.server";
import type { ServiceContext } from "../context.server";
import type { Database } from "../db/schema";
import { liveDocuments } from "../documents/queries.server";
import { inCodeSubtree } from "../classification/queries.server";
import { codeSubtree } from "~/domain/classification";
import { eadClosing, eadFile, eadItem, eadOpening, type EadAppraisal, type EadItem } from "./ead-xml.server";

/** What to export: the statis holdings, one berkas, or a code and the codes below it. */
export type EadSelection = { scope: "statis" } | { berkas: number } | { klasifikasi: string };

/** The selection a query names: exactly one of `scope`, `berkas`, `klasifikasi`, or none (statis). */
export function eadSelectionOf(query: { scope?: "statis"; berkas?: number; klasifikasi?: string }): EadSelection {
  const given = [query.scope, query.berkas, query.klasifikasi].filter((value) => value !== undefined).length;
  if (given > 1) throw new InvalidError(eadText.invalidSelection);
  if (query.berkas !== undefined) return { berkas: query.berkas };
  if (query.klasifikasi !== undefined) return { klasifikasi: query.klasifikasi };
  return { scope: "statis" };
}

/** Rows read per query while streaming. */
const PAGE = 200;

type Ctx = Pick<ServiceContext, "db" | "d1" | "now" | "actor" | "client" | "config" | "origin">;

/** The BIASA live documents of the selection (the one place that condition is written). */
function selected(ctx: Ctx, selection: EadSelection) {
  const base = liveDocuments(ctx).where("a.security_class", "=", "BIASA").where("a.access_level", "=", "PUBLIC");
  if ("scope" in selection) return base.where("a.archival_state", "=", "STATIS");
  if ("berkas" in selection) return base.where("a.berkas_id", "=", selection.berkas);
  return base.where("a.classification_id", "in", (eb) => eb.selectFrom("classification_codes").select("id").where(inCodeSubtree("code", codeSubtree(selection.klasifikasi))));
}

type Selected = ReturnType<typeof selected>;

/** A code's JRA line, read with the records of the export (`appraisalOf`). */
const CODE_COLUMNS = ["k.code", "k.name as code_name", "k.retention_active_years", "k.retention_inactive_years", "k.final_disposition", "k.legal_basis"] as const;

const itemColumns = (qb: Selected) =>
  qb
    .leftJoin("classification_codes as k", "k.id", "a.classification_id")
    .leftJoin("unit_kerja as uk", "uk.id", "a.unit_kerja_id")
    .select([
      "a.id",
      "a.uuid",
      "a.document_number",
      "a.title",
      "a.year",
      "a.description",
      "a.keywords",
      "a.mime_type",
      "a.file_size",
      "a.berkas_id",
      ...CODE_COLUMNS,
      "uk.nama as unit_name",
    ]);
type ItemRow = Awaited<ReturnType<ReturnType<typeof itemColumns>["execute"]>>[number];

const appraisalOf = (row: {
  retention_active_years: number | null;
  retention_inactive_years: number | null;
  final_disposition: EadAppraisal["disposition"] | null;
  legal_basis: string | null;
}): EadAppraisal | null =>
  row.retention_active_years !== null && row.retention_inactive_years !== null && row.final_disposition !== null
    ? { activeYears: row.retention_active_years, inactiveYears: row.retention_inactive_years, disposition: row.final_disposition, legalBasis: row.legal_basis ?? "" }
    : null;

function toItem(ctx: Ctx, row: ItemRow): EadItem {
  return {
    uuid: row.uuid,
    documentNumber: row.document_number,
    title: row.title,
    year: row.year,
    description: row.description,
    keywords: row.keywords,
    mimeType: row.mime_type,
    fileSizeKb: Math.round((row.file_size / 1024) * 100) / 100,
    classificationCode: row.code,
    classificationName: row.code_name,
    unitName: row.unit_name,
    appraisal: appraisalOf(row),
    url: `${ctx.origin}/documents/${row.uuid}`,
  };
}

/** Rows of `query` in pages of PAGE by ascending id (keyset), as an async sequence. */
async function* byId<Row extends { id: number }>(query: (after: number) => SelectQueryBuilder<Database, any, Row>): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = await query(after).limit(PAGE).execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
    if (rows.length < PAGE) return;
  }
}

/** The XML pieces of the export, in order: opening, one per berkas, one per unfiled document, closing. */
async function* eadPieces(ctx: Ctx, selection: EadSelection, header: Parameters<typeof eadOpening>[0]): AsyncGenerator<string> {
  const code = ctx.config.ead.repositoryCode;
  yield eadOpening(header);
  const berkasPages = byId((after) =>
    ctx.db
      .selectFrom("berkas as b")
      .innerJoin("classification_codes as k", "k.id", "b.classification_id")
      .innerJoin("unit_kerja as uk", "uk.id", "b.unit_kerja_id")
      .select([
        "b.id",
        "b.number",
        "b.title",
        "b.development_level",
        "b.note",
        ...CODE_COLUMNS,
        "uk.nama as unit_name",
      ])
      .where("b.id", "in", selected(ctx, selection).select("a.berkas_id").where("a.berkas_id", "is not", null))
      .where("b.id", ">", after)
      .orderBy("b.id"),
  );
  for await (const page of berkasPages) {
    for (const berkas of page) {
      const items = (await itemColumns(selected(ctx, selection).where("a.berkas_id", "=", berkas.id)).orderBy("a.year").orderBy("a.id").execute()).map((row) =>
        toItem(ctx, row),
      );
      if (items.length === 0) continue;
      yield eadFile(
        {
          id: berkas.id,
          number: berkas.number,
          title: berkas.title,
          classificationCode: berkas.code,
          classificationName: berkas.code_name,
          unitName: berkas.unit_name,
          startYear: Math.min(...items.map((item) => item.year)),
          endYear: Math.max(...items.map((item) => item.year)),
          developmentLevel: berkasText.developmentLevels[berkas.development_level] ?? berkas.development_level,
          note: berkas.note,
          appraisal: appraisalOf(berkas)!,
          items,
        },
        code,
      );
    }
  }
  for await (const page of byId((after) => itemColumns(selected(ctx, selection).where("a.berkas_id", "is", null).where("a.id", ">", after)).orderBy("a.id"))) {
    yield page.map((row) => eadItem(toItem(ctx, row), code, false)).join("\n");
  }
  yield eadClosing();
}

export type EadExport = { fileName: string; items: number; body: ReadableStream<Uint8Array> };

/**
 * `GET /api/v1/export/ead` and the download on /app/penyusutan (`ead.export`, Super Admin): the
 * selection's BIASA documents as EAD 2002, grouped by berkas. Side effect: an EAD_EXPORT audit
 * row (scope and count) before the first byte; the body is streamed from then on.
 */
export async function exportEad(ctx: Ctx, selection: EadSelection): Promise<EadExport> {
  assertCan(ctx.actor, { type: "ead.export" }, eadText.denied);
  let scopeLabel: string = eadText.scopes.statis;
  if ("berkas" in selection) {
    const berkas = await ctx.db.selectFrom("berkas").select(["number", "title"]).where("id", "=", selection.berkas).executeTakeFirst();
    if (!berkas) throw new NotFoundError(berkasMessages.notFound);
    scopeLabel = eadText.scopes.berkas(berkas.number, berkas.title);
  } else if ("klasifikasi" in selection) {
    scopeLabel = eadText.scopes.code(selection.klasifikasi);
  }
  const totals = await selected(ctx, selection)
    .select((eb) => [
      eb.fn.countAll<number>().as("items"),
      eb.fn.count<number>("a.berkas_id").distinct().as("berkas"),
      eb.fn.min("a.year").as("start_year"),
      eb.fn.max("a.year").as("end_year"),
    ])
    .executeTakeFirst();
  const items = Number(totals?.items ?? 0);
  const exportedOn = retentionToday(ctx.now());
  await commit(ctx, [
    {
      action: "EAD_EXPORT",
      params: { scope: scopeLabel, count: items },
      details: { selection, items, berkas: Number(totals?.berkas ?? 0) },
      targetType: "ead",
    },
  ]);
  const header = {
    eadId: `${ctx.config.ead.repositoryCode}-${exportedOn}-${crypto.randomUUID().slice(0, 8)}`,
    repositoryCode: ctx.config.ead.repositoryCode,
    institution: ctx.config.beritaAcara.institution,
    scopeLabel,
    exportedOn,
    berkas: Number(totals?.berkas ?? 0),
    items,
    startYear: totals?.start_year === null || totals?.start_year === undefined ? null : Number(totals.start_year),
    endYear: totals?.end_year === null || totals?.end_year === undefined ? null : Number(totals.end_year),
  };
  const pieces = eadPieces(ctx, selection, header);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`${next.value}\n`));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  return { fileName: `EAD-SIKN-${exportedOn}.xml`, items, body };
}
