import { href } from "react-router";
/**
 * OpenID Connect sign-in: discovery, the remix-auth-oauth2 strategy, id_token verification and
 * the per-isolate caches of discovery and JWKS. Kept in one file (over 300 lines) because these
 * parts share the issuer/client state and only make sense together; every export is used by the
 * SSO routes and the SSO service alone.
 */
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";
import { Authenticator } from "remix-auth";
import {
  CodeChallengeMethod,
  OAuth2RequestError,
  OAuth2Strategy,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from "remix-auth-oauth2";
import { z } from "zod";
import type { RequestContext } from "../context.server";
import type { SsoLinkBy } from "../env.server";
import { hmacHex, timingSafeEqual } from "../crypto.server";
import { reauthCookie, sessionCookie } from "./session.server";
import { CLAIM_REFUSALS, recordSsoFailure, signInWithSso, SsoUserNotFoundError, type SsoIdentity } from "./sso.server";

/**
 * OpenID Connect sign-in (authorization code + PKCE S256, state, nonce) against the IdP named by
 * OIDC_ISSUER. The protocol lives here, next to the Request it needs; which E-Arsip user an
 * identity becomes is decided by `signInWithSso` in services/sso.server.ts.
 *
 * remix-auth-oauth2 does the redirect, the state/PKCE cookie and the code exchange; it does not
 * look at the id_token, so `verifyIdToken` checks it with jose (JWKS from discovery, iss, aud,
 * exp, nonce).
 */

export const SSO_LOGIN_PATH = "/api/v1/auth/sso/login";
export const SSO_CALLBACK_PATH = "/callback";
/** `email` only when linking by it: the app asks for no personal data it does not use. */
const scopesFor = (linkBy: SsoLinkBy) => (linkBy === "email" ? ["openid", "profile", "email"] : ["openid", "profile"]);
const STRATEGY = "oidc";
/** Long enough to type a password at the IdP, short enough that a stale flow cannot linger. */
const STATE_COOKIE_MAX_AGE_S = 10 * 60;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5_000;
/** Leeway for clock skew between the IdP and the edge when checking exp/iat. */
const CLOCK_TOLERANCE_S = 30;

/** A sign-in that failed for a protocol reason; `reason` goes to the audit log, never to the user. */
export class SsoProtocolError extends Error {
  constructor(
    readonly reason: string,
    message = reason,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SsoProtocolError";
  }
}

const DiscoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});
export type OidcDiscovery = z.infer<typeof DiscoverySchema>;

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

// Per isolate: discovery documents and key sets, refreshed hourly. Only settled VALUES are
// cached, never an in-flight promise: in Workers a request awaiting another request's fetch is
// cancelled as hung. Concurrent first sign-ins each fetch once; that is fine.
const discoveryCache = new Map<string, { expiresAt: number; document: OidcDiscovery }>();
const jwksCache = new Map<string, { expiresAt: number; keys: JWTVerifyGetKey }>();

/** The IdP's discovery document, `${issuer}/.well-known/openid-configuration`, cached per isolate. */
export async function discover(issuer: string, now = Date.now()): Promise<OidcDiscovery> {
  const cached = discoveryCache.get(issuer);
  if (cached && cached.expiresAt > now) return cached.document;
  // A failed fetch throws and is not cached: the next sign-in tries again.
  const document = await fetchDiscovery(issuer);
  discoveryCache.set(issuer, { expiresAt: now + DISCOVERY_TTL_MS, document });
  return document;
}

async function fetchDiscovery(issuer: string): Promise<OidcDiscovery> {
  const url = `${withoutTrailingSlash(issuer)}/.well-known/openid-configuration`;
  let body: unknown;
  try {
    const response = await fetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new SsoProtocolError("discovery_failed", `OIDC discovery at ${url} failed: ${String(error)}`, { cause: error });
  }
  const parsed = DiscoverySchema.safeParse(body);
  if (!parsed.success) throw new SsoProtocolError("discovery_invalid", `OIDC discovery at ${url} is incomplete`);
  // OpenID Connect Discovery 1.0 §4.3: the document must name the issuer it was fetched for.
  if (withoutTrailingSlash(parsed.data.issuer) !== withoutTrailingSlash(issuer)) {
    throw new SsoProtocolError("discovery_issuer_mismatch", `OIDC discovery names issuer ${parsed.data.issuer}, expected ${issuer}`);
  }
  return parsed.data;
}

