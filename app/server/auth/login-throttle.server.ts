import { sql, type Compilable } from "kysely";
import { runBatch } from "../db/batch.server";
import type { RequestContext } from "../context.server";
import type { TrustedDevice } from "./device-cookie.server";

/**
 * Sign-in throttling. Every attempt is counted BEFORE its password is checked, in one atomic D1
 * batch, so a burst of parallel guesses gets at most `max` password checks per key. Keys are
 * (username, IP) and IP: someone guessing elsewhere cannot lock the real user out, and one
 * address cannot spray many usernames. A key over its limit is locked; each further lock of the
 * same key within a day doubles the lock time.
 *
 * An attempt from a browser holding a valid device cookie for that username (it signed in as
 * that user before: device-cookie.server.ts) is counted against that cookie alone, with a small
 * limit of its own: a guesser behind the same campus NAT, who can lock the address and the
 * (username, address) pair, cannot lock out staff signing in from their usual browser, while
 * guessing with the cookie is still limited. Only the untrusted attempts share the address's fate.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perUserAndIp: 5,
  perIp: 30,
  perDevice: 5,
  baseLockMs: 15 * 60 * 1000,
  maxLockMs: 4 * 60 * 60 * 1000,
} as const;

type ThrottleKey = { key: string; max: number };

function keysFor(username: string, ip: string | null, device: TrustedDevice | null): ThrottleKey[] {
  if (device) return [{ key: `device:${device.nonce}`, max: LOGIN_LIMITS.perDevice }];
  return [
    { key: `user-ip:${username}|${ip ?? "-"}`, max: LOGIN_LIMITS.perUserAndIp },
    ...(ip ? [{ key: `ip:${ip}`, max: LOGIN_LIMITS.perIp }] : []),
  ];
}

/** Lock lengths by how often the key was locked before: 1×, 2×, 4×, ... the base, capped. */
const LOCK_STEPS = 5;
const lockUntil = (now: Date, step: number) =>
  new Date(now.getTime() + Math.min(LOGIN_LIMITS.baseLockMs * 2 ** step, LOGIN_LIMITS.maxLockMs)).toISOString();

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/**
 * Count one sign-in attempt for `username` from this request's IP (or, from a trusted device,
 * against its device cookie); may it check a password?
 */
export async function admitLoginAttempt(ctx: RequestContext, username: string, device: TrustedDevice | null): Promise<Admission> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - LOGIN_LIMITS.windowMs).toISOString();
  const keys = keysFor(username, ctx.client?.ip ?? null, device);
  const writes: Compilable[] = keys.flatMap(({ key, max }) => [
    // Count the attempt (a locked key is not counted: its lock already says no).
    ctx.db
      .insertInto("login_throttle")
      .values({ key, failures: 1, window_start: nowIso, locked_until: null, lock_count: 0 })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => {
          const locked = eb("login_throttle.locked_until", ">", nowIso);
          const expired = eb("login_throttle.window_start", "<=", windowStart);
          return {
            failures: eb
              .case()
              .when(locked)
              .then(eb.ref("login_throttle.failures"))
              .when(expired)
              .then(1)
              .else(eb("login_throttle.failures", "+", 1))
              .end(),
            window_start: eb
              .case()
              .when(eb.and([eb.not(locked), expired]))
              .then(nowIso)
              .else(eb.ref("login_throttle.window_start"))
              .end(),
          };
        }),
      ),
    // Over the limit: lock, longer each time, and start counting afresh after the lock.
    ctx.db
      .updateTable("login_throttle")
      .set((eb) => ({
        locked_until: sql<string>`CASE MIN(lock_count, ${LOCK_STEPS - 1}) ${sql.join(
          Array.from({ length: LOCK_STEPS }, (_, step) => sql`WHEN ${step} THEN ${lockUntil(now, step)}`),
          sql` `,
        )} END`,
        lock_count: eb("lock_count", "+", 1),
        failures: 0,
        window_start: nowIso,
      }))
      .where("key", "=", key)
      .where("failures", ">", max)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", nowIso)])),
  ]);
  writes.push(
    ctx.db
      .selectFrom("login_throttle")
      .select("locked_until")
      .where("key", "in", keys.map((k) => k.key))
      .where("locked_until", ">", nowIso),
  );
  const results = await runBatch(ctx.d1, writes);
  const locks = (results.at(-1)?.results ?? []) as { locked_until: string }[];
  if (locks.length === 0) return { admitted: true };
  const until = Math.max(...locks.map((lock) => Date.parse(lock.locked_until)));
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}

/**
 * The writes that go with a successful sign-in: the (username, IP) count starts afresh, and the
 * attempt no longer counts against the IP (a campus NAT signs many people in). A trusted device's
 * count goes with its cookie (the sign-in issues a new one); its success leaves the untrusted
 * counts alone, so a guesser's lock is not lifted by the real user signing in.
 */
export function loginSucceeded(ctx: RequestContext, username: string, device: TrustedDevice | null): Compilable[] {
  if (device) return [ctx.db.deleteFrom("login_throttle").where("key", "=", keysFor(username, null, device)[0]!.key)];
  const [userAndIp, ip] = keysFor(username, ctx.client?.ip ?? null, null);
  return [
    ctx.db.deleteFrom("login_throttle").where("key", "=", userAndIp!.key),
    ...(ip
      ? [
          ctx.db
            .updateTable("login_throttle")
            .set((eb) => ({ failures: eb.fn("max", [eb(eb.ref("failures"), "-", 1), eb.lit(0)]) }))
            .where("key", "=", ip.key),
        ]
      : []),
  ];
}
