import { sql, type ExpressionBuilder } from "kysely";
import {
  CANDIDATE_PAGE_SIZE,
  MAX_LIST_ITEMS,
  executionBlockers,
  listKindOfTab,
  listNumber,
  needsAnriLetter,
  LIST_PREFIX,
  AnriLetterSchema,
  CreateListSchema,
  DecisionSchema,
  type AnriLetterInput,
  type CandidatePage,
  type CandidateQuery,
  type CreateListInput,
  type DecisionInput,
  type DisposalItemView,
  type DisposalListSummary,
  type DisposalListView,
  type ListKind,
} from "~/domain/disposal";
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from "~/domain/errors";
import { assertCan, can, disposalScope, type DisposalScope } from "~/domain/policy";
import { disposalMessages } from "~/i18n/disposal";
import { disposalListText } from "~/i18n/disposal-list";
import { vitalText } from "~/i18n/vital";
import { codeSubtree, isInSubtree } from "~/domain/classification";
import { inCodeSubtree } from "../classification/queries.server";
import { commit, type Step } from "../audit/commit.server";
import { inListChunks } from "../db/in-list.server";
import { lastSequence } from "../db/numbering.server";
import { requireUser, type ServiceContext } from "../context.server";
import { sha256Hex } from "../crypto.server";
import type { Database } from "../db/schema";
import { abortUnlessChanged } from "../db/write-guard.server";
import { destroySteps } from "../documents/trash.server";
import { drainFileDeletions } from "../files/deletion-queue.server";
import { csvLine } from "../http/csv.server";
import { verificationPath } from "~/domain/berita-acara";
import { listSha256Of, type BeritaAcaraItem } from "./berita-acara-list.server";
import { processorOf } from "../processor.server";
import { beritaAcaraKeyOf, beritaAcaraStored, discardBeritaAcara, storeBeritaAcara } from "./berita-acara.server";
import { insertJobStatement } from "../jobs/records.server";
import type { JobSlice, RunningJob } from "../jobs/runner.server";
import { parseOrInvalid } from "~/domain/form-input";

/** The part of the workspace the actor sees (`disposal.view`), or Forbidden/Unauthenticated. */
function scopeOf(ctx: ServiceContext): DisposalScope {
  assertCan(ctx.actor, { type: "disposal.view" }, disposalMessages.denied);
  const scope = disposalScope(ctx.actor);
  if (!scope) throw new ForbiddenError(disposalMessages.denied);
  return scope;
}

function assertManage(ctx: ServiceContext) {
  assertCan(ctx.actor, { type: "disposal.manage" }, disposalMessages.manageDenied);
  return requireUser(ctx);
}

type ArchiveEb = ExpressionBuilder<Database & { a: Database["archives"]; k: Database["classification_codes"] | null }, "a" | "k">;

/**
 * Not under a legal hold: none on the document, none on its code or a code above it (a code's
 * hold covers the codes below it: `PP.01` covers `PP.01.02`, the same range the document filter uses).
 */
const notHeld = (eb: ArchiveEb) =>
  eb.and([
    eb.not(eb.exists(eb.selectFrom("retention_holds as h").select("h.id").whereRef("h.archive_id", "=", "a.id").where("h.released_at", "is", null))),
    eb.not(
      eb.exists(
        eb
          .selectFrom("retention_holds as h")
          .innerJoin("classification_codes as hc", "hc.id", "h.classification_id")
          .select("h.id")
          .where("h.released_at", "is", null)
          .where(inCodeSubtree("k.code", { column: "hc.code" })),
      ),
    ),
  ]);

/**
 * Not vital, nor filed in a berkas with a vital document (a berkas is disposed of whole): arsip
 * vital stays off the lists until its flag is lifted.
 */
const notVital = (eb: ArchiveEb) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom("vital_records as v")
        .select("v.archive_id")
        .where((w) =>
          w.or([
            w("v.archive_id", "=", w.ref("a.id")),
            w("v.archive_id", "in", w.selectFrom("archives as s").select("s.id").whereRef("s.berkas_id", "=", "a.berkas_id")),
          ]),
        ),
    ),
  );

/** Not on a list that has not run yet (a record is on at most one open list). */
const notOnOpenList = (eb: ArchiveEb) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom("disposal_items as i")
        .innerJoin("disposal_lists as l", "l.id", "i.list_id")
        .select("i.archive_id")
        .whereRef("i.archive_id", "=", "a.id")
        .where("l.status", "!=", "EXECUTED"),
    ),
  );

function candidateRows(ctx: ServiceContext, scope: DisposalScope, query: Omit<CandidateQuery, "after"> & { after?: number; uuids?: string[] }) {
  return ctx.db
    .selectFrom("retention_states as s")
    .innerJoin("archives as a", "a.id", "s.archive_id")
    .leftJoin("classification_codes as k", "k.id", "a.classification_id")
    .leftJoin("unit_kerja as uk", "uk.id", "a.unit_kerja_id")
    .leftJoin("berkas as b", "b.id", "a.berkas_id")
    .select([
      "a.id",
      "a.uuid",
      "a.title",
      "a.document_number",
      "a.year",
      "a.unit_kerja_id",
      "a.berkas_id",
      "b.number as berkas_number",
      "k.code as classification_code",
      "uk.nama as unit_kerja_name",
      "s.disposition",
      "s.inactive_until",
    ])
    .where("s.status", "=", "JATUH_TEMPO")
    .where("s.disposition", "=", query.tab)
    .where("a.deleted_at", "is", null)
    .where("a.archival_state", "is", null)
    .where((eb) => notHeld(eb as unknown as ArchiveEb))
    .where((eb) => notOnOpenList(eb as unknown as ArchiveEb))
    .where((eb) => notVital(eb as unknown as ArchiveEb))
    .$if(!scope.all, (qb) => qb.where("a.unit_kerja_id", "=", scope.all ? -1 : (scope.unitKerjaId ?? -1)))
    .$if(query.unit !== undefined, (qb) => qb.where("a.unit_kerja_id", "=", query.unit!))
    .$if(query.year !== undefined, (qb) => qb.where("a.year", "=", query.year!))
    .$if(query.code !== undefined, (qb) => qb.where(inCodeSubtree("k.code", codeSubtree(query.code!))))
    .$if(query.after !== undefined, (qb) => qb.where("s.archive_id", ">", query.after!))
    .$if(query.uuids !== undefined, (qb) => qb.where("a.uuid", "in", query.uuids!))
    .orderBy("s.archive_id");
}

