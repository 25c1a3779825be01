import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { FLASH_COOKIE } from "~/server/http/flash.server";
import { withScriptHashes } from "~/server/http/script-hashes.server";
import type { HonoEnv } from "./hono-env";

/**
 * Public pages that are the same for every visitor (landing, guide, public list, a public
 * document, a Berita Acara's verification page, the PPID's Daftar Informasi Publik), and the OAI-PMH endpoint (what harvesters read is what visitors may see).
 */
const CACHEABLE_PATHS = new Set(["/", "/panduan", "/documents", "/oai", "/ppid/dip"]);
/** The cached page's script-src sources (its inline scripts by hash), stored beside it. */
const SCRIPT_SOURCES_HEADER = "X-Earsip-Script-Sources";
const PUBLIC_DOCUMENT_PATH = /^\/documents\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A Berita Acara's verification page: its row never changes once written, and a 404 is never stored. */
const VERIFICATION_PATH = /^\/verifikasi\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isCacheable = (pathname: string) => CACHEABLE_PATHS.has(pathname) || PUBLIC_DOCUMENT_PATH.test(pathname) || VERIFICATION_PATH.test(pathname);
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=60";

/**
 * `site_state.public_version`, read at most once a second per isolate: a cache hit then needs
 * no D1 round trip. Another isolate's change shows within that second; a write through this
 * isolate (any unsafe method) forgets it at once, so an editor sees the edit on the next page.
 */
const VERSION_TTL_MS = 1000;
let knownVersion: { value: number; readAt: number } | null = null;

async function publicVersion(d1: D1Database): Promise<number> {
  const now = Date.now();
  if (knownVersion && now - knownVersion.readAt < VERSION_TTL_MS) return knownVersion.value;
  const row = await d1.prepare("SELECT value FROM site_state WHERE key = 'public_version'").first<{ value: number }>();
  knownVersion = { value: Number(row?.value ?? 0), readAt: now };
  return knownVersion.value;
}

async function cacheKeyOf(c: Context<HonoEnv>, url: URL): Promise<Request> {
  const keyUrl = new URL(url);
  keyUrl.searchParams.sort();
  keyUrl.searchParams.set("__v", String(await publicVersion(c.env.DB)));
  return new Request(keyUrl.toString(), { method: "GET" });
}

function servedFromCache(c: Context<HonoEnv>, hit: Response): Response {
  const response = new Response(hit.body, hit);
  const scriptSources = response.headers.get(SCRIPT_SOURCES_HEADER);
  if (scriptSources) c.set("scriptSources", scriptSources);
  response.headers.delete(SCRIPT_SOURCES_HEADER);
  response.headers.set("X-Cache", "HIT");
  return response;
}

/** Cache keys looked up by `publicCacheHit` that missed: the page is rendered, then stored. */
const missedKeys = new WeakMap<Request, Request>();

/**
 * The cache lookup for a visitor, BEFORE the request context (no session lookup, env check,
 * flash or CSRF work for a hit): GET on a public page with neither a session nor a flash cookie.
 * Requests with such a cookie (even a stale one) take the full path and `publicPageCache`.
 */
export const publicCacheHit = createMiddleware<HonoEnv>(async (c, next) => {
  if (c.req.method !== "GET") {
    knownVersion = null;
    return next();
  }
  const cookie = c.req.header("cookie") ?? "";
  if (!isCacheable(c.req.path) || cookie.includes("earsip_session=") || cookie.includes(`${FLASH_COOKIE}=`) || typeof caches === "undefined") {
    return next();
  }
  const cacheKey = await cacheKeyOf(c, new URL(c.req.url));
  const hit = await (await caches.open("public-pages")).match(cacheKey);
  if (hit) return servedFromCache(c, hit);
  missedKeys.set(c.req.raw, cacheKey);
  return next();
});

/**
 * Edge cache for visitors (no session, no pending toast) on the public pages, through the
 * Workers Cache API. The key includes `site_state.public_version`, which D1 triggers bump on
 * every change visitors could see, so an edit shows up at once. Signed-in pages are never
 * cached (`private, no-store` from the security headers).
 */
export const publicPageCache = createMiddleware<HonoEnv>(async (c, next) => {
  const ctx = c.get("ctx");
  const url = new URL(c.req.url);
  if (c.req.method !== "GET" || !isCacheable(url.pathname) || ctx.session || ctx.flash || typeof caches === "undefined") {
    return next();
  }
  const cache = await caches.open("public-pages");
  let cacheKey = missedKeys.get(c.req.raw);
  if (!cacheKey) {
    cacheKey = await cacheKeyOf(c, url);
    const hit = await cache.match(cacheKey);
    if (hit) return servedFromCache(c, hit);
  }

  await next();
  if (c.res.status !== 200 || c.res.headers.has("Set-Cookie")) return;
  c.res.headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
  // Stored without this visitor's nonce: the copy names its inline scripts by hash instead.
  const rendered = c.res.clone();
  const key = cacheKey;
  const isHtml = (c.res.headers.get("Content-Type") ?? "").startsWith("text/html");
  ctx.waitUntil(
    (async () => {
      if (!isHtml) return cache.put(key, rendered);
      const { html, scriptSources } = await withScriptHashes(await rendered.text());
      const stored = new Response(html, rendered);
      stored.headers.delete("Content-Security-Policy");
      stored.headers.delete("Content-Length");
      stored.headers.set(SCRIPT_SOURCES_HEADER, scriptSources);
      await cache.put(key, stored);
    })(),
  );
  c.res.headers.set("X-Cache", "MISS");
});
