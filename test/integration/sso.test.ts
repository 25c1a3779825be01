import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { generateKeyPair, SignJWT } from "jose";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { hmacHex } from "~/server/crypto.server";
import { loadConfig } from "~/server/env.server";
import { completeSsoLogin, nonceForState, verifyIdToken } from "~/server/auth/oidc.server";
import type { HonoEnv } from "../../workers/hono-env";
import { requestContext, securityHeaders } from "../../workers/middleware";
import { testEnv } from "../support/worker/env";
import { auditRowsFromIp, createUnitKerja, createUser, type AuditRow } from "../support/worker/factories";
import { call, callWithEnv, cookieFrom, HTTPS_ORIGIN, login, ORIGIN, unique, uniqueIp } from "../support/worker/http";
import { FakeIdp, SSO_CLIENT_ID, SSO_CLIENT_SECRET } from "../support/worker/sso-idp";

/**
 * Single sign-on: GET /api/v1/auth/sso/login (Hono) and the /callback route, on real D1, against
 * an in-test OpenID provider (test/support/worker/sso-idp.ts) that answers the Worker's
 * discovery, JWKS and token requests.
 */

type LinkBy = "subject" | "email" | "username";

/**
 * The Worker's SSO vars for `idp`; without `linkBy`, SSO_LINK_BY keeps its default (email).
 * `extra`: more vars (the claim mapping's).
 */
const ssoEnv = (idp: FakeIdp, linkBy?: LinkBy, extra: Record<string, string> = {}): Record<string, string> => ({
  OIDC_ISSUER: idp.issuer,
  OIDC_CLIENT_ID: SSO_CLIENT_ID,
  OIDC_CLIENT_SECRET: SSO_CLIENT_SECRET,
  ...(linkBy ? { SSO_LINK_BY: linkBy } : {}),
  ...extra,
});

/**
 * /callback is a React Router route, whose server build does not exist under vitest. This app
 * runs the same middleware as workers/app.ts and calls what the route's loader calls.
 */
const callbackApp = new Hono<HonoEnv>()
  .use(securityHeaders)
  .use(requestContext)
  .get("/callback", (c) => completeSsoLogin(c.get("ctx"), c.req.raw));

async function callback(env: Record<string, string>, url: string, options: { cookie?: string; ip: string }): Promise<Response> {
  const headers = new Headers({ "cf-connecting-ip": options.ip });
  if (options.cookie) headers.set("cookie", options.cookie);
  const ctx = createExecutionContext();
  const response = await callbackApp.request(url, { headers }, { ...testEnv, ...env } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

type Started = { location: URL; stateCookie: string; setCookie: string };

async function startLogin(idp: FakeIdp, options: { ip: string; https?: boolean; linkBy?: LinkBy; env?: Record<string, string> }): Promise<Started> {
  const response = await callWithEnv(ssoEnv(idp, options.linkBy, options.env), "/api/v1/auth/sso/login", { ip: options.ip, https: options.https });
  expect(response.status).toBe(302);
  return {
    location: new URL(response.headers.get("location")!),
    stateCookie: cookieFrom(response),
    setCookie: response.headers.get("set-cookie")!,
  };
}

/** The whole round trip: 'Login SSO', the IdP signs `user` in, the browser returns to /callback. */
async function signIn(idp: FakeIdp, user: Parameters<FakeIdp["authorize"]>[1], options: { linkBy?: LinkBy; env?: Record<string, string> } = {}) {
  const ip = uniqueIp();
  const started = await startLogin(idp, { ip, linkBy: options.linkBy, env: options.env });
  const back = idp.authorize(started.location.href, user);
  const response = await callback(ssoEnv(idp, options.linkBy, options.env), back, { cookie: started.stateCookie, ip });
  return { response, ip, started, back };
}

/** A new IdP identity whose verified email is `<username>@example.test`, the factory's email of that user. */
const verifiedIdentity = (user: { username: string }) => ({
  sub: `sub-${crypto.randomUUID()}`,
  email: `${user.username}@example.test`,
  email_verified: true,
});

/** A refused first sign-in: /login?sso=unknown-user, no session, one LOGIN_FAILED row with `reason`. */
async function expectRefused(signedIn: { response: Response; ip: string }, reason: string, linkBy: LinkBy) {
  expect(signedIn.response.status).toBe(302);
  expect(signedIn.response.headers.get("location")).toBe("/login?sso=unknown-user");
  expect(signedIn.response.headers.getSetCookie().some((cookie) => cookie.startsWith("earsip_session="))).toBe(false);
  const audit = await auditRowsFromIp(signedIn.ip);
  expect(audit.map((row) => row.action)).toEqual(["LOGIN_FAILED"]);
  expect(audit[0]).toMatchObject({ actor_id: null });
  expect(detailsOf(audit[0])).toMatchObject({ method: "sso", reason, linkBy });
}

const detailsOf = (row: AuditRow | undefined) => (row?.details ? JSON.parse(row.details) : null);

async function expectFailure(response: Response, ip: string, reason: string) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/login?sso=failed");
  expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("earsip_session="))).toBe(false);
  const audit = await auditRowsFromIp(ip);
  expect(audit.map((row) => row.action)).toEqual(["LOGIN_FAILED"]);
  expect(audit[0]).toMatchObject({ actor_id: null });
  expect(detailsOf(audit[0])).toMatchObject({ method: "sso", reason });
}

