import { createMiddleware } from "hono/factory";
import { withScriptHashes } from "~/server/script-hashes.server";
import type { HonoEnv } from "./hono-env";

/** Public pages that are the same for every visitor (landing, guide, public list). */
const CACHEABLE_PATHS = new Set(["/", "/panduan", "/documents"]);
/** The cached page's script-src sources (its inline scripts by hash), stored beside it. */
const SCRIPT_SOURCES_HEADER = "X-Earsip-Script-Sources";
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
  if (c.req.method !== "GET" || !CACHEABLE_PATHS.has(url.pathname) || ctx.session || ctx.flash || typeof caches === "undefined") {
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
    const scriptSources = response.headers.get(SCRIPT_SOURCES_HEADER);
    if (scriptSources) c.set("scriptSources", scriptSources);
    response.headers.delete(SCRIPT_SOURCES_HEADER);
    response.headers.set("X-Cache", "HIT");
    return response;
  }

  await next();
  if (c.res.status !== 200 || c.res.headers.has("Set-Cookie")) return;
  c.res.headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
  // Stored without this visitor's nonce: the copy names its inline scripts by hash instead.
  const rendered = c.res.clone();
  ctx.waitUntil(
    (async () => {
      const { html, scriptSources } = await withScriptHashes(await rendered.text());
      const stored = new Response(html, rendered);
      stored.headers.delete("Content-Security-Policy");
      stored.headers.delete("Content-Length");
      stored.headers.set(SCRIPT_SOURCES_HEADER, scriptSources);
      await cache.put(cacheKey, stored);
    })(),
  );
  c.res.headers.set("X-Cache", "MISS");
});
