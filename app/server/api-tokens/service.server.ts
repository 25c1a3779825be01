import { sql } from "kysely";
import { API_TOKEN_PREFIX, type ApiTokenCreateInput, type ApiTokenListQuery, type ApiTokenView, type CreatedApiToken } from "~/domain/api-tokens";
import { ConflictError, NotFoundError, TooManyRequestsError } from "~/domain/errors";
import { listPage, type ListPage } from "~/domain/list-query";
import { assertCan, can, userActorOf } from "~/domain/policy";
import type { ApiTokenRevokeReason } from "~/domain/api-token-view";
import { daysAfter } from "~/domain/time";
import type { OwnerTokenRevokeReason } from "~/i18n/audit";
import { apiTokenMessages } from "~/i18n/api-tokens";
import { commit, type AuditEachEntry, type Step } from "../audit/commit.server";
import { apiTokenHash } from "../auth/bearer.server";
import { requireUser, type ServiceContext } from "../context.server";
import { randomToken } from "../crypto.server";
import { abortUnlessChanged } from "../db/write-guard.server";
import { consumeRateLimit } from "../rate-limit.server";
import { countLiveTokens, findApiToken, listApiTokenRows, type ApiTokenRow } from "./queries.server";

/**
 * Personal API tokens ('Token API'): any signed-in user makes their own (a name, a scope, a
 * lifetime of at most a year), sees it once, lists and revokes it; a Super Admin sees and
 * revokes everyone's. Only an HMAC of a token is stored. Tokens are managed with a session,
 * never with another token (the policy refuses it).
 */

const m = apiTokenMessages;
/** Live tokens one user may hold. */
export const MAX_LIVE_TOKENS = 20;
/** Tokens one user may create per hour (as sign-ins are throttled, so is minting credentials). */
export const TOKEN_CREATE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const;

function statusOf(row: ApiTokenRow, now: Date): ApiTokenView["status"] {
  // A token whose owner changed role or unit is dead even before it is marked revoked.
  if (row.revoked_at !== null || row.owner_role_id !== row.role_id || row.owner_unit_kerja_id !== row.unit_kerja_id) return "revoked";
  return row.expires_at <= now.toISOString() ? "expired" : "active";
}

function toView(ctx: ServiceContext, row: ApiTokenRow): ApiTokenView {
  const status = statusOf(row, ctx.now());
  return {
    uuid: row.uuid,
    name: row.name,
    scope: row.scope,
    prefix: row.token_prefix,
    owner: { fullName: row.owner_full_name, username: row.owner_username },
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
    status,
    canRevoke: status === "active" && can(ctx.actor, { type: "apiToken.revoke", ownerId: row.user_id }),
  };
}

/** The caller's tokens (a Super Admin: everyone's), searched, filtered by status, sorted, paged. Needs a session. */
export async function listApiTokens(ctx: ServiceContext, query: ApiTokenListQuery): Promise<ListPage<ApiTokenView, ApiTokenListQuery>> {
  const user = requireUser(ctx);
  assertCan(ctx.actor, { type: "apiToken.create" }, m.sessionRequired);
  const scope = can(ctx.actor, { type: "apiToken.listAll" }) ? ({ all: true } as const) : ({ all: false, userId: user.userId } as const);
  const { rows, total } = await listApiTokenRows(ctx, scope, query, ctx.now().toISOString());
  return listPage(
    rows.map((row) => toView(ctx, row)),
    total,
    query,
  );
}

/** A token the caller may see (theirs; a Super Admin: any), or NotFound (no hint that it exists). */
async function visibleToken(ctx: ServiceContext, uuid: string): Promise<ApiTokenRow> {
  const user = requireUser(ctx);
  const row = await findApiToken(ctx, uuid);
  if (!row || (row.user_id !== user.userId && !can(ctx.actor, { type: "apiToken.listAll" }))) throw new NotFoundError(m.notFound);
  return row;
}

/** One token (the revoke dialog). */
export async function getApiToken(ctx: ServiceContext, uuid: string): Promise<ApiTokenView> {
  return toView(ctx, await visibleToken(ctx, uuid));
}

/**
 * 'Buat Token': a new token for the caller, with their current role and unit (it dies when
 * either changes). Needs `apiToken.create` (a session). At most MAX_LIVE_TOKENS live tokens and
 * TOKEN_CREATE_LIMIT new ones an hour. Side effects: the api_tokens row (the token's HMAC, never
 * the token) and an API_TOKEN_CREATE audit row, one batch. The token is returned once.
 */
