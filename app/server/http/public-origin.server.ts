import type { AppConfig } from "../env.server";

export type PublicOrigin = { origin: string; configured: boolean };

/**
 * Where absolute public links point (robots.txt, the sitemaps, a public document's canonical
 * URL): `PUBLIC_ORIGIN` when it is set. Unset, the request's own origin stands in — which comes
 * from the Host header, so an answer built from it must not be kept by shared caches
 * (`publicCacheControl`): a request with a forged Host could otherwise plant its URLs there.
 */
export function publicOriginOf(ctx: { config: Pick<AppConfig, "publicOrigin"> }, request: Request): PublicOrigin {
  return ctx.config.publicOrigin
    ? { origin: ctx.config.publicOrigin, configured: true }
    : { origin: new URL(request.url).origin, configured: false };
}

/** Cache-Control of a public text built from `origin`: an hour when configured, never stored otherwise. */
export const publicCacheControl = (origin: PublicOrigin) => (origin.configured ? "public, max-age=3600" : "no-store");