async function fetchKeySet(jwksUri: string): Promise<JWTVerifyGetKey> {
  let body: unknown;
  try {
    const response = await fetch(jwksUri, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new SsoProtocolError("jwks_failed", `OIDC key set at ${jwksUri} failed: ${String(error)}`, { cause: error });
  }
  const keys = createLocalJWKSet(body as JSONWebKeySet);
  jwksCache.set(jwksUri, { expiresAt: Date.now() + DISCOVERY_TTL_MS, keys });
  return keys;
}

/**
 * The IdP's signing keys. A token naming a key we have not seen refetches the set once, so key
 * rotation at the IdP needs no restart.
 */
function remoteJwks(jwksUri: string): JWTVerifyGetKey {
  return async (header, token) => {
    const cached = jwksCache.get(jwksUri);
    const keys = cached && cached.expiresAt > Date.now() ? cached.keys : await fetchKeySet(jwksUri);
    try {
      return await keys(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey) || keys !== cached?.keys) throw error;
      return (await fetchKeySet(jwksUri))(header, token);
    }
  };
}

/**
 * The nonce of one authorization request: an HMAC of its state. The state is bound to this
 * browser by the state cookie, so an id_token minted for another sign-in cannot be replayed
 * here, and no second cookie is needed to remember the nonce.
 */
export const nonceForState = (sessionSecret: string, state: string) => hmacHex(sessionSecret, `oidc-nonce:${state}`);

/**
 * Verify an id_token (signature against the IdP's keys, iss, aud = client id, exp, iat, nonce;
 * azp when there are several audiences) and return the identity it asserts.
 */
export async function verifyIdToken(
  idToken: string,
  keys: JWTVerifyGetKey,
  expected: { issuer: string; clientId: string; nonce: string; algorithms?: string[] },
): Promise<SsoIdentity> {
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(idToken, keys, {
      issuer: expected.issuer,
      audience: expected.clientId,
      requiredClaims: ["sub", "exp", "iat", "nonce"],
      clockTolerance: CLOCK_TOLERANCE_S,
      // Asymmetric algorithms only: an HS* token would be keyed with the client secret.
      algorithms: (expected.algorithms ?? ["RS256", "PS256", "ES256", "EdDSA"]).filter((alg) => !/^(none|HS)/i.test(alg)),
    }));
  } catch (error) {
    throw new SsoProtocolError("id_token_invalid", `id_token rejected: ${String(error)}`, { cause: error });
  }
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== expected.clientId) {
    throw new SsoProtocolError("id_token_invalid", "id_token azp does not name this client");
  }
  if (typeof claims.nonce !== "string" || !timingSafeEqual(claims.nonce, expected.nonce)) {
    throw new SsoProtocolError("nonce_mismatch", "id_token nonce does not match this sign-in");
  }
  if (typeof claims.sub !== "string" || claims.sub.length === 0 || claims.sub.length > 255) {
    throw new SsoProtocolError("id_token_invalid", "id_token has no usable sub");
  }
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 255) : null);
  return {
    subject: claims.sub,
    preferredUsername: text(claims.preferred_username),
    email: text(claims.email),
    // Only the JSON boolean counts (OIDC Core 5.1): a string "true" is not the IdP vouching.
    emailVerified: claims.email_verified === true,
    name: text(claims.name),
    claims,
  };
}

const stateCookieName = (secure: boolean) => (secure ? "__Host-earsip_oidc" : "earsip_oidc");

