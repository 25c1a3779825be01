import { data } from "react-router";
import type { Route } from "./+types/sitemap-part";
import { getAppContext } from "~/server/route-helpers.server";
import { sitemapPart, sitemapPartCount } from "~/server/services/sitemap.server";
import { xmlEscape, xmlResponse } from "~/lib/sitemap";

/** The public pages every sitemap starts with (listed in the first part). */
const PUBLIC_PAGES = ["/", "/panduan", "/documents"];

/** `GET /sitemap/{n}.xml`: the PUBLIC documents of one id range (and, in part 1, the public pages). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getAppContext(context);
  const part = Number(/^([1-9]\d{0,6})\.xml$/.exec(params.part)?.[1] ?? 0);
  if (!part || part > (await sitemapPartCount(ctx))) throw data(null, { status: 404 });
  const origin = new URL(request.url).origin;
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${xmlEscape(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ""}</url>`;
  const pages = part === 1 ? PUBLIC_PAGES.map((path) => url(path)) : [];
  const documents = (await sitemapPart(ctx, part)).map((entry) => url(`/documents/${entry.uuid}`, entry.updatedAt));
  return xmlResponse(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${pages.join("")}${documents.join("")}</urlset>`);
}
