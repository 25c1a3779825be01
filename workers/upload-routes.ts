import type { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { TrieRouter } from "hono/router/trie-router";
import type { ServerBuild } from "react-router";

/**
 * Which routes stream a multipart upload past the body cap is declared where each route is
 * declared: an API route puts `streamedUpload` in its handler chain, a page route exports
 * `streamsUploadHandle` (app/routes/helpers/upload-handle.ts) in its `handle`. The body cap asks this table, built once from both
 * routers, whether a request's raw path and method name such a route (an encoded spelling of an
 * upload path matches nothing, so it only ever gets the smaller cap).
 */

/** Marks an API route whose multipart body streams past the body cap. */
export const streamedUpload = createMiddleware(async (_c, next) => next());

type RouteTable = TrieRouter<true>;

function apiUploads(table: RouteTable, api: Hono<any>, basePath: string) {
  for (const route of api.routes) {
    if (route.handler === streamedUpload) table.add(route.method, `${basePath}${route.path}`.replace(/\/$/, "") || "/", true);
  }
}

function pageUploads(table: RouteTable, build: Pick<ServerBuild, "routes">) {
  const routes = build.routes;
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    const own = route.path ? `/${route.path}` : "";
    return `${fullPath(route.parentId)}${own}`.replace(/\/+/g, "/");
  };
  for (const route of Object.values(routes)) {
    const handle = (route?.module as { handle?: { streamsUpload?: boolean } } | undefined)?.handle;
    if (route && handle?.streamsUpload) table.add("POST", fullPath(route.id) || "/", true);
  }
}

/**
 * The table is kept per isolate as a value, never as a pending promise: a Worker request that
 * awaits a promise another request created is cancelled as hung. Two first requests may each
 * build it; both builds are the same.
 */
let table: RouteTable | undefined;

export async function uploadRouteTable(api: Hono<any>, apiBasePath: string, loadPages: () => Promise<Pick<ServerBuild, "routes">>): Promise<RouteTable> {
  if (table) return table;
  const router: RouteTable = new TrieRouter();
  apiUploads(router, api, apiBasePath);
  pageUploads(router, await loadPages());
  table = router;
  return router;
}

/** Whether `request` is a file upload: a multipart body sent to a route declared as streaming one. */
export async function isStreamedUpload(request: Request, routes: () => Promise<RouteTable>): Promise<boolean> {
  const contentType = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (!contentType.startsWith("multipart/form-data")) return false;
  const rawPath = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "") || "/";
  const [matches] = (await routes()).match(request.method.toUpperCase(), rawPath);
  return matches.length > 0;
}
