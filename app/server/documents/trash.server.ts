import { sql } from "kysely";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { listPage } from "~/domain/list-query";
import { assertCan, audienceOf, can, userActorOf } from "~/domain/policy";
import { documentTerms, seesMetadata } from "~/domain/access-rule";
import type { TrashListQuery, TrashPage, TrashView } from "~/domain/records";
import { ROLES } from "~/domain/roles";
import { daysAfter } from "~/domain/time";
import { recordMessages } from "~/i18n/records";
import { commit, type Step } from "../audit/commit.server";
import { requireUser, type ServiceContext } from "../context.server";
import { abortUnlessChanged } from "../db/write-guard.server";
import { drainFileDeletions } from "../files/deletion-queue.server";
import { expiredTrash, findTrashed, listTrashRows, versionCounts, type TrashRow, type TrashScope } from "./record-queries.server";
import { documentRef } from "./view.server";
import { coveringHolds, refreshRetentionStates, type CoveringHold } from "../retention/service.server";
import { notHeld } from "../retention/queries.server";
import { retentionHoldMessages } from "~/i18n/retention-hold";

const m = recordMessages;
/** Documents purged per cron run (one batch each), so a run stays short. */
const PURGE_PER_RUN = 50;

const purgeAtOf = (ctx: ServiceContext, deletedAt: string) => daysAfter(deletedAt, ctx.config.trashDays);

/** Which part of the trash the acting user sees (`trash.list`): Super Admin all of it, Satuan Kerja its unit's and its own uploads. */
function trashScope(ctx: ServiceContext): TrashScope {
  assertCan(ctx.actor, { type: "trash.list" }, m.trashDenied);
  const user = requireUser(ctx);
  return user.role === ROLES.superAdmin ? { all: true } : { all: false, unitKerjaId: user.unitKerjaId, uploaderId: user.userId };
}

const inScope = (ctx: ServiceContext, scope: TrashScope, row: TrashRow) => {
  const audience = audienceOf(ctx.actor);
  return (
    (scope.all || row.uploader_id === scope.uploaderId || (scope.unitKerjaId !== null && row.unit_kerja_id === scope.unitKerjaId)) &&
    seesMetadata(audience.kind, documentTerms(audience, documentRef(row)))
  );
};

function toTrashView(ctx: ServiceContext, row: TrashRow, versions: number, hold: CoveringHold | null): TrashView {
  return {
    uuid: row.uuid,
    title: row.title,
    documentNumber: row.document_number,
    year: row.year,
    accessLevel: row.access_level,
    unitKerja: row.unit_kerja_nama,
    uploader: row.uploader,
    deletedBy: row.deleted_by_name,
    deletedAt: row.deleted_at,
    purgeAt: purgeAtOf(ctx, row.deleted_at),
    versions,
    canRestore: can(ctx.actor, { type: "document.restore", document: documentRef(row) }),
    // A held document is never purged: the page offers no 'Hapus Permanen' and says why; its own
    // hold Super Admin may release here (a code's hold is released on the code).
    canPurge: !hold && can(ctx.actor, { type: "trash.purge" }),
    held: hold !== null,
    hold,
    canReleaseHold: hold?.code === null && can(ctx.actor, { type: "retention.hold" }),
  };
}

/** 'Sampah': the documents in the trash the user may see, searched, sorted, paged. Needs `trash.list`. */
export async function listTrash(ctx: ServiceContext, query: TrashListQuery): Promise<TrashPage> {
  const scope = trashScope(ctx);
  const { rows, total } = await listTrashRows(ctx, scope, query);
  const ids = rows.map((row) => row.id);
  const [counts, holds] = await Promise.all([versionCounts(ctx, ids), coveringHolds(ctx, ids)]);
  return listPage(rows.map((row) => toTrashView(ctx, row, counts.get(row.id) ?? 1, holds.get(row.id) ?? null)), total, query);
}

/** A document in the part of the trash the user sees, or NotFound (no hint that it exists elsewhere). */
async function trashedRow(ctx: ServiceContext, uuid: string): Promise<TrashRow> {
  const scope = trashScope(ctx);
  const row = await findTrashed(ctx, uuid);
  if (!row || !inScope(ctx, scope, row)) throw new NotFoundError(m.trashNotFound);
  return row;
}

