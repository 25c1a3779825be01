import { createStaticHandler, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { oneTrailingSlash, withRoutePatternMatching } from "../../workers/route-matching";
import { pagePatterns, productRoutes } from "../support/shared/product-routes";

/**
 * The Worker matches page requests with React Router's route-pattern matcher (a data-router
 * future flag, faster on a table of this size) while the browser keeps the default one. A page
 * must resolve to the same routes and params either way, or the server would render one page and
 * the browser hydrate another: every route of the product, with awkward values in its params,
 * is matched by both (the Worker cuts a run of trailing slashes to one first, the one place they
 * differ).
 */
const routes = productRoutes();
const served = withRoutePatternMatching({ future: { unstable_customRouteDiscovery: false } } as unknown as ServerBuild);
const byDefault = createStaticHandler(routes);
const byRoutePattern = createStaticHandler(routes, { future: served.future });

const paramValues = ["0b6a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b", "42", "PP.01", "Surat%20Keputusan", "a%2Fb", "ŝ", "unduh.csv", "x:y"];

function samplePaths(): string[] {
  const templates = pagePatterns();
  const concrete = templates.flatMap((template) => paramValues.map((value) => template.replace(/:[\w-]+/g, value).replace(/\*$/, `lain/${value}`)));
  const variants = concrete.flatMap((path) => [path, `${path}/`, path.toUpperCase(), `${path}/tambahan`, path.replace(/^\/app/, "/App"), `/${path}`, path.replace(/\/([^/]*)$/, "//$1"), `${path}//`]);
  return [...new Set([...variants, "/", "//", "/app//documents", "/app/documents/", "/tidak-ada", "/app/tidak/ada/sama/sekali", "/ppid/dip.csv", "/sitemap/1.xml"])];
}

/** A not-found page's splat (which it never reads) keeps one slash of a trailing run. */
const answer = (matches: ReturnType<typeof byDefault.match>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({
    route: route.id,
    params: params["*"] === undefined ? params : { ...params, "*": oneTrailingSlash(params["*"]) },
    pathname: params["*"] === undefined ? pathname : oneTrailingSlash(pathname),
    pathnameBase,
  })) ?? null;

describe("the server's route matcher", () => {
  it("answers as React Router's default matcher for every route of the product", () => {
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(500);
    const disagreements = paths.flatMap((path) => {
      const expected = answer(byDefault.match(path));
      const actual = answer(byRoutePattern.match(oneTrailingSlash(path)));
      return JSON.stringify(actual) === JSON.stringify(expected) ? [] : [{ path, expected, actual }];
    });
    expect(disagreements).toEqual([]);
  });

  it("is the route-pattern matcher on the server, and the page tells the browser the flags as built", () => {
    expect(byDefault._matchCost).toBeGreaterThan(0);
    expect(byRoutePattern._matchCost).toBeUndefined();
    expect(JSON.parse(JSON.stringify({ future: served.future }))).toEqual({ future: { unstable_customRouteDiscovery: false } });
  });
});
