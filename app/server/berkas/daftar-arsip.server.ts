/**
 * The Daftar Arsip Aktif / Inaktif: per unit (Super Admin: every unit, or one), the berkas whose
 * shared active period is still running (aktif) or has ended, moved to the records centre or
 * not (inaktif), in ANRI's columns; as a page, CSV and PDF. Statis berkas belong to the EAD
 * export, not here; an empty berkas lists nowhere.
 */
import { generatedFileName } from "~/domain/file-names";
import { kurunWaktu, locationText, type DaftarArsipQuery, type DaftarArsipRow, type DaftarJenis } from "~/domain/berkas";
import { listPage, type ListPage } from "~/domain/list-query";
import { assertCan, can } from "~/domain/policy";
import { retentionToday } from "~/domain/retention";
import { berkasText, berkasMessages } from "~/i18n/berkas";
import { daftarArsipDocumentText as doc, daftarArsipText as d } from "~/i18n/daftar-arsip";
import type { ServiceContext } from "../context.server";
import { csvLine } from "../http/csv.server";
import { processorOf } from "../processor.server";
import { berkasScopeOf, berkasScopeWhere, berkasSelect, toBerkasView, type BerkasEb, type BerkasRow } from "./queries.server";

/** Rows a download holds at most (a unit's daftar is hundreds; the whole university's a few thousand). */
const DOWNLOAD_LIMIT = 5000;

/** The berkas's clock, as its live documents carry it (all the same: a berkas shares one clock). */
const stateOf = (eb: BerkasEb) =>
  eb.selectFrom("archives as a").innerJoin("retention_states as s", "s.archive_id", "a.id").whereRef("a.berkas_id", "=", "b.id").where("a.deleted_at", "is", null);

/** Aktif: its active period runs on `today`; inaktif: it ended (or the berkas was moved). Never Statis. */
const jenisWhere = (jenis: DaftarJenis, today: string) => (eb: BerkasEb) => {
  const notStatis = stateOf(eb).select("a.id").where("s.status", "!=", "STATIS");
  return jenis === "aktif"
    ? eb.and([eb("b.custody_unit_id", "is", null), eb.exists(notStatis.where("s.active_until", ">=", today))])
    : eb.and([eb.exists(notStatis), eb.or([eb("b.custody_unit_id", "is not", null), eb.exists(notStatis.where("s.active_until", "<", today))])]);
};

function selection(ctx: ServiceContext, query: DaftarArsipQuery) {
  assertCan(ctx.actor, { type: "berkas.list" }, berkasMessages.denied);
  const unit = can(ctx.actor, { type: "berkas.allUnits" }) ? query.unit : undefined;
  const today = retentionToday(ctx.now());
  return {
    unit,
    select: () =>
      berkasSelect(ctx)
        .select((eb) => stateOf(eb as unknown as BerkasEb).select("s.status").limit(1).as("status"))
        .where(berkasScopeWhere(berkasScopeOf(ctx.actor)) as never)
        .where(jenisWhere(query.jenis, today) as never)
        .$if(unit !== undefined, (qb) => qb.where("b.unit_kerja_id", "=", unit!)),
  };
}

function rowOf(row: BerkasRow & { status: string | null }): DaftarArsipRow {
  const view = toBerkasView(row);
  const remarks = [
    view.note,
    view.custody ? doc.remarks.moved(view.custody.unitKerjaName) : null,
    row.status === "DITAHAN" ? doc.remarks.held : row.status === "JATUH_TEMPO" ? doc.remarks.due : null,
  ].filter(Boolean);
  return {
    berkasId: view.id,
    number: view.number,
    classificationCode: view.classificationCode,
    title: view.title,
    startYear: view.startYear,
    endYear: view.endYear,
    itemCount: view.itemCount,
    developmentLevel: view.developmentLevel,
    remarks: remarks.join("; "),
    location: view.custody ? locationText(view.custody.box, view.custody.rack) : null,
    unitKerjaName: view.unitKerjaName,
  };
}

export type DaftarArsipPage = {
  page: ListPage<DaftarArsipRow, DaftarArsipQuery>;
  totals: { berkas: number; items: number };
  units: { id: number; nama: string }[];
};