/**
 * The workspace (`disposal.view`): records due for the tab's final disposition, not held, not on
 * an open list, filtered by unit / code / year, in keyset pages by document id. Satuan Kerja sees
 * its own unit's only.
 */
export async function listCandidates(ctx: ServiceContext, query: CandidateQuery): Promise<CandidatePage> {
  const scope = scopeOf(ctx);
  const [rows, vitalDue] = await Promise.all([candidateRows(ctx, scope, query).limit(CANDIDATE_PAGE_SIZE + 1).execute(), dueVitalCount(ctx, scope, query.tab)]);
  const shown = rows.slice(0, CANDIDATE_PAGE_SIZE);
  return {
    query,
    vitalDue,
    data: shown.map((row) => ({
      uuid: row.uuid,
      title: row.title,
      documentNumber: row.document_number,
      year: row.year,
      classificationCode: row.classification_code,
      unitKerja: row.unit_kerja_name,
      berkasNumber: row.berkas_number,
      disposition: query.tab,
      dueSince: row.inactive_until,
    })),
    nextAfter: rows.length > CANDIDATE_PAGE_SIZE ? shown[shown.length - 1]!.id : null,
    canList: listKindOfTab(query.tab) !== null && can(ctx.actor, { type: "disposal.manage" }),
  };
}

/**
 * Vital records due for the tab's disposition that the candidates leave out (the page warns of
 * them): read from the small vital table, never a scan of the states.
 */
