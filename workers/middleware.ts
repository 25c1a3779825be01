import { createMiddleware } from "hono/factory";
import { loadConfig } from "~/server/env.server";
import { createDb } from "~/server/db.server";
import { actorOf, type AppContext } from "~/server/context.server";
import { randomToken, timingSafeEqual } from "~/server/crypto.server";
import { clearFlashCookie, FLASH_COOKIE, parseFlash } from "~/server/flash.server";
import { findSession, readCookie, sessionCookieName } from "~/server/session.server";
import { t } from "~/i18n/id";
import type { HonoEnv } from "./hono-env";

/**
 * Security headers on every response. Inline scripts need this response's nonce; everything
 * else comes from 'self'.
 */
export const securityHeaders = createMiddleware<HonoEnv>(async (c, next) => {
  c.set("nonce", randomToken(16));
  await next();
  // Read back: a page served from the edge cache carries the nonce it was rendered with.
  const nonce = c.get("nonce");
  const headers = c.res.headers;
  const secure = new URL(c.req.url).protocol === "https:";
  // Responses that set their own policy (stored files) keep it.
  if (!import.meta.env?.DEV && !headers.has("Content-Security-Policy")) {
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
  }
  headers.set("X-Content-Type-Options", "nosniff");
  // Not no-referrer: Chromium then sends `Origin: null` on same-site form posts (TOOLCHAIN.md #12).
  // A response that sets its own (a token download: no-referrer) keeps it.
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (secure) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
});

/** Builds the per-request AppContext (config, db, session) shared by API and pages. */
export const requestContext = createMiddleware<HonoEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const config = loadConfig(c.env);
  const db = createDb(c.env.DB);
  const now = new Date();
  const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
  const secure = url.protocol === "https:";
  const cookies = c.req.header("cookie") ?? null;
  const sessionId = readCookie(cookies, sessionCookieName(secure));
  const session = sessionId
    ? await findSession({ db, sessionSecret: config.sessionSecret, now, waitUntil }, sessionId)
    : null;
  const ctx: AppContext = {
    env: c.env,
    config,
    db,
    d1: c.env.DB,
    files: c.env.FILES,
    now: () => new Date(),
    waitUntil,
    request: {
      url,
      ip: c.req.header("cf-connecting-ip") ?? null,
      userAgent: c.req.header("user-agent") ?? null,
      secure,
    },
    session,
    csrfVerified: true,
    flash: parseFlash(readCookie(cookies, FLASH_COOKIE)),
    actor: session ? actorOf(session.user) : null,
    nonce: c.get("nonce"),
  };
  c.set("ctx", ctx);
  await next();
  // A toast is shown once: clear it with the page that rendered it (not with a redirect).
  if (ctx.flash && c.res.status < 300 && !c.res.headers.getSetCookie().some((v) => v.startsWith(`${FLASH_COOKIE}=`))) {
    c.res.headers.append("Set-Cookie", clearFlashCookie());
  }
});

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** GET routes that change state; they still need the token (no cross-site page may log a user out). */
const UNSAFE_GETS = new Set(["/api/v1/auth/logout"]);
export const CSRF_FIELD = "_csrf";

/**
 * Where a handler streams a multipart body itself and checks its `_csrf` field on the way
 * (files.server.ts `receiveUpload`): document create, update and file replacement, API and
 * no-JS form posts. Anywhere else a multipart body is read here like a urlencoded one, so a
 * multipart content type can never skip the token check.
 */
const STREAMED_UPLOADS: { method: string; path: RegExp }[] = [
  { method: "POST", path: /^\/api\/v1\/archives\/?$/ },
  { method: "PUT", path: /^\/api\/v1\/archives\/[^/]+\/?$/ },
  { method: "POST", path: /^\/api\/v1\/archives\/[^/]+\/file\/?$/ },
  { method: "POST", path: /^\/app\/documents\/create(\.data)?\/?$/ },
  { method: "POST", path: /^\/app\/documents\/[^/]+\/update(\.data)?\/?$/ },
];
const isStreamedUpload = (method: string, pathname: string) =>
  STREAMED_UPLOADS.some((upload) => upload.method === method && upload.path.test(pathname));

/**
 * CSRF defence for every state-changing request: the Origin (or Sec-Fetch-Site) must be this
 * site, and a signed-in request must carry the session's token, in the `x-csrf-token` header
 * or the `_csrf` form field. Multipart bodies are not buffered here: their handler checks the
 * field while streaming (see `assertCsrfToken`).
 */
export const csrfProtection = createMiddleware<HonoEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  if (SAFE_METHODS.has(c.req.method) && !UNSAFE_GETS.has(url.pathname)) return next();

  const origin = c.req.header("origin");
  const fetchSite = c.req.header("sec-fetch-site");
  const originOk = origin ? origin === url.origin : !fetchSite || fetchSite === "same-origin" || fetchSite === "none";
  if (!originOk) return reject(c, t.session.originInvalid);

  const session = c.get("ctx").session;
  if (!session) return next();

  let token = c.req.header("x-csrf-token") ?? null;
  const contentType = c.req.header("content-type") ?? "";
  if (!token && contentType.startsWith("application/x-www-form-urlencoded")) {
    const form = await c.req.raw.clone().formData();
    const value = form.get(CSRF_FIELD);
    token = typeof value === "string" ? value : null;
  }
  if (!token && contentType.startsWith("multipart/form-data")) {
    if (isStreamedUpload(c.req.method, url.pathname)) {
      // Not buffered here: the upload handler checks the `_csrf` field while streaming.
      c.get("ctx").csrfVerified = false;
      return next();
    }
    const form = await c.req.raw.clone().formData().catch(() => null);
    const value = form?.get(CSRF_FIELD);
    token = typeof value === "string" ? value : null;
  }
  if (!token || !timingSafeEqual(token, session.csrfToken)) return reject(c, t.session.csrfInvalid);
  return next();
});

function reject(c: Parameters<Parameters<typeof createMiddleware<HonoEnv>>[0]>[0], message: string) {
  if (new URL(c.req.url).pathname.startsWith("/api/")) return c.json({ message, error: message }, 403);
  return c.html(
    `<!doctype html><html lang="id"><meta charset="utf-8"><title>403</title><p>${message}</p><p><a href="/">Kembali</a></p></html>`,
    403,
  );
}
