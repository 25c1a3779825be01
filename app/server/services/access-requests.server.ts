/**
 * The access-request use cases (ask, answer, revoke, list, expire) and their views. Just over 300
 * lines because the conditional writes and their audit rows are kept beside the use cases they
 * guard; the token download lives in `access-request-download.server.ts`.
 */
import type { Compilable, ExpressionBuilder } from "kysely";
import {
  AccessRequestListQuerySchema,
  DOWNLOAD_WINDOW_MS,
  RequestAccessSchema,
  RespondSchema,
  type AccessRequestListQuery,
  type AccessRequestPage,
  type AccessRequestView,
} from "~/domain/access-requests";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import { listPage } from "~/domain/list-query";
import { accessRequestScope, assertCan, can } from "~/domain/policy";
import { ROLES } from "~/domain/roles";
import { documents as documentsText } from "~/i18n/documents";
import { accessRequests as accessRequestsText, accessRequestMessages } from "~/i18n/access-requests";
import { audit as auditText } from "~/i18n/audit";
import {
  countPendingForUnit,
  findAccessRequest,
  findArchiveForRequest,
  findOpenRequest,
  listAccessRequestRows,
  type AccessRequestRow,
} from "../access-requests/queries.server";
import { runBatch } from "../batch.server";
import type { AppContext } from "../context.server";
import { tokenFor } from "../access-requests/token.server";
import { randomToken, sha256Hex } from "../crypto.server";
import type { Database } from "../db-schema";
import type { Db } from "../db.server";
import { auditRow, type AuditEntry } from "../audit/commit.server";
import type { AuditAction } from "~/domain/audit-actions";
import { requireUser } from "./auth.server";

const m = accessRequestMessages;

// ---- Audit writes (kept together so they can move to a shared writer in one place) ----------

export const audit = (ctx: AppContext, entry: AuditEntry) => auditRow(ctx, { targetType: "access_request", ...entry });

type AuditSource = { db: Db; at: string; actorId: number | null; ip: string | null; userAgent: string | null };
const sourceOf = (ctx: AppContext): AuditSource => ({
  db: ctx.db,
  at: ctx.now().toISOString(),
  actorId: ctx.session?.user.userId ?? null,
  ip: ctx.request.ip,
  userAgent: ctx.request.userAgent?.slice(0, 512) ?? null,
});

type RequestFilter = (eb: ExpressionBuilder<Database, "access_requests">) => ReturnType<ExpressionBuilder<Database, "access_requests">["and"]>;

/**
 * One audit row per access request matching `where`, written only if it still matches when the
 * batch runs. Put it BEFORE the conditional UPDATE it records: inside one batch both see the
 * same state, so a lost race writes neither the change nor its audit row.
 */
function auditWhere(source: AuditSource, action: AuditAction, message: string, where: RequestFilter, details: Record<string, unknown> = {}) {
  return source.db
    .insertInto("audit_logs")
    .columns(["created_at", "action", "message", "details", "actor_id", "target_type", "target_id", "ip_address", "user_agent"])
    .expression(
      source.db
        .selectFrom("access_requests")
        .select((eb) => [
          eb.val(source.at).as("created_at"),
          eb.val(action).as("action"),
          eb.val(message).as("message"),
          // The details plus a prefix of the row's token hash (a null prefix drops out of the patch).
          eb
            .fn<string>("json_patch", [
              eb.val(JSON.stringify(details)),
              eb.fn("json_object", [eb.val("tokenHashPrefix"), eb.fn("substr", ["token_hash", eb.lit(1), eb.lit(12)])]),
            ])
            .as("details"),
          eb.val(source.actorId).as("actor_id"),
          eb.val("access_request").as("target_type"),
          eb.ref("uuid").as("target_id"),
          eb.val(source.ip).as("ip_address"),
          eb.val(source.userAgent).as("user_agent"),
        ])
        .where(where),
    );
}