async function dueVitalCount(ctx: ServiceContext, scope: DisposalScope, tab: CandidateQuery["tab"]): Promise<number> {
  const row = await ctx.db
    .selectFrom("vital_records as v")
    .innerJoin("retention_states as s", "s.archive_id", "v.archive_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("s.status", "=", "JATUH_TEMPO")
    .where("s.disposition", "=", tab)
    .$if(!scope.all, (qb) => qb.where("s.unit_kerja_id", "=", scope.all ? -1 : (scope.unitKerjaId ?? -1)))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The work units the candidates' filter offers: every unit for whoever sees them all, none for a
 * Satuan Kerja, whose candidates are its own unit's (a filter with one choice is no filter; the
 * Daftar Arsip and the transfer page leave it out the same way).
 */
export async function candidateUnits(ctx: ServiceContext): Promise<{ id: number; nama: string }[]> {
  if (!scopeOf(ctx).all) return [];
  return ctx.db.selectFrom("unit_kerja").select(["id", "nama"]).orderBy("nama").execute();
}

/** The rows of `ids` (at most one in-list chunk) with what a snapshot covers and what the execution re-checks. */
function liveArchiveRows(ctx: ServiceContext, ids: readonly number[]) {
  return ctx.db
    .selectFrom("archives as a")
    .leftJoin("classification_codes as k", "k.id", "a.classification_id")
    .select((eb) => [
      "a.id",
      "a.uuid",
      "a.title",
      "a.document_number",
      "a.year",
      "a.description",
      "a.keywords",
      "a.access_level",
      "a.security_class",
      "a.classification_id",
      "a.unit_kerja_id",
      "a.retention_start_date",
      "a.sha256",
      "a.current_version",
      "a.updated_at",
      "a.deleted_at",
      "a.archival_state",
      "a.berkas_id",
      "k.code as classification_code",
      sql<number | null>`k.retention_active_years + k.retention_inactive_years`.as("retention_years"),
      eb.selectFrom("archive_files as f").select((f) => f.fn.countAll<number>().as("n")).whereRef("f.archive_id", "=", "a.id").as("file_count"),
    ])
    .where("a.id", "in", ids)
    .execute();
}

type LiveArchive = Omit<Awaited<ReturnType<typeof liveArchiveRows>>[number], "file_count"> & { file_count: number };

/** The records with what a snapshot covers and what the execution re-checks. */
async function liveArchives(ctx: ServiceContext, ids: number[]): Promise<Map<number, LiveArchive>> {
  const found = new Map<number, LiveArchive>();
  for (const chunk of inListChunks(ids)) {
    for (const row of await liveArchiveRows(ctx, chunk)) found.set(row.id, { ...row, file_count: Number(row.file_count ?? 0) });
  }
  return found;
}

/** SHA-256 over the record's metadata and its current file's hash: what "unchanged since listed" means. */
function snapshotOf(row: LiveArchive): Promise<string> {
  return sha256Hex(
    JSON.stringify([
      row.uuid,
      row.title,
      row.document_number,
      row.year,
      row.description,
      row.keywords,
      row.access_level,
      row.security_class,
      row.classification_id,
      row.unit_kerja_id,
      row.retention_start_date,
      row.current_version,
      row.sha256,
      row.file_count,
    ]),
  );
}

/**
 * 'Buat Daftar' (`disposal.manage`): a numbered Daftar Arsip Usul Musnah (UM/yyyy/nnn) or Usul
 * Serah (US/yyyy/nnn) from candidates of the matching disposition, each item a snapshot. Side
 * effects: the list, its items and a DISPOSAL_LIST_CREATE audit row in one batch, which rolls
 * back when any record is already on an open list (two admins listing the same record at once).
 */
export async function createDisposalList(ctx: ServiceContext, fields: unknown): Promise<{ uuid: string; number: string }> {
  const user = assertManage(ctx);
  const input: CreateListInput = parseOrInvalid(CreateListSchema, fields);
  const tab = input.kind === "MUSNAH" ? "MUSNAH" : "PERMANEN";
  const uuids = await withWholeBerkas(ctx, [...new Set(input.archives)]);
  if (uuids.length > MAX_LIST_ITEMS) throw new InvalidError(disposalMessages.tooMany(MAX_LIST_ITEMS));
  const candidates: Awaited<ReturnType<ReturnType<typeof candidateRows>["execute"]>> = [];
  for (const chunk of inListChunks(uuids)) candidates.push(...(await candidateRows(ctx, { all: true }, { tab, uuids: chunk, code: undefined }).execute()));
  // Items in document order, as the workspace lists them.
  candidates.sort((a, b) => a.id - b.id);
  if (candidates.length !== uuids.length) {
    const missing = uuids.find((uuid) => !candidates.some((row) => row.uuid === uuid))!;
    const title = (await ctx.db.selectFrom("archives").select("title").where("uuid", "=", missing).executeTakeFirst())?.title ?? missing;
    throw new InvalidError(disposalMessages.notCandidate(title));
  }
  const archives = await liveArchives(ctx, candidates.map((row) => row.id));
  const year = Number(jakartaDate(ctx.now()).slice(0, 4));
  const number = listNumber(input.kind, year, await lastSequence(ctx.db, "disposal_lists", `${LIST_PREFIX[input.kind]}/${year}/`));
  const uuid = crypto.randomUUID();
  const now = ctx.now().toISOString();
  const listId = (eb: ExpressionBuilder<Database, never>) => eb.selectFrom("disposal_lists").select("id").where("uuid", "=", uuid);
  const items: Step[] = [];
  let position = 0;
  for (const candidate of candidates) {
    const row = archives.get(candidate.id)!;
    const snapshot = await snapshotOf(row);
    position++;
    items.push(
      ctx.db.insertInto("disposal_items").values((eb) => ({
        list_id: listId(eb as never),
        position,
        archive_id: row.id,
        archive_uuid: row.uuid,
        unit_kerja_id: row.unit_kerja_id,
        classification_code: row.classification_code ?? "",
        title: row.title,
        document_number: row.document_number,
        year: row.year,
        file_count: row.file_count,
        retention_years: row.retention_years ?? 0,
        snapshot_sha256: snapshot,
      })),
    );
  }
  await commit(
    ctx,
    [
      ctx.db.insertInto("disposal_lists").values({ uuid, kind: input.kind, number, note: input.note, created_by: user.userId, created_at: now }),
      ...items,
      // Any record also on another open list rolls the whole batch back.
      ctx.db.insertInto("write_guards").columns(["ok"]).expression(
        sql<{ ok: number }>`SELECT 0 WHERE EXISTS (
          SELECT 1 FROM disposal_items i JOIN disposal_lists l ON l.id = i.list_id
           WHERE l.status <> 'EXECUTED' AND l.uuid <> ${uuid}
             AND i.archive_id IN (SELECT archive_id FROM disposal_items WHERE list_id = (SELECT id FROM disposal_lists WHERE uuid = ${uuid})))`,
      ),
      {
        action: "DISPOSAL_LIST_CREATE",
        params: { number, kind: input.kind, count: candidates.length },
        details: { archives: candidates.map((row) => row.uuid) },
        targetType: "disposal_list",
        targetId: uuid,
      },
    ],
    { STALE_WRITE: disposalMessages.onOpenList, UNIQUE: disposalMessages.numberTaken },
  );
  return { uuid, number };
}

/**
 * The chosen records plus every other live document of the berkas they are filed in: a berkas is
 * listed whole (each of its documents is a candidate exactly when the others are, as they share
 * its clock).
 */
async function withWholeBerkas(ctx: ServiceContext, uuids: string[]): Promise<string[]> {
  const all = new Set(uuids);
  for (const chunk of inListChunks(uuids)) {
    const siblings = await ctx.db
      .selectFrom("archives as s")
      .select("s.uuid")
      .where("s.deleted_at", "is", null)
      .where("s.berkas_id", "in", (eb) => eb.selectFrom("archives").select("berkas_id").where("uuid", "in", chunk).where("berkas_id", "is not", null))
      .execute();
    for (const sibling of siblings) all.add(sibling.uuid);
  }
  return [...all];
}

type ListRow = Database["disposal_lists"] & { id: number; status: "DRAFT" | "EXECUTING" | "EXECUTED"; note: string };

async function listRow(ctx: ServiceContext, uuid: string): Promise<ListRow> {
  const row = (await ctx.db.selectFrom("disposal_lists").selectAll().where("uuid", "=", uuid).executeTakeFirst()) as ListRow | undefined;
  if (!row) throw new NotFoundError(disposalMessages.listNotFound);
  return row;
}

/** The list's items as rows, in order (Satuan Kerja: its unit's only). */
async function itemRows(ctx: ServiceContext, listId: number, scope: DisposalScope) {
  return ctx.db
    .selectFrom("disposal_items as i")
    .leftJoin("users as d", "d.id", "i.decided_by")
    .leftJoin("unit_kerja as uk", "uk.id", "i.unit_kerja_id")
    .selectAll("i")
    .select(["d.full_name as decided_by_name", "uk.nama as unit_kerja_name"])
    .where("i.list_id", "=", listId)
    .$if(!scope.all, (qb) => qb.where("i.unit_kerja_id", "=", scope.all ? -1 : (scope.unitKerjaId ?? -1)))
    .orderBy("i.position")
    .execute();
}

const summaryColumns = ["l.uuid", "l.kind", "l.number", "l.status", "l.created_at", "l.executed_at", "cu.full_name as created_by_name"] as const;

/** 'Daftar usul' (`disposal.view`): the latest lists (Satuan Kerja: those holding its unit's records). */
export async function listDisposalLists(ctx: ServiceContext, options: { limit?: number } = {}): Promise<DisposalListSummary[]> {
  const scope = scopeOf(ctx);
  const rows = await ctx.db
    .selectFrom("disposal_lists as l")
    .leftJoin("users as cu", "cu.id", "l.created_by")
    .select(summaryColumns)
    .select((eb) =>
      eb
        .selectFrom("disposal_items as i")
        .select((i) => i.fn.countAll<number>().as("n"))
        .whereRef("i.list_id", "=", "l.id")
        .$if(!scope.all, (qb) => qb.where("i.unit_kerja_id", "=", scope.all ? -1 : (scope.unitKerjaId ?? -1)))
        .as("item_count"),
    )
    .$if(!scope.all, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom("disposal_items as i")
            .select("i.list_id")
            .whereRef("i.list_id", "=", "l.id")
            .where("i.unit_kerja_id", "=", scope.all ? -1 : (scope.unitKerjaId ?? -1)),
        ),
      ),
    )
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(options.limit ?? 50)
    .execute();
  return rows.map((row) => ({
    uuid: row.uuid,
    kind: row.kind,
    number: row.number,
    status: row.status,
    itemCount: Number(row.item_count ?? 0),
    createdAt: row.created_at,
    createdBy: row.created_by_name,
    executedAt: row.executed_at,
  }));
}

