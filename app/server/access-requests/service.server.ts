import { hasDigitalFile } from "~/domain/documents";
/**
 * The access-request use cases (ask, answer, revoke, list, expire) and their views. Just over 300
 * lines because the conditional writes and their audit rows are kept beside the use cases they
 * guard; the token download lives in `download.server.ts`.
 */
import type { ExpressionBuilder } from "kysely";
import {
  AccessRequestListQuerySchema,
  DOWNLOAD_WINDOW_MS,
  type AccessRequestListQuery,
  type AccessRequestPage,
  type AccessRequestView,
  type RequestAccessInput,
  type RespondInput,
} from "~/domain/access-requests";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { listPage } from "~/domain/list-query";
import { accessRequestScope, assertCan, can, userActorOf, type UserActor } from "~/domain/policy";
import { ROLES } from "~/domain/roles";
import { documentMessages } from "~/i18n/documents";
import { documentDetailText } from "~/i18n/document-detail";
import { accessRequests as accessRequestsText, accessRequestMessages } from "~/i18n/access-requests";
import {
  pendingForUnitStatement,
  findAccessRequest,
  findArchiveForRequest,
  listAccessRequestRows,
  openRequestQuery,
  unownedPendingStatement,
  type AccessRequestRow,
} from "./queries.server";
import { requireUser, type ServiceContext } from "../context.server";
import { documentRef } from "../documents/view.server";
import { audienceOf } from "../documents/queries.server";
import { tokenFor } from "./token.server";
import { randomToken, sha256Hex } from "../crypto.server";
import type { Database } from "../db/schema";
import type { Db } from "../db/db.server";
import { commit, type AuditEachEntry, type AuditEntry, type Step } from "../audit/commit.server";
import { batchedRead, noRead, statementOf, type BatchedRead } from "../db/prepared.server";

const m = accessRequestMessages;

// ---- Audit rows -------------------------------------------------------------------------------

/** The audit row of a change to one access request. */
export const requestAudit = (entry: AuditEntry): AuditEntry => ({ targetType: "access_request", ...entry });

type RequestFilter = (eb: ExpressionBuilder<Database, "access_requests">) => ReturnType<ExpressionBuilder<Database, "access_requests">["and"]>;

/**
 * One audit row per access request matching `where` when the batch runs, with a prefix of its
 * token hash. Put it BEFORE the conditional update it records (see `AuditEachEntry`).
 */
export const eachRequestAudit = (db: Db, entry: AuditEntry, where: RequestFilter): AuditEachEntry => ({
  ...entry,
  targetType: "access_request",
  each: db
    .selectFrom("access_requests")
    .select((eb) => [eb.ref("uuid").as("target_id"), eb.fn<string | null>("substr", ["token_hash", eb.lit(1), eb.lit(12)]).as("token_hash_prefix")])
    .where(where),
});

// ---- Views -----------------------------------------------------------------------------------

/** What the policy needs to know of a request's document. */
export const archiveRefOf = (row: AccessRequestRow) =>
  documentRef({
    uploader_id: row.archive_uploader_id,
    unit_kerja_id: row.archive_unit_kerja_id,
    access_level: row.archive_access_level,
    security_class: row.archive_security_class,
  });

export const isLive = (row: Pick<AccessRequestRow, "status" | "expires_at">, now: Date) =>
  row.status === "APPROVED" && row.expires_at !== null && row.expires_at > now.toISOString();

/**
 * Is `user` still the requester as they were when they asked (same role, same unit)? A token
 * is issued to that person; a changed account may not use it (and may not be allowed to ask).
 */
export const stillTheRequester = (row: Pick<AccessRequestRow, "requester_id" | "requester_role" | "requester_unit_kerja_id">, user: UserActor) =>
  row.requester_id === user.userId && row.requester_role === user.role && row.requester_unit_kerja_id === user.unitKerjaId;

async function toView(ctx: ServiceContext, row: AccessRequestRow): Promise<AccessRequestView> {
  const now = ctx.now();
  const user = userActorOf(ctx.actor);
  const isRequester = user?.userId === row.requester_id;
  const live = isLive(row, now);
  const canDownload = !!user && stillTheRequester(row, user) && live && row.token_seed !== null;
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
    revokedBy: row.status === "REVOKED" ? row.revoked_by_name : null,
    isRequester,
    canRespond: row.status === "PENDING" && can(ctx.actor, { type: "accessRequest.respond", ownerUnitKerjaId: row.owner_unit_kerja_id }),
    canRevoke: live && can(ctx.actor, { type: "accessRequest.revoke", ownerUnitKerjaId: row.owner_unit_kerja_id }),
    canDownload,
  };
}

/** The request, if `ctx.actor` may see it; NotFound otherwise (no hint that it exists). */
async function visibleRow(ctx: ServiceContext, uuid: string): Promise<AccessRequestRow> {
  requireUser(ctx);
  const row = /^[0-9a-f-]{36}$/i.test(uuid) ? await findAccessRequest(ctx, uuid) : undefined;
  const visible =
    row &&
    can(ctx.actor, { type: "accessRequest.view", request: { requesterId: row.requester_id, ownerUnitKerjaId: row.owner_unit_kerja_id } }) &&
    can(ctx.actor, { type: "document.view", document: archiveRefOf(row) });
  if (!row || !visible) throw new NotFoundError(m.notFound);
  return row;
}

