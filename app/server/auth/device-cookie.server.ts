import { parse, serialize } from "hono/utils/cookie";
import type { RequestContext } from "../context.server";
import { base64url, hmacHex, randomToken, timingSafeEqual } from "../crypto.server";

/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"). A campus signs
 * in from behind one NAT address, so a per-address lock set off by one guesser would lock out
 * everyone there. A browser that signed in as a user before gets a signed cookie naming that
 * user; its later sign-ins as that user are trusted: they skip the per-address and per-(username,
 * address) locks and are counted against the cookie alone (see login-throttle.server.ts).
 *
 * The cookie proves only "this browser signed in as this user before", never who is at the
 * keyboard: the password is still checked every time. It is stateless: an HMAC under
 * SESSION_SECRET over the username, a random nonce (the throttle key of that cookie) and the
 * time it was issued (checked here, so a copied cookie does not live longer than its Max-Age).
 * One browser keeps entries for the last few users who signed in on it (a shared office PC).
 */

/** A device cookie is trusted for 180 days after the sign-in that issued it (each sign-in renews it). */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** Users remembered per browser; the oldest entry goes first. */
const MAX_ENTRIES = 5;
/** Anything longer than MAX_ENTRIES entries can be is not ours (and is not worth parsing). */
const MAX_VALUE_LENGTH = 2048;

/** `__Host-` pins the cookie to this host over HTTPS; plain http (local dev) cannot use it. */
export const deviceCookieName = (secure: boolean) => (secure ? "__Host-earsip_device" : "earsip_device");

/** A device cookie entry that verified for the username being signed in. */
export type TrustedDevice = { nonce: string };

/** `base64url(username).nonce.issuedAtSeconds.hmac`; entries are joined by `~`. */
const ENTRY = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([0-9a-f]{64})$/;
type Entry = { user: string; nonce: string; issuedAt: number; mac: string; raw: string };

const encodeUser = (username: string) => base64url(new TextEncoder().encode(username));
// The purpose prefix keeps these MACs apart from the other keyed hashes made with SESSION_SECRET.
const macOf = (secret: string, user: string, nonce: string, issuedAt: number) => hmacHex(secret, `device-cookie|${user}|${nonce}|${issuedAt}`);

/** The entries of a cookie value whose signature verifies and that have not expired. */
async function validEntries(secret: string, value: string | null, now: Date): Promise<Entry[]> {
  if (!value || value.length > MAX_VALUE_LENGTH) return [];
  const nowS = Math.floor(now.getTime() / 1000);
  const entries: Entry[] = [];
  for (const raw of value.split("~").slice(0, MAX_ENTRIES)) {
    const match = ENTRY.exec(raw);
    if (!match) continue;
    const [, user, nonce, issued, mac] = match as unknown as [string, string, string, string, string];
    const issuedAt = Number(issued);
    if (issuedAt > nowS + 60 || nowS - issuedAt > DEVICE_COOKIE_MAX_AGE_S) continue;
    if (!timingSafeEqual(await macOf(secret, user, nonce, issuedAt), mac)) continue;
    entries.push({ user, nonce, issuedAt, mac, raw });
  }
  return entries;
}

/** The verified entry of this browser's device cookie for `username` (normalised), if any. */
export async function trustedDevice(secret: string, value: string | null, username: string, now: Date): Promise<TrustedDevice | null> {
  const user = encodeUser(username);
  const entry = (await validEntries(secret, value, now)).find((candidate) => candidate.user === user);
  return entry ? { nonce: entry.nonce } : null;
}

/**
 * The cookie value after `username` signed in: a fresh entry for them first (new nonce, so the
 * old entry's failure count is left behind), then the other users' still valid entries.
 */
export async function renewedDeviceCookie(secret: string, value: string | null, username: string, now: Date): Promise<string> {
  const user = encodeUser(username);
  const nonce = randomToken(16);
  const issuedAt = Math.floor(now.getTime() / 1000);
  const fresh = `${user}.${nonce}.${issuedAt}.${await macOf(secret, user, nonce, issuedAt)}`;
  const others = (await validEntries(secret, value, now)).filter((entry) => entry.user !== user).map((entry) => entry.raw);
  return [fresh, ...others].slice(0, MAX_ENTRIES).join("~");
}

/** The device cookie value a request carries (the front doors read it; services get the string). */
export function readDeviceCookie(ctx: Pick<RequestContext, "secure">, cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  const name = deviceCookieName(ctx.secure);
  return parse(cookieHeader, name)[name] ?? null;
}

/** The Set-Cookie value that stores the device cookie: long-lived, HttpOnly, SameSite=Lax, Secure over HTTPS. */
export function deviceCookie(ctx: Pick<RequestContext, "secure">, value: string): string {
  return serialize(deviceCookieName(ctx.secure), value, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: ctx.secure,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
