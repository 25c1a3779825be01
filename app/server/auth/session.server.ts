import { serialize } from "hono/utils/cookie";
import type { RequestContext, CurrentSession, SessionUser } from "../context.server";
import { hmacHex, randomToken } from "../crypto.server";
import type { Db } from "../db/db.server";
import { firstRow, preparedQuery } from "../db/prepared.server";

/** A session ends after 2 hours without a request, and 12 hours after sign-in at the latest. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads do not all become writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** `__Host-` pins the cookie to this host over HTTPS; plain http (local dev) cannot use it. */
export const sessionCookieName = (secure: boolean) => (secure ? "__Host-earsip_session" : "earsip_session");

/** The Set-Cookie value that stores (or, with null, removes) the session cookie. */
export function sessionCookie(ctx: Pick<RequestContext, "secure">, sessionId: string | null): string {
  const { secure } = ctx;
  return serialize(sessionCookieName(secure), sessionId ?? "", {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure,
    maxAge: sessionId ? SESSION_ABSOLUTE_MS / 1000 : 0,
  });
}

/**
 * "Signed out in this browser": set on logout, read by 'Login SSO', which then asks the IdP to
 * prompt for the user's credentials again (OIDC `prompt=login`) instead of silently reusing the
 * IdP's session of the person who just signed out. Cleared by the next SSO sign-in.
 */
export const reauthCookieName = (secure: boolean) => (secure ? "__Host-earsip_reauth" : "earsip_reauth");
const REAUTH_MAX_AGE_S = 30 * 24 * 60 * 60;

export function reauthCookie(ctx: Pick<RequestContext, "secure">, set: boolean): string {
  return serialize(reauthCookieName(ctx.secure), set ? "1" : "", { path: "/", httpOnly: true, sameSite: "Lax", secure: ctx.secure, maxAge: set ? REAUTH_MAX_AGE_S : 0 });
}

/** Did this browser sign out since its last SSO sign-in? */
export const wantsReauthentication = (ctx: Pick<RequestContext, "secure">, cookieHeader: string | null) =>
  (cookieHeader ?? "").split(/;\s*/).some((pair) => pair === `${reauthCookieName(ctx.secure)}=1`);

export async function sessionIdHash(secret: string, sessionId: string) {
  return hmacHex(secret, sessionId);
}

export function newSessionSecrets() {
  return { sessionId: randomToken(32), csrfToken: randomToken(32) };
}

/** Users with what a session needs to know of them: role name and work-unit name. */
export function usersWithRole(db: Db) {
  return db
    .selectFrom("users as u")
    .innerJoin("roles as r", "r.id", "u.role_id")
    .leftJoin("unit_kerja as k", "k.id", "u.unit_kerja_id")
    .select(["u.id", "u.uuid", "u.full_name", "u.username", "u.unit_kerja_id", "r.name as role", "k.nama as unit_kerja_name"]);
}

type UserRoleRow = NonNullable<Awaited<ReturnType<ReturnType<typeof usersWithRole>["executeTakeFirst"]>>>;

export const toSessionUser = (row: UserRoleRow): SessionUser => ({
  userId: row.id,
  uuid: row.uuid,
  name: row.full_name,
  username: row.username,
  role: row.role,
  unitKerjaId: row.unit_kerja_id,
  unitKerjaName: row.unit_kerja_name,
});

/** The session row with its user, compiled once per isolate (the hottest query: every signed-in request). */
const liveSessionQuery = preparedQuery((db, _shape: null, idHash: string, nowIso: string, idleSinceIso: string) =>
  usersWithRole(db)
    .innerJoin("sessions as s", "s.user_id", "u.id")
    .select(["s.id_hash", "s.csrf_token", "s.last_seen_at"])
    .where("s.id_hash", "=", idHash)
    .where("s.revoked_at", "is", null)
    // A deactivated account's sessions are revoked with it; this keeps any other out too.
    .where("u.deactivated_at", "is", null)
    .where("s.expires_at", ">", nowIso)
    .where("s.last_seen_at", ">", idleSinceIso),
);

/**
 * The live session behind a cookie value, or null when it is unknown, revoked or timed out.
 * Looked up on every request (one indexed query, never cached per isolate) so a revocation
 * takes effect at once.
 */
export async function findSession(
  deps: { db: Db; d1: D1Database; sessionSecret: string; now: Date; waitUntil: (p: Promise<unknown>) => void },
  sessionId: string,
): Promise<CurrentSession | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(sessionId)) return null;
  const idHash = await sessionIdHash(deps.sessionSecret, sessionId);
  const nowIso = deps.now.toISOString();
  const idleSinceIso = new Date(deps.now.getTime() - SESSION_IDLE_MS).toISOString();
  const row = await firstRow(liveSessionQuery(deps.d1, null, idHash, nowIso, idleSinceIso));
  if (!row) return null;
  if (deps.now.getTime() - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
    deps.waitUntil(
      deps.db.updateTable("sessions").set({ last_seen_at: nowIso }).where("id_hash", "=", idHash).execute(),
    );
  }
  return { idHash: row.id_hash, csrfToken: row.csrf_token, user: toSessionUser(row) };
}
