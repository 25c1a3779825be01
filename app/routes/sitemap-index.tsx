import type { Route } from "./+types/sitemap-index";
import { getAppContext } from "~/server/route-helpers.server";
import { sitemapPartCount } from "~/server/services/sitemap.server";
import { xmlEscape, xmlResponse } from "~/lib/sitemap";

/** `GET /sitemap.xml`: a sitemap index naming one part per id range of the catalogue. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const parts = await sitemapPartCount(getAppContext(context));
  const entries = Array.from({ length: parts }, (_, index) => `<sitemap><loc>${xmlEscape(`${origin}/sitemap/${index + 1}.xml`)}</loc></sitemap>`);
  return xmlResponse(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join("")}</sitemapindex>`);
}