// ---- Views -----------------------------------------------------------------------------------

export const isLive = (row: Pick<AccessRequestRow, "status" | "expires_at">, now: Date) =>
  row.status === "APPROVED" && row.expires_at !== null && row.expires_at > now.toISOString();

async function toView(ctx: AppContext, row: AccessRequestRow): Promise<AccessRequestView> {
  const now = ctx.now();
  const isRequester = ctx.actor?.userId === row.requester_id;
  const live = isLive(row, now);
  const canDownload = isRequester && live && row.token_seed !== null;
  const token = canDownload ? await tokenFor(ctx.config.sessionSecret, row.uuid, row.token_seed!) : null;
  return {
    uuid: row.uuid,
    archiveId: row.archive_uuid,
    archiveTitle: row.archive_title,
    // An approval past its window reads EXPIRED before the scheduled job has marked it.
    status: row.status === "APPROVED" && !live ? "EXPIRED" : row.status,
    requestMessage: row.request_message,
    responseMessage: row.response_message,
    requester: row.requester_name,
    owner: row.owner_name,
    token,
    downloadUrl: token ? `/api/v1/archives/${row.archive_uuid}/download?token=${encodeURIComponent(token)}` : null,
    downloadCount: row.download_count,
    lastDownloadedAt: row.last_downloaded_at,
    createdAt: row.created_at,
    respondedAt: row.responded_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    isRequester,
    canRespond: row.status === "PENDING" && can(ctx.actor, { type: "accessRequest.respond", ownerUnitKerjaId: row.owner_unit_kerja_id }),
    canRevoke: live && can(ctx.actor, { type: "accessRequest.revoke", ownerUnitKerjaId: row.owner_unit_kerja_id }),
    canDownload,
  };
}

/** The request, if `ctx.actor` may see it; NotFound otherwise (no hint that it exists). */
async function visibleRow(ctx: AppContext, uuid: string): Promise<AccessRequestRow> {
  requireUser(ctx);
  const row = /^[0-9a-f-]{36}$/i.test(uuid) ? await findAccessRequest(ctx, uuid) : undefined;
  const visible =
    row && can(ctx.actor, { type: "accessRequest.view", request: { requesterId: row.requester_id, ownerUnitKerjaId: row.owner_unit_kerja_id } });
  if (!row || !visible) throw new NotFoundError(m.notFound);
  return row;
}

// ---- Use cases -------------------------------------------------------------------------------

/** One access request for dialogs and detail views. Needs to be the requester, the owning unit, or Super Admin. */
export async function getAccessRequest(ctx: AppContext, uuid: string): Promise<AccessRequestView> {
  return toView(ctx, await visibleRow(ctx, uuid));
}

/**
 * The signed-in user's open request for a document (for the detail page: show its state instead
 * of the 'Request Document' button); null when there is none or nobody is signed in.
 */
export async function openRequestForDocument(ctx: AppContext, archiveUuid: string): Promise<AccessRequestView | null> {
  if (!ctx.actor || !/^[0-9a-f-]{36}$/i.test(archiveUuid)) return null;
  const row = await findOpenRequest(ctx, archiveUuid, ctx.actor.userId);
  return row ? toView(ctx, row) : null;
}

/**
 * Ask for access to a non-public document (`document.requestAccess`: a non-owner who is neither
 * Viewer nor Super Admin). Input `{ requestMessage }`, trimmed, 1..1000 characters. One open
 * request (PENDING or a live approval) per requester and document: another is a ConflictError.
 * Side effects: the row and an ACCESS_REQUEST_CREATE audit row (one batch); a lapsed approval of
 * the same pair is marked EXPIRED in that batch so it no longer holds the slot.
 */
