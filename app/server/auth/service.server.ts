import type { LoginInput } from "~/domain/auth-schemas";
import { TooManyRequestsError, UnauthenticatedError } from "~/domain/errors";
import { login as loginText } from "~/i18n/auth";
import { session as sessionText } from "~/i18n/session";
import type { Compilable } from "kysely";
import type { CurrentSession, RequestContext, SessionUser } from "../context.server";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./password.server";
import { SESSION_ABSOLUTE_MS, newSessionSecrets, sessionIdHash, toSessionUser, usersWithRole } from "./session.server";
import { commit, type AuditEntry } from "../audit/commit.server";
import { commitOncePerWindow, REFUSAL_AUDIT_WINDOW_MS } from "../audit/windows.server";
import { admitLoginAttempt, loginSucceeded } from "./login-throttle.server";
import { renewedDeviceCookie, trustedDevice } from "./device-cookie.server";

export type LoginResult = { sessionId: string; csrfToken: string; user: SessionUser };
/** A password sign-in also renews the browser's device cookie (its value; the front door sets it). */
export type PasswordLoginResult = LoginResult & { deviceCookie: string };

/**
 * Username/password sign-in. Anyone may call it. Unknown user and wrong password give the same
 * message after the same PBKDF2 work; a deactivated account, with the right password, is told
 * so. Every attempt is counted before its password is checked,
 * per (username, IP) and per IP, or, when `deviceCookie` (the browser's device cookie value, as
 * the front door read it) vouches for this username, against that cookie alone (see
 * `admitLoginAttempt`). Side effects: a session row, the throttle counters, an audit row (LOGIN,
 * LOGIN_FAILED or LOGIN_THROTTLED); on success the renewed device cookie value is returned.
 */
export async function login(ctx: RequestContext, input: LoginInput, deviceCookie: string | null): Promise<PasswordLoginResult> {
  const username = input.username.trim().toLowerCase();
  const device = await trustedDevice(ctx.config.sessionSecret, deviceCookie, username, ctx.now());
  const admission = await admitLoginAttempt(ctx, username, device);
  if (!admission.admitted) {
    // Once per address per window: a locked-out guesser retrying cannot grow the audit log.
    await commitOncePerWindow(ctx, "LOGIN_THROTTLED", REFUSAL_AUDIT_WINDOW_MS, { action: "LOGIN_THROTTLED", params: { username }, details: { username }, actorId: null });
    throw new TooManyRequestsError(loginText.throttled, admission.retryAfterSeconds);
  }

  const user = await usersWithRole(ctx.db)
    .select(["u.password_hash", "u.password_salt", "u.password_iterations", "u.deactivated_at"])
    .where("u.username", "=", username)
    .executeTakeFirst();

  const stored =
    user?.password_hash && user.password_salt && user.password_iterations
      ? { hash: user.password_hash, salt: user.password_salt, iterations: user.password_iterations }
      : null;
  const passwordOk = await verifyPassword(input.password, stored ?? DUMMY_PASSWORD_HASH);

  if (!user || !stored || !passwordOk) {
    // The attempt was already counted by admitLoginAttempt.
    await commit(ctx, [{ action: "LOGIN_FAILED", params: { method: "password", username }, details: { username }, actorId: null }]);
    throw new UnauthenticatedError(loginText.failed);
  }
  // Said only to who knows the password: nobody else learns that the account exists.
  if (user.deactivated_at !== null) {
    await commit(ctx, [{ action: "LOGIN_FAILED", params: { method: "password", username, reason: "deactivated" }, details: { username, reason: "deactivated" }, actorId: null }]);
    throw new UnauthenticatedError(loginText.deactivated);
  }

  const session = await startSession(ctx, toSessionUser(user), "password", { writes: loginSucceeded(ctx, username, device) });
  return { ...session, deviceCookie: await renewedDeviceCookie(ctx.config.sessionSecret, deviceCookie, username, ctx.now()) };
}

/**
 * Open a session for a user who has proven who they are (password or SSO). Side effects: a
 * session row and a LOGIN audit row, written together with `extra` (more writes and their
 * audit rows) in one batch.
 */
export async function startSession(
  ctx: RequestContext,
  user: SessionUser,
  method: "password" | "sso",
  extra: { writes?: Compilable[]; audit?: AuditEntry[] } = {},
): Promise<LoginResult> {
  const { sessionId, csrfToken } = newSessionSecrets();
  const now = ctx.now();
  const login: AuditEntry = { action: "LOGIN", params: { name: user.name, username: user.username, method }, details: { method }, actorId: user.userId };
  await commit(ctx, [
    ctx.db.insertInto("sessions").values({
      id_hash: await sessionIdHash(ctx.config.sessionSecret, sessionId),
      user_id: user.userId,
      csrf_token: csrfToken,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
      revoked_at: null,
      ip_address: ctx.client?.ip ?? null,
      user_agent: ctx.client?.userAgent?.slice(0, 512) ?? null,
    }),
    ...(extra.writes ?? []),
    ...(extra.audit ?? []),
    login,
  ]);
  return { sessionId, csrfToken, user };
}

/**
 * End the current session: the row is revoked, so the old cookie no longer works anywhere.
 * Side effects: sessions.revoked_at and a LOGOUT audit row.
 */
export async function logout(ctx: RequestContext): Promise<void> {
  const session = ctx.session;
  if (!session) return;
  await commit(ctx, [
    ctx.db.updateTable("sessions").set({ revoked_at: ctx.now().toISOString() }).where("id_hash", "=", session.idHash),
    { action: "LOGOUT", params: { name: session.user.name, username: session.user.username } },
  ]);
}

/** The signed-in session (the session check, sign-out), or UnauthenticatedError. */
export function requireSession(ctx: RequestContext): CurrentSession {
  if (!ctx.session) throw new UnauthenticatedError(sessionText.required);
  return ctx.session;
}

/**
 * Who calls, for the session check: a session's user with its CSRF token, or a bearer token's
 * owner (no CSRF token: bearer calls need none); UnauthenticatedError otherwise.
 */
export function currentUser(ctx: RequestContext): { user: SessionUser; csrfToken: string | null } {
  if (ctx.bearer) return { user: ctx.bearer.user, csrfToken: null };
  const { user, csrfToken } = requireSession(ctx);
  return { user, csrfToken };
}
