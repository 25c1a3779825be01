import type { Route } from "./+types/robots-txt";

/**
 * `GET /robots.txt`, rendered rather than a static file because its `Sitemap:` line must be an
 * absolute URL, and only the request knows the host the archive is served on.
 */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = ["User-agent: *", "Allow: /", "Disallow: /app", "Disallow: /login", "Disallow: /api/", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