export async function requestAccess(ctx: AppContext, archiveUuid: string, input: unknown): Promise<AccessRequestView> {
  const user = requireUser(ctx);
  const archive = /^[0-9a-f-]{36}$/i.test(archiveUuid) ? await findArchiveForRequest(ctx, archiveUuid) : undefined;
  if (!archive) throw new NotFoundError(documentsText.notFound);
  assertCan(
    ctx.actor,
    { type: "document.requestAccess", document: { uploaderId: archive.uploader_id, unitKerjaId: archive.unit_kerja_id, accessLevel: archive.access_level } },
    m.request.denied,
  );
  const { requestMessage } = parseOrInvalid(RequestAccessSchema, input ?? {});
  const uuid = crypto.randomUUID();
  const now = ctx.now().toISOString();
  const lapsed: RequestFilter = (eb) =>
    eb.and([eb("requester_id", "=", user.userId), eb("archive_id", "=", archive.id), eb("status", "=", "APPROVED"), eb("expires_at", "<=", now)]);
  try {
    await runBatch(ctx.d1, [
      ...expireWhere(sourceOf(ctx), lapsed),
      ctx.db.insertInto("access_requests").values({
        uuid,
        archive_id: archive.id,
        requester_id: user.userId,
        owner_unit_kerja_id: archive.unit_kerja_id,
        status: "PENDING",
        request_message: requestMessage,
        created_at: now,
      }),
      audit(ctx, { action: "ACCESS_REQUEST_CREATE", params: { title: archive.title }, targetId: uuid, details: { archive: archive.uuid } }),
    ]);
  } catch (error) {
    if (String((error as Error)?.message).includes("UNIQUE constraint failed")) throw new ConflictError(m.request.duplicate);
    throw error;
  }
  return getAccessRequest(ctx, uuid);
}

/**
 * Answer a PENDING request: `{ action: "accept" | "reject", responseMessage }` (message required).
 * Needs `accessRequest.respond`. Accepting issues the download token, valid 24 hours from now.
 * Exactly one answer wins: the UPDATE is conditional on PENDING, a loser gets a ConflictError.
 * Side effects: the row and an ACCESS_REQUEST_APPROVE / _REJECT audit row (one batch).
 */
export async function respondToAccessRequest(ctx: AppContext, uuid: string, input: unknown): Promise<AccessRequestView> {
  const user = requireUser(ctx);
  const row = await visibleRow(ctx, uuid);
  assertCan(ctx.actor, { type: "accessRequest.respond", ownerUnitKerjaId: row.owner_unit_kerja_id }, m.respond.denied);
  const { action, responseMessage } = parseOrInvalid(RespondSchema, input ?? {});
  if (row.status !== "PENDING") throw new ConflictError(m.respond.alreadyAnswered);

  const now = ctx.now();
  const answer =
    action === "accept"
      ? await (async () => {
          const seed = randomToken(32);
          const token = await tokenFor(ctx.config.sessionSecret, row.uuid, seed);
          return {
            status: "APPROVED" as const,
            token_seed: seed,
            token_hash: await sha256Hex(token),
            expires_at: new Date(now.getTime() + DOWNLOAD_WINDOW_MS).toISOString(),
          };
        })()
      : { status: "REJECTED" as const };
  const stillPending: RequestFilter = (eb) => eb.and([eb("id", "=", row.id), eb("status", "=", "PENDING")]);
  const results = await runBatch(ctx.d1, [
    auditWhere(
      sourceOf(ctx),
      action === "accept" ? "ACCESS_REQUEST_APPROVE" : "ACCESS_REQUEST_REJECT",
      auditText[action === "accept" ? "ACCESS_REQUEST_APPROVE" : "ACCESS_REQUEST_REJECT"]({ title: row.archive_title }),
      stillPending,
      { archive: row.archive_uuid, ...("expires_at" in answer ? { expiresAt: answer.expires_at } : {}) },
    ),
    ctx.db
      .updateTable("access_requests")
      .set({ ...answer, response_message: responseMessage, responder_id: user.userId, responded_at: now.toISOString() })
      .where(stillPending),
  ]);
  if (results[1]?.meta.changes !== 1) throw new ConflictError(m.respond.alreadyAnswered);
  return getAccessRequest(ctx, uuid);
}