// ---- Use cases -------------------------------------------------------------------------------

/** One access request for dialogs and detail views. Needs to be the requester, the owning unit, or Super Admin. */
export async function getAccessRequest(ctx: ServiceContext, uuid: string): Promise<AccessRequestView> {
  return toView(ctx, await visibleRow(ctx, uuid));
}

/**
 * The signed-in user's open request for a document (for the detail page: show its state instead
 * of the 'Request Document' button), as a read that shares the page's round trip; null when
 * there is none or nobody is signed in.
 */
export function openRequestRead(ctx: ServiceContext, archiveUuid: string): BatchedRead<AccessRequestView | null> {
  const user = userActorOf(ctx.actor);
  if (!user || !/^[0-9a-f-]{36}$/i.test(archiveUuid)) return noRead;
  return batchedRead([statementOf(ctx.d1, openRequestQuery(ctx, archiveUuid, user.userId))], ([[row]]) => (row ? toView(ctx, row) : null));
}

/**
 * Ask for access to a non-public document (`document.requestAccess`: a non-owner who is neither
 * Viewer nor Super Admin). Input `{ requestMessage }`, trimmed, 1..1000 characters. One open
 * request (PENDING or a live approval) per requester and document: another is a ConflictError.
 * Side effects: the row and an ACCESS_REQUEST_CREATE audit row (one batch); a lapsed approval of
 * the same pair is marked EXPIRED in that batch so it no longer holds the slot.
 */
export async function requestAccess(ctx: ServiceContext, archiveUuid: string, input: RequestAccessInput): Promise<AccessRequestView> {
  const user = requireUser(ctx);
  const archive = /^[0-9a-f-]{36}$/i.test(archiveUuid) ? await findArchiveForRequest(ctx, archiveUuid) : undefined;
  const document = archive && documentRef(archive);
  if (!archive || !document || !can(ctx.actor, { type: "document.view", document })) throw new NotFoundError(documentDetailText.notFound);
  assertCan(ctx.actor, { type: "document.requestAccess", document }, m.request.denied);
  // A paper record has no file a token could open: the archivist is asked in person.
  if (!hasDigitalFile(archive)) throw new ConflictError(documentMessages.noDigitalFile);
  const { requestMessage } = input;
  const uuid = crypto.randomUUID();
  const now = ctx.now().toISOString();
  const lapsed: RequestFilter = (eb) =>
    eb.and([eb("requester_id", "=", user.userId), eb("archive_id", "=", archive.id), eb("status", "=", "APPROVED"), eb("expires_at", "<=", now)]);
  await commit(
    ctx,
    [
      ...expireWhere(ctx.db, lapsed),
      ctx.db.insertInto("access_requests").values({
        uuid,
        archive_id: archive.id,
        requester_id: user.userId,
        owner_unit_kerja_id: archive.unit_kerja_id,
        requester_role: user.role,
        requester_unit_kerja_id: user.unitKerjaId,
        status: "PENDING",
        request_message: requestMessage,
        created_at: now,
      }),
      requestAudit({ action: "ACCESS_REQUEST_CREATE", params: { title: archive.title }, targetId: uuid, details: { archive: archive.uuid } }),
    ],
    { UNIQUE: m.request.duplicate },
  );
  return getAccessRequest(ctx, uuid);
}

/**
 * Answer a PENDING request: `{ action: "accept" | "reject", responseMessage }` (message required).
 * Needs `accessRequest.respond`. Accepting issues the download token, valid 24 hours from now.
 * Exactly one answer wins: the UPDATE is conditional on PENDING, a loser gets a ConflictError.
 * Side effects: the row and an ACCESS_REQUEST_APPROVE / _REJECT audit row (one batch).
 */
