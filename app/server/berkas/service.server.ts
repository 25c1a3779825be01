/**
 * Berkas (pemberkasan): create, change and delete a berkas, file documents into it and take them
 * out again. A berkas holds documents of its own unit and code (a trigger keeps that for every
 * write path); its retention clock, holds, transfer and disposal apply to it whole (see
 * `combineBerkasClock` and the retention refresh, which writes every document of a berkas alike).
 */
import {
  BerkasCreateSchema,
  BerkasItemsSchema,
  BerkasUpdateSchema,
  type BerkasDetailView,
  type BerkasListQuery,
  type BerkasOption,
  type BerkasView,
  type BulkBerkasOption,
} from "~/domain/berkas";
import { ConflictError, DomainError, ForbiddenError, InvalidError, NotFoundError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import { listPage, type ListPage } from "~/domain/list-query";
import { assertCan, can } from "~/domain/policy";
import { berkasMessages } from "~/i18n/berkas";
import { commit, type Step } from "../audit/commit.server";
import { findClassificationByCode } from "../classification/queries.server";
import { requireUser, type ServiceContext } from "../context.server";
import { inListChunks } from "../db/in-list.server";
import { offsetPage } from "../db/offset-page.server";
import { batchRead, batchedRead, preparedQuery, statementOf, type BatchedRead, type Statement } from "../db/prepared.server";
import { abortUnlessChanged } from "../db/write-guard.server";
import { audienceOf, visibleDocuments, type DocumentRow } from "../documents/queries.server";
import { documentRef } from "../documents/view.server";
import { refreshRetentionStates } from "../retention/service.server";
import {
  berkasRefOf,
  berkasScopeOf,
  berkasScopeWhere,
  berkasSelect,
  findBerkas,
  notOnOpenTransfer,
  openDisposalItemQuery,
  openTransferQuery,
  parseBerkasId,
  toBerkasView,
  type BerkasEb,
  type BerkasRow,
} from "./queries.server";

const SORT_COLUMNS = { number: "b.number", title: "b.title", updatedAt: "b.updated_at" } as const;

/** The berkas `id` if the actor may see it (others learn nothing: 404). */
async function visibleBerkas(ctx: ServiceContext, id: number | string): Promise<BerkasRow> {
  assertCan(ctx.actor, { type: "berkas.list" }, berkasMessages.denied);
  const berkasId = parseBerkasId(id);
  const row = berkasId === null ? undefined : await findBerkas(ctx, berkasId);
  if (!row || !can(ctx.actor, { type: "berkas.view", berkas: berkasRefOf(row) })) throw new NotFoundError(berkasMessages.notFound);
  return row;
}

/** Why the berkas cannot take documents or change now: moved, on an open disposal list, proposed for transfer; or null. */
async function closedReasonOf(ctx: ServiceContext, row: BerkasRow): Promise<string | null> {
  // A berkas at the records centre is closed whatever else holds it: nothing more to ask.
  return closedReason(row, row.custody_unit_id !== null ? [null, null] : await batchRead(ctx.d1, ...openHoldsOf(ctx, row.id)));
}

/** What else may hold a berkas open, read together: an open transfer proposal, a disposal list not yet run. */
const openHoldsOf = (ctx: ServiceContext, berkasId: number) =>
  [statementOf(ctx.d1, openTransferQuery(ctx, berkasId)), statementOf(ctx.d1, openDisposalItemQuery(ctx, berkasId))] as const;

/** `closedReasonOf` from the rows of `openHoldsOf` (null rows: not read). */
function closedReason(row: BerkasRow, [transfer, disposal]: readonly [unknown[] | null, unknown[] | null]): string | null {
  if (row.custody_unit_id !== null) return berkasMessages.moved(row.custody_unit_name ?? "");
  if (transfer?.length) return berkasMessages.onTransfer;
  if (disposal?.length) return berkasMessages.onDisposalList;
  return null;
}

/** The berkas `id` the actor may change now (`berkas.manage`, and open), or the refusal. */
export async function changeableBerkas(ctx: ServiceContext, id: number | string): Promise<BerkasRow> {
  requireUser(ctx);
  const row = await visibleBerkas(ctx, id);
  assertCan(ctx.actor, { type: "berkas.manage", berkas: berkasRefOf(row) }, berkasMessages.manageDenied);
  const closed = await closedReasonOf(ctx, row);
  if (closed) throw new ConflictError(closed);
  return row;
}

/**
 * Berkas the actor may see (`berkas.list`): Super Admin every unit's (filtered by `unit`), a
 * Satuan Kerja member its unit's and those its unit holds as the records centre; searched in
 * number and title, sorted and paged.
 */
export async function listBerkas(ctx: ServiceContext, query: BerkasListQuery): Promise<ListPage<BerkasView, BerkasListQuery>> {
  assertCan(ctx.actor, { type: "berkas.list" }, berkasMessages.denied);
  const scope = berkasScopeOf(ctx.actor);
  const unit = can(ctx.actor, { type: "berkas.allUnits" }) ? query.unit : undefined;
  const { rows, total } = await offsetPage(
    () =>
      berkasSelect(ctx)
        .where(berkasScopeWhere(scope) as never)
        .$if(unit !== undefined, (qb) => qb.where("b.unit_kerja_id", "=", unit!)),
    { search: ["b.number", "b.title"], sort: SORT_COLUMNS[query.sort], id: "b.id" },
    query,
  );
  return listPage(rows.map(toBerkasView), total, { ...query, unit });
}

/** One berkas (`berkas.view`) as the API answers it. */
export async function getBerkas(ctx: ServiceContext, id: number | string): Promise<BerkasView> {
  return toBerkasView(await visibleBerkas(ctx, id));
}

/**
 * One berkas with the documents the reader may see (SANGAT_RAHASIA ones of another unit only
 * counted), its retention clock (that of every item) and whether it may change now.
 */
export async function getBerkasDetail(ctx: ServiceContext, id: number | string): Promise<BerkasDetailView> {
  const row = await visibleBerkas(ctx, id);
  const [items, all, state, closedReason] = await Promise.all([
    visibleDocuments(ctx, audienceOf(ctx.actor))
      .select((eb) => [
        "a.uuid",
        "a.title",
        "a.document_number",
        "a.year",
        eb.exists(eb.selectFrom("vital_records as v").select("v.archive_id").whereRef("v.archive_id", "=", "a.id")).as("vital"),
      ])
      .where("a.berkas_id", "=", row.id)
      .orderBy("a.year")
      .orderBy("a.id")
      .execute(),
    ctx.db
      .selectFrom("archives")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("berkas_id", "=", row.id)
      .where("deleted_at", "is", null)
      .executeTakeFirst(),
    ctx.db
      .selectFrom("retention_states as s")
      .innerJoin("archives as a", "a.id", "s.archive_id")
      .select(["s.status", "s.active_until", "s.inactive_until", "s.disposition"])
      .where("a.berkas_id", "=", row.id)
      .where("a.deleted_at", "is", null)
      .limit(1)
      .executeTakeFirst(),
    closedReasonOf(ctx, row),
  ]);
  return {
    ...toBerkasView(row),
    items: items.map((item) => ({ uuid: item.uuid, title: item.title, documentNumber: item.document_number, year: item.year, vital: Boolean(item.vital) })),
    hiddenItems: Number(all?.n ?? 0) - items.length,
    retention: state ? { status: state.status, activeUntil: state.active_until, inactiveUntil: state.inactive_until, disposition: state.disposition } : null,
    canManage: closedReason === null && can(ctx.actor, { type: "berkas.manage", berkas: berkasRefOf(row) }),
    closedReason,
  };
}

/** The classification code's id, or an Invalid naming the field. */
async function codeIdOf(ctx: ServiceContext, code: string): Promise<number> {
  const found = await findClassificationByCode(ctx, code);
  if (!found) throw new InvalidError(berkasMessages.codeUnknown, { classificationCode: [berkasMessages.codeUnknown] });
  return found.id;
}

const berkasAudit = (row: { id: number; number: string; title: string }) => ({ targetType: "berkas", targetId: String(row.id) });

/**
 * 'Buat Berkas' / `POST /api/v1/berkas`: a Satuan Kerja member's berkas is its own unit's; a
 * Super Admin names the unit. Needs `berkas.manage` on the new berkas. Side effects: the row and
 * a BERKAS_CREATE audit row in one batch. A number the unit already uses: 409.
 */
export async function createBerkas(ctx: ServiceContext, fields: unknown): Promise<BerkasView> {
  assertCan(ctx.actor, { type: "berkas.list" }, berkasMessages.denied);
  const user = requireUser(ctx);
  const input = parseOrInvalid(BerkasCreateSchema, fields);
  const unitKerjaId = can(ctx.actor, { type: "berkas.allUnits" }) ? input.unitKerjaId : (user.unitKerjaId ?? undefined);
  if (unitKerjaId === undefined) {
    throw can(ctx.actor, { type: "berkas.allUnits" }) ? new InvalidError(berkasMessages.unitRequired, { unitKerjaId: [berkasMessages.unitRequired] }) : new ForbiddenError(berkasMessages.noUnit);
  }
  assertCan(ctx.actor, { type: "berkas.manage", berkas: { unitKerjaId, custodyUnitId: null } }, berkasMessages.manageDenied);
  if (!(await ctx.db.selectFrom("unit_kerja").select("id").where("id", "=", unitKerjaId).executeTakeFirst())) {
    throw new InvalidError(berkasMessages.unitUnknown, { unitKerjaId: [berkasMessages.unitUnknown] });
  }
  const classificationId = await codeIdOf(ctx, input.classificationCode);
  const now = ctx.now().toISOString();
  const [inserted] = await commit(
    ctx,
    [
      ctx.db
        .insertInto("berkas")
        .values({
          number: input.number,
          title: input.title,
          classification_id: classificationId,
          unit_kerja_id: unitKerjaId,
          development_level: input.developmentLevel,
          note: input.note,
          created_by: user.userId,
          created_at: now,
          updated_at: now,
        })
        .returning("id"),
      {
        action: "BERKAS_CREATE",
        params: { number: input.number, title: input.title },
        details: { number: input.number, classificationCode: input.classificationCode, unitKerjaId },
        targetType: "berkas",
      },
    ],
    { UNIQUE: () => new DomainError(409, berkasMessages.numberTaken(input.number), { number: [berkasMessages.numberTaken(input.number)] }) },
  );
  return getBerkas(ctx, (inserted?.results[0] as { id: number }).id);
}

/**
 * 'Ubah Berkas' / `PUT /api/v1/berkas/{id}` (`berkas.manage`, the berkas open): number, title,
 * code (only while empty), tingkat perkembangan, keterangan. Side effects: the row and a
 * BERKAS_UPDATE audit row.
 */
export async function updateBerkas(ctx: ServiceContext, id: number | string, fields: unknown): Promise<BerkasView> {
  const row = await changeableBerkas(ctx, id);
  const input = parseOrInvalid(BerkasUpdateSchema, fields);
  const classificationId = await codeIdOf(ctx, input.classificationCode);
  await commit(
    ctx,
    [
      ctx.db
        .updateTable("berkas")
        .set({
          number: input.number,
          title: input.title,
          classification_id: classificationId,
          development_level: input.developmentLevel,
          note: input.note,
          updated_at: ctx.now().toISOString(),
        })
        .where("id", "=", row.id)
        .where("custody_unit_id", "is", null),
      abortUnlessChanged(ctx),
      {
        action: "BERKAS_UPDATE",
        params: { number: input.number, title: input.title },
        details: {
          ...(row.number !== input.number ? { numberFrom: row.number } : {}),
          ...(row.classification_code !== input.classificationCode ? { classificationCode: { from: row.classification_code, to: input.classificationCode } } : {}),
        },
        ...berkasAudit(row),
      },
    ],
    {
      UNIQUE: () => new DomainError(409, berkasMessages.numberTaken(input.number), { number: [berkasMessages.numberTaken(input.number)] }),
      BERKAS_MISMATCH: () => new DomainError(409, berkasMessages.codeChangeFiled, { classificationCode: [berkasMessages.codeChangeFiled] }),
      STALE_WRITE: berkasMessages.changedMeanwhile,
    },
  );
  return getBerkas(ctx, row.id);
}

/**
 * `DELETE /api/v1/berkas/{id}` (`berkas.manage`, the berkas open): only an empty berkas (no
 * document, in the trash neither) goes; its documents are never un-filed behind the user's back.
 * Side effects: the row and a BERKAS_DELETE audit row.
 */
export async function deleteBerkas(ctx: ServiceContext, id: number | string): Promise<{ number: string }> {
  const row = await changeableBerkas(ctx, id);
  const held = await ctx.db.selectFrom("archives").select((eb) => eb.fn.countAll<number>().as("n")).where("berkas_id", "=", row.id).executeTakeFirst();
  if (Number(held?.n ?? 0) > 0) throw new ConflictError(berkasMessages.inUse(Number(held!.n)));
  await commit(
    ctx,
    [
      ctx.db.deleteFrom("berkas").where("id", "=", row.id),
      abortUnlessChanged(ctx),
      { action: "BERKAS_DELETE", params: { number: row.number, title: row.title }, details: { number: row.number, title: row.title }, ...berkasAudit(row) },
    ],
    { BERKAS_IN_USE: async () => new ConflictError(berkasMessages.inUse(1)), STALE_WRITE: berkasMessages.notFound },
  );
  return { number: row.number };
}

/** What filing needs to know of a document. */
type FilingRow = Pick<DocumentRow, "id" | "uuid" | "title" | "unit_kerja_id" | "classification_id" | "archival_state" | "berkas_id" | "uploader_id" | "access_level" | "security_class"> & {
  berkas_number: string | null;
};

/** Why `document` cannot go into `berkas`, or null. */
function refusalOf(berkas: BerkasRow, document: FilingRow): string | null {
  if (document.unit_kerja_id !== berkas.unit_kerja_id) return berkasMessages.otherUnit(document.title);
  if (document.classification_id !== berkas.classification_id) return berkasMessages.otherCode(document.title);
  if (document.archival_state === "STATIS") return berkasMessages.statis(document.title);
  if (document.berkas_id !== null && document.berkas_id !== berkas.id) return berkasMessages.inOtherBerkas(document.title, document.berkas_number ?? "");
  return null;
}

/**
 * 'Masukkan ke Berkas' (the document page, bulk edit, `POST /api/v1/berkas/{id}/items`): file
 * live documents into the berkas. Needs `berkas.manage` on an open berkas (at its unit, on no
 * open disposal list or transfer proposal). Every document must be one the actor may see, of the
 * berkas's unit and code, not Statis, and in no other berkas; one that is not refuses the whole
 * call (nothing is filed), naming it. Documents already in this berkas are left as they are.
 * Side effects: each document's `berkas_id` and a BERKAS_FILE audit row per document, in one
 * batch; then the retention status of the whole berkas (its clock may move).
 */
export async function fileDocumentsIntoBerkas(
  ctx: ServiceContext,
  berkasId: number | string,
  archiveUuids: unknown,
): Promise<{ berkas: BerkasView; filed: number; alreadyFiled: number }> {
  const berkas = await changeableBerkas(ctx, berkasId);
  const { archiveUuids: uuids } = parseOrInvalid(BerkasItemsSchema, { archiveUuids });
  const wanted = [...new Set(uuids)];
  const documents: FilingRow[] = [];
  for (const chunk of inListChunks(wanted)) {
    const rows = await visibleDocuments(ctx, audienceOf(ctx.actor))
      .leftJoin("berkas as fb", "fb.id", "a.berkas_id")
      .select([
        "a.id",
        "a.uuid",
        "a.title",
        "a.unit_kerja_id",
        "a.classification_id",
        "a.archival_state",
        "a.berkas_id",
        "a.uploader_id",
        "a.access_level",
        "a.security_class",
        "fb.number as berkas_number",
      ])
      .where("a.uuid", "in", chunk)
      .execute();
    documents.push(...rows);
  }
  if (documents.length !== wanted.length) throw new InvalidError(berkasMessages.documentNotFound, { archiveUuids: [berkasMessages.documentNotFound] });
  for (const document of documents) {
    if (!can(ctx.actor, { type: "document.view", document: documentRef(document) })) throw new InvalidError(berkasMessages.documentNotFound);
    const refusal = refusalOf(berkas, document);
    if (refusal) throw new InvalidError(refusal, { archiveUuids: [refusal] });
  }
  const toFile = documents.filter((document) => document.berkas_id !== berkas.id);
  if (toFile.length > 0) {
    const now = ctx.now().toISOString();
    const steps: Step[] = [
      // Still open when the batch runs (a transfer accepted in between wins).
      ctx.db.updateTable("berkas").set({ updated_at: now }).where("id", "=", berkas.id).where("custody_unit_id", "is", null),
      abortUnlessChanged(ctx),
    ];
    for (const document of toFile) {
      steps.push(
        ctx.db
          .updateTable("archives")
          .set({ berkas_id: berkas.id })
          .where("id", "=", document.id)
          .where("deleted_at", "is", null)
          .where("berkas_id", "is", null)
          .where("archival_state", "is", null),
        abortUnlessChanged(ctx),
        {
          action: "BERKAS_FILE",
          params: { title: document.title, number: berkas.number },
          details: { berkasId: berkas.id, berkas: berkas.number },
          targetType: "archive",
          targetId: document.uuid,
        },
      );
    }
    await commit(ctx, steps, { STALE_WRITE: berkasMessages.changedMeanwhile, BERKAS_MISMATCH: berkasMessages.changedMeanwhile });
    await refreshRetentionStates(ctx, { archiveIds: toFile.map((document) => document.id) });
  }
  return { berkas: await getBerkas(ctx, berkas.id), filed: toFile.length, alreadyFiled: documents.length - toFile.length };
}

/**
 * 'Keluarkan' (`DELETE /api/v1/berkas/{id}/items/{uuid}`): take a document out of an open berkas
 * (`berkas.manage`). Side effects: its `berkas_id`, a BERKAS_UNFILE audit row; then the retention
 * status of it and of the rest of the berkas.
 */
export async function removeDocumentFromBerkas(ctx: ServiceContext, berkasId: number | string, uuid: string): Promise<{ title: string }> {
  const berkas = await changeableBerkas(ctx, berkasId);
  const document = await ctx.db
    .selectFrom("archives")
    .select(["id", "uuid", "title"])
    .where("uuid", "=", uuid)
    .where("berkas_id", "=", berkas.id)
    .executeTakeFirst();
  if (!document) throw new NotFoundError(berkasMessages.notInBerkas);
  await commit(
    ctx,
    [
      ctx.db.updateTable("archives").set({ berkas_id: null }).where("id", "=", document.id).where("berkas_id", "=", berkas.id),
      abortUnlessChanged(ctx),
      {
        action: "BERKAS_UNFILE",
        params: { title: document.title, number: berkas.number },
        details: { berkasId: berkas.id, berkas: berkas.number },
        targetType: "archive",
        targetId: document.uuid,
      },
    ],
    { STALE_WRITE: berkasMessages.changedMeanwhile },
  );
  const rest = await ctx.db.selectFrom("archives").select("id").where("berkas_id", "=", berkas.id).where("deleted_at", "is", null).limit(1).execute();
  await refreshRetentionStates(ctx, { archiveIds: [document.id, ...rest.map((row) => row.id)] });
  return { title: document.title };
}

type FilingCandidate = { unitKerjaId: number | null; classificationCode: string | null; berkasId: number | null };

/** Whether the actor may put this unfiled document into a berkas (it has a unit and a code, and the actor manages that unit's berkas). */
export function mayFileIntoBerkas<D extends FilingCandidate>(ctx: ServiceContext, document: D): document is D & { unitKerjaId: number; classificationCode: string } {
  return (
    document.berkasId === null &&
    document.unitKerjaId !== null &&
    document.classificationCode !== null &&
    can(ctx.actor, { type: "berkas.manage", berkas: { unitKerjaId: document.unitKerjaId, custodyUnitId: null } })
  );
}

/**
 * The open berkas a document could be filed into by the actor (same unit and code, at the unit,
 * `berkas.manage`), newest first, for the document page's select, as a read that shares the
 * page's round trip. Empty for anyone else, and for a document already in a berkas.
 */
export function berkasOptionsRead(
  ctx: ServiceContext,
  document: FilingCandidate,
): BatchedRead<BerkasOption[]> {
  return batchedRead(
    [
      mayFileIntoBerkas(ctx, document)
        ? statementOf(
            ctx.d1,
            ctx.db
              .selectFrom("berkas as b")
              .innerJoin("classification_codes as k", "k.id", "b.classification_id")
              .select(["b.id", "b.number", "b.title"])
              .where("b.unit_kerja_id", "=", document.unitKerjaId)
              .where("k.code", "=", document.classificationCode)
              .where("b.custody_unit_id", "is", null)
              .where((eb) => notOnOpenTransfer(eb as unknown as BerkasEb))
              .orderBy("b.updated_at", "desc")
              .limit(50),
          )
        : null,
    ],
    ([rows]) => rows ?? [],
  );
}

/** Most berkas the bulk bar's select offers (newest first). */
const BULK_BERKAS_OPTIONS = 200;

/** The bulk bar's berkas, compiled once per isolate and shape: every unit's, or one unit's. */
const bulkBerkasOptionsQuery = preparedQuery(
  (db, everyUnit: boolean, unitKerjaId: number) => {
    const query = db
      .selectFrom("berkas as b")
      .innerJoin("classification_codes as k", "k.id", "b.classification_id")
      .innerJoin("unit_kerja as uk", "uk.id", "b.unit_kerja_id")
      .select(["b.id", "b.number", "b.title", "k.code as classificationCode", "uk.nama as unitKerjaName"])
      .where("b.custody_unit_id", "is", null)
      .where((eb) => notOnOpenTransfer(eb as unknown as BerkasEb));
    return (everyUnit ? query : query.where("b.unit_kerja_id", "=", unitKerjaId)).orderBy("b.updated_at", "desc").limit(BULK_BERKAS_OPTIONS);
  },
  (everyUnit) => (everyUnit ? "every unit" : "one unit"),
);

/**
 * The berkas the documents list's bulk bar offers for 'Masukkan ke Berkas': at their unit, on no
 * open transfer proposal, the actor's unit's (Super Admin: every unit's), newest first, as a
 * statement for the list's round trip. None for who may manage none. (One on an open disposal list is refused when the run is asked for.)
 */
export function bulkBerkasOptionsStatement(ctx: ServiceContext): Statement<BulkBerkasOption> | null {
  const scope = berkasScopeOf(ctx.actor);
  const unitKerjaId = scope.all ? null : scope.unitKerjaId;
  // Super Admin manages any unit's berkas (the unit in the check is then immaterial).
  if ((!scope.all && unitKerjaId === null) || !can(ctx.actor, { type: "berkas.manage", berkas: { unitKerjaId: unitKerjaId ?? 0, custodyUnitId: null } })) return null;
  return bulkBerkasOptionsQuery(ctx.d1, unitKerjaId === null, unitKerjaId ?? 0);
}

/** The berkas a document is filed in, as its page names it. */
export type BerkasOfDocument = { id: number; number: string; title: string; canManage: boolean };

/**
 * The berkas a document is filed in (number and title), and whether the actor may take the
 * document out now (`canManage`: `berkas.manage`, and the berkas open); as a read that shares the
 * page's round trip (no statement for a document in no berkas).
 */
export function berkasOfDocumentRead(ctx: ServiceContext, berkasId: number | null): BatchedRead<BerkasOfDocument | null> {
  return batchedRead(
    berkasId === null ? [null, null, null] : [statementOf(ctx.d1, berkasSelect(ctx).where("b.id", "=", berkasId)), ...openHoldsOf(ctx, berkasId)],
    ([berkas, ...holds]) => {
      const row = berkas?.[0];
      if (!row) return null;
      const canManage = can(ctx.actor, { type: "berkas.manage", berkas: berkasRefOf(row) }) && closedReason(row, holds) === null;
      return { id: row.id, number: row.number, title: row.title, canManage };
    },
  );
}

/** The units a Super Admin filters by and files for (everyone else: none, their own unit is implied). */
export async function berkasUnits(ctx: ServiceContext): Promise<{ id: number; nama: string }[] | null> {
  if (!can(ctx.actor, { type: "berkas.allUnits" })) return null;
  return ctx.db.selectFrom("unit_kerja").select(["id", "nama"]).orderBy("nama").execute();
}
