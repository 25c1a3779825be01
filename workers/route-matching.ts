import type { ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";

/**
 * The server matches every page request (twice: the request handler, then its static handler)
 * against all of the product's routes. React Router's default matcher tries each route's regular
 * expressions in rank order, about 160 µs a match for the document list; its route-pattern
 * matcher, a future flag of the data router, walks a trie of the patterns in about 40 µs. The
 * framework's config does not offer the flag, so the Worker sets it on the server build; the
 * browser keeps the default matcher (the matcher's code stays out of its bundle). Both must
 * resolve every path to the same routes and params, or the browser would hydrate another page
 * than the server rendered: `test/unit/route-matching.test.ts` holds them to that.
 */
unstable_preloadRoutePattern();

export function withRoutePatternMatching(build: ServerBuild): ServerBuild {
  const future: ServerBuild["future"] & { unstable_routePatternMatching: boolean } = { ...build.future, unstable_routePatternMatching: true };
  // React Router writes the build's flags into the page as JSON for the hydrating router, which
  // would then demand the matcher too (and fail): the page gets the flags as they were built.
  Object.defineProperty(future, "toJSON", { value: () => build.future });
  return { ...build, future };
}

/**
 * The one place the two matchers differ: the default takes any number of trailing slashes
 * ("/panduan//" is the guide), the route-pattern matcher one. The run is cut to one slash, which
 * both read as the default reads the whole run.
 */
export function oneTrailingSlash(pathname: string): string {
  return pathname.endsWith("//") ? pathname.replace(/\/+$/, "/") : pathname;
}

export function withOneTrailingSlash(request: Request, pathname: string): Request {
  if (!pathname.endsWith("//")) return request;
  const url = new URL(request.url);
  url.pathname = oneTrailingSlash(url.pathname);
  return new Request(url, request);
}
