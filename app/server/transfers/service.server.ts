/**
 * Pemindahan arsip inaktif: a unit proposes berkas whose active period has passed; the records
 * centre (the unit a Super Admin marked as unit kearsipan) accepts them — custody passes to it,
 * the location of their paper is recorded, and a Berita Acara Pemindahan with the Daftar Arsip
 * yang Dipindahkan is rendered once and stored — or rejects the proposal. Every step is audited.
 */
import { sql, type ExpressionBuilder, type Updateable } from "kysely";
import { kurunWaktu, locationText, type DevelopmentLevel } from "~/domain/berkas";
import { verificationPath } from "~/domain/berita-acara";
import { ConflictError, InvalidError, NotFoundError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import { assertCan, can, userActorOf } from "~/domain/policy";
import { retentionToday } from "~/domain/retention";
import { ROLES } from "~/domain/roles";
import {
  AcceptTransferSchema,
  ProposeTransferSchema,
  RejectTransferSchema,
  transferNumber,
  type TransferCandidate,
  type TransferSummary,
  type TransferView,
} from "~/domain/transfers";
import { berkasText } from "~/i18n/berkas";
import { transferMessages as m, transferText } from "~/i18n/transfers";
import { commit, type Step } from "../audit/commit.server";
import { berkasSelect, notOnOpenTransfer, recordsCentre, toBerkasView, type BerkasEb } from "../berkas/queries.server";
import { requireUser, type ServiceContext } from "../context.server";
import { inListChunks } from "../db/in-list.server";
import { lastSequence } from "../db/numbering.server";
import type { Database } from "../db/schema";
import { abortUnlessChanged } from "../db/write-guard.server";
import { discardBeritaAcara, downloadNameOf, stageOfficialPdf } from "../disposal/berita-acara.server";
import type { FileGrant } from "../http/file-response.server";
import { csvLine } from "../http/csv.server";
import { processorOf } from "../processor.server";
import { transferListSha256Of, type MovedBerkas } from "./transfer-list.server";
import { transferSelect, type TransferRow } from "./queries.server";

/** Who sees which transfers: Super Admin and the records centre's staff all; a unit its own. */
type Scope = { all: true } | { all: false; unitKerjaId: number | null };

async function scopeOf(ctx: ServiceContext): Promise<Scope> {
  assertCan(ctx.actor, { type: "berkas.list" }, m.denied);
  const user = userActorOf(ctx.actor)!;
  if (user.role === ROLES.superAdmin) return { all: true };
  const centre = await recordsCentre(ctx);
  return centre && user.unitKerjaId === centre.id ? { all: true } : { all: false, unitKerjaId: user.unitKerjaId };
}

const jakartaToday = (ctx: ServiceContext) => retentionToday(ctx.now());

/**
 * Berkas that may be proposed: at their unit, not the records centre's own, with live documents
 * whose (shared) active period ended before `today`, not Statis, on no open proposal.
 */
function candidateSelect(ctx: ServiceContext, today: string, centreId: number | null) {
  const inactive = (eb: BerkasEb) =>
    eb
      .selectFrom("archives as a")
      .innerJoin("retention_states as s", "s.archive_id", "a.id")
      .whereRef("a.berkas_id", "=", "b.id")
      .where("a.deleted_at", "is", null)
      .where("s.status", "!=", "STATIS")
      .where("s.active_until", "<", today);
  return berkasSelect(ctx)
    .select((eb) => inactive(eb as unknown as BerkasEb).select((s) => s.fn.max("s.active_until").as("u")).as("active_until"))
    .where("b.custody_unit_id", "is", null)
    .where("b.unit_kerja_id", "!=", centreId ?? -1)
    .where((eb) => eb.exists(inactive(eb as unknown as BerkasEb).select("a.id")))
    .where((eb) => notOnOpenTransfer(eb as unknown as BerkasEb));
}

export type TransferWorkspace = {
  centre: { id: number; nama: string } | null;
  candidates: TransferCandidate[];
  transfers: TransferSummary[];
  units: { id: number; nama: string }[];
  unit: number | undefined;
  canPropose: boolean;
};

const summaryOf = (row: TransferRow): TransferSummary => ({
  uuid: row.uuid,
  number: row.number,
  status: row.status,
  unitKerjaName: row.unit_kerja_name,
  berkasCount: Number(row.berkas_count ?? 0),
  proposedAt: row.proposed_at,
  decidedAt: row.decided_at,
});

/**
 * The pemindahan page (`berkas.list`): the records centre, the berkas the actor may propose
 * (Super Admin: of the unit filtered, else every unit's; Satuan Kerja: its own unit's), and the
 * latest proposals the actor may see.
 */
export async function transferWorkspace(ctx: ServiceContext, query: { unit?: number }): Promise<TransferWorkspace> {
  const scope = await scopeOf(ctx);
  const user = requireUser(ctx);
  const isAdmin = can(ctx.actor, { type: "berkas.allUnits" });
  const ownUnit = isAdmin ? query.unit : (user.unitKerjaId ?? -1);
  const [centre, units] = await Promise.all([
    recordsCentre(ctx),
    isAdmin ? ctx.db.selectFrom("unit_kerja").select(["id", "nama"]).orderBy("nama").execute() : Promise.resolve([]),
  ]);
  const [candidates, transfers] = await Promise.all([
    candidateSelect(ctx, jakartaToday(ctx), centre?.id ?? null)
      .$if(ownUnit !== undefined, (qb) => qb.where("b.unit_kerja_id", "=", ownUnit!))
      .orderBy("uk.nama")
      .orderBy("b.number")
      .limit(200)
      .execute(),
    transferSelect(ctx)
      .$if(!scope.all, (qb) => qb.where("t.unit_kerja_id", "=", scope.all ? -1 : (scope.unitKerjaId ?? -1)))
      .orderBy("t.id", "desc")
      .limit(50)
      .execute(),
  ]);
  return {
    centre: centre ?? null,
    candidates: candidates.map((row) => {
      const view = toBerkasView(row);
      return {
        id: view.id,
        number: view.number,
        title: view.title,
        classificationCode: view.classificationCode,
        unitKerjaName: view.unitKerjaName,
        startYear: view.startYear,
        endYear: view.endYear,
        itemCount: view.itemCount,
        activeUntil: (row.active_until as string | null) ?? null,
      };
    }),
    transfers: transfers.map(summaryOf),
    units,
    unit: isAdmin ? query.unit : undefined,
    canPropose: isAdmin || (user.role === ROLES.satuanKerja && user.unitKerjaId !== null && user.unitKerjaId !== centre?.id),
  };
}

/**
 * 'Usulkan Pemindahan' (`transfer.propose` for the berkas's unit): the chosen candidates, all of
 * one unit, become a numbered proposal (PA/yyyy/nnn) whose items snapshot each berkas. Side
 * effects: the transfer, its items and a TRANSFER_PROPOSE audit row in one batch, which rolls
 * back when a berkas is already on another open proposal.
 */
export async function proposeTransfer(ctx: ServiceContext, fields: unknown): Promise<{ uuid: string; number: string }> {
  await scopeOf(ctx);
  const user = requireUser(ctx);
  const input = parseOrInvalid(ProposeTransferSchema, fields);
  const ids = [...new Set(input.berkas)];
  const centre = await recordsCentre(ctx);
  const rows: Awaited<ReturnType<ReturnType<typeof candidateSelect>["execute"]>> = [];
  for (const chunk of inListChunks(ids)) rows.push(...(await candidateSelect(ctx, jakartaToday(ctx), centre?.id ?? null).where("b.id", "in", chunk).execute()));
  if (rows.length !== ids.length) {
    const missing = ids.find((id) => !rows.some((row) => row.id === id))!;
    const number = (await ctx.db.selectFrom("berkas").select("number").where("id", "=", missing).executeTakeFirst())?.number ?? String(missing);
    throw new InvalidError(m.notCandidate(number));
  }
  const unitIds = new Set(rows.map((row) => row.unit_kerja_id));
  if (unitIds.size > 1) throw new InvalidError(m.oneUnit);
  const unitKerjaId = rows[0]!.unit_kerja_id;
  assertCan(ctx.actor, { type: "transfer.propose", unitKerjaId }, m.proposeDenied);
  const year = Number(jakartaToday(ctx).slice(0, 4));
  const number = transferNumber(year, await lastSequence(ctx.db, "transfers", `PA/${year}/`));
  const uuid = crypto.randomUUID();
  const transferId = (eb: ExpressionBuilder<Database, never>) => eb.selectFrom("transfers").select("id").where("uuid", "=", uuid);
  const sorted = [...rows].sort((a, b) => a.number.localeCompare(b.number, "id", { numeric: true }));
  await commit(
    ctx,
    [
      ctx.db.insertInto("transfers").values({ uuid, number, unit_kerja_id: unitKerjaId, note: input.note, proposed_by: user.userId, proposed_at: ctx.now().toISOString() }),
      ...sorted.map((row, index) =>
        ctx.db.insertInto("transfer_items").values((eb) => ({
          transfer_id: transferId(eb as never),
          position: index + 1,
          berkas_id: row.id,
          berkas_number: row.number,
          classification_code: row.classification_code,
          title: row.title,
          start_year: row.start_year === null ? null : Number(row.start_year),
          end_year: row.end_year === null ? null : Number(row.end_year),
          item_count: Number(row.item_count ?? 0),
          development_level: row.development_level,
        })),
      ),
      // A berkas also on another open proposal rolls the whole batch back.
      ctx.db.insertInto("write_guards").columns(["ok"]).expression(
        sql<{ ok: number }>`SELECT 0 WHERE EXISTS (
          SELECT 1 FROM transfer_items i JOIN transfers t ON t.id = i.transfer_id
           WHERE t.status = 'DIUSULKAN' AND t.uuid <> ${uuid}
             AND i.berkas_id IN (SELECT berkas_id FROM transfer_items WHERE transfer_id = (SELECT id FROM transfers WHERE uuid = ${uuid})))`,
      ),
      {
        action: "TRANSFER_PROPOSE",
        params: { number, count: rows.length },
        details: { berkas: sorted.map((row) => ({ id: row.id, number: row.number })), unitKerjaId },
        targetType: "transfer",
        targetId: uuid,
      },
    ],
    { STALE_WRITE: m.onOtherProposal, UNIQUE: m.numberTaken },
  );
  return { uuid, number };
}

async function transferRow(ctx: ServiceContext, uuid: string): Promise<TransferRow> {
  const scope = await scopeOf(ctx);
  const row = /^[0-9a-f-]{36}$/i.test(uuid) ? await transferSelect(ctx).where("t.uuid", "=", uuid).executeTakeFirst() : undefined;
  if (!row || (!scope.all && row.unit_kerja_id !== scope.unitKerjaId)) throw new NotFoundError(m.notFound);
  return row;
}

const itemRows = (ctx: ServiceContext, transferId: number) =>
  ctx.db.selectFrom("transfer_items").selectAll().where("transfer_id", "=", transferId).orderBy("position").execute();

/** One proposal with its items, decision and Berita Acara (its unit, the records centre, Super Admin). */
export async function getTransfer(ctx: ServiceContext, uuid: string): Promise<TransferView> {
  const row = await transferRow(ctx, uuid);
  const [items, centre] = await Promise.all([itemRows(ctx, row.id), recordsCentre(ctx)]);
  return {
    ...summaryOf(row),
    note: row.note,
    proposedBy: row.proposed_by_name,
    decidedBy: row.decided_by_name,
    decisionNote: row.decision_note,
    recordsCentreName: row.records_centre_name ?? centre?.nama ?? null,
    items: items.map((item) => ({
      position: item.position,
      berkasId: item.berkas_id,
      berkasNumber: item.berkas_number,
      classificationCode: item.classification_code,
      title: item.title,
      startYear: item.start_year,
      endYear: item.end_year,
      itemCount: item.item_count,
      developmentLevel: item.development_level as DevelopmentLevel,
      box: item.location_box,
      rack: item.location_rack,
    })),
    beritaAcara:
      row.ba_uuid && row.ba_number && row.ba_issued_on && row.ba_list_sha256 && row.ba_pdf_sha256
        ? { uuid: row.ba_uuid, number: row.ba_number, issuedOn: row.ba_issued_on, listSha256: row.ba_list_sha256, pdfSha256: row.ba_pdf_sha256 }
        : null,
    canDecide: row.status === "DIUSULKAN" && can(ctx.actor, { type: "transfer.decide", recordsCentreId: centre?.id ?? null }),
  };
}

/** An open proposal the actor may decide, and the records centre that will hold it. */
async function decidable(ctx: ServiceContext, uuid: string) {
  const row = await transferRow(ctx, uuid);
  const centre = await recordsCentre(ctx);
  assertCan(ctx.actor, { type: "transfer.decide", recordsCentreId: centre?.id ?? null }, m.decideDenied);
  if (row.status !== "DIUSULKAN") throw new ConflictError(m.notOpen);
  return { row, centre };
}

/** The transfer leaves DIUSULKAN only once (two deciders at once: one wins). */
const claim = (ctx: ServiceContext, row: TransferRow, set: Updateable<Database["transfers"]>): Step[] => [
  ctx.db.updateTable("transfers").set(set).where("id", "=", row.id).where("status", "=", "DIUSULKAN"),
  abortUnlessChanged(ctx),
];

/**
 * 'Terima' (`transfer.decide`: the records centre's staff or Super Admin): every berkas of the
 * proposal must still be at its unit with documents. Records per berkas the box and rack of its
 * paper (optional) and its count and years as moved; renders the Berita Acara Pemindahan with
 * the Daftar Arsip yang Dipindahkan (in the processor Worker) and stores it in R2 (staged
 * first). One batch: the transfer DITERIMA with the Berita Acara, each berkas and its documents
 * in the records centre's custody (BERKAS_MOVE audit rows), TRANSFER_ACCEPT. A failed batch
 * removes the PDF again.
 */
export async function acceptTransfer(ctx: ServiceContext, uuid: string, fields: unknown): Promise<{ beritaAcara: { uuid: string; number: string } }> {
  const { row, centre } = await decidable(ctx, uuid);
  const user = requireUser(ctx);
  if (!centre) throw new ConflictError(m.centreMissing);
  if (centre.id === row.unit_kerja_id) throw new ConflictError(m.ownCentre);
  const input = parseOrInvalid(AcceptTransferSchema, fields);
  const items = await itemRows(ctx, row.id);
  const current = new Map<number, Awaited<ReturnType<ReturnType<typeof berkasSelect>["execute"]>>[number]>();
  for (const chunk of inListChunks(items.map((item) => item.berkas_id))) {
    for (const berkas of await berkasSelect(ctx).where("b.id", "in", chunk).execute()) current.set(berkas.id, berkas);
  }
  for (const item of items) {
    const berkas = current.get(item.berkas_id);
    if (!berkas || berkas.custody_unit_id !== null || Number(berkas.item_count ?? 0) === 0) throw new ConflictError(m.berkasChanged(item.berkas_number));
  }
  const units = await ctx.db.selectFrom("unit_kerja").select(["id", "nama", "nama_pejabat"]).where("id", "in", [row.unit_kerja_id, centre.id]).execute();
  const unit = units.find((u) => u.id === row.unit_kerja_id)!;
  const centreRow = units.find((u) => u.id === centre.id)!;
  const locationOf = (position: number) => {
    const given = input.locations.find((location) => location.position === position);
    return { box: given?.box || null, rack: given?.rack || null };
  };
  const moved: MovedBerkas[] = items.map((item) => {
    const berkas = current.get(item.berkas_id)!;
    const { box, rack } = locationOf(item.position);
    return {
      position: item.position,
      berkasNumber: berkas.number,
      classificationCode: berkas.classification_code,
      title: berkas.title,
      period: kurunWaktu(berkas.start_year === null ? null : Number(berkas.start_year), berkas.end_year === null ? null : Number(berkas.end_year)),
      itemCount: Number(berkas.item_count ?? 0),
      developmentLevel: berkasText.developmentLevels[berkas.development_level] ?? berkas.development_level,
      location: locationText(box, rack) ?? "",
    };
  });
  const baUuid = crypto.randomUUID();
  const baNumber = `BA/${row.number}`;
  const issuedOn = jakartaToday(ctx);
  const listSha256 = await transferListSha256Of(moved);
  // Rendered by the processor Worker: pdf-lib never loads in this one.
  const pdf = await processorOf(ctx.env).renderPemindahan({
    number: baNumber,
    transferNumber: row.number,
    issuedOn,
    place: ctx.config.beritaAcara.place,
    institution: ctx.config.beritaAcara.institution,
    unit: { name: unit.nama, official: unit.nama_pejabat },
    centre: { name: centreRow.nama, official: centreRow.nama_pejabat },
    items: moved,
    listSha256,
    verificationUrl: `${ctx.origin}${verificationPath(baUuid)}`,
  });
  const staged = await stageOfficialPdf(ctx, `berita-acara/${baUuid}.pdf`, pdf, { number: baNumber, listSha256 });
  const now = ctx.now().toISOString();
  const steps: Step[] = [
    ...claim(ctx, row, {
      status: "DITERIMA",
      records_centre_id: centre.id,
      decided_by: user.userId,
      decided_at: now,
      ba_uuid: baUuid,
      ba_number: baNumber,
      ba_issued_on: issuedOn,
      ba_place: ctx.config.beritaAcara.place,
      ba_list_sha256: listSha256,
      ba_r2_key: staged.r2Key,
      ba_pdf_sha256: staged.pdfSha256,
    }),
    staged.unstage,
  ];
  for (const item of items) {
    const berkas = current.get(item.berkas_id)!;
    const { box, rack } = locationOf(item.position);
    steps.push(
      ctx.db
        .updateTable("transfer_items")
        .set({
          location_box: box,
          location_rack: rack,
          item_count: Number(berkas.item_count ?? 0),
          start_year: berkas.start_year === null ? null : Number(berkas.start_year),
          end_year: berkas.end_year === null ? null : Number(berkas.end_year),
        })
        .where("transfer_id", "=", row.id)
        .where("position", "=", item.position),
      ctx.db
        .updateTable("berkas")
        .set({ custody_unit_id: centre.id, location_box: box, location_rack: rack, updated_at: now })
        .where("id", "=", berkas.id)
        .where("custody_unit_id", "is", null),
      abortUnlessChanged(ctx),
      ctx.db.updateTable("archives").set({ custody_unit_id: centre.id }).where("berkas_id", "=", berkas.id),
      {
        action: "BERKAS_MOVE",
        params: { number: berkas.number, title: berkas.title, centre: centreRow.nama, location: locationText(box, rack) },
        details: { transfer: row.uuid, beritaAcara: baUuid, box, rack, custodyUnitId: centre.id },
        targetType: "berkas",
        targetId: String(berkas.id),
      },
    );
  }
  steps.push({
    action: "TRANSFER_ACCEPT",
    params: { number: row.number, beritaAcara: baNumber, centre: centreRow.nama },
    details: { beritaAcara: baUuid, listSha256, pdfSha256: staged.pdfSha256, berkas: items.length },
    targetType: "transfer",
    targetId: row.uuid,
  });
  try {
    await commit(ctx, steps, { STALE_WRITE: m.notOpen });
  } catch (error) {
    await discardBeritaAcara(ctx, staged).catch(() => undefined);
    throw error;
  }
  return { beritaAcara: { uuid: baUuid, number: baNumber } };
}

/** 'Tolak' (`transfer.decide`), with the reason. Side effects: the transfer DITOLAK and a TRANSFER_REJECT audit row. */
export async function rejectTransfer(ctx: ServiceContext, uuid: string, fields: unknown): Promise<void> {
  const { row } = await decidable(ctx, uuid);
  const user = requireUser(ctx);
  const { reason } = parseOrInvalid(RejectTransferSchema, fields);
  await commit(
    ctx,
    [
      ...claim(ctx, row, { status: "DITOLAK", decided_by: user.userId, decided_at: ctx.now().toISOString(), decision_note: reason }),
      { action: "TRANSFER_REJECT", params: { number: row.number, reason }, details: { reason }, targetType: "transfer", targetId: row.uuid },
    ],
    { STALE_WRITE: m.notOpen },
  );
}

/** The Daftar Arsip yang Dipindahkan of a proposal as CSV (who may see the transfer). */
export async function transferListCsv(ctx: ServiceContext, uuid: string): Promise<{ fileName: string; body: string }> {
  const view = await getTransfer(ctx, uuid);
  const c = transferText.columns;
  let body = csvLine(["No", c.berkasNumber, c.code, c.title, c.period, c.items, c.developmentLevel, c.box, c.rack]);
  for (const item of view.items) {
    body += csvLine([
      item.position,
      item.berkasNumber,
      item.classificationCode,
      item.title,
      kurunWaktu(item.startYear, item.endYear),
      item.itemCount,
      berkasText.developmentLevels[item.developmentLevel] ?? item.developmentLevel,
      item.box ?? "",
      item.rack ?? "",
    ]);
  }
  return { fileName: `Daftar-Arsip-Dipindahkan-${view.number.replace(/\//g, "-")}.csv`, body };
}

/** The stored Berita Acara Pemindahan (who may see the transfer: its unit, the records centre, Super Admin). */
export async function openTransferBeritaAcara(ctx: ServiceContext, uuid: string): Promise<FileGrant> {
  const row = await transferRow(ctx, uuid);
  if (!row.ba_r2_key || !row.ba_number || !row.ba_pdf_sha256) throw new NotFoundError(m.notFound);
  const object = await ctx.files.head(row.ba_r2_key);
  if (!object) throw new NotFoundError(m.notFound);
  return {
    file: { key: row.ba_r2_key, fileName: downloadNameOf(row.ba_number), mimeType: "application/pdf", size: object.size, sha256: row.ba_pdf_sha256, visibility: "private" },
    disposition: "attachment",
  };
}