/** One list with its items, decisions, outcomes and Berita Acara (`disposal.view`; Satuan Kerja: only a list holding its unit's records). */
export async function getDisposalList(ctx: ServiceContext, uuid: string): Promise<DisposalListView> {
  const scope = scopeOf(ctx);
  const list = await listRow(ctx, uuid);
  const items = await itemRows(ctx, list.id, scope);
  if (!scope.all && items.length === 0) throw new NotFoundError(disposalMessages.listNotFound);
  const all = scope.all ? items : await itemRows(ctx, list.id, { all: true });
  const users = await ctx.db
    .selectFrom("users")
    .select(["id", "full_name"])
    .where("id", "in", [list.created_by ?? -1, list.executed_by ?? -1])
    .execute();
  const nameOf = (id: number | null) => users.find((user) => user.id === id)?.full_name ?? null;
  const ba = await ctx.db.selectFrom("berita_acara").selectAll().where("list_id", "=", list.id).executeTakeFirst();
  return {
    uuid: list.uuid,
    kind: list.kind,
    number: list.number,
    status: list.status,
    note: list.note,
    itemCount: items.length,
    createdAt: list.created_at,
    createdBy: nameOf(list.created_by),
    executedAt: list.executed_at,
    executedBy: nameOf(list.executed_by),
    anriLetterNumber: list.anri_letter_number,
    anriLetterDate: list.anri_letter_date,
    needsAnriLetter: needsAnriLetter(list.kind, all.map((item) => ({ retentionYears: item.retention_years }))),
    executionBlockers: list.status === "DRAFT" ? blockersOf(list, all) : [],
    items: items.map(
      (item): DisposalItemView => ({
        position: item.position,
        archiveUuid: item.archive_uuid,
        classificationCode: item.classification_code,
        title: item.title,
        documentNumber: item.document_number,
        year: item.year,
        fileCount: item.file_count,
        retentionYears: item.retention_years,
        unitKerja: item.unit_kerja_name,
        decision: item.decision,
        decisionReason: item.decision_reason,
        decidedBy: item.decided_by_name,
        decidedAt: item.decided_at,
        outcome: item.outcome,
        skipReason: item.skip_reason,
      }),
    ),
    beritaAcara: ba ? { uuid: ba.uuid, number: ba.number, issuedOn: ba.issued_on, listSha256: ba.list_sha256, pdfSha256: ba.pdf_sha256 } : null,
    canManage: list.status === "DRAFT" && can(ctx.actor, { type: "disposal.manage" }),
  };
}

/** `executionBlockers` of a list row and its items. */
const blockersOf = (list: ListRow, items: readonly { decision: string | null; retention_years: number }[]) =>
  executionBlockers({
    kind: list.kind,
    anriLetterNumber: list.anri_letter_number,
    anriLetterDate: list.anri_letter_date,
    items: items.map((item) => ({ decision: item.decision, retentionYears: item.retention_years })),
  });

async function draftList(ctx: ServiceContext, uuid: string): Promise<ListRow> {
  const list = await listRow(ctx, uuid);
  if (list.status !== "DRAFT") throw new ConflictError(disposalMessages.notDraft);
  return list;
}

/** Writes only while the list is still a draft (the execution may have claimed it meanwhile). */
const whileDraft = (ctx: ServiceContext, list: ListRow): Step[] => [
  ctx.db.updateTable("disposal_lists").set({ note: list.note }).where("id", "=", list.id).where("status", "=", "DRAFT"),
  abortUnlessChanged(ctx),
];

/**
 * The committee's decision on one item (`disposal.manage`): Setujui, or Tunda with a reason;
 * records who decided and when. Side effects: the item and a DISPOSAL_DECISION audit row.
 */