/**
 * One page of the Daftar Arsip (`berkas.list`): the actor's berkas (Super Admin: every unit's or
 * `unit`'s; Satuan Kerja: its unit's, and those it holds as the records centre), by number, with
 * the totals of the whole list.
 */
export async function listDaftarArsip(ctx: ServiceContext, query: DaftarArsipQuery): Promise<DaftarArsipPage> {
  const { unit, select } = selection(ctx, query);
  const [rows, totals, units] = await Promise.all([
    select()
      .orderBy("uk.nama")
      .orderBy("b.number")
      .orderBy("b.id")
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    ctx.db
      .selectFrom(select().as("x"))
      .select((eb) => [eb.fn.countAll<number>().as("berkas"), eb.fn.sum<number>("x.item_count").as("items")])
      .executeTakeFirst(),
    can(ctx.actor, { type: "berkas.allUnits" }) ? ctx.db.selectFrom("unit_kerja").select(["id", "nama"]).orderBy("nama").execute() : Promise.resolve([]),
  ]);
  const total = Number(totals?.berkas ?? 0);
  return {
    page: listPage(rows.map((row) => rowOf(row as BerkasRow & { status: string | null })), total, { ...query, unit }),
    totals: { berkas: total, items: Number(totals?.items ?? 0) },
    units,
  };
}

/** The whole list (up to DOWNLOAD_LIMIT rows) and what its heading names. */
async function wholeList(ctx: ServiceContext, query: DaftarArsipQuery) {
  const { unit, select } = selection(ctx, query);
  const rows = (await select().orderBy("uk.nama").orderBy("b.number").orderBy("b.id").limit(DOWNLOAD_LIMIT).execute()).map((row) =>
    rowOf(row as BerkasRow & { status: string | null }),
  );
  const unitName = unit !== undefined ? (await ctx.db.selectFrom("unit_kerja").select("nama").where("id", "=", unit).executeTakeFirst())?.nama : undefined;
  const ownUnit = !can(ctx.actor, { type: "berkas.allUnits" }) ? rows[0]?.unitKerjaName : undefined;
  return { rows, unitLabel: unitName ?? ownUnit ?? doc.pdf.allUnits, title: d.title[query.jenis]! };
}

/** The Daftar Arsip as CSV, the page's columns plus the unit. */
export async function daftarArsipCsv(ctx: ServiceContext, query: DaftarArsipQuery): Promise<{ fileName: string; body: string }> {
  const { rows, unitLabel, title } = await wholeList(ctx, query);
  const c = berkasText.columns;
  let body = csvLine(["No", c.number, c.code, c.title, c.period, c.items, c.developmentLevel, c.location, c.remarks, c.unit]);
  rows.forEach((row, index) => {
    body += csvLine([
      index + 1,
      row.number,
      row.classificationCode,
      row.title,
      kurunWaktu(row.startYear, row.endYear),
      row.itemCount,
      berkasText.developmentLevels[row.developmentLevel] ?? row.developmentLevel,
      row.location ?? "",
      row.remarks,
      row.unitKerjaName,
    ]);
  });
  return { fileName: generatedFileName([title, unitLabel], "csv"), body };
}

/** The Daftar Arsip as PDF (rendered on request by the processor Worker). */
export async function daftarArsipPdf(ctx: ServiceContext, query: DaftarArsipQuery): Promise<{ fileName: string; bytes: Uint8Array }> {
  const { rows, unitLabel, title } = await wholeList(ctx, query);
  const bytes = await processorOf(ctx.env).renderDaftarArsip({
    title,
    unitLabel,
    institution: ctx.config.beritaAcara.institution,
    printedOn: retentionToday(ctx.now()),
    rows: rows.map((row, index) => ({
      ...row,
      position: index + 1,
      period: kurunWaktu(row.startYear, row.endYear),
      level: berkasText.developmentLevels[row.developmentLevel] ?? row.developmentLevel,
    })),
    totals: `${doc.pdf.total}: ${d.totals(rows.length, rows.reduce((sum, row) => sum + row.itemCount, 0))}`,
    labels: { unit: doc.pdf.unit, printedOn: doc.pdf.printedOn },
  });
  return { fileName: generatedFileName([title, unitLabel], "pdf"), bytes };
}