/** One document in the trash (the confirmation dialogs). Needs `trash.list`. */
export async function getTrashed(ctx: ServiceContext, uuid: string): Promise<TrashView> {
  const row = await trashedRow(ctx, uuid);
  const [counts, holds] = await Promise.all([versionCounts(ctx, [row.id]), coveringHolds(ctx, [row.id])]);
  return toTrashView(ctx, row, counts.get(row.id) ?? 1, holds.get(row.id) ?? null);
}

/**
 * 'Pulihkan': the document comes back as it was, with its versions and its request history.
 * Approvals the trash revoked stay revoked (the requester may ask again). Needs
 * `document.restore`. Side effects: deleted_at cleared and a DOCUMENT_RESTORE audit row, one batch.
 */
export async function restoreDocument(ctx: ServiceContext, uuid: string): Promise<{ uuid: string; title: string }> {
  const row = await trashedRow(ctx, uuid);
  assertCan(ctx.actor, { type: "document.restore", document: documentRef(row) }, m.restoreDenied);
  await commit(
    ctx,
    [
      ctx.db.updateTable("archives").set({ deleted_at: null, deleted_by: null }).where("id", "=", row.id).where("deleted_at", "is not", null),
      abortUnlessChanged(ctx),
      {
        action: "DOCUMENT_RESTORE",
        params: { title: row.title },
        details: { deletedAt: row.deleted_at, deletedBy: row.deleted_by_name },
        targetType: "archive",
        targetId: row.uuid,
      },
    ],
    { STALE_WRITE: m.changedConcurrently },
  );
  await refreshRetentionStates(ctx, { archiveIds: [row.id] });
  return { uuid: row.uuid, title: row.title };
}

/**
 * The steps that remove a trashed document for good: a tombstone (uuid, number, title, every
 * version's hash, who deleted and purged it, when), its objects queued for deletion, its
 * versions, requests and row deleted, a DOCUMENT_PURGE audit row. The first step only writes
 * while the document is still in the trash; the guard rolls back a purge that lost to a restore.
 */
function purgeSteps(ctx: ServiceContext, row: Pick<TrashRow, "id" | "uuid" | "title">, reason: "PURGED" | "TRASH_EXPIRED"): Step[] {
  return removalSteps(ctx, row, { reason });
}

/**
 * The steps that destroy a live document by a Berita Acara Pemusnahan (penyusutan): the same
 * removal as a purge — tombstone (reason DESTROYED, pointing to the Berita Acara), objects queued
 * for deletion, rows deleted — with a DOCUMENT_DESTROY audit row. The first step only writes while
 * the document is still live, not Statis and unchanged since `updatedAt` (what the execution
 * checked); otherwise the whole batch rolls back (STALE_WRITE). The Berita Acara row must be
 * written earlier in the same batch.
 */
export function destroySteps(
  ctx: ServiceContext,
  row: { id: number; uuid: string; title: string; updatedAt: string },
  beritaAcara: { uuid: string; number: string },
): Step[] {
  return removalSteps(ctx, row, { reason: "DESTROYED", beritaAcara, updatedAt: row.updatedAt });
}

type Removal =
  | { reason: "PURGED" | "TRASH_EXPIRED" }
  | { reason: "DESTROYED"; beritaAcara: { uuid: string; number: string }; updatedAt: string };

