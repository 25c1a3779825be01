import { data, href } from "react-router";
import type { Route } from "./+types/sitemap-part";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { sitemapPart, sitemapPartCount } from "~/server/documents/sitemap.server";
import { publicOriginOf } from "~/server/http/public-origin.server";
import { xmlEscape, xmlResponse } from "~/lib/sitemap";

/** The public pages every sitemap starts with (listed in the first part). */
const PUBLIC_PAGES = ["/", href("/panduan"), href("/documents")];

/** `GET /sitemap/{n}.xml`: the PUBLIC documents of one id range (and, in part 1, the public pages). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getAppContext(context);
  const part = Number(/^([1-9]\d{0,6})\.xml$/.exec(params.part)?.[1] ?? 0);
  if (!part || part > (await sitemapPartCount(ctx))) throw data(null, { status: 404 });
  const origin = publicOriginOf(ctx, request);
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${xmlEscape(origin.origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ""}</url>`;
  const pages = part === 1 ? PUBLIC_PAGES.map((path) => url(path)) : [];
  const documents = (await sitemapPart(ctx, part)).map((entry) => url(href("/documents/:uuid", { uuid: entry.uuid }), entry.updatedAt));
  return xmlResponse(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${pages.join("")}${documents.join("")}</urlset>`, origin);
}
