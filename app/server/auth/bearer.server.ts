import { API_TOKEN_PREFIX } from "~/domain/api-token-view";
import type { BearerAuth } from "../context.server";
import { hmacHex } from "../crypto.server";
import type { Db } from "../db/db.server";
import { batchRead, preparedQuery } from "../db/prepared.server";
import { consumeRateLimit } from "../rate-limit.server";
import { LOGIN_LIMITS } from "./login-throttle.server";
import { toSessionUser, usersWithRole } from "./session.server";

/** A token's shape: the prefix and 43 base64url characters (256 random bits). */
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/** last_used_at is refreshed at most this often, so API calls do not all become writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Unknown, expired or revoked tokens presented from one address, per window: past it every bearer
 * call from there is refused for the rest of the window (429), as sign-in attempts are per IP.
 */
export const BEARER_FAILURE_LIMIT = { max: LOGIN_LIMITS.perIp, windowMs: LOGIN_LIMITS.windowMs } as const;
const failureKey = (ip: string | null) => `bearer-fail:${ip ?? "-"}`;

/** The token of an `Authorization: Bearer …` header; null when the header names another scheme (or none). */
export function bearerTokenOf(authorization: string | null | undefined): string | null {
  // "Bearer" with nothing after it (headers lose trailing spaces) is a bearer call with an empty token.
  const match = /^Bearer(?:[ \t]+(\S*))?\s*$/i.exec(authorization ?? "");
  return match ? (match[1] ?? "") : null;
}

export const apiTokenHash = (secret: string, token: string) => hmacHex(secret, token);

/**
 * The live token behind a hash with its owner, compiled once per isolate. A token lives while it
 * is unrevoked, unexpired, and its owner still has the role and unit it was issued under (a
 * change of either kills it, whatever wrote the change).
 */
const liveTokenQuery = preparedQuery((db: Db, _shape: null, tokenHash: string, nowIso: string) =>
  usersWithRole(db)
    .innerJoin("api_tokens as t", "t.user_id", "u.id")
    .select(["t.id as token_id", "t.uuid as token_uuid", "t.scope", "t.last_used_at"])
    .where("t.token_hash", "=", tokenHash)
    .where("t.revoked_at", "is", null)
    .where("u.deactivated_at", "is", null)
    .where("t.expires_at", ">", nowIso)
    .whereRef("t.role_id", "=", "u.role_id")
    .where((eb) => eb(eb.ref("t.unit_kerja_id"), "is", eb.ref("u.unit_kerja_id"))),
);

const failuresQuery = preparedQuery((db: Db, _shape: null, key: string, windowStartIso: string) =>
  db.selectFrom("rate_limits").select(["count", "window_start"]).where("key", "=", key).where("window_start", ">", windowStartIso),
);

export type BearerOutcome = { ok: true; bearer: BearerAuth } | { ok: false; reason: "invalid" } | { ok: false; reason: "throttled"; retryAfterSeconds: number };

type BearerDeps = { db: Db; d1: D1Database; sessionSecret: string; now: Date; ip: string | null; waitUntil: (promise: Promise<unknown>) => void };

/**
 * Authenticate a bearer call: the token and the address's failure count are read in one D1
 * round trip. A live token is accepted whatever the failure count of its address: a campus
 * shares one NAT address, and 256 random bits cannot be guessed, so a guesser there must not
 * lock out every script of the campus. A token that is not live is one more failure of the
 * address; past the limit the address's bad tokens get 429 (with Retry-After) instead of 401.
 * A live token's last use is recorded (at most every few minutes, after the response).
 */
export async function authenticateBearer(deps: BearerDeps, token: string): Promise<BearerOutcome> {
  const nowIso = deps.now.toISOString();
  const windowStart = new Date(deps.now.getTime() - BEARER_FAILURE_LIMIT.windowMs).toISOString();
  const key = failureKey(deps.ip);
  const tokenHash = TOKEN_SHAPE.test(token) ? await apiTokenHash(deps.sessionSecret, token) : null;
  const [rows, failures] = await batchRead(
    deps.d1,
    tokenHash ? liveTokenQuery(deps.d1, null, tokenHash, nowIso) : null,
    failuresQuery(deps.d1, null, key, windowStart),
  );
  const row = rows?.[0];
  if (!row) {
    const counted = failures[0];
    if (counted && counted.count > BEARER_FAILURE_LIMIT.max) {
      const resetAt = Date.parse(counted.window_start) + BEARER_FAILURE_LIMIT.windowMs;
      return { ok: false, reason: "throttled", retryAfterSeconds: Math.max(1, Math.ceil((resetAt - deps.now.getTime()) / 1000)) };
    }
    const decision = await consumeRateLimit({ db: deps.db, d1: deps.d1, now: () => deps.now }, key, BEARER_FAILURE_LIMIT);
    return decision.allowed ? { ok: false, reason: "invalid" } : { ok: false, reason: "throttled", retryAfterSeconds: decision.retryAfterSeconds };
  }
  if (!row.last_used_at || deps.now.getTime() - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
    deps.waitUntil(
      deps.db.updateTable("api_tokens").set({ last_used_at: nowIso, last_used_ip: deps.ip }).where("id", "=", row.token_id).execute(),
    );
  }
  return { ok: true, bearer: { tokenId: row.token_id, uuid: row.token_uuid, scope: row.scope, user: toSessionUser(row) } };
}
