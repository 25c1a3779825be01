import type { Route } from "./+types/sitemap-index";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { sitemapPartCount } from "~/server/documents/sitemap.server";
import { publicOriginOf } from "~/server/http/public-origin.server";
import { xmlEscape, xmlResponse } from "~/lib/sitemap";

/** `GET /sitemap.xml`: a sitemap index naming one part per id range of the catalogue. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getAppContext(context);
  const origin = publicOriginOf(ctx, request);
  const parts = await sitemapPartCount(ctx);
  const entries = Array.from({ length: parts }, (_, index) => `<sitemap><loc>${xmlEscape(`${origin.origin}/sitemap/${index + 1}.xml`)}</loc></sitemap>`);
  return xmlResponse(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join("")}</sitemapindex>`, origin);
}