async function ssoSubjectOf(userId: number) {
  const row = await testEnv.DB.prepare("SELECT sso_subject FROM users WHERE id = ?").bind(userId).first<{ sso_subject: string | null }>();
  return row!.sso_subject;
}

let idp: FakeIdp;
beforeEach(async () => {
  idp = await FakeIdp.create();
  // Expected protocol failures are logged with console.warn; keep the test output readable.
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  return () => warn.mockRestore();
});

describe("GET /api/v1/auth/sso/login", () => {
  it("redirects to the IdP with code + PKCE S256, state, nonce and {origin}/callback", async () => {
    const { location, setCookie } = await startLogin(idp, { ip: uniqueIp() });

    expect(`${location.origin}${location.pathname}`).toBe(`${idp.issuer}/authorize`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toEqual({
      response_type: "code",
      client_id: SSO_CLIENT_ID,
      redirect_uri: `${ORIGIN}/callback`,
      // The default SSO_LINK_BY (email) needs the email claims.
      scope: "openid profile email",
      state: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      code_challenge_method: "S256",
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      nonce: await nonceForState(testEnv.SESSION_SECRET, params.state!),
    });

    // The state and PKCE verifier live in a short-lived HttpOnly, SameSite=Lax cookie.
    expect(setCookie).toMatch(/^earsip_oidc:[0-9a-f-]{36}=/);
    const attributes = setCookie.split("; ").slice(1);
    expect(attributes).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=600"]));
    expect(attributes).not.toContain("Secure");
    expect(decodeURIComponent(setCookie)).toContain(`state=${params.state}`);
    expect(decodeURIComponent(setCookie)).not.toContain(params.code_challenge);
  });

  it.each(["username", "subject"] as const)("with SSO_LINK_BY=%s it asks for no email (scope openid profile)", async (linkBy) => {
    const { location } = await startLogin(idp, { ip: uniqueIp(), linkBy });
    expect(location.searchParams.get("scope")).toBe("openid profile");
  });

  it("over https the state cookie is __Host- prefixed and Secure, and the redirect URI is https", async () => {
    const { location, setCookie } = await startLogin(idp, { ip: uniqueIp(), https: true });
    expect(location.searchParams.get("redirect_uri")).toBe(`${HTTPS_ORIGIN}/callback`);
    expect(setCookie).toMatch(/^__Host-earsip_oidc:[0-9a-f-]{36}=/);
    expect(setCookie.split("; ")).toEqual(expect.arrayContaining(["Secure", "HttpOnly", "SameSite=Lax", "Path=/"]));
  });

  it("ignores ?state= and ?code= on the start URL: it always starts a new sign-in", async () => {
    const response = await callWithEnv(ssoEnv(idp), "/api/v1/auth/sso/login?state=x&code=y", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")!.startsWith(`${idp.issuer}/authorize?`)).toBe(true);
  });

  it("an unreachable IdP sends the browser to /login?sso=failed, audited, not a 500", async () => {
    const ip = uniqueIp();
    const response = await callWithEnv(
      { OIDC_ISSUER: `https://unreachable-${unique("idp")}.invalid`, OIDC_CLIENT_ID: SSO_CLIENT_ID },
      "/api/v1/auth/sso/login",
      { ip },
    );
    await expectFailure(response, ip, "discovery_failed");
  });

  it("after a logout in this browser it asks the IdP to prompt for login; the next SSO sign-in forgets that", async () => {
    const unit = await createUnitKerja();
    const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const signedIn = await login(user.username, user.password);
    const logout = await call("/api/v1/auth/logout", { cookie: signedIn.cookie, csrfToken: signedIn.csrfToken, ip: signedIn.ip });
    expect(logout.status).toBe(200);
    const marker = logout.headers.getSetCookie().find((cookie) => cookie.startsWith("earsip_reauth="))!;
    expect(marker.split("; ")).toEqual(expect.arrayContaining(["earsip_reauth=1", "Path=/", "HttpOnly", "SameSite=Lax"]));

    const plain = await callWithEnv(ssoEnv(idp), "/api/v1/auth/sso/login", { ip: uniqueIp() });
    expect(new URL(plain.headers.get("location")!).searchParams.has("prompt")).toBe(false);
    const ip = uniqueIp();
    const afterLogout = await callWithEnv(ssoEnv(idp), "/api/v1/auth/sso/login", { ip, cookie: marker.split(";")[0]! });
    const location = new URL(afterLogout.headers.get("location")!);
    expect(location.searchParams.get("prompt")).toBe("login");

    const back = idp.authorize(location.href, { ...verifiedIdentity(user), name: user.fullName });
    const response = await callback(ssoEnv(idp), back, { cookie: cookieFrom(afterLogout), ip });
    expect(response.headers.get("location")).toBe("/app");
    expect(response.headers.getSetCookie()).toContain("earsip_reauth=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
  });

  it("without OIDC configured, it says so on /login (today's behaviour)", async () => {
    const response = await call("/api/v1/auth/sso/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?sso=unconfigured");
  });
});

describe("GET /callback", () => {
  it("first sign-in (default SSO_LINK_BY=email) links the subject to the user with that verified email (any case) and opens a session", async () => {
    const unit = await createUnitKerja();
    const user = await createUser({ role: "Satuan Kerja", unitKerjaId: unit.id });
    const subject = `sub-${crypto.randomUUID()}`;

    const { response, ip, started } = await signIn(idp, {
      sub: subject,
      email: ` ${user.username.toUpperCase()}@EXAMPLE.test `,
      email_verified: true,
      preferred_username: "nama-lain-di-idp",
      name: "Nama di IdP",
    });

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/app");
    const cookies = response.headers.getSetCookie();
    // The state cookie of this sign-in is cleared; the session cookie is set.
    const stateName = started.stateCookie.split("=")[0]!;
    expect(cookies).toContain(`${stateName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    const session = cookies.find((cookie) => cookie.startsWith("earsip_session="))!;
    expect(session.split("; ")).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=43200"]));

    const me = await call("/api/v1/users/me", { cookie: session.split(";")[0]! });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ role: "Satuan Kerja", name: user.fullName, userId: user.id, unitKerjaId: unit.id });

    expect(await ssoSubjectOf(user.id)).toBe(subject);
    const audit = await auditRowsFromIp(ip);
    expect(audit.map((row) => row.action)).toEqual(["SSO_LINKED", "LOGIN"]);
    expect(audit.every((row) => row.actor_id === user.id)).toBe(true);
    expect(detailsOf(audit[1])).toEqual({ method: "sso" });
    expect(detailsOf(audit[0])).toEqual({ method: "sso", subject, linkBy: "email" });

    // The token request carried the PKCE verifier and the registered redirect URI.
    const tokenRequest = idp.tokenRequests.at(-1)!;
    expect(tokenRequest.get("redirect_uri")).toBe(`${ORIGIN}/callback`);
    expect(tokenRequest.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
  });

  it("follows a key rotation at the IdP without a restart (the cached key set is refetched)", async () => {
    const first = await signIn(idp, verifiedIdentity(await createUser()));
    expect(first.response.headers.get("location")).toBe("/app");
    await idp.rotateKey();
    const second = await signIn(idp, verifiedIdentity(await createUser()));
    expect(second.response.headers.get("location")).toBe("/app");
  });

  it("later sign-ins find the user by subject, even after the IdP username and email changed, in every SSO_LINK_BY", async () => {
    const user = await createUser({ role: "Viewer" });
    const identity = verifiedIdentity(user);
    expect((await signIn(idp, identity)).response.headers.get("location")).toBe("/app");

    for (const linkBy of ["email", "username", "subject"] as const) {
      const again = await signIn(idp, { sub: identity.sub, preferred_username: "nama-baru-di-idp", email: "baru@example.test", email_verified: false }, { linkBy });
      expect(again.response.headers.get("location")).toBe("/app");
      const audit = await auditRowsFromIp(again.ip);
      expect(audit.map((row) => row.action)).toEqual(["LOGIN"]);
      expect(audit[0]!.actor_id).toBe(user.id);
    }
  });

  it("an identity with no matching user goes to /login?sso=unknown-user, audited as LOGIN_FAILED (sso) with the reason", async () => {
    const username = unique("tidak-ada");
    const email = `${username}@example.test`;
    const signedIn = await signIn(idp, { sub: `sub-${crypto.randomUUID()}`, preferred_username: username, email, email_verified: true });

    await expectRefused(signedIn, "unknown_user", "email");
    const [row] = await auditRowsFromIp(signedIn.ip);
    expect(detailsOf(row)).toMatchObject({ username, email });
    expect(row!.message).toBe(`Login SSO gagal: identitas SSO "${username}" (${email}) tidak terdaftar di E-Arsip`);
  });

  describe("SSO_LINK_BY=email (the default)", () => {
    const unverified: [string, Record<string, unknown>][] = [
      ["email_verified false", { email_verified: false }],
      ["no email_verified", {}],
      ["email_verified as the string \"true\"", { email_verified: "true" }],
    ];
    it.each(unverified)("an email the IdP does not vouch for (%s) links nothing", async (_label, verification) => {
      const user = await createUser();
      const signedIn = await signIn(idp, { sub: `sub-${crypto.randomUUID()}`, preferred_username: user.username, email: `${user.username}@example.test`, ...verification });
      await expectRefused(signedIn, "email_unverified", "email");
      expect(await ssoSubjectOf(user.id)).toBeNull();
    });

    it("an identity without an email links nothing, even when its preferred_username is a user's username", async () => {
      const user = await createUser();
      const signedIn = await signIn(idp, { sub: `sub-${crypto.randomUUID()}`, preferred_username: user.username });
      await expectRefused(signedIn, "email_missing", "email");
      expect(await ssoSubjectOf(user.id)).toBeNull();
    });

    it("a username match does not link when the verified email is another one", async () => {
      const user = await createUser();
      const signedIn = await signIn(idp, {
        sub: `sub-${crypto.randomUUID()}`,
        preferred_username: user.username,
        email: `${unique("orang-lain")}@example.test`,
        email_verified: true,
      });
      await expectRefused(signedIn, "unknown_user", "email");
      expect(await ssoSubjectOf(user.id)).toBeNull();
    });

    it("an email two users share (in any case) links neither", async () => {
      const email = `${unique("bersama")}@example.test`;
      const first = await createUser({ email });
      const second = await createUser({ email: email.toUpperCase() });
      const signedIn = await signIn(idp, { sub: `sub-${crypto.randomUUID()}`, preferred_username: first.username, email, email_verified: true });
      await expectRefused(signedIn, "email_ambiguous", "email");
      expect(await ssoSubjectOf(first.id)).toBeNull();
      expect(await ssoSubjectOf(second.id)).toBeNull();
    });

    it("an email whose user is already linked to another subject is not taken over by a new IdP account", async () => {
      const user = await createUser({ role: "Super Admin" });
      const original = verifiedIdentity(user);
      await signIn(idp, original);

      const signedIn = await signIn(idp, verifiedIdentity(user));
      await expectRefused(signedIn, "subject_mismatch", "email");
      expect(await ssoSubjectOf(user.id)).toBe(original.sub);
    });
  });

  describe("SSO_LINK_BY=username", () => {
    it("links the user whose username is preferred_username (any case), whatever the email says", async () => {
      const user = await createUser();
      const subject = `sub-${crypto.randomUUID()}`;
      const { response, ip } = await signIn(idp, { sub: subject, preferred_username: user.username.toUpperCase(), email: "lain@example.test" }, { linkBy: "username" });
      expect(response.headers.get("location")).toBe("/app");
      expect(await ssoSubjectOf(user.id)).toBe(subject);
      const audit = await auditRowsFromIp(ip);
      expect(audit.map((row) => row.action)).toEqual(["SSO_LINKED", "LOGIN"]);
      expect(detailsOf(audit[0])).toEqual({ method: "sso", subject, linkBy: "username" });
    });

    it("does not link by a verified email when preferred_username names nobody, nor without preferred_username", async () => {
      const user = await createUser();
      const other = await signIn(idp, { ...verifiedIdentity(user), preferred_username: unique("tidak-ada") }, { linkBy: "username" });
      await expectRefused(other, "unknown_user", "username");
      const none = await signIn(idp, verifiedIdentity(user), { linkBy: "username" });
      await expectRefused(none, "unknown_user", "username");
      expect(await ssoSubjectOf(user.id)).toBeNull();
    });

    it("a username already linked to another subject is not taken over by a new IdP account", async () => {
      const user = await createUser({ role: "Super Admin" });
      const original = `sub-${crypto.randomUUID()}`;
      await signIn(idp, { sub: original, preferred_username: user.username }, { linkBy: "username" });

      const signedIn = await signIn(idp, { sub: `sub-${crypto.randomUUID()}`, preferred_username: user.username }, { linkBy: "username" });
      await expectRefused(signedIn, "subject_mismatch", "username");
      expect(await ssoSubjectOf(user.id)).toBe(original);
    });
  });

  describe("SSO_LINK_BY=subject", () => {
    it("never links automatically, even a matching username and verified email", async () => {
      const user = await createUser();
      const signedIn = await signIn(idp, { ...verifiedIdentity(user), preferred_username: user.username }, { linkBy: "subject" });
      await expectRefused(signedIn, "not_linked", "subject");
      expect(await ssoSubjectOf(user.id)).toBeNull();
      const [row] = await auditRowsFromIp(signedIn.ip);
      expect(row!.message).toBe(`Login SSO gagal: identitas SSO "${user.username}" (${user.username}@example.test) belum ditautkan ke akun E-Arsip`);
    });

    it("signs in a user whose subject an administrator linked", async () => {
      const user = await createUser();
      const subject = `sub-${crypto.randomUUID()}`;
      await testEnv.DB.prepare("UPDATE users SET sso_subject = ? WHERE id = ?").bind(subject, user.id).run();
      const { response, ip } = await signIn(idp, { sub: subject }, { linkBy: "subject" });
      expect(response.headers.get("location")).toBe("/app");
      expect((await auditRowsFromIp(ip)).map((row) => [row.action, row.actor_id])).toEqual([["LOGIN", user.id]]);
    });
  });

  describe("protocol failures go to /login?sso=failed, audited, never a 500", () => {
    it("no state cookie (another browser, or the cookie expired)", async () => {
      const ip = uniqueIp();
      const { location } = await startLogin(idp, { ip });
      const back = idp.authorize(location.href, { sub: "x", preferred_username: "x" });
      await expectFailure(await callback(ssoEnv(idp), back, { ip }), ip, "state_missing");
    });

    it("a state that does not match the cookie", async () => {
      const ip = uniqueIp();
      const first = await startLogin(idp, { ip });
      const second = await startLogin(idp, { ip: uniqueIp() });
      const back = idp.authorize(second.location.href, { sub: "x", preferred_username: "x" });
      await expectFailure(await callback(ssoEnv(idp), back, { cookie: first.stateCookie, ip }), ip, "state_mismatch");
    });

    it("no state at all (does not start a new sign-in instead)", async () => {
      const ip = uniqueIp();
      await expectFailure(await callback(ssoEnv(idp), `${ORIGIN}/callback?code=abc`, { ip }), ip, "missing_state");
    });

    it("an authorization response naming another issuer (IdP mix-up)", async () => {
      const ip = uniqueIp();
      const { location, stateCookie } = await startLogin(idp, { ip });
      const back = new URL(idp.authorize(location.href, { sub: "x", preferred_username: "x" }));
      back.searchParams.set("iss", "https://evil.test");
      await expectFailure(await callback(ssoEnv(idp), back.href, { cookie: stateCookie, ip }), ip, "issuer_mismatch");
      expect(idp.tokenRequests).toEqual([]);
    });

    it("an error from the IdP (the user cancelled)", async () => {
      const ip = uniqueIp();
      const { location, stateCookie } = await startLogin(idp, { ip });
      const back = idp.authorize(location.href, { error: "access_denied" });
      await expectFailure(await callback(ssoEnv(idp), back, { cookie: stateCookie, ip }), ip, "idp_error");
    });

    it("the token endpoint refuses the code (replayed code)", async () => {
      const user = await createUser();
      const { back, started } = await signIn(idp, { sub: `sub-${crypto.randomUUID()}`, preferred_username: user.username });
      const ip = uniqueIp();
      await expectFailure(await callback(ssoEnv(idp), back, { cookie: started.stateCookie, ip }), ip, "token_exchange_failed");
    });

    it("the token endpoint cannot be reached or answers garbage", async () => {
      idp.tokenResponse = () => new Response("<html>502</html>", { status: 502 });
      const { response, ip } = await signIn(idp, { sub: "x", preferred_username: "x" });
      await expectFailure(response, ip, "token_exchange_failed");
    });

    it("a token response without an id_token", async () => {
      idp.tokenResponse = () => Response.json({ access_token: "a", token_type: "Bearer" });
      const { response, ip } = await signIn(idp, { sub: "x", preferred_username: "x" });
      await expectFailure(response, ip, "id_token_missing");
    });

    const tampered: [string, (claims: Record<string, unknown>) => Record<string, unknown>, string][] = [
      ["another audience", (claims) => ({ ...claims, aud: "another-client" }), "id_token_invalid"],
      ["another issuer", (claims) => ({ ...claims, iss: "https://evil.test" }), "id_token_invalid"],
      ["expired", (claims) => ({ ...claims, iat: 1_000_000, exp: 1_000_300 }), "id_token_invalid"],
      ["another nonce", (claims) => ({ ...claims, nonce: "replayed-from-elsewhere" }), "nonce_mismatch"],
      ["no nonce", ({ nonce: _nonce, ...claims }) => claims, "id_token_invalid"],
      ["several audiences without azp", (claims) => ({ ...claims, aud: [SSO_CLIENT_ID, "other"] }), "id_token_invalid"],
    ];
    it.each(tampered)("an id_token with %s", async (_label, change, reason) => {
      const user = await createUser();
      idp.tokenResponse = async ({ pending, sign }) =>
        Response.json({ access_token: "a", token_type: "Bearer", id_token: await sign(change({ ...pending.claims })) });
      const { response, ip } = await signIn(idp, { sub: `sub-${crypto.randomUUID()}`, preferred_username: user.username });
      await expectFailure(response, ip, reason);
      expect(await ssoSubjectOf(user.id)).toBeNull();
    });

    it("an id_token signed with a key that is not the IdP's", async () => {
      const user = await createUser();
      const { privateKey } = await generateKeyPair("RS256");
      idp.tokenResponse = async ({ pending }) =>
        Response.json({ access_token: "a", token_type: "Bearer", id_token: await idp.sign(pending.claims, { key: privateKey as CryptoKey }) });
      const { response, ip } = await signIn(idp, { sub: `sub-${crypto.randomUUID()}`, preferred_username: user.username });
      await expectFailure(response, ip, "id_token_invalid");
    });
  });

  it("without OIDC configured, /callback says so on /login", async () => {
    const response = await callback({}, `${ORIGIN}/callback?code=a&state=b`, { ip: uniqueIp() });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?sso=unconfigured");
  });
});

describe("SSO_LINK_BY", () => {
  it("defaults to email; a value outside subject, email and username is a configuration error", async () => {
    const { SSO_LINK_BY: _unset, ...withoutLinkBy } = { ...testEnv, ...ssoEnv(idp) } as Record<string, unknown>;
    expect(loadConfig(withoutLinkBy as unknown as Env).sso).toMatchObject({ linkBy: "email" });
    expect(loadConfig({ ...withoutLinkBy, SSO_LINK_BY: "username" } as unknown as Env).sso).toMatchObject({ linkBy: "username" });
    expect(() => loadConfig({ ...withoutLinkBy, SSO_LINK_BY: "preferred_username" } as unknown as Env)).toThrow(/SSO_LINK_BY/);
  });
});

describe("SSO claim mapping", () => {
  const MAPPING = {
    SSO_ROLE_CLAIM: "groups",
    SSO_ROLE_MAP: JSON.stringify({ "arsip-admin": "Super Admin", "arsip-staf": "Satuan Kerja" }),
    SSO_UNIT_CLAIM: "unit_kerja",
  };

  const sessionCookieOf = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("earsip_session="))?.split(";")[0];

  async function me(response: Response) {
    expect(response.headers.get("location")).toBe("/app");
    const answer = await call("/api/v1/users/me", { cookie: sessionCookieOf(response)! });
    expect(answer.status).toBe(200);
    return answer.json<{ role: string; unitKerjaId: number | null; userId: number }>();
  }

  async function userRow(id: number) {
    return testEnv.DB.prepare("SELECT r.name AS role, u.unit_kerja_id FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ?")
      .bind(id)
      .first<{ role: string; unit_kerja_id: number | null }>();
  }

  it("off (the default): the claims change nothing", async () => {
    const user = await createUser();
    const { response, ip } = await signIn(idp, { ...verifiedIdentity(user), groups: ["arsip-admin"], unit_kerja: "x" });
    expect(await me(response)).toMatchObject({ role: "Viewer", userId: user.id });
    expect((await auditRowsFromIp(ip)).map((row) => row.action)).toEqual(["SSO_LINKED", "LOGIN"]);
  });

  it("promotes by the highest mapped group (one SSO_CLAIMS_APPLIED row), and a later sign-in with the same claims changes nothing", async () => {
    const user = await createUser();
    const identity = { ...verifiedIdentity(user), groups: ["lain", "arsip-staf", "arsip-admin"] };
    const first = await signIn(idp, identity, { env: MAPPING });
    expect(await me(first.response)).toMatchObject({ role: "Super Admin", userId: user.id, unitKerjaId: null });
    const audit = await auditRowsFromIp(first.ip);
    expect(audit.map((row) => row.action)).toEqual(["SSO_CLAIMS_APPLIED", "SSO_LINKED", "LOGIN"]);
    expect(audit[0]).toMatchObject({ actor_id: user.id, message: `Klaim SSO diterapkan pada akun "${user.username}": peran Viewer → Super Admin` });
    expect(detailsOf(audit[0])).toMatchObject({ changed: ["roleName"], roleFrom: "Viewer", roleTo: "Super Admin" });

    const again = await signIn(idp, identity, { env: MAPPING });
    expect(await me(again.response)).toMatchObject({ role: "Super Admin" });
    expect((await auditRowsFromIp(again.ip)).map((row) => row.action)).toEqual(["LOGIN"]);
  });

  it("demotes when no group maps any more, by the users service's rules (the user's other sessions end)", async () => {
    await createUser({ role: "Super Admin" }); // never the last Super Admin
    const user = await createUser({ role: "Super Admin" });
    const earlier = await login(user.username, user.password);
    const { response, ip } = await signIn(idp, { ...verifiedIdentity(user), groups: ["mahasiswa"] }, { env: MAPPING });
    expect(await me(response)).toMatchObject({ role: "Viewer" });
    const audit = await auditRowsFromIp(ip);
    expect(audit.filter((row) => row.action === "SSO_CLAIMS_APPLIED")).toHaveLength(1);
    expect(detailsOf(audit[0])).toMatchObject({ roleFrom: "Super Admin", roleTo: "Viewer", sessionsEnded: true, apiTokensEnded: true });
    expect((await call("/api/v1/users/me", { cookie: earlier.cookie })).status).toBe(401);
  });

  it("moves a Satuan Kerja to the unit its claim names (case ignored; SSO_UNIT_MAP translates codes)", async () => {
    const from = await createUnitKerja();
    const to = await createUnitKerja();
    const user = await createUser({ role: "Satuan Kerja", unitKerjaId: from.id });
    const identity = { ...verifiedIdentity(user), groups: ["arsip-staf"], unit_kerja: to.nama.toUpperCase() };
    const { response, ip } = await signIn(idp, identity, { env: MAPPING });
    expect(await me(response)).toMatchObject({ role: "Satuan Kerja", unitKerjaId: to.id });
    const audit = await auditRowsFromIp(ip);
    expect(audit.map((row) => row.action)).toEqual(["SSO_CLAIMS_APPLIED", "SSO_LINKED", "LOGIN"]);
    expect(audit[0]!.message).toBe(`Klaim SSO diterapkan pada akun "${user.username}": unit kerja ${from.nama} → ${to.nama}`);

    const withCodes = { ...MAPPING, SSO_UNIT_MAP: JSON.stringify({ "UK-1": from.nama }) };
    const back = await signIn(idp, { ...identity, unit_kerja: "UK-1" }, { env: withCodes });
    expect(await me(back.response)).toMatchObject({ unitKerjaId: from.id });
  });

  it.each([
    ["no unit claim", {}],
    ["a unit no one has", { unit_kerja: "Fakultas Yang Tidak Ada" }],
    ["two units", { unit_kerja: ["A", "B"] }],
  ])("refuses a Satuan Kerja with %s (audited; the account is unchanged)", async (_case, unitClaim) => {
    const user = await createUser();
    const { response, ip } = await signIn(idp, { ...verifiedIdentity(user), groups: ["arsip-staf"], ...unitClaim }, { env: MAPPING });
    expect(response.headers.get("location")).toBe("/login?sso=claims-refused");
    expect(sessionCookieOf(response)).toBeUndefined();
    const audit = await auditRowsFromIp(ip);
    expect(audit.map((row) => row.action)).toEqual(["LOGIN_FAILED"]);
    expect(detailsOf(audit[0])).toMatchObject({ method: "sso", reason: "unit_unresolved" });
    expect(await userRow(user.id)).toEqual({ role: "Viewer", unit_kerja_id: null });
    expect(await ssoSubjectOf(user.id)).toBeNull();
  });

  describe("SSO_CREATE_VIEWERS", () => {
    const newIdentity = () => {
      const username = unique("baru");
      return { sub: `sub-${crypto.randomUUID()}`, preferred_username: username, name: "Orang Baru", email: `${username}@idp.test`, email_verified: true };
    };
    const byUsername = (username: string) =>
      testEnv.DB.prepare("SELECT u.id, u.email, u.sso_subject, u.password_hash, r.name AS role FROM users u JOIN roles r ON r.id = u.role_id WHERE u.username = ?")
        .bind(username)
        .first<{ id: number; email: string | null; sso_subject: string; password_hash: string | null; role: string }>();

    it("off (the default): an unknown identity is refused and no account is made", async () => {
      const identity = newIdentity();
      await expectRefused(await signIn(idp, identity), "unknown_user", "email");
      expect(await byUsername(identity.preferred_username)).toBeNull();
    });

    it("on: the first sign-in creates a linked, password-less Viewer; the next finds it by subject", async () => {
      const identity = newIdentity();
      const env = { SSO_CREATE_VIEWERS: "true" };
      const { response, ip } = await signIn(idp, identity, { env });
      const created = await byUsername(identity.preferred_username);
      expect(created).toEqual({ id: expect.any(Number), email: identity.email, sso_subject: identity.sub, password_hash: null, role: "Viewer" });
      expect(await me(response)).toMatchObject({ role: "Viewer", userId: created!.id });
      const audit = await auditRowsFromIp(ip);
      expect(audit.map((row) => row.action)).toEqual(["SSO_USER_CREATE", "LOGIN"]);
      expect(audit[0]).toMatchObject({ actor_id: null, message: `Akun "${identity.preferred_username}" (Viewer) dibuat saat login SSO pertama` });

      const again = await signIn(idp, { ...identity, email_verified: false }, { env });
      expect(await me(again.response)).toMatchObject({ userId: created!.id });
      expect((await auditRowsFromIp(again.ip)).map((row) => row.action)).toEqual(["LOGIN"]);
    });

    it("on: an unverified email is not stored; the claims then apply to the new account", async () => {
      const identity = { ...newIdentity(), email_verified: false, groups: ["arsip-admin"] };
      const { response, ip } = await signIn(idp, identity, { env: { ...MAPPING, SSO_CREATE_VIEWERS: "true" } });
      expect(await me(response)).toMatchObject({ role: "Super Admin" });
      expect(await byUsername(identity.preferred_username)).toMatchObject({ email: null, role: "Super Admin" });
      expect((await auditRowsFromIp(ip)).map((row) => row.action)).toEqual(["SSO_USER_CREATE", "SSO_CLAIMS_APPLIED", "LOGIN"]);
    });

    it("on: refused, with no account made, for a taken or unusable username or claims that cannot apply", async () => {
      const taken = await createUser({ email: null });
      const env = { ...MAPPING, SSO_CREATE_VIEWERS: "true" };
      const takenSignIn = await signIn(idp, { ...newIdentity(), preferred_username: taken.username.toUpperCase() }, { env });
      expect(detailsOf((await auditRowsFromIp(takenSignIn.ip))[0])).toMatchObject({ reason: "username_taken" });
      expect(await ssoSubjectOf(taken.id)).toBeNull();

      const unusable = await signIn(idp, { ...newIdentity(), preferred_username: "a b" }, { env });
      expect(detailsOf((await auditRowsFromIp(unusable.ip))[0])).toMatchObject({ reason: "username_unusable" });

      const staff = { ...newIdentity(), groups: ["arsip-staf"] };
      const noUnit = await signIn(idp, staff, { env });
      expect(noUnit.response.headers.get("location")).toBe("/login?sso=claims-refused");
      expect(await byUsername(staff.preferred_username)).toBeNull();
    });
  });

  it("refuses an invalid mapping at configuration time, naming the variable", () => {
    const base = { ...testEnv, ...ssoEnv(idp) } as Record<string, unknown>;
    const load = (extra: Record<string, string>) => () => loadConfig({ ...base, ...extra } as unknown as Env);
    expect(loadConfig(base as unknown as Env).sso).toMatchObject({ claims: { role: null, unit: null, createViewers: false } });
    expect(load({ ...MAPPING, SSO_ROLE_MAP: "{arsip-admin: Super Admin}" })).toThrow(/SSO_ROLE_MAP must be a JSON object/);
    expect(load({ ...MAPPING, SSO_ROLE_MAP: '{"arsip-admin":"Admin"}' })).toThrow(/SSO_ROLE_MAP values must be one of: Viewer, Satuan Kerja, Super Admin/);
    expect(load({ ...MAPPING, SSO_ROLE_MAP: '["Super Admin"]' })).toThrow(/SSO_ROLE_MAP/);
    expect(load({ SSO_ROLE_CLAIM: "groups" })).toThrow(/SSO_ROLE_CLAIM and SSO_ROLE_MAP must be set together/);
    expect(load({ SSO_UNIT_MAP: '{"FT":"Fakultas Teknik"}' })).toThrow(/SSO_UNIT_MAP needs SSO_UNIT_CLAIM/);
    expect(load({ SSO_CREATE_VIEWERS: "yes" })).toThrow(/SSO_CREATE_VIEWERS/);
    expect(loadConfig({ ...base, ...MAPPING, SSO_CREATE_VIEWERS: "true" } as unknown as Env).sso?.claims).toEqual({
      role: { claim: "groups", map: { "arsip-admin": "Super Admin", "arsip-staf": "Satuan Kerja" } },
      unit: { claim: "unit_kerja", map: null },
      createViewers: true,
    });
  });
});

describe("verifyIdToken", () => {
  const expected = { issuer: "https://idp.example", clientId: SSO_CLIENT_ID, nonce: "n-1" };
  const claims = () => {
    const now = Math.floor(Date.now() / 1000);
    return { iss: expected.issuer, aud: SSO_CLIENT_ID, sub: "s-1", iat: now, exp: now + 60, nonce: "n-1", preferred_username: " Ft.Staff ", name: "Staf" };
  };

  it("returns the identity of a valid token", async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256");
    const token = await new SignJWT(claims()).setProtectedHeader({ alg: "ES256" }).sign(privateKey);
    expect(await verifyIdToken(token, async () => publicKey as CryptoKey, expected)).toEqual({
      subject: "s-1",
      preferredUsername: "Ft.Staff",
      email: null,
      emailVerified: false,
      name: "Staf",
      claims: expect.objectContaining({ sub: "s-1", preferred_username: " Ft.Staff " }),
    });
  });

  it("reads email and email_verified (only the boolean true counts as verified)", async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256");
    const identity = async (extra: Record<string, unknown>) =>
      verifyIdToken(await new SignJWT({ ...claims(), ...extra }).setProtectedHeader({ alg: "ES256" }).sign(privateKey), async () => publicKey as CryptoKey, expected);
    expect(await identity({ email: " Staff.FT@univ.ac.id ", email_verified: true })).toMatchObject({ email: "Staff.FT@univ.ac.id", emailVerified: true });
    expect(await identity({ email: "a@b.test", email_verified: "true" })).toMatchObject({ email: "a@b.test", emailVerified: false });
    expect(await identity({ email: 42, email_verified: 1 })).toMatchObject({ email: null, emailVerified: false });
  });

  it("refuses HS256 (a token keyed with the client secret) and unsigned tokens", async () => {
    const secret = new TextEncoder().encode(SSO_CLIENT_SECRET.padEnd(32, "x"));
    const hs = await new SignJWT(claims()).setProtectedHeader({ alg: "HS256" }).sign(secret);
    await expect(verifyIdToken(hs, async () => secret as unknown as CryptoKey, expected)).rejects.toMatchObject({ reason: "id_token_invalid" });

    const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const unsigned = `${encode({ alg: "none" })}.${encode(claims())}.`;
    const { publicKey } = await generateKeyPair("RS256");
    await expect(verifyIdToken(unsigned, async () => publicKey as CryptoKey, expected)).rejects.toMatchObject({ reason: "id_token_invalid" });
  });
});

describe("nonceForState", () => {
  it("is keyed by the session secret", async () => {
    expect(await nonceForState("a".repeat(32), "state")).toBe(await hmacHex("a".repeat(32), "oidc-nonce:state"));
    expect(await nonceForState("a".repeat(32), "state")).not.toBe(await nonceForState("b".repeat(32), "state"));
  });
});