function authenticatorFor(ctx: RequestContext, discovery: OidcDiscovery) {
  const sso = ctx.config.sso!;
  const secure = ctx.secure;
  const strategy = new OAuth2Strategy<SsoIdentity>(
    {
      // The strategy adds `:<random id>` to the name, one cookie per pending sign-in (tabs).
      cookie: {
        name: stateCookieName(secure),
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        maxAge: STATE_COOKIE_MAX_AGE_S,
        ...(secure ? { secure: true as const } : {}),
      },
      clientId: sso.clientId,
      clientSecret: sso.clientSecret || null,
      authorizationEndpoint: discovery.authorization_endpoint,
      tokenEndpoint: discovery.token_endpoint,
      redirectURI: new URL(SSO_CALLBACK_PATH, ctx.url.origin),
      scopes: scopesFor(sso.linkBy),
      codeChallengeMethod: CodeChallengeMethod.S256,
    },
    async ({ request, tokens }) => {
      // The strategy has already matched this state against the state cookie.
      const state = new URL(request.url).searchParams.get("state") ?? "";
      let idToken: string;
      try {
        idToken = tokens.idToken();
      } catch (error) {
        throw new SsoProtocolError("id_token_missing", "the token response has no id_token", { cause: error });
      }
      return verifyIdToken(idToken, remoteJwks(discovery.jwks_uri), {
        issuer: discovery.issuer,
        clientId: sso.clientId,
        nonce: await nonceForState(ctx.config.sessionSecret, state),
        algorithms: discovery.id_token_signing_alg_values_supported,
      });
    },
  );
  return new Authenticator<SsoIdentity>().use(strategy, STRATEGY);
}

const redirectTo = (location: string, headers = new Headers()) => {
  headers.set("Location", location);
  return new Response(null, { status: 302, headers });
};

/**
 * Start a sign-in: redirect to the IdP's authorization endpoint with state, nonce and an S256
 * code challenge, and set the HttpOnly state/PKCE cookie. Without SSO configured, or when the
 * IdP cannot be discovered, the browser goes back to /login with a notice.
 */
export async function beginSsoLogin(ctx: RequestContext, options: { reauthenticate?: boolean } = {}): Promise<Response> {
  if (!ctx.config.sso) return redirectTo(`${href("/login")}?sso=unconfigured`);
  if (ctx.session) return redirectTo(href("/app"));
  try {
    const discovery = await discover(ctx.config.sso.issuer);
    // A request with no `state` makes the strategy start a new flow; built here so that query
    // parameters on the incoming request can never make it try to finish one instead.
    const start = new Request(new URL(SSO_LOGIN_PATH, ctx.url.origin));
    try {
      await authenticatorFor(ctx, discovery).authenticate(STRATEGY, start);
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      const location = new URL(thrown.headers.get("Location")!);
      location.searchParams.set("nonce", await nonceForState(ctx.config.sessionSecret, location.searchParams.get("state")!));
      // Right after a logout in this browser, the IdP must ask who is signing in (OIDC Core
      // 3.1.2.1): its own session may still be the previous user's.
      if (options.reauthenticate) location.searchParams.set("prompt", "login");
      const headers = new Headers(thrown.headers);
      return redirectTo(location.href, headers);
    }
    throw new Error("the OAuth2 strategy did not redirect");
  } catch (error) {
    return failed(ctx, error, new Headers());
  }
}

/**
 * Finish a sign-in at /callback: check state against the cookie (and `iss`, when the IdP sends
 * it), exchange the code with the PKCE verifier, verify the id_token, map the identity to an
 * E-Arsip user and open a session. Every outcome is a redirect: /app, /login?sso=unknown-user,
 * /login?sso=claims-refused (SSO claim mapping could not be applied), /login?sso=deactivated
 * or /login?sso=failed (audited).
 */