export async function decideItem(ctx: ServiceContext, uuid: string, fields: unknown): Promise<void> {
  const user = assertManage(ctx);
  const input: DecisionInput = parseOrInvalid(DecisionSchema, fields);
  const list = await draftList(ctx, uuid);
  const item = await ctx.db.selectFrom("disposal_items").select(["title"]).where("list_id", "=", list.id).where("position", "=", input.position).executeTakeFirst();
  if (!item) throw new NotFoundError(disposalMessages.itemNotFound);
  await commit(
    ctx,
    [
      ...whileDraft(ctx, list),
      ctx.db
        .updateTable("disposal_items")
        .set({
          decision: input.decision,
          decision_reason: input.decision === "TUNDA" ? input.reason : input.reason || null,
          decided_by: user.userId,
          decided_at: ctx.now().toISOString(),
        })
        .where("list_id", "=", list.id)
        .where("position", "=", input.position),
      {
        action: "DISPOSAL_DECISION",
        params: { number: list.number, title: item.title, decision: input.decision },
        details: { position: input.position, decision: input.decision, reason: input.reason || null },
        targetType: "disposal_list",
        targetId: list.uuid,
      },
    ],
    { STALE_WRITE: disposalMessages.notDraft },
  );
}

/** 'Setujui semua' (`disposal.manage`): every undecided item approved, one audit row each. Returns how many. */
export async function approveUndecided(ctx: ServiceContext, uuid: string): Promise<number> {
  const user = assertManage(ctx);
  const list = await draftList(ctx, uuid);
  const open = await ctx.db.selectFrom("disposal_items").select(["position", "title"]).where("list_id", "=", list.id).where("decision", "is", null).execute();
  if (open.length === 0) return 0;
  const now = ctx.now().toISOString();
  await commit(
    ctx,
    [
      ...whileDraft(ctx, list),
      ...open.map(
        (item): Step => ({
          action: "DISPOSAL_DECISION",
          params: { number: list.number, title: item.title, decision: "SETUJUI" },
          details: { position: item.position, decision: "SETUJUI" },
          targetType: "disposal_list",
          targetId: list.uuid,
        }),
      ),
      ctx.db
        .updateTable("disposal_items")
        .set({ decision: "SETUJUI", decided_by: user.userId, decided_at: now })
        .where("list_id", "=", list.id)
        .where("decision", "is", null),
    ],
    { STALE_WRITE: disposalMessages.notDraft },
  );
  return open.length;
}

/** Persetujuan ANRI (`disposal.manage`): the letter's number and date. Side effects: the list and a DISPOSAL_ANRI_LETTER audit row. */
export async function recordAnriLetter(ctx: ServiceContext, uuid: string, fields: unknown): Promise<void> {
  assertManage(ctx);
  const input: AnriLetterInput = parseOrInvalid(AnriLetterSchema, fields);
  const list = await draftList(ctx, uuid);
  await commit(
    ctx,
    [
      ctx.db
        .updateTable("disposal_lists")
        .set({ anri_letter_number: input.letterNumber, anri_letter_date: input.letterDate })
        .where("id", "=", list.id)
        .where("status", "=", "DRAFT"),
      abortUnlessChanged(ctx),
      {
        action: "DISPOSAL_ANRI_LETTER",
        params: { number: list.number, letterNumber: input.letterNumber, letterDate: input.letterDate },
        targetType: "disposal_list",
        targetId: list.uuid,
      },
    ],
    { STALE_WRITE: disposalMessages.notDraft },
  );
}