function removalSteps(ctx: ServiceContext, row: Pick<TrashRow, "id" | "uuid" | "title">, removal: Removal): Step[] {
  const { reason } = removal;
  const destroyed = removal.reason === "DESTROYED" ? removal : null;
  const now = ctx.now().toISOString();
  const purgedBy = userActorOf(ctx.actor);
  const username = purgedBy ? ctx.db.selectFrom("users").select("username").where("id", "=", purgedBy.userId) : null;
  return [
    ctx.db
      .insertInto("archive_tombstones")
      .columns([
        "uuid",
        "archive_id",
        "title",
        "document_number",
        "year",
        "access_level",
        "category_id",
        "unit_kerja_id",
        "file_hashes",
        "created_at",
        "deleted_at",
        "deleted_by_username",
        "purged_at",
        "purged_by_username",
        "reason",
        "berita_acara_id",
      ])
      .expression(
      ctx.db
        .selectFrom("archives as a")
        .select((eb) => [
          "a.uuid",
          "a.id as archive_id",
          "a.title",
          "a.document_number",
          "a.year",
          "a.access_level",
          "a.category_id",
          "a.unit_kerja_id",
          sql<string>`(SELECT json_group_array(json_object('version', f.version, 'fileName', f.file_name, 'size', f.file_size, 'sha256', f.sha256))
                         FROM (SELECT * FROM archive_files WHERE archive_id = a.id ORDER BY version) f)`.as("file_hashes"),
          "a.created_at",
          // A destroyed record was never in the trash: it leaves at the moment of destruction.
          destroyed ? eb.val(now).as("deleted_at") : "a.deleted_at",
          eb.selectFrom("users as d").select("d.username").whereRef("d.id", "=", "a.deleted_by").as("deleted_by_username"),
          eb.val(now).as("purged_at"),
          (username ?? eb.val(null)).as("purged_by_username"),
          eb.val(reason).as("reason"),
          destroyed
            ? eb.selectFrom("berita_acara").select("id").where("uuid", "=", destroyed.beritaAcara.uuid).as("berita_acara_id")
            : eb.val(null).as("berita_acara_id"),
        ])
        .where("a.id", "=", row.id)
        .$if(!destroyed, (qb) => qb.where("a.deleted_at", "is not", null))
        .$if(!!destroyed, (qb) =>
          qb.where("a.deleted_at", "is", null).where("a.archival_state", "is", null).where("a.updated_at", "=", destroyed!.updatedAt),
        )
        // A hold placed meanwhile stops the purge or the destruction (the guard below then refuses the batch).
        .where(notHeld("a.id", "a.classification_id")) as never,
    ),
    abortUnlessChanged(ctx),
    ctx.db
      .insertInto("file_deletions")
      .columns(["r2_key", "queued_at"])
      .expression(ctx.db.selectFrom("archive_files").select((eb) => ["r2_key", eb.val(now).as("queued_at")]).distinct().where("archive_id", "=", row.id))
      .onConflict((oc) => oc.column("r2_key").doNothing()),
    // The pointer first: the document and its current version refer to each other.
    ctx.db.updateTable("archives").set({ current_file_id: null }).where("id", "=", row.id),
    ctx.db.deleteFrom("archive_files").where("archive_id", "=", row.id),
    ctx.db.deleteFrom("archives").where("id", "=", row.id),
    destroyed
      ? {
          action: "DOCUMENT_DESTROY",
          params: { title: row.title, beritaAcara: destroyed.beritaAcara.number },
          details: { reason, beritaAcara: destroyed.beritaAcara.uuid },
          targetType: "archive",
          targetId: row.uuid,
        }
      : {
          action: "DOCUMENT_PURGE",
          params: { title: row.title, reason: removal.reason as "PURGED" | "TRASH_EXPIRED" },
          details: { reason },
          targetType: "archive",
          targetId: row.uuid,
          ...(purgedBy ? {} : { actorId: null }),
        },
  ];
}

/**
 * 'Hapus Permanen' (Super Admin, `trash.purge`): remove a trashed document for good (never a
 * held one: ConflictError saying so), leaving
 * its tombstone and the audit trail; its files leave R2 through the deletion queue, drained
 * right after the response (and by the cron, until R2 confirms).
 */
export async function purgeDocument(ctx: ServiceContext, uuid: string): Promise<{ title: string }> {
  assertCan(ctx.actor, { type: "trash.purge" }, m.purgeDenied);
  const row = await trashedRow(ctx, uuid);
  const heldMessage = retentionHoldMessages.purgeBlocked(row.title);
  const held = async () => (await coveringHolds(ctx, [row.id])).has(row.id);
  if (await held()) throw new ConflictError(heldMessage);
  await commit(ctx, purgeSteps(ctx, row, "PURGED"), {
    STALE_WRITE: async () => new ConflictError((await held()) ? heldMessage : m.changedConcurrently),
  });
  ctx.waitUntil(drainFileDeletions(ctx));
  return { title: row.title };
}

/**
 * The cron's part (`trash.purge`, the maintenance job): documents in the trash for longer than
 * TRASH_DAYS are purged, oldest first, one batch each (a restore racing with it wins or loses
 * whole). Returns how many were purged.
 */
export async function purgeExpiredTrash(ctx: ServiceContext): Promise<number> {
  assertCan(ctx.actor, { type: "trash.purge" }, m.purgeDenied);
  const cutoff = daysAfter(ctx.now(), -ctx.config.trashDays);
  let purged = 0;
  for (const row of await expiredTrash(ctx, cutoff, PURGE_PER_RUN)) {
    try {
      await commit(ctx, purgeSteps(ctx, row, "TRASH_EXPIRED"), { STALE_WRITE: m.changedConcurrently });
      purged++;
    } catch (error) {
      // Restored meanwhile: nothing to purge.
      if (!(error instanceof Error && error.message === m.changedConcurrently)) throw error;
    }
  }
  return purged;
}