export async function completeSsoLogin(ctx: RequestContext, request: Request): Promise<Response> {
  if (!ctx.config.sso) return redirectTo(`${href("/login")}?sso=unconfigured`);
  const headers = new Headers();
  // This sign-in is over whatever happens: drop every pending state cookie (a sign-in still
  // pending in another tab then has to start again; nothing stale is left behind).
  for (const name of cookieNames(request.headers.get("cookie"))) {
    if (name.startsWith(`${stateCookieName(ctx.secure)}:`)) {
      headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${ctx.secure ? "; Secure" : ""}`);
    }
  }
  const url = new URL(request.url);
  // Without a state the strategy would start a new sign-in instead of failing this one.
  if (!url.searchParams.get("state")) return failed(ctx, new SsoProtocolError("missing_state"), headers);

  let identity: SsoIdentity;
  try {
    const discovery = await discover(ctx.config.sso.issuer);
    // RFC 9207: an IdP that names itself in the response must be the one we sent the user to.
    const iss = url.searchParams.get("iss");
    if (iss !== null && iss !== discovery.issuer) throw new SsoProtocolError("issuer_mismatch", `authorization response from ${iss}`);
    identity = await authenticatorFor(ctx, discovery).authenticate(STRATEGY, request);
  } catch (error) {
    return failed(ctx, error, headers, url.searchParams.has("error"));
  }

  try {
    const { sessionId } = await signInWithSso(ctx, identity);
    headers.append("Set-Cookie", sessionCookie(ctx, sessionId));
    headers.append("Set-Cookie", reauthCookie(ctx, false));
    return redirectTo(href("/app"), headers);
  } catch (error) {
    if (error instanceof SsoUserNotFoundError) {
      const notice = CLAIM_REFUSALS.has(error.reason) ? "claims-refused" : error.reason === "deactivated" ? "deactivated" : "unknown-user";
      return redirectTo(`${href("/login")}?sso=${notice}`, headers);
    }
    return failed(ctx, error, headers);
  }
}

/** Audit and log a failed sign-in, then send the browser to /login with the generic notice. */
async function failed(ctx: RequestContext, error: unknown, headers: Headers, idpErrorInUrl = false): Promise<Response> {
  const { reason, detail, expected } = classify(error, idpErrorInUrl);
  // Protocol failures are expected now and then (a stale tab, a cancelled IdP page); anything
  // else is a fault in this Worker or its storage and is logged as an error.
  if (expected) console.warn(`SSO sign-in failed (${reason}): ${detail}`);
  else console.error("SSO sign-in failed unexpectedly", error);
  try {
    await recordSsoFailure(ctx, reason, { error: detail.slice(0, 500) });
  } catch (auditError) {
    console.error("SSO failure could not be audited", auditError);
  }
  return redirectTo(`${href("/login")}?sso=failed`, headers);
}

function classify(error: unknown, idpErrorInUrl: boolean): { reason: string; detail: string; expected: boolean } {
  if (error instanceof SsoProtocolError) return { reason: error.reason, detail: error.message, expected: true };
  if (error instanceof OAuth2RequestError) {
    // The strategy raises it for `?error=` on the callback and for an error from the token endpoint.
    const reason = idpErrorInUrl ? "idp_error" : "token_exchange_failed";
    return { reason, detail: `${error.code}${error.description ? `: ${error.description}` : ""}`, expected: true };
  }
  // remix-auth-oauth2: no state cookie, or no code (ReferenceError), or a state that does not
  // match the cookie (RangeError); arctic: the token endpoint could not be reached
  // (ArcticFetchError, not exported) or answered with something that is not OAuth 2.0.
  if (error instanceof RangeError) return { reason: "state_mismatch", detail: error.message, expected: true };
  if (error instanceof ReferenceError) {
    const reason = /\bcode in the URL\b/.test(error.message) ? "missing_code" : "state_missing";
    return { reason, detail: error.message, expected: true };
  }
  if (
    error instanceof UnexpectedResponseError ||
    error instanceof UnexpectedErrorResponseBodyError ||
    (error instanceof Error && error.message === "Failed to send request")
  ) {
    return { reason: "token_exchange_failed", detail: `${error.message}${error.cause ? ` (${String(error.cause)})` : ""}`, expected: true };
  }
  return { reason: "internal_error", detail: error instanceof Error ? error.message : String(error), expected: false };
}

function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.slice(0, Math.max(0, part.indexOf("="))).trim())
    .filter(Boolean);
}