/** Today in Indonesia's western time zone, as an ISO date. */
function jakartaDate(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** What the execution re-checks besides the record itself, read once for the whole list. */
type Checks = {
  archiveHolds: Map<number, string>;
  codeHolds: { code: string; reason: string }[];
  pending: Set<number>;
  states: Map<number, string>;
  vital: Set<number>;
};

async function checksFor(ctx: ServiceContext, ids: number[]): Promise<Checks> {
  const checks: Checks = { archiveHolds: new Map(), codeHolds: [], pending: new Set(), states: new Map(), vital: new Set() };
  checks.codeHolds = await ctx.db
    .selectFrom("retention_holds as h")
    .innerJoin("classification_codes as hc", "hc.id", "h.classification_id")
    .select(["hc.code", "h.reason"])
    .where("h.released_at", "is", null)
    .execute();
  for (const chunk of inListChunks(ids)) {
    const [holds, requests, states, vital] = await Promise.all([
      ctx.db.selectFrom("retention_holds").select(["archive_id", "reason"]).where("released_at", "is", null).where("archive_id", "in", chunk).execute(),
      ctx.db.selectFrom("access_requests").select("archive_id").where("status", "=", "PENDING").where("archive_id", "in", chunk).execute(),
      ctx.db.selectFrom("retention_states").select(["archive_id", "status"]).where("archive_id", "in", chunk).execute(),
      ctx.db.selectFrom("vital_records").select("archive_id").where("archive_id", "in", chunk).execute(),
    ]);
    for (const row of vital) checks.vital.add(row.archive_id);
    for (const hold of holds) if (hold.archive_id !== null) checks.archiveHolds.set(hold.archive_id, hold.reason);
    for (const request of requests) checks.pending.add(request.archive_id);
    for (const state of states) checks.states.set(state.archive_id, state.status);
  }
  return checks;
}

/** Why an approved item cannot be carried out now, or null when it can. */
async function skipReasonOf(checks: Checks, item: { snapshot_sha256: string }, row: LiveArchive | undefined): Promise<string | null> {
  if (!row) return disposalMessages.skip.gone;
  if (row.deleted_at) return disposalMessages.skip.trashed;
  if (row.archival_state === "STATIS") return disposalMessages.skip.statis;
  const code = row.classification_code;
  const hold = checks.archiveHolds.get(row.id) ?? (code ? checks.codeHolds.find((held) => isInSubtree(code, held.code))?.reason : undefined);
  if (hold !== undefined) return disposalMessages.skip.held(hold);
  if (checks.vital.has(row.id)) return vitalText.skipVital;
  if (checks.pending.has(row.id)) return disposalMessages.skip.pendingRequest;
  if ((await snapshotOf(row)) !== item.snapshot_sha256) return disposalMessages.skip.changed;
  const state = checks.states.get(row.id);
  if (state && state !== "JATUH_TEMPO") return disposalMessages.skip.notDue;
  return null;
}

/**
 * A berkas is destroyed or handed over whole: when one of its documents on the list is skipped,
 * the others are skipped too, with the reason naming that one.
 */
function skipWholeBerkas(outcomes: { item: { title: string }; row: { berkas_id: number | null } | undefined; reason: string | null }[]): void {
  const blocked = new Map<number, string>();
  for (const outcome of outcomes) {
    const berkasId = outcome.row?.berkas_id ?? null;
    if (berkasId !== null && outcome.reason !== null && !blocked.has(berkasId)) blocked.set(berkasId, outcome.item.title);
  }
  for (const outcome of outcomes) {
    const berkasId = outcome.row?.berkas_id ?? null;
    if (berkasId !== null && outcome.reason === null && blocked.has(berkasId)) outcome.reason = disposalMessages.skip.berkas(blocked.get(berkasId)!);
  }
}

export type ExecutionResult = { number: string; beritaAcara: { uuid: string; number: string }; done: number; skipped: number };

/**
 * 'Laksanakan' (`disposal.manage`), its first half: check that the list can run and hand it to a
 * job ('disposal.execute', acting for the user) that carries it out exactly once, whatever
 * interrupts it.
 * 1. Refused while an item is undecided, or (Usul Musnah with a retention of 10 years or more)
 *    without the ANRI letter.
 * 2. One batch: the list DRAFT -> EXECUTING (compare-and-set: of two parallel executions one
 *    wins, the other gets a Conflict), the job row, and DISPOSAL_EXECUTE_START.
 * The job then plans, renders and applies (`executeDisposalSlice`). Returns the job's id.
 */
export async function startDisposalExecution(ctx: ServiceContext, uuid: string): Promise<{ jobId: number }> {
  const user = assertManage(ctx);
  const list = await draftList(ctx, uuid);
  const items = await itemRows(ctx, list.id, { all: true });
  const blockers = blockersOf(list, items);
  if (blockers.length > 0) throw new InvalidError(blockers.join(". "));
  const jobUuid = crypto.randomUUID();
  await commit(
    ctx,
    [
      ctx.db.updateTable("disposal_lists").set({ status: "EXECUTING" }).where("id", "=", list.id).where("status", "=", "DRAFT"),
      abortUnlessChanged(ctx),
      insertJobStatement(ctx, { uuid: jobUuid, kind: "disposal.execute", actorUserId: user.userId, params: { list: list.uuid }, total: items.length, singletonKey: `disposal:${list.uuid}` }),
      { action: "DISPOSAL_EXECUTE_START", params: { number: list.number }, details: { job: jobUuid }, targetType: "disposal_list", targetId: list.uuid },
    ],
    { STALE_WRITE: disposalMessages.alreadyRunning },
  );
  const job = await ctx.db.selectFrom("jobs").select("id").where("uuid", "=", jobUuid).executeTakeFirstOrThrow();
  return { jobId: job.id };
}

/** What an executed list came to (after its job finished). */
export async function disposalExecutionResult(ctx: ServiceContext, uuid: string): Promise<ExecutionResult | null> {
  const list = await ctx.db
    .selectFrom("disposal_lists as l")
    .innerJoin("berita_acara as b", "b.list_id", "l.id")
    .select((eb) => [
      "l.number",
      "l.status",
      "b.uuid as ba_uuid",
      "b.number as ba_number",
      eb.selectFrom("disposal_items as i").select((s) => s.fn.countAll<number>().as("n")).whereRef("i.list_id", "=", "l.id").where("i.outcome", "=", "DONE").as("done"),
      eb.selectFrom("disposal_items as i").select((s) => s.fn.countAll<number>().as("n")).whereRef("i.list_id", "=", "l.id").where("i.outcome", "=", "SKIPPED").as("skipped"),
    ])
    .where("l.uuid", "=", uuid)
    .executeTakeFirst();
  if (!list || list.status !== "EXECUTED") return null;
  return { number: list.number, beritaAcara: { uuid: list.ba_uuid, number: list.ba_number }, done: Number(list.done ?? 0), skipped: Number(list.skipped ?? 0) };
}

/** The execution job's cursor: its plan (each item's outcome), then its stored Berita Acara. */
type ExecutionCursor = {
  phase: "render" | "apply" | "applied";
  plan: { position: number; reason: string | null }[];
  ba: { uuid: string; number: string; issuedOn: string; listSha256?: string; pdfSha256?: string };
};

const listForJob = (ctx: ServiceContext, job: RunningJob) =>
  ctx.db.selectFrom("disposal_lists").selectAll().where("uuid", "=", String(job.params.list)).executeTakeFirst();

/** The Berita Acara's lines: the items the plan carries out, in list order. */
function beritaAcaraItems(items: Awaited<ReturnType<typeof itemRows>>, plan: ExecutionCursor["plan"]): BeritaAcaraItem[] {
  const done = new Set(plan.filter((entry) => entry.reason === null).map((entry) => entry.position));
  return items
    .filter((item) => done.has(item.position))
    .map((item, index) => ({
      position: index + 1,
      classificationCode: item.classification_code,
      title: item.title,
      documentNumber: item.document_number,
      year: item.year,
      fileCount: item.file_count,
    }));
}

/**
 * One slice of the 'disposal.execute' job, resumable at every step:
 * - plan: re-check every approved item now (gone, trashed, Statis, held, a pending access
 *   request, vital, changed since listed, no longer due); those, the postponed (Tunda) items and
 *   the other items of a berkas one of them is in will be skipped with the reason. The plan and the Berita Acara's number go in the cursor.
 * - render: the Berita Acara PDF (Pemusnahan / Penyerahan Arsip Statis) is rendered and stored
 *   in R2 under its own uuid (a rerun after a kill writes the same object again).
 * - apply: ONE batch — the Berita Acara row, every item's outcome, for MUSNAH each record's
 *   removal through the purge path (tombstone DESTROYED pointing to the Berita Acara), for SERAH
 *   archival_state STATIS, the list EXECUTED, audit rows for every step. A record that changed
 *   since the plan sends the job back to plan (its PDF discarded), so the Berita Acara always
 *   lists exactly what was carried out. Files leave R2 after it (the deletion queue).
 */
export async function executeDisposalSlice(ctx: ServiceContext, job: RunningJob): Promise<JobSlice> {
  assertManage(ctx);
  const list = await listForJob(ctx, job);
  if (!list || list.status !== "EXECUTING") throw new ConflictError(disposalMessages.notExecuting);
  const items = await itemRows(ctx, list.id, { all: true });
  const archives = await liveArchives(ctx, items.map((item) => item.archive_id));
  const cursor = job.cursor as ExecutionCursor | null;
  if (!cursor) {
    const checks = await checksFor(ctx, items.map((item) => item.archive_id));
    const outcomes: { item: (typeof items)[number]; row: LiveArchive | undefined; reason: string | null }[] = [];
    for (const item of items) {
      const row = archives.get(item.archive_id);
      const reason = item.decision === "TUNDA" ? disposalMessages.skip.tunda(item.decision_reason ?? "") : await skipReasonOf(checks, item, row);
      outcomes.push({ item, row, reason });
    }
    skipWholeBerkas(outcomes);
    const plan: ExecutionCursor["plan"] = outcomes.map(({ item, reason }) => ({ position: item.position, reason }));
    const next: ExecutionCursor = { phase: "render", plan, ba: { uuid: crypto.randomUUID(), number: `BA/${list.number}`, issuedOn: jakartaDate(ctx.now()) } };
    return { cursor: next, finished: false };
  }
  const baItems = beritaAcaraItems(items, cursor.plan);
  const kind = list.kind === "MUSNAH" ? "PEMUSNAHAN" : "PENYERAHAN";
  if (cursor.phase === "render") {
    // Rendered by the processor Worker: pdf-lib never loads in this one.
    const listSha256 = await listSha256Of(baItems);
    const pdf = await processorOf(ctx.env).renderBeritaAcara({
      kind,
      number: cursor.ba.number,
      listNumber: list.number,
      issuedOn: cursor.ba.issuedOn,
      place: ctx.config.beritaAcara.place,
      institution: ctx.config.beritaAcara.institution,
      signatories: ctx.config.beritaAcara.signatories,
      anriLetter: list.anri_letter_number && list.anri_letter_date ? { number: list.anri_letter_number, date: list.anri_letter_date } : null,
      items: baItems,
      listSha256,
      verificationUrl: `${ctx.origin}${verificationPath(cursor.ba.uuid)}`,
    });
    const stored = await storeBeritaAcara(ctx, beritaAcaraRowOf(ctx, list.id, kind, cursor.ba, baItems.length, listSha256), pdf);
    return { cursor: { ...cursor, phase: "apply", ba: { ...cursor.ba, listSha256, pdfSha256: stored.pdfSha256 } }, finished: false };
  }
  // apply: every record the plan carries out is still as it was planned.
  const stored = beritaAcaraStored(ctx, beritaAcaraRowOf(ctx, list.id, kind, cursor.ba, baItems.length, cursor.ba.listSha256!), cursor.ba.pdfSha256!);
  const checks = await checksFor(ctx, items.map((item) => item.archive_id));
  for (const entry of cursor.plan) {
    if (entry.reason !== null) continue;
    const item = items.find((candidate) => candidate.position === entry.position)!;
    if ((await skipReasonOf(checks, item, archives.get(item.archive_id))) !== null) {
      return { cursor: null, finished: false, after: () => discardBeritaAcara(ctx, stored) };
    }
  }
  const user = requireUser(ctx);
  const now = ctx.now().toISOString();
  const ba = { uuid: cursor.ba.uuid, number: cursor.ba.number };
  // The Berita Acara row first: the tombstones below point to it.
  const steps: Step[] = [...stored.steps];
  let done = 0;
  for (const entry of cursor.plan) {
    const item = items.find((candidate) => candidate.position === entry.position)!;
    const row = archives.get(item.archive_id);
    const reason = entry.reason;
    steps.push(
      ctx.db
        .updateTable("disposal_items")
        .set({ outcome: reason === null ? "DONE" : "SKIPPED", skip_reason: reason })
        .where("list_id", "=", list.id)
        .where("position", "=", item.position)
        .where("outcome", "is", null),
      abortUnlessChanged(ctx),
    );
    if (reason !== null) {
      steps.push({
        action: "DISPOSAL_ITEM_SKIPPED",
        params: { number: list.number, title: item.title, reason },
        details: { archive: item.archive_uuid, position: item.position },
        targetType: "disposal_list",
        targetId: list.uuid,
      });
      continue;
    }
    done++;
    if (list.kind === "MUSNAH") {
      steps.push(...destroySteps(ctx, { id: row!.id, uuid: row!.uuid, title: row!.title, updatedAt: row!.updated_at }, ba));
    } else {
      steps.push(
        ctx.db
          .updateTable("archives")
          .set({ archival_state: "STATIS" })
          .where("id", "=", row!.id)
          .where("deleted_at", "is", null)
          .where("archival_state", "is", null)
          .where("updated_at", "=", row!.updated_at),
        abortUnlessChanged(ctx),
        ctx.db.updateTable("retention_states").set({ status: "STATIS", disposition: null, refreshed_at: now }).where("archive_id", "=", row!.id),
        {
          action: "DOCUMENT_TRANSFER",
          params: { title: row!.title, beritaAcara: ba.number },
          details: { beritaAcara: ba.uuid, list: list.uuid },
          targetType: "archive",
          targetId: row!.uuid,
        },
      );
    }
  }
  steps.push(
    ctx.db
      .updateTable("disposal_lists")
      .set({ status: "EXECUTED", executed_by: user.userId, executed_at: now })
      .where("id", "=", list.id)
      .where("status", "=", "EXECUTING"),
    abortUnlessChanged(ctx),
    {
      action: "DISPOSAL_EXECUTE",
      params: { number: list.number, beritaAcara: ba.number, done, skipped: cursor.plan.length - done },
      details: { beritaAcara: ba.uuid, listSha256: cursor.ba.listSha256, pdfSha256: cursor.ba.pdfSha256, job: job.uuid },
      targetType: "disposal_list",
      targetId: list.uuid,
    },
  );
  return {
    steps,
    cursor: { ...cursor, phase: "applied" },
    done: cursor.plan.length,
    counts: { done, skipped: cursor.plan.length - done },
    finished: true,
    after: list.kind === "MUSNAH" ? () => drainFileDeletions(ctx).then(() => undefined) : undefined,
  };
}

const beritaAcaraRowOf = (ctx: ServiceContext, listId: number, kind: "PEMUSNAHAN" | "PENYERAHAN", ba: ExecutionCursor["ba"], itemCount: number, listSha256: string) => ({
  uuid: ba.uuid,
  listId,
  kind,
  number: ba.number,
  issuedOn: ba.issuedOn,
  place: ctx.config.beritaAcara.place,
  itemCount,
  listSha256,
});

/**
 * The execution job gave up (it failed every attempt, or was refused): nothing was carried out
 * (the apply batch is all or nothing), so the list is a draft again, with an audit row saying so,
 * and a rendered PDF that no row names goes.
 */
export async function abandonDisposalExecution(ctx: ServiceContext, job: RunningJob): Promise<void> {
  const list = await listForJob(ctx, job);
  if (!list || list.status !== "EXECUTING") return;
  await commit(ctx, [
    ctx.db.updateTable("disposal_lists").set({ status: "DRAFT" }).where("id", "=", list.id).where("status", "=", "EXECUTING"),
    abortUnlessChanged(ctx),
    { action: "DISPOSAL_EXECUTE_ABORT", params: { number: list.number }, details: { job: job.uuid }, targetType: "disposal_list", targetId: list.uuid },
  ]);
  const ba = (job.cursor as ExecutionCursor | null)?.ba;
  if (ba) await discardBeritaAcara(ctx, { r2Key: beritaAcaraKeyOf(ba.uuid) }).catch(() => undefined);
}

/**
 * The list as CSV (`disposal.view`). Usul Serah carries ISAD(G)-style columns (reference code,
 * title, dates, level, extent, creator, scope and content) for the university archive.
 */
export async function disposalListCsv(ctx: ServiceContext, uuid: string): Promise<{ fileName: string; body: string }> {
  const view = await getDisposalList(ctx, uuid);
  const fileName = `${view.number.replace(/\//g, "-")}.csv`;
  if (view.kind === "SERAH") {
    // Descriptions of the records still here.
    const descriptions = new Map<string, string>();
    for (const items of inListChunks(view.items)) {
      const uuids = items.map((item) => item.archiveUuid);
      for (const row of await ctx.db.selectFrom("archives").select(["uuid", "description"]).where("uuid", "in", uuids).execute()) {
        descriptions.set(row.uuid, row.description);
      }
    }
    let body = csvLine([
      "Kode Referensi",
      "Judul",
      "Tanggal",
      "Tingkat Deskripsi",
      "Jumlah dan Media",
      "Pencipta Arsip",
      "Ruang Lingkup dan Isi",
      "Kode Klasifikasi",
      "Nomor Dokumen",
      "Keputusan",
      "Hasil",
      "UUID",
    ]);
    for (const item of view.items) {
      body += csvLine([
        `${view.number}/${item.position}`,
        item.title,
        String(item.year),
        "Item",
        `${item.fileCount} file elektronik`,
        item.unitKerja ?? "",
        descriptions.get(item.archiveUuid) ?? "",
        item.classificationCode,
        item.documentNumber,
        item.decision ? disposalListText.decisions[item.decision] : "",
        item.outcome ? disposalListText.outcomes[item.outcome] + (item.skipReason ? `: ${item.skipReason}` : "") : "",
        item.archiveUuid,
      ]);
    }
    return { fileName, body };
  }
  let body = csvLine(["No", "Kode Klasifikasi", "Judul", "Nomor Dokumen", "Tahun", "Jumlah File", "Retensi (tahun)", "Unit Kerja", "Keputusan", "Alasan", "Hasil", "UUID"]);
  for (const item of view.items) {
    body += csvLine([
      item.position,
      item.classificationCode,
      item.title,
      item.documentNumber,
      item.year,
      item.fileCount,
      item.retentionYears,
      item.unitKerja ?? "",
      item.decision ? disposalListText.decisions[item.decision] : "",
      item.decisionReason ?? "",
      item.outcome ? disposalListText.outcomes[item.outcome] + (item.skipReason ? `: ${item.skipReason}` : "") : "",
      item.archiveUuid,
    ]);
  }
  return { fileName, body };
}

export type { ListKind };
