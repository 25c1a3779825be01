import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { login as loginText } from "~/i18n/auth";
import { requestContextKey } from "~/server/context.server";
import { base64url, hmacHex } from "~/server/crypto.server";
import { testEnv } from "../support/worker/env";
import { auditRowsFromIp, createUser, type CreatedUser } from "../support/worker/factories";
import { serviceContext } from "../support/worker/context";
import { call, uniqueIp } from "../support/worker/http";

/**
 * Issue 23 item 10: a campus is one NAT address. A guesser there may lock the address (and the
 * usernames they guess) for untrusted attempts, but a browser that signed in as a user before
 * (its device cookie) still signs that user in; guessing with a device cookie has its own limit.
 */

const DEVICE = "earsip_device";

/** The device cookie a response sets, as a Cookie header (`name=value`). */
function deviceCookieFrom(response: Response | PageAnswer, name = DEVICE): string {
  const setCookies = response instanceof Response ? response.headers.getSetCookie() : response.setCookies;
  const line = setCookies.find((cookie) => cookie.startsWith(`${name}=`));
  if (!line) throw new Error(`No ${name} cookie on a ${response.status} response`);
  return line.split(";")[0]!;
}

function apiLogin(username: string, password: string, ip: string, cookie?: string) {
  return call("/api/v1/auth/login", { json: { username, password }, ip, cookie });
}

type PageAnswer = { status: number; location: string | null; setCookies: string[]; body: string };

/**
 * The login page's form post (JavaScript off) through its route action, as the Worker would run
 * it for a request from `ip` carrying `cookie` (the integration build renders no pages).
 */
