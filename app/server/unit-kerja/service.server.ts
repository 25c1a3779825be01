import { ConflictError, DomainError, NotFoundError } from "~/domain/errors";
import { listPage, type ListPage } from "~/domain/list-query";
import { assertCan } from "~/domain/policy";
import type { UnitKerjaInput, UnitKerjaListQuery, UnitKerjaView } from "~/domain/unit-kerja";
import { t } from "~/i18n/id";
import { unitKerjaMessages } from "~/i18n/unit-kerja";
import { unitKerjaForm } from "~/i18n/unit-kerja-form";
import type { ServiceContext } from "../context.server";
import {
  findUnitKerja,
  findUnitKerjaByNama,
  listUnitKerjaRows,
  toUnitKerjaView,
  unitKerjaReferences,
  type UnitKerjaRow,
} from "./queries.server";
import { commit, type AuditEntry, type ConflictMessages, type Step } from "../audit/commit.server";

const m = unitKerjaMessages;

const assertManage = (ctx: ServiceContext) => assertCan(ctx.actor, { type: "unitKerja.manage" }, t.denied.page);

/** The audit row of a change to a work unit; the one place this service writes audit rows. */
const unitAudit = (entry: AuditEntry, unitId: number | null): AuditEntry => ({
  ...entry,
  targetType: "unit_kerja",
  targetId: unitId === null ? undefined : String(unitId),
});

const namaTaken = (nama: string) => {
  const message = m.namaTaken(nama);
  return new DomainError(409, message, { nama: [message] });
};

/** Work-unit ids are positive decimal integers; anything else names no unit. */
export const parseUnitKerjaId = (value: string): number | null => (/^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

async function findOr404(ctx: ServiceContext, id: number | null): Promise<UnitKerjaRow> {
  const row = id === null ? undefined : await findUnitKerja(ctx, id);
  if (!row) throw new NotFoundError(unitKerjaForm.notFound);
  return row;
}

const columnsOf = (input: UnitKerjaInput) => ({
  nama: input.nama,
  jenis: input.jenis,
  email: input.email ?? null,
  nama_pejabat: input.namaPejabat ?? null,
});

/** The records-centre role taken from every unit but `exceptId` (before another takes it, in the same batch). */
const clearRecordsCentre = (ctx: ServiceContext, exceptId: number | null) =>
  ctx.db
    .updateTable("unit_kerja")
    .set({ is_records_centre: 0 })
    .where("is_records_centre", "=", 1)
    .$if(exceptId !== null, (qb) => qb.where("id", "!=", exceptId!));

function runUnitBatch(ctx: ServiceContext, steps: Step[], nama: string, inUse?: ConflictMessages["UNIT_KERJA_IN_USE"]) {
  return commit(ctx, steps, { UNIQUE: () => namaTaken(nama), ...(inUse ? { UNIT_KERJA_IN_USE: inUse } : {}) });
}

/** Work units, searched, sorted (newest change first by default) and paged. Needs `unitKerja.manage`. */
export async function listUnitKerja(ctx: ServiceContext, query: UnitKerjaListQuery): Promise<ListPage<UnitKerjaView, UnitKerjaListQuery>> {
  assertManage(ctx);
  const { rows, total } = await listUnitKerjaRows(ctx, query);
  return listPage(rows.map(toUnitKerjaView), total, query);
}

/** One work unit (`id` as it came in the URL). Needs `unitKerja.manage`. */
export async function getUnitKerja(ctx: ServiceContext, id: string): Promise<UnitKerjaView> {
  assertManage(ctx);
  return toUnitKerjaView(await findOr404(ctx, parseUnitKerjaId(id)));
}

/**
 * Create a work unit. Needs `unitKerja.manage`. Names are unique regardless of case (409).
 * Side effects: the row and a UNIT_KERJA_CREATE audit row in one batch.
 */
export async function createUnitKerja(ctx: ServiceContext, input: UnitKerjaInput): Promise<UnitKerjaView> {
  assertManage(ctx);
  if (await findUnitKerjaByNama(ctx, input.nama)) throw namaTaken(input.nama);
  const now = ctx.now().toISOString();
  // The new id is not known before the batch runs, and an audit row's content must be (the
  // audit writer may seal it): the row names the unit, whose name is unique.
  const centre = input.isRecordsCentre === true;
  const results = await runUnitBatch(
    ctx,
    [
      ...(centre ? [clearRecordsCentre(ctx, null)] : []),
      ctx.db
        .insertInto("unit_kerja")
        .values({ ...columnsOf(input), is_records_centre: centre ? 1 : 0, created_at: now, updated_at: now })
        .returning("id"),
      unitAudit({ action: "UNIT_KERJA_CREATE", params: { nama: input.nama }, details: { nama: input.nama, jenis: input.jenis, ...(centre ? { recordsCentre: true } : {}) } }, null),
    ],
    input.nama,
  );
  const inserted = results[centre ? 1 : 0];
  const id = (inserted?.results[0] as { id: number } | undefined)?.id;
  return toUnitKerjaView(await findOr404(ctx, id ?? null));
}

/**
 * Update a work unit's fields. Needs `unitKerja.manage`. Side effects: the row and a
 * UNIT_KERJA_UPDATE audit row in one batch. A name another unit has: 409.
 */
export async function updateUnitKerja(ctx: ServiceContext, id: string, input: UnitKerjaInput): Promise<UnitKerjaView> {
  assertManage(ctx);
  const current = await findOr404(ctx, parseUnitKerjaId(id));
  if (await findUnitKerjaByNama(ctx, input.nama, current.id)) throw namaTaken(input.nama);
  // Naming this unit the records centre takes the role from any other (at most one; audited).
  const centre = input.isRecordsCentre === undefined || input.isRecordsCentre === (current.is_records_centre === 1) ? undefined : input.isRecordsCentre;
  await runUnitBatch(
    ctx,
    [
      ...(centre === true ? [clearRecordsCentre(ctx, current.id)] : []),
      ctx.db
        .updateTable("unit_kerja")
        .set({ ...columnsOf(input), ...(centre !== undefined ? { is_records_centre: centre ? 1 : 0 } : {}), updated_at: ctx.now().toISOString() })
        .where("id", "=", current.id),
      unitAudit(
        {
          action: "UNIT_KERJA_UPDATE",
          params: { nama: input.nama },
          details: { ...(current.nama !== input.nama ? { namaFrom: current.nama } : {}), nama: input.nama, ...(centre !== undefined ? { recordsCentre: centre } : {}) },
        },
        current.id,
      ),
    ],
    input.nama,
  );
  return toUnitKerjaView(await findOr404(ctx, current.id));
}

/**
 * Delete a work unit. Needs `unitKerja.manage`. Refused with 409 while users, documents or
 * access requests still reference it (the database refuses inside the same batch, so a user
 * added meanwhile is never orphaned). Side effects: the row and a UNIT_KERJA_DELETE audit row.
 */
export async function deleteUnitKerja(ctx: ServiceContext, id: string): Promise<{ nama: string }> {
  assertManage(ctx);
  const target = await findOr404(ctx, parseUnitKerjaId(id));
  await runUnitBatch(
    ctx,
    [
      unitAudit({ action: "UNIT_KERJA_DELETE", params: { nama: target.nama }, details: { nama: target.nama, jenis: target.jenis } }, target.id),
      ctx.db.deleteFrom("unit_kerja").where("id", "=", target.id),
    ],
    target.nama,
    async () => {
      const refs = await unitKerjaReferences(ctx, target.id);
      return new ConflictError(m.inUse(target.nama, refs.users, refs.documents));
    },
  );
  return { nama: target.nama };
}
