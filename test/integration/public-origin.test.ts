import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContextKey, type RequestContext } from "~/server/context.server";
import { loader as robotsLoader } from "../../app/routes/robots-txt";
import { loader as sitemapIndexLoader } from "../../app/routes/sitemap-index";
import { loader as sitemapPartLoader } from "../../app/routes/sitemap-part";
import { serviceContext } from "../support/worker/context";

/**
 * robots.txt and the sitemaps name absolute URLs. They come from PUBLIC_ORIGIN, never from the
 * Host header of whoever asked; without PUBLIC_ORIGIN the request's origin stands in and the
 * answer is not cacheable (a forged Host must not end up in anyone's cache).
 */

const PUBLIC = "https://arsip.kampus.ac.id";
const FORGED = "http://evil.example";

async function args(publicOrigin: string | null, path: string, params: Record<string, string> = {}) {
  const ctx: RequestContext = await serviceContext(null);
  const context = new RouterContextProvider(new Map([[requestContextKey, { ...ctx, config: { ...ctx.config, publicOrigin } }]]));
  return { request: new Request(`${FORGED}${path}`), context, params, unstable_pattern: path } as never;
}

describe("with PUBLIC_ORIGIN", () => {
  it("robots.txt names the configured sitemap whatever the Host, cacheable for an hour", async () => {
    const response = robotsLoader(await args(PUBLIC, "/robots.txt"));
    const text = await response.text();
    expect(text).toMatch(new RegExp(`^Sitemap: ${PUBLIC}/sitemap\\.xml$`, "m"));
    expect(text).not.toContain("evil.example");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("the sitemap index and its parts name configured URLs only", async () => {
    const index = await sitemapIndexLoader(await args(PUBLIC, "/sitemap.xml"));
    const indexText = await index.text();
    expect(indexText).toContain(`<loc>${PUBLIC}/sitemap/1.xml</loc>`);
    expect(indexText).not.toContain("evil.example");
    expect(index.headers.get("cache-control")).toBe("public, max-age=3600");

    const part = await sitemapPartLoader(await args(PUBLIC, "/sitemap/1.xml", { part: "1.xml" }));
    const partText = await part.text();
    expect(partText).toContain(`<loc>${PUBLIC}/documents</loc>`);
    expect(partText).not.toContain("evil.example");
  });
});

describe("without PUBLIC_ORIGIN", () => {
  it("the request's origin stands in, and nothing built from it may be stored", async () => {
    const robots = robotsLoader(await args(null, "/robots.txt"));
    expect(await robots.text()).toMatch(new RegExp(`^Sitemap: ${FORGED}/sitemap\\.xml$`, "m"));
    expect(robots.headers.get("cache-control")).toBe("no-store");
    const index = await sitemapIndexLoader(await args(null, "/sitemap.xml"));
    await index.text();
    expect(index.headers.get("cache-control")).toBe("no-store");
  });
});