export async function respondToAccessRequest(ctx: ServiceContext, uuid: string, input: RespondInput): Promise<AccessRequestView> {
  const user = requireUser(ctx);
  const row = await visibleRow(ctx, uuid);
  assertCan(ctx.actor, { type: "accessRequest.respond", ownerUnitKerjaId: row.owner_unit_kerja_id }, m.respond.denied);
  const { action, responseMessage } = input;
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
  const results = await commit(ctx, [
    eachRequestAudit(
      ctx.db,
      {
        action: action === "accept" ? "ACCESS_REQUEST_APPROVE" : "ACCESS_REQUEST_REJECT",
        params: { title: row.archive_title },
        details: { archive: row.archive_uuid, ...("expires_at" in answer ? { expiresAt: answer.expires_at } : {}) },
      },
      stillPending,
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
export async function revokeAccessRequest(ctx: ServiceContext, uuid: string): Promise<AccessRequestView> {
  const user = requireUser(ctx);
  const row = await visibleRow(ctx, uuid);
  assertCan(ctx.actor, { type: "accessRequest.revoke", ownerUnitKerjaId: row.owner_unit_kerja_id }, m.revoke.denied);
  const now = ctx.now().toISOString();
  const stillLive: RequestFilter = (eb) => eb.and([eb("id", "=", row.id), eb("status", "=", "APPROVED"), eb("expires_at", ">", now)]);
  const results = await commit(ctx, [
    eachRequestAudit(ctx.db, { action: "ACCESS_REQUEST_REVOKE", params: { title: row.archive_title }, details: { archive: row.archive_uuid } }, stillLive),
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
export async function listAccessRequests(ctx: ServiceContext, query: AccessRequestListQuery = AccessRequestListQuerySchema.parse({})): Promise<AccessRequestPage> {
  const user = requireUser(ctx);
  const scope = accessRequestScope(ctx.actor);
  assertCan(ctx.actor, { type: "accessRequest.list" }, accessRequestsText.list.denied);
  const { rows, total } = await listAccessRequestRows(ctx, { ...scope!, actorId: user.userId, audience: audienceOf(ctx.actor) }, query);
  return listPage(await Promise.all(rows.map((row) => toView(ctx, row))), total, query);
}

/**
 * PENDING requests on documents without an owning unit, which Super Admin answers (the count on
 * the admin dashboard's panel), as a read that shares the dashboard's round trip; null for
 * anyone else (no panel).
 */
export function unownedPendingRead(ctx: ServiceContext): BatchedRead<number | null> {
  const superAdmin = userActorOf(ctx.actor)?.role === ROLES.superAdmin;
  return batchedRead([superAdmin ? unownedPendingStatement(ctx.d1, null) : null], ([rows]) => (rows ? Number(rows[0]?.n ?? 0) : null));
}

/**
 * PENDING requests addressed to the signed-in user's unit (the sidebar badge), as a read that
 * shares the layout's round trip; 0 for anyone not answering for a unit.
 */
export function pendingForUnitRead(ctx: ServiceContext): BatchedRead<number> {
  const actor = userActorOf(ctx.actor);
  const unitKerjaId = actor?.role === ROLES.satuanKerja ? actor.unitKerjaId : null;
  return batchedRead([unitKerjaId === null ? null : pendingForUnitStatement(ctx.d1, null, unitKerjaId)], ([rows]) => Number(rows?.[0]?.n ?? 0));
}

/**
 * The steps that end every live approval `requesterId` holds (status REVOKED, token killed), one
 * ACCESS_REQUEST_REVOKE audit row each naming its document, for the batch that changes the
 * requester's role or unit: an approval is given to the account as it was. Each audit row and
 * update match the request only while it is still APPROVED when the batch runs; an approval
 * given after this read is refused at download time anyway (`stillTheRequester`).
 */
export async function revokeApprovalsOfRequester(ctx: ServiceContext, requesterId: number, details: Record<string, unknown>): Promise<Step[]> {
  const now = ctx.now().toISOString();
  const approvals = await ctx.db
    .selectFrom("access_requests as r")
    .innerJoin("archives as a", "a.id", "r.archive_id")
    .select(["r.id", "a.title", "a.uuid as archive_uuid"])
    .where("r.requester_id", "=", requesterId)
    .where("r.status", "=", "APPROVED")
    .limit(90)
    .execute();
  return approvals.flatMap((approval) => {
    const stillApproved: RequestFilter = (eb) => eb.and([eb("id", "=", approval.id), eb("status", "=", "APPROVED")]);
    return [
      eachRequestAudit(
        ctx.db,
        { action: "ACCESS_REQUEST_REVOKE", params: { title: approval.title }, details: { reason: "requester_changed", archive: approval.archive_uuid, ...details } },
        stillApproved,
      ),
      ctx.db
        .updateTable("access_requests")
        .set({ status: "REVOKED", token_hash: null, token_seed: null, revoked_at: now, revoked_by: userActorOf(ctx.actor)?.userId ?? null })
        .where(stillApproved),
    ];
  });
}

// ---- Expiry ----------------------------------------------------------------------------------

/** Mark the approvals matching `where` EXPIRED and kill their tokens, one audit row each. */
function expireWhere(db: Db, where: RequestFilter): Step[] {
  return [
    eachRequestAudit(db, { action: "ACCESS_REQUEST_EXPIRE", params: {} }, where),
    db.updateTable("access_requests").set({ status: "EXPIRED", token_hash: null, token_seed: null }).where(where),
  ];
}

/**
 * The scheduled job's part: every APPROVED request whose window has closed by now becomes
 * EXPIRED, its token hash cleared, with one ACCESS_REQUEST_EXPIRE audit row per request (no
 * user actor). Needs `accessRequest.expire` (the maintenance job). Idempotent: a second run
 * matches nothing. Returns the number expired.
 */
export async function expireLapsedApprovals(ctx: ServiceContext): Promise<number> {
  assertCan(ctx.actor, { type: "accessRequest.expire" }, m.notFound);
  const now = ctx.now().toISOString();
  const results = await commit(ctx, expireWhere(ctx.db, (eb) => eb.and([eb("status", "=", "APPROVED"), eb("expires_at", "<=", now)])));
  return results.at(-1)?.meta.changes ?? 0;
}
