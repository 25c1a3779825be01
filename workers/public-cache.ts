import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "./hono-env";

/** Public pages that are the same for every visitor (landing, guide, public list, a public document). */
const CACHEABLE_PATHS = new Set(["/", "/panduan", "/documents"]);
const PUBLIC_DOCUMENT_PATH = /^\/documents\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isCacheable = (pathname: string) => CACHEABLE_PATHS.has(pathname) || PUBLIC_DOCUMENT_PATH.test(pathname);
const NONCE_HEADER = "X-Earsip-Nonce";
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=60";

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
  const state = await ctx.db.selectFrom("site_state").select("value").where("key", "=", "public_version").executeTakeFirst();
  const keyUrl = new URL(url);
  keyUrl.searchParams.sort();
  keyUrl.searchParams.set("__v", String(state?.value ?? 0));
  const cacheKey = new Request(keyUrl.toString(), { method: "GET" });
  const cache = await caches.open("public-pages");

  const hit = await cache.match(cacheKey);
  if (hit) {
    const response = new Response(hit.body, hit);
    c.set("nonce", response.headers.get(NONCE_HEADER) ?? c.get("nonce"));
    response.headers.delete(NONCE_HEADER);
    response.headers.set("X-Cache", "HIT");
    return response;
  }

  await next();
  if (c.res.status !== 200 || c.res.headers.has("Set-Cookie")) return;
  c.res.headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
  const stored = new Response(c.res.clone().body, c.res);
  stored.headers.set(NONCE_HEADER, c.get("nonce"));
  ctx.waitUntil(cache.put(cacheKey, stored));
  c.res.headers.set("X-Cache", "MISS");
});