async function pageLogin(username: string, password: string, ip: string, cookie?: string): Promise<PageAnswer> {
  const { action } = await import("~/routes/login");
  const ctx = { ...(await serviceContext(null)), client: { ip, userAgent: "vitest" } };
  const context = new RouterContextProvider(new Map([[requestContextKey, ctx]]));
  const request = new Request("http://earsip.test/login", {
    method: "POST",
    body: new URLSearchParams({ username, password }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
  });
  let result: unknown;
  try {
    result = await action({ request, context, params: {}, unstable_pattern: "/login" } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("location"), setCookies: result.headers.getSetCookie(), body: await result.text() };
  }
  const reply = result as { data: unknown; init: { status?: number } | null };
  return { status: reply.init?.status ?? 200, location: null, setCookies: [], body: JSON.stringify(reply.data) };
}

/** Lock `ip` for untrusted attempts: 31 guesses across made-up usernames, and 6 at `victims`' own names. */
async function lockAddress(ip: string, victims: CreatedUser[]) {
  for (let attempt = 1; attempt <= 31; attempt++) {
    await apiLogin(`tebak-${attempt}-${victims[0]!.username}`, "salah", ip);
  }
  for (const victim of victims) {
    for (let attempt = 1; attempt <= 6; attempt++) await apiLogin(victim.username, "salah", ip);
  }
}

/** A device cookie entry signed with the test secret (to test the checks other than the signature). */
async function forgedEntry(username: string, issuedAt: number, secret = testEnv.SESSION_SECRET) {
  const user = base64url(new TextEncoder().encode(username));
  const nonce = "A".repeat(22);
  return `${user}.${nonce}.${issuedAt}.${await hmacHex(secret, `device-cookie|${user}|${nonce}|${issuedAt}`)}`;
}

describe("device cookies: a campus NAT guesser cannot lock out staff who signed in before", () => {
  it("a sign-in sets a long-lived HttpOnly, SameSite=Lax device cookie (Secure and __Host- over https), after the session cookie", async () => {
    const user = await createUser();
    const plain = await apiLogin(user.username, user.password, uniqueIp());
    expect(plain.status).toBe(200);
    const [session, device] = plain.headers.getSetCookie();
    expect(session).toMatch(/^earsip_session=/);
    expect(device).toMatch(/^earsip_device=[A-Za-z0-9_.~-]+; /);
    expect(device!.split("; ")).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${180 * 24 * 3600}`]));
    expect(device!.split("; ")).not.toContain("Secure");

    const secure = await call("/api/v1/auth/login", { json: { username: user.username, password: user.password }, https: true });
    expect(secure.status).toBe(200);
    const secureDevice = secure.headers.getSetCookie()[1]!;
    expect(secureDevice).toMatch(/^__Host-earsip_device=/);
    expect(secureDevice.split("; ")).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Secure"]));
  });

  it("30+ failures from one IP lock a fresh browser out, but a user with a device cookie from an earlier sign-in still signs in there (API and page)", { timeout: 120_000 }, async () => {
    const campus = uniqueIp();
    const [apiStaff, pageStaff, newcomer] = await Promise.all([createUser(), createUser(), createUser()]);
    // Earlier in the week, from the same campus address: one signs in by API, one on the page.
    const apiDevice = deviceCookieFrom(await apiLogin(apiStaff.username, apiStaff.password, campus));
    const firstPage = await pageLogin(pageStaff.username, pageStaff.password, campus);
    expect(firstPage.status).toBe(302);
    expect(firstPage.setCookies[0]).toMatch(/^earsip_session=/);
    const pageDevice = deviceCookieFrom(firstPage);

    await lockAddress(campus, [apiStaff, pageStaff]);

    // A fresh browser (no device cookie) is locked out, by API and on the page, as before.
    const fresh = await apiLogin(newcomer.username, newcomer.password, campus);
    expect(fresh.status).toBe(429);
    expect(await fresh.json()).toEqual({ message: loginText.throttled, error: loginText.throttled });
    expect(Number(fresh.headers.get("retry-after"))).toBeGreaterThan(0);
    const freshPage = await pageLogin(newcomer.username, newcomer.password, campus);
    expect(freshPage.status).toBe(429);
    expect(freshPage.body).toContain(loginText.throttled);
    // So is the staff member's own username without the cookie (another browser).
    expect((await apiLogin(apiStaff.username, apiStaff.password, campus)).status).toBe(429);

    // The staff's own browsers still get in.
    const trusted = await apiLogin(apiStaff.username, apiStaff.password, campus, apiDevice);
    expect(trusted.status).toBe(200);
    expect(await trusted.json()).toMatchObject({ user: { userId: apiStaff.id } });
    const trustedPage = await pageLogin(pageStaff.username, pageStaff.password, campus, pageDevice);
    expect(trustedPage.status).toBe(302);
    expect(trustedPage.location).toBe("/app");
    expect(trustedPage.setCookies[0]).toMatch(/^earsip_session=[A-Za-z0-9_-]{43}; /);

    // The audit rows are the usual ones: LOGIN_FAILED for guesses, LOGIN_THROTTLED, LOGIN.
    const actions = (await auditRowsFromIp(campus)).map((row) => row.action);
    expect(new Set(actions)).toEqual(new Set(["LOGIN", "LOGIN_FAILED", "LOGIN_THROTTLED"]));
    expect(actions.at(-1)).toBe("LOGIN");

    // The staff member's sign-in did not lift the lock for untrusted attempts on their name.
    expect((await apiLogin(apiStaff.username, apiStaff.password, campus)).status).toBe(429);
  });

  it("a device cookie for user A does not help user B, even from the same browser", { timeout: 60_000 }, async () => {
    const campus = uniqueIp();
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const deviceA = deviceCookieFrom(await apiLogin(a.username, a.password, campus));
    await lockAddress(campus, [a]);

    expect((await apiLogin(b.username, b.password, campus, deviceA)).status).toBe(429);
    expect((await pageLogin(b.username, b.password, campus, deviceA)).status).toBe(429);
    expect((await apiLogin(a.username, a.password, campus, deviceA)).status).toBe(200);
  });

  it("a browser shared by two users keeps a device entry for each", { timeout: 60_000 }, async () => {
    const office = uniqueIp();
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const afterA = deviceCookieFrom(await apiLogin(a.username, a.password, office));
    const afterB = deviceCookieFrom(await apiLogin(b.username, b.password, office, afterA));
    await lockAddress(office, [a, b]);

    expect((await apiLogin(a.username, a.password, office, afterB)).status).toBe(200);
    expect((await apiLogin(b.username, b.password, office, afterB)).status).toBe(200);
  });

  it("a tampered, forged, expired or misnamed device cookie is ignored", { timeout: 60_000 }, async () => {
    const campus = uniqueIp();
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const device = deviceCookieFrom(await apiLogin(a.username, a.password, campus));
    const value = device.slice(`${DEVICE}=`.length);
    const [user, nonce, issuedAt, mac] = value.split(".") as [string, string, string, string];
    await lockAddress(campus, [a, b]);
    const nowS = Math.floor(Date.now() / 1000);
    const flip = (text: string) => text.slice(0, -1) + (text.endsWith("0") ? "1" : "0");

    const bad: [string, string][] = [
      ["signature changed", `${DEVICE}=${user}.${nonce}.${issuedAt}.${flip(mac)}`],
      ["nonce changed", `${DEVICE}=${user}.${"B".repeat(22)}.${issuedAt}.${mac}`],
      ["issue time moved", `${DEVICE}=${user}.${nonce}.${Number(issuedAt) + 1}.${mac}`],
      ["another user's name on A's signature", `${DEVICE}=${base64url(new TextEncoder().encode(b.username))}.${nonce}.${issuedAt}.${mac}`],
      ["signed with another secret", `${DEVICE}=${await forgedEntry(a.username, nowS, "not-the-secret")}`],
      ["issued 181 days ago", `${DEVICE}=${await forgedEntry(a.username, nowS - 181 * 24 * 3600)}`],
      ["issued in the future", `${DEVICE}=${await forgedEntry(a.username, nowS + 3600)}`],
      ["under the https name on plain http", `__Host-${device}`],
      ["garbage", `${DEVICE}=${"x".repeat(5000)}`],
    ];
    for (const [label, cookie] of bad) {
      expect((await apiLogin(a.username, a.password, campus, cookie)).status, label).toBe(429);
    }
    // A correctly signed entry is accepted (the checks above refused for their reason alone).
    expect((await apiLogin(a.username, a.password, campus, `${DEVICE}=${await forgedEntry(a.username, nowS - 3600)}`)).status).toBe(200);
    expect((await apiLogin(a.username, a.password, campus, device)).status).toBe(200);
  });

  it("guessing an account with its device cookie is still limited: 5 failures lock that cookie, wherever it is sent from", { timeout: 60_000 }, async () => {
    const user = await createUser();
    const device = deviceCookieFrom(await apiLogin(user.username, user.password, uniqueIp()));
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await apiLogin(user.username, `salah-${attempt}`, ip, device)).status, `attempt ${attempt}`).toBe(401);
    }

    const locked = await apiLogin(user.username, user.password, ip, device);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ message: loginText.throttled, error: loginText.throttled });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(locked.headers.get("set-cookie")).toBeNull();
    expect((await pageLogin(user.username, user.password, uniqueIp(), device)).status).toBe(429);
    expect((await auditRowsFromIp(ip)).map((row) => row.action)).toEqual([...Array(5).fill("LOGIN_FAILED"), "LOGIN_THROTTLED"]);

    // Its failures were its own: the address and the browser without the cookie are not locked.
    expect((await apiLogin(user.username, user.password, ip)).status).toBe(200);
  });

  it("a burst of 20 parallel guesses with one device cookie gets at most 5 password checks", { timeout: 60_000 }, async () => {
    const user = await createUser();
    const device = deviceCookieFrom(await apiLogin(user.username, user.password, uniqueIp()));
    const ip = uniqueIp();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, attempt) => apiLogin(user.username, `salah-${attempt}`, ip, device)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it("each sign-in renews the cookie with a fresh nonce, so its failure count starts afresh", { timeout: 60_000 }, async () => {
    const user = await createUser();
    const ip = uniqueIp();
    let device = deviceCookieFrom(await apiLogin(user.username, user.password, ip));
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 4; attempt++) expect((await apiLogin(user.username, "salah", ip, device)).status).toBe(401);
      const ok = await apiLogin(user.username, user.password, ip, device);
      expect(ok.status).toBe(200);
      const renewed = deviceCookieFrom(ok);
      expect(renewed).not.toBe(device);
      device = renewed;
    }
  });
});