export async function createApiToken(ctx: ServiceContext, input: ApiTokenCreateInput): Promise<CreatedApiToken> {
  const user = requireUser(ctx);
  assertCan(ctx.actor, { type: "apiToken.create" }, m.sessionRequired);
  const now = ctx.now();
  if ((await countLiveTokens(ctx, user.userId, now.toISOString())) >= MAX_LIVE_TOKENS) throw new ConflictError(m.tooMany(MAX_LIVE_TOKENS));
  const rate = await consumeRateLimit(ctx, `api-token-create:${user.userId}`, TOKEN_CREATE_LIMIT);
  if (!rate.allowed) throw new TooManyRequestsError(m.createThrottled, rate.retryAfterSeconds);

  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const uuid = crypto.randomUUID();
  const owner = ctx.db.selectFrom("users").where("id", "=", user.userId);
  const username = (await owner.select("username").executeTakeFirst())?.username ?? String(user.userId);
  const expiresAt = daysAfter(now, input.expiresInDays);
  const prefix = token.slice(0, API_TOKEN_PREFIX.length + 6);
  await commit(ctx, [
    ctx.db.insertInto("api_tokens").values({
      uuid,
      user_id: user.userId,
      name: input.name,
      scope: input.scope,
      token_hash: await apiTokenHash(ctx.config.sessionSecret, token),
      token_prefix: prefix,
      // The owner's role and unit as the database has them at this moment.
      role_id: owner.select("role_id"),
      unit_kerja_id: owner.select("unit_kerja_id"),
      created_at: now.toISOString(),
      expires_at: expiresAt,
      last_used_at: null,
      last_used_ip: null,
      revoked_at: null,
      revoked_by: null,
      revoked_reason: null,
    }),
    {
      action: "API_TOKEN_CREATE",
      params: { name: input.name, owner: username, scope: input.scope },
      details: { scope: input.scope, expiresAt, prefix },
      targetType: "api_token",
      targetId: uuid,
    },
  ]);
  return { token, view: await getApiToken(ctx, uuid) };
}

/**
 * 'Cabut': the token stops working at once. Needs `apiToken.revoke` (its owner, or a Super
 * Admin). Side effects: revoked_at/by/reason and an API_TOKEN_REVOKE audit row, one batch.
 */
export async function revokeApiToken(ctx: ServiceContext, uuid: string): Promise<{ name: string }> {
  const user = requireUser(ctx);
  const row = await visibleToken(ctx, uuid);
  assertCan(ctx.actor, { type: "apiToken.revoke", ownerId: row.user_id }, m.revokeDenied);
  if (statusOf(row, ctx.now()) !== "active") throw new ConflictError(m.alreadyRevoked);
  await commit(
    ctx,
    [
      ctx.db
        .updateTable("api_tokens")
        .set({ revoked_at: ctx.now().toISOString(), revoked_by: user.userId, revoked_reason: row.user_id === user.userId ? "OWNER" : "ADMIN" })
        .where("id", "=", row.id)
        .where("revoked_at", "is", null),
      abortUnlessChanged(ctx),
      {
        action: "API_TOKEN_REVOKE",
        params: { name: row.name, owner: row.owner_username },
        details: { scope: row.scope, prefix: row.token_prefix },
        targetType: "api_token",
        targetId: row.uuid,
      },
    ],
    { STALE_WRITE: m.alreadyRevoked },
  );
  return { name: row.name };
}

/** The stored reason of each way all of a user's tokens end at once. */
const OWNER_REVOKE_COLUMN: Record<OwnerTokenRevokeReason, ApiTokenRevokeReason> = {
  owner_changed: "OWNER_CHANGED",
  password_reset: "PASSWORD_RESET",
  sessions_ended: "SESSIONS_ENDED",
  deactivated: "OWNER_DEACTIVATED",
};

/**
 * The steps that revoke every live token of a user at once, one API_TOKEN_REVOKE audit row
 * each, as part of the batch of what ends them: a new role or unit (the tokens were issued for
 * the old ones; the look-up refuses them anyway, this records why they stopped), a password
 * reset, 'Akhiri Sesi' with the tokens, a deactivation.
 */
export function revokeOwnerTokensSteps(ctx: ServiceContext, owner: { id: number; username: string }, reason: OwnerTokenRevokeReason): Step[] {
  const live = ctx.db.selectFrom("api_tokens").where("user_id", "=", owner.id).where("revoked_at", "is", null);
  const audit: AuditEachEntry = {
    action: "API_TOKEN_REVOKE",
    params: { owner: owner.username, reason },
    details: { reason },
    targetType: "api_token",
    each: live.select(["uuid as target_id", sql<null>`NULL`.as("token_hash_prefix")]),
  };
  return [
    audit,
    ctx.db
      .updateTable("api_tokens")
      .set({ revoked_at: ctx.now().toISOString(), revoked_by: userActorOf(ctx.actor)?.userId ?? null, revoked_reason: OWNER_REVOKE_COLUMN[reason] })
      .where("user_id", "=", owner.id)
      .where("revoked_at", "is", null),
  ];
}
