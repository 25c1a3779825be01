import type { Route } from "./+types/robots-txt";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { publicCacheControl, publicOriginOf } from "~/server/http/public-origin.server";

/**
 * `GET /robots.txt`, rendered rather than a static file because its `Sitemap:` line must be an
 * absolute URL: the configured public origin (`PUBLIC_ORIGIN`), else this request's own origin
 * (then not cacheable, see `publicOriginOf`).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const origin = publicOriginOf(getAppContext(context), request);
  const body = ["User-agent: *", "Allow: /", "Disallow: /app", "Disallow: /login", "Disallow: /api/", "", `Sitemap: ${origin.origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": publicCacheControl(origin) } });
}
