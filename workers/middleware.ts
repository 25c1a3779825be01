import { createMiddleware } from "hono/factory";
import { loadConfig } from "~/server/env.server";
import { createDb } from "~/server/db/db.server";
import { actorOf, bearerActorOf, type BearerAuth, type RequestContext } from "~/server/context.server";
import { authenticateBearer, bearerTokenOf } from "~/server/auth/bearer.server";
import { apiTokenMessages } from "~/i18n/api-tokens";
import { randomToken } from "~/server/crypto.server";
import { getCookie } from "hono/cookie";
import { clearFlashCookie, FLASH_COOKIE, readFlash } from "~/server/http/flash.server";
import { findSession, sessionCookieName } from "~/server/auth/session.server";
import { sealAfterResponse } from "~/server/audit/commit.server";
import { auditRefusal } from "~/server/audit/windows.server";
import type { HonoEnv } from "./hono-env";

/** Every directive but `script-src`, which depends on the response. */
const CSP_AFTER_SCRIPTS = [
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Security headers on every response. A rendered page's inline scripts need its nonce (minted
 * with the request context, so a cache hit or an early refusal mints none); a page served from
 * the edge cache names its inline scripts by hash instead (`scriptSources`); everything else
 * comes from 'self'.
 */
export const securityHeaders = createMiddleware<HonoEnv>(async (c, next) => {
  await next();
  const nonce = c.get("nonce");
  const headers = c.res.headers;
  // Responses that set their own policy (stored files) keep it.
  if (!import.meta.env?.DEV && !headers.has("Content-Security-Policy")) {
    const scripts = c.get("scriptSources") ?? (nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic'` : "'self'");
    headers.set("Content-Security-Policy", `default-src 'self'; script-src ${scripts}; ${CSP_AFTER_SCRIPTS}`);
  }
  headers.set("X-Content-Type-Options", "nosniff");
  // Not no-referrer: Chromium then sends `Origin: null` on same-site form posts, which the
  // CSRF origin check must refuse. A response that sets its own (a token download) keeps it.
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (c.req.url.startsWith("https:")) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
});

const COMPRESSIBLE = /^(text\/html|application\/json|application\/xml|text\/xml|text\/csv)\b/;

/**
 * Pages and API bodies go out gzip-encoded to clients that accept it. Setting the header is
 * enough: the Workers runtime encodes the body natively, outside the Worker's JavaScript (the
 * Cloudflare edge would compress HTML too, but `wrangler dev` does not). Runs outside the edge
 * cache, which keeps bodies unencoded. Stored files keep their own encoding rules.
 */
export const compressText = createMiddleware<HonoEnv>(async (c, next) => {
  await next();
  const headers = c.res.headers;
  if (c.res.status === 204 || c.res.status === 304 || headers.has("Content-Encoding")) return;
  if (!COMPRESSIBLE.test(headers.get("Content-Type") ?? "")) return;
  headers.append("Vary", "Accept-Encoding");
  // What the client itself accepts: the runtime hands the Worker "br, gzip" whatever the client
  // sent and keeps the client's own header in `cf.clientAcceptEncoding`. The edge would decode
  // for a client that accepts none; `wrangler dev` does not (curl without --compressed got gzip).
  const accepted = (c.req.raw.cf as IncomingRequestCfProperties | undefined)?.clientAcceptEncoding ?? c.req.header("accept-encoding") ?? "";
  if (/\bgzip\b/.test(accepted)) headers.set("Content-Encoding", "gzip");
});

/** Whether the router will take this path for the API: decided on the path as it decodes it (`/api/v%31/` too). */
function isApiPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // A malformed escape: the router matches the raw path.
  }
  return decoded.startsWith("/api/v1/");
}

/**
 * Builds the per-request RequestContext (config, db, session) shared by API and pages. An API call
 * with `Authorization: Bearer` is authenticated by its token alone: its cookies are not read (no
 * session, no flash), and a token that is not live is refused here (401, or 429 past the
 * address's failure limit) rather than treated as a visitor.
 */
/** The message of a JSON refusal (the API's `{ message }`); a page's refusal is HTML: none. */
async function refusalReasonOf(response: Response): Promise<string | null> {
  if (!response.headers.get("content-type")?.includes("application/json")) return null;
  const body = await response.clone().json().catch(() => null);
  return body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string" ? (body as { message: string }).message : null;
}

export const requestContext = createMiddleware<HonoEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const nonce = randomToken(16);
  c.set("nonce", nonce);
  const config = loadConfig(c.env);
  const db = createDb(c.env.DB);
  const now = new Date();
  const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
  const secure = url.protocol === "https:";
  const ip = c.req.header("cf-connecting-ip") ?? null;
  const bearerToken = isApiPath(url.pathname) ? bearerTokenOf(c.req.header("authorization")) : null;
  let bearer: BearerAuth | null = null;
  if (bearerToken !== null) {
    const outcome = await authenticateBearer({ db, d1: c.env.DB, sessionSecret: config.sessionSecret, now, ip, waitUntil }, bearerToken);
    if (!outcome.ok) {
      const message = outcome.reason === "throttled" ? apiTokenMessages.throttled : apiTokenMessages.invalid;
      if (outcome.reason === "throttled") c.header("Retry-After", String(outcome.retryAfterSeconds));
      else c.header("WWW-Authenticate", 'Bearer error="invalid_token"');
      return c.json({ message, error: message }, outcome.reason === "throttled" ? 429 : 401);
    }
    bearer = outcome.bearer;
  }
  const sessionId = bearerToken === null ? getCookie(c, sessionCookieName(secure)) : undefined;
  const session = sessionId
    ? await findSession({ db, d1: c.env.DB, sessionSecret: config.sessionSecret, now, waitUntil }, sessionId)
    : null;
  const ctx: RequestContext = {
    env: c.env,
    config,
    db,
    d1: c.env.DB,
    files: c.env.FILES,
    now: () => new Date(),
    waitUntil,
    actor: bearer ? bearerActorOf(bearer) : session ? actorOf(session.user, session.idHash) : null,
    origin: url.origin,
    client: { ip, userAgent: c.req.header("user-agent") ?? null },
    url,
    secure,
    session,
    bearer,
    // React Router's route discovery (`/__manifest`, fetched before navigating to a route the
    // browser has not seen yet) renders nothing: it must not take the toast meant for that page.
    flash:
      bearerToken === null && url.pathname !== "/__manifest" && getCookie(c, FLASH_COOKIE)
        ? await readFlash(config, c.req.header("cookie") ?? null)
        : null,
    nonce,
  };
  c.set("ctx", ctx);
  await next();
  // Every refusal, whichever door answered it (API, page, gate, CSRF), is audited here, once
  // per client and window.
  if (c.res.status === 403) await auditRefusal(ctx, { method: c.req.method, path: url.pathname, reason: await refusalReasonOf(c.res) });
  sealAfterResponse(ctx, c.req.method);
  // A toast is shown once: clear it with the page that rendered it (not with a redirect).
  if (ctx.flash && c.res.status < 300 && !c.res.headers.getSetCookie().some((v) => v.startsWith(`${FLASH_COOKIE}=`))) {
    c.res.headers.append("Set-Cookie", await clearFlashCookie(config));
  }
});