/**
 * End a live approval before its window closes (`accessRequest.revoke`): status REVOKED, the
 * token dies at once. Side effects: the row and an ACCESS_REQUEST_REVOKE audit row (one batch).
 */
export async function revokeAccessRequest(ctx: AppContext, uuid: string): Promise<AccessRequestView> {
  const user = requireUser(ctx);
  const row = await visibleRow(ctx, uuid);
  assertCan(ctx.actor, { type: "accessRequest.revoke", ownerUnitKerjaId: row.owner_unit_kerja_id }, m.revoke.denied);
  const now = ctx.now().toISOString();
  const stillLive: RequestFilter = (eb) => eb.and([eb("id", "=", row.id), eb("status", "=", "APPROVED"), eb("expires_at", ">", now)]);
  const results = await runBatch(ctx.d1, [
    auditWhere(sourceOf(ctx), "ACCESS_REQUEST_REVOKE", auditText.ACCESS_REQUEST_REVOKE({ title: row.archive_title }), stillLive, { archive: row.archive_uuid }),
    ctx.db
      .updateTable("access_requests")
      .set({ status: "REVOKED", token_hash: null, token_seed: null, revoked_at: now, revoked_by: user.userId })
      .where(stillLive),
  ]);
  if (results[1]?.meta.changes !== 1) throw new ConflictError(m.revoke.notRevocable);
  return getAccessRequest(ctx, uuid);
}

/**
 * The access-request list (page, dashboard panel, API): Super Admin sees every request; anyone
 * else who may list (not Viewer) the requests they made and those addressed to their unit.
 */
export async function listAccessRequests(ctx: AppContext, query: AccessRequestListQuery = AccessRequestListQuerySchema.parse({})): Promise<AccessRequestPage> {
  const user = requireUser(ctx);
  const scope = accessRequestScope(ctx.actor);
  assertCan(ctx.actor, { type: "accessRequest.list" }, accessRequestsText.list.denied);
  const { rows, total } = await listAccessRequestRows(ctx, { ...scope!, actorId: user.userId }, query);
  return listPage(await Promise.all(rows.map((row) => toView(ctx, row))), total, query);
}

/** PENDING requests addressed to the signed-in user's unit (the sidebar badge); 0 for anyone not answering for a unit. */
export async function pendingCountForUnit(ctx: AppContext): Promise<number> {
  const actor = ctx.actor;
  if (!actor || actor.role !== ROLES.satuanKerja || actor.unitKerjaId === null) return 0;
  return countPendingForUnit(ctx, actor.unitKerjaId);
}

// ---- Expiry ----------------------------------------------------------------------------------

/** Mark the approvals matching `where` EXPIRED and kill their tokens, one audit row each. */
function expireWhere(source: AuditSource, where: RequestFilter): Compilable[] {
  return [
    auditWhere(source, "ACCESS_REQUEST_EXPIRE", auditText.ACCESS_REQUEST_EXPIRE({}), where),
    source.db.updateTable("access_requests").set({ status: "EXPIRED", token_hash: null, token_seed: null }).where(where),
  ];
}

/**
 * The scheduled job's part: every APPROVED request whose window has closed by `now` becomes
 * EXPIRED, its token hash cleared, with one ACCESS_REQUEST_EXPIRE audit row per request (by
 * the system: no actor). Idempotent: a second run matches nothing. Returns the writes to batch.
 */
export function expireLapsedApprovals(deps: { db: Db; now: Date }): Compilable[] {
  const now = deps.now.toISOString();
  return expireWhere({ db: deps.db, at: now, actorId: null, ip: null, userAgent: null }, (eb) =>
    eb.and([eb("status", "=", "APPROVED"), eb("expires_at", "<=", now)]),
  );
}
