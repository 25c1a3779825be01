import type { Updateable } from "kysely";
import { ConflictError, DomainError, InvalidError, NotFoundError } from "~/domain/errors";
import { listPage, type ListPage } from "~/domain/list-query";
import { assertCan, userActorOf } from "~/domain/policy";
import { ROLE_NAMES, ROLES, type RoleName } from "~/domain/roles";
import type { UnitKerjaOption, UserCreateInput, UserDetail, UserListQuery, UserUpdateInput, UserView } from "~/domain/users";
import { t } from "~/i18n/id";
import { users as usersText, userMessages } from "~/i18n/users";
import type { ServiceContext } from "../context.server";
import type { Database } from "../db/schema";
import { hashPassword, type PasswordHash } from "../auth/password.server";
import {
  countActiveSessions,
  countUploadedDocuments,
  findUserByUuid,
  listUserRows,
  roleIdByName,
  toUserView,
  unitKerjaExists,
  unitKerjaOptions,
  type UserViewRow,
} from "./queries.server";
import { commit, type AuditEntry, type Step } from "../audit/commit.server";
import { revokeOwnerTokensSteps } from "../api-tokens/service.server";
import { countLiveTokens } from "../api-tokens/queries.server";
import type { OwnerTokenRevokeReason } from "~/i18n/audit";
import { revokeApprovalsOfRequester } from "../access-requests/service.server";

const m = userMessages;
const v = m.validation;

const assertManage = (ctx: ServiceContext) => assertCan(ctx.actor, { type: "users.manage" }, t.denied.page);

/** The audit row of a change to a user; the one place this service writes audit rows. */
const userAudit = (entry: AuditEntry, target: { uuid: string }): AuditEntry => ({ ...entry, targetType: "user", targetId: target.uuid });

/**
 * End a user's sessions at once (revoked rows stop working on the next request). The caller's
 * own current session is kept when they change themselves.
 */
const revokeSessions = (ctx: ServiceContext, userId: number) =>
  ctx.db
    .updateTable("sessions")
    .set({ revoked_at: ctx.now().toISOString() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", ctx.now().toISOString())
    .$if(!!actingSession(ctx), (qb) => qb.where("id_hash", "!=", actingSession(ctx)!));

/** The session the acting admin uses (never ended by their own change). */
const actingSession = (ctx: ServiceContext) => userActorOf(ctx.actor)?.sessionIdHash ?? null;

const usernameTaken = (username: string) => {
  const message = m.usernameTaken(username);
  return new DomainError(409, message, { username: [message] });
};

async function findOr404(ctx: ServiceContext, uuid: string): Promise<UserViewRow> {
  const row = await findUserByUuid(ctx, uuid);
  if (!row) throw new NotFoundError(usersText.notFound);
  return row;
}

async function assertUnitExists(ctx: ServiceContext, unitKerjaId: number) {
  if (!(await unitKerjaExists(ctx, unitKerjaId))) throw new InvalidError(v.unitKerjaUnknown, { unitKerjaId: [v.unitKerjaUnknown] });
}

async function roleIdOf(ctx: ServiceContext, roleName: string): Promise<number> {
  const id = await roleIdByName(ctx, roleName);
  if (id === undefined) throw new InvalidError(v.roleInvalid, { roleName: [v.roleInvalid] });
  return id;
}

/** Run a user write batch; the database's refusals become 409s with a clear message. */
function runUserBatch(ctx: ServiceContext, steps: Step[], target: { id: number; username: string }) {
  return commit(ctx, steps, {
    LAST_SUPER_ADMIN: m.lastSuperAdmin,
    USER_HAS_DOCUMENTS: async () => new ConflictError(m.hasDocuments(await countUploadedDocuments(ctx, target.id))),
    UNIQUE: () => usernameTaken(target.username),
  });
}

/** A username someone already has (the column compares without case: "Budi" for "budi") is refused (409). */
async function assertUsernameFree(ctx: ServiceContext, username: string): Promise<void> {
  if (await ctx.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirst()) throw usernameTaken(username);
}

/**
 * A new account's row and its audit row (`audit`, about the new user) in one batch; a username
 * taken meanwhile is refused (409). An account without a password signs in through the IdP only.
 */
async function insertUser(
  ctx: ServiceContext,
  account: { fullName: string; username: string; email: string | null; password: PasswordHash | null; ssoSubject?: string; roleId: number; unitKerjaId: number | null },
  audit: AuditEntry,
): Promise<string> {
  const uuid = crypto.randomUUID();
  const now = ctx.now().toISOString();
  await runUserBatch(
    ctx,
    [
      ctx.db.insertInto("users").values({
        uuid,
        full_name: account.fullName,
        username: account.username,
        email: account.email,
        password_hash: account.password?.hash ?? null,
        password_salt: account.password?.salt ?? null,
        password_iterations: account.password?.iterations ?? null,
        ...(account.ssoSubject === undefined ? {} : { sso_subject: account.ssoSubject }),
        role_id: account.roleId,
        unit_kerja_id: account.unitKerjaId,
        created_at: now,
        updated_at: now,
      }),
      userAudit(audit, { uuid }),
    ],
    { id: 0, username: account.username },
  );
  return uuid;
}

/** Users, searched, sorted (newest change first by default) and paged. Needs `users.manage`. */
export async function listUsers(ctx: ServiceContext, query: UserListQuery): Promise<ListPage<UserView, UserListQuery>> {
  assertManage(ctx);
  const { rows, total } = await listUserRows(ctx, query);
  return listPage(rows.map(toUserView), total, query);
}

/** One user with the number of live sessions and API tokens. Needs `users.manage`. */
export async function getUser(ctx: ServiceContext, uuid: string): Promise<UserDetail> {
  assertManage(ctx);
  const row = await findOr404(ctx, uuid);
  const [activeSessions, activeApiTokens] = await Promise.all([countActiveSessions(ctx, row.id, ctx.now()), countLiveTokens(ctx, row.id, ctx.now().toISOString())]);
  return { ...toUserView(row), activeSessions, activeApiTokens };
}

/** What the user form offers: the roles and the work units. Needs `users.manage`. */
export async function userFormOptions(ctx: ServiceContext): Promise<{ roles: readonly string[]; unitKerja: UnitKerjaOption[] }> {
  assertManage(ctx);
  return { roles: ROLE_NAMES, unitKerja: await unitKerjaOptions(ctx) };
}

/**
 * Create a user (password hashed with PBKDF2). Needs `users.manage`. A work unit is stored only
 * for Satuan Kerja (the form hides it for other roles). Side effects: the users row and a
 * USER_CREATE audit row in one batch. Duplicate username (any case): 409.
 */
export async function createUser(ctx: ServiceContext, input: UserCreateInput): Promise<UserView> {
  assertManage(ctx);
  const roleId = await roleIdOf(ctx, input.roleName);
  const unitKerjaId = input.roleName === ROLES.satuanKerja ? (input.unitKerjaId ?? null) : null;
  if (unitKerjaId !== null) await assertUnitExists(ctx, unitKerjaId);
  await assertUsernameFree(ctx, input.username);
  const uuid = await insertUser(
    ctx,
    { fullName: input.fullName, username: input.username, email: input.email ?? null, password: await hashPassword(input.password), roleId, unitKerjaId },
    {
      action: "USER_CREATE",
      params: { username: input.username, roleName: input.roleName },
      details: { username: input.username, roleName: input.roleName, unitKerjaId },
    },
  );
  return toUserView((await findUserByUuid(ctx, uuid))!);
}

/**
 * Apply the given (non-empty) fields to a user. Needs `users.manage`. Changing the role, the
 * work unit or the password ends the user's sessions and API tokens (one audit row each) in the
 * same batch; a new role or unit also revokes the download approvals they hold
 * (ACCESS_REQUEST_REVOKE rows); the last Super Admin
 * cannot be demoted (409). `active: false` deactivates the account ('Nonaktifkan', never one's
 * own, never the last active Super Admin): it cannot sign in, and its sessions, API tokens and
 * the approvals it holds end; its name stays on every record. Side effects: the row, revoked
 * sessions, a USER_UPDATE audit row naming the changed fields (never their secret values) and
 * a USER_DEACTIVATE or USER_ACTIVATE row.
 */
export async function updateUser(ctx: ServiceContext, uuid: string, input: UserUpdateInput): Promise<UserView> {
  assertManage(ctx);
  const current = await findOr404(ctx, uuid);
  return changeUser(ctx, current, input, ({ username, changed, details }) =>
    userAudit({ action: "USER_UPDATE", params: { username, changed }, details }, current),
  );
}

/**
 * Give a user the role (and, for Satuan Kerja, the work unit) their identity provider's claims
 * name, at their SSO sign-in (SSO claim mapping). The same rules as an administrator's change
 * apply (sessions, API tokens and download approvals end; the last Super Admin stays; a Satuan
 * Kerja needs a unit), but no permission is checked: the caller is the sign-in of this very user,
 * vouched for by a verified id_token. Side effects as updateUser's, with one SSO_CLAIMS_APPLIED
 * audit row (the user as actor, the changes listed) instead of USER_UPDATE.
 */
export async function applySsoClaims(
  ctx: ServiceContext,
  uuid: string,
  target: { roleName: RoleName; unit: { id: number; nama: string } | null },
): Promise<UserView> {
  const current = await findOr404(ctx, uuid);
  // A name that is no role here fails in changeUser (roleIdOf), as a form's would.
  const input: UserUpdateInput = { roleName: target.roleName as NonNullable<UserUpdateInput["roleName"]>, ...(target.unit ? { unitKerjaId: target.unit.id } : {}) };
  return changeUser(ctx, current, input, ({ username, changed, details }) => {
    const changes = [
      ...(changed.includes("roleName") ? [m.ssoRoleChange(current.role_name, target.roleName)] : []),
      ...(changed.includes("unitKerjaId") ? [m.ssoUnitChange(current.unit_kerja_nama, target.unit?.nama ?? null)] : []),
    ];
    return userAudit({ action: "SSO_CLAIMS_APPLIED", params: { username, changes }, details, actorId: current.id }, current);
  });
}

/** What the audit row of a user change is told: who, which fields, and what ended with it. */
type UserChange = { username: string; changed: string[]; details: Record<string, unknown> };

/** updateUser's rules, for whichever caller has been allowed to make the change. */
async function changeUser(ctx: ServiceContext, current: UserViewRow, input: UserUpdateInput, auditOf: (change: UserChange) => AuditEntry): Promise<UserView> {
  const uuid = current.uuid;
  const roleName = input.roleName ?? current.role_name;
  const roleChanged = roleName !== current.role_name;
  // Only a Satuan Kerja belongs to a unit; a unit of another role is kept until its role changes.
  const unitKerjaId =
    roleName === ROLES.satuanKerja ? (input.unitKerjaId ?? current.unit_kerja_id) : roleChanged ? null : current.unit_kerja_id;
  if (roleName === ROLES.satuanKerja && unitKerjaId === null) {
    throw new InvalidError(v.unitKerjaRequired, { unitKerjaId: [v.unitKerjaRequired] });
  }
  if (unitKerjaId !== null && unitKerjaId !== current.unit_kerja_id) await assertUnitExists(ctx, unitKerjaId);

  const changes: Updateable<Database["users"]> = {};
  const changed: string[] = [];
  const change = (field: string, columns: Updateable<Database["users"]>) => {
    Object.assign(changes, columns);
    changed.push(field);
  };
  if (input.fullName !== undefined && input.fullName !== current.full_name) change("fullName", { full_name: input.fullName });
  if (input.username !== undefined && input.username !== current.username) {
    const other = await ctx.db.selectFrom("users").select("id").where("username", "=", input.username).where("id", "!=", current.id).executeTakeFirst();
    if (other) throw usernameTaken(input.username);
    change("username", { username: input.username });
  }
  if (input.email !== undefined && input.email !== current.email) change("email", { email: input.email });
  if (roleChanged) change("roleName", { role_id: await roleIdOf(ctx, roleName) });
  if (unitKerjaId !== current.unit_kerja_id) change("unitKerjaId", { unit_kerja_id: unitKerjaId });
  if (input.password !== undefined) {
    const password = await hashPassword(input.password);
    change("password", { password_hash: password.hash, password_salt: password.salt, password_iterations: password.iterations });
  }
  const deactivating = input.active === false && current.deactivated_at === null;
  const activating = input.active === true && current.deactivated_at !== null;
  if (deactivating && current.id === userActorOf(ctx.actor)?.userId) throw new ConflictError(m.cannotDeactivateSelf);
  if (changed.length === 0 && !deactivating && !activating) return toUserView(current);

  const roleOrUnit = roleChanged || changed.includes("unitKerjaId");
  const endsSessions = deactivating || roleOrUnit || changed.includes("password");
  // API tokens act with the role and unit they were issued under: a change of either ends them.
  // So does a new password: an admin resets one on suspicion that the account is not its
  // owner's alone, and a token would outlive the suspicion. And a deactivation, of course.
  const tokensEndFor: OwnerTokenRevokeReason | null = deactivating
    ? "deactivated"
    : roleOrUnit
      ? "owner_changed"
      : changed.includes("password")
        ? "password_reset"
        : null;
  const endsTokens = tokensEndFor !== null;
  const username = input.username ?? current.username;
  // Download approvals were given to the account as it was: a new role or unit ends them, and so
  // does a deactivation.
  const endsApprovals =
    deactivating || roleOrUnit
      ? await revokeApprovalsOfRequester(ctx, current.id, { requester: current.uuid, ...(deactivating ? { reason: "requester_deactivated" } : {}) })
      : [];
  const now = ctx.now().toISOString();
  await runUserBatch(
    ctx,
    [
      ctx.db
        .updateTable("users")
        .set({ ...changes, ...(deactivating ? { deactivated_at: now } : activating ? { deactivated_at: null } : {}), updated_at: now })
        .where("id", "=", current.id),
      ...(endsSessions ? [revokeSessions(ctx, current.id)] : []),
      ...(tokensEndFor ? revokeOwnerTokensSteps(ctx, { id: current.id, username: current.username }, tokensEndFor) : []),
      ...endsApprovals,
      ...(changed.length > 0
        ? [
            auditOf({
              username,
              changed,
              details: { changed, ...(roleChanged ? { roleFrom: current.role_name, roleTo: roleName } : {}), sessionsEnded: endsSessions, apiTokensEnded: endsTokens },
            }),
          ]
        : []),
      ...(deactivating || activating
        ? [
            userAudit(
              {
                action: deactivating ? "USER_DEACTIVATE" : "USER_ACTIVATE",
                params: { username },
                details: { username, fullName: current.full_name, ...(deactivating ? { sessionsEnded: true, apiTokensEnded: true } : {}) },
              },
              current,
            ),
          ]
        : []),
    ],
    { id: current.id, username },
  );
  return toUserView((await findUserByUuid(ctx, uuid))!);
}

/**
 * Delete a user. Needs `users.manage`. Refused (409) for one's own account, for the last Super
 * Admin and for a user who uploaded documents or versions, in the trash too (the count is named,
 * and the refusal points to 'Nonaktifkan': records keep their uploader). Side effects: the row,
 * its sessions and access requests (cascade), its rate-limit counters and per-actor audit count
 * (a trigger, migration 0016), a USER_DELETE audit row — one batch. The id is never given to another user (AUTOINCREMENT): their audit rows keep naming them.
 */
export async function deleteUser(ctx: ServiceContext, uuid: string): Promise<{ username: string }> {
  assertManage(ctx);
  const target = await findOr404(ctx, uuid);
  if (target.id === userActorOf(ctx.actor)?.userId) throw new ConflictError(m.cannotDeleteSelf);
  await runUserBatch(
    ctx,
    [
      userAudit(
        {
          action: "USER_DELETE",
          params: { username: target.username },
          details: { username: target.username, fullName: target.full_name, roleName: target.role_name },
        },
        target,
      ),
      ctx.db.deleteFrom("users").where("id", "=", target.id),
    ],
    target,
  );
  return { username: target.username };
}

/**
 * 'Akhiri Sesi': end every live session of a user (the caller's own current one excepted) and,
 * when asked (`endApiTokens`), every live API token of theirs too. Needs `users.manage`. Side
 * effects: sessions.revoked_at, the tokens' revocation (one API_TOKEN_REVOKE row each) and a
 * USER_SESSIONS_REVOKE audit row, one batch.
 */
export async function revokeUserSessions(ctx: ServiceContext, uuid: string, options: { endApiTokens?: boolean } = {}): Promise<{ revoked: number; apiTokensRevoked: number }> {
  assertManage(ctx);
  const target = await findOr404(ctx, uuid);
  const tokens = options.endApiTokens ? revokeOwnerTokensSteps(ctx, target, "sessions_ended") : [];
  const results = await runUserBatch(
    ctx,
    [
      revokeSessions(ctx, target.id),
      ...tokens,
      userAudit(
        {
          action: "USER_SESSIONS_REVOKE",
          params: { username: target.username },
          details: { username: target.username, apiTokensEnded: options.endApiTokens === true },
        },
        target,
      ),
    ],
    target,
  );
  // The token update is the last of the token steps (after their audit rows).
  return { revoked: results[0]?.meta.changes ?? 0, apiTokensRevoked: tokens.length > 0 ? (results[tokens.length]?.meta.changes ?? 0) : 0 };
}

/**
 * The account SSO_CREATE_VIEWERS opens at the first sign-in of an identity that links to no
 * account: a Viewer without a password (it signs in through the IdP only), already linked to the
 * identity's subject. No permission is checked: the caller is that sign-in, vouched for by a
 * verified id_token. Side effects: the users row and an SSO_USER_CREATE audit row in one batch.
 * A username already taken (any case): 409.
 */
export async function createSsoViewer(
  ctx: ServiceContext,
  input: { username: string; fullName: string; email: string | null; subject: string },
): Promise<{ uuid: string }> {
  await assertUsernameFree(ctx, input.username);
  const uuid = await insertUser(
    ctx,
    { fullName: input.fullName, username: input.username, email: input.email, password: null, ssoSubject: input.subject, roleId: await roleIdOf(ctx, ROLES.viewer), unitKerjaId: null },
    {
      action: "SSO_USER_CREATE",
      params: { username: input.username, roleName: ROLES.viewer },
      details: { username: input.username, roleName: ROLES.viewer, subject: input.subject },
      actorId: null,
    },
  );
  return { uuid };
}
