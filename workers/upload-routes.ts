import type { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { TrieRouter } from "hono/router/trie-router";
import type { ServerBuild } from "react-router";

/**
 * What a route takes as its request body is declared where the route is declared: an API route
 * that streams a multipart upload past the body cap puts `streamedUpload` in its handler chain
 * (one that reads a larger raw body whole, `rawBodyUpTo(bytes)`); a
 * page route exports in its `handle` either `streamsUploadHandle` (it streams a file upload) or
 * `bodyLimitHandle(bytes)` (it reads its body whole, and needs more than the cap for forms: a
 * CSV). The body cap asks this table, built once from both routers, whether a request's raw path
 * and method name such a route (an encoded spelling of its path matches nothing, so it only ever
 * gets the smaller cap).
 */

/** What a route declares about its body: streamed past the cap (a multipart upload), or a cap of its own. */
export type BodyRule = { stream: true } | { maxBytes: number };

/** Marks an API route whose multipart body streams past the body cap. */
export const streamedUpload = createMiddleware(async (_c, next) => next());

/**
 * Marks an API route that reads a raw body whole, up to `maxBytes` rather than the cap for
 * forms (a part of an upload sent in parts).
 */
export const rawBodyUpTo = (maxBytes: number) => Object.assign(createMiddleware(async (_c, next) => next()), { bodyRule: { maxBytes } satisfies BodyRule });

type RouteTable = TrieRouter<BodyRule>;

function apiUploads(table: RouteTable, api: Hono<any>, basePath: string) {
  for (const route of api.routes) {
    const rule: BodyRule | undefined = route.handler === streamedUpload ? { stream: true } : (route.handler as { bodyRule?: BodyRule }).bodyRule;
    if (rule) table.add(route.method, `${basePath}${route.path}`.replace(/\/$/, "") || "/", rule);
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
    const handle = (route?.module as { handle?: { streamsUpload?: boolean; bodyLimit?: number } } | undefined)?.handle;
    if (!route || !handle) continue;
    if (handle.streamsUpload) table.add("POST", fullPath(route.id) || "/", { stream: true });
    else if (handle.bodyLimit !== undefined) table.add("POST", fullPath(route.id) || "/", { maxBytes: handle.bodyLimit });
  }
}

/** The table of both routers' declarations (kept per isolate by `uploadRouteTable`). */
export function buildRouteTable(api: Hono<any>, apiBasePath: string, build: Pick<ServerBuild, "routes">): RouteTable {
  const router: RouteTable = new TrieRouter();
  apiUploads(router, api, apiBasePath);
  pageUploads(router, build);
  return router;
}

/**
 * The table is kept per isolate as a value, never as a pending promise: a Worker request that
 * awaits a promise another request created is cancelled as hung. Two first requests may each
 * build it; both builds are the same.
 */
let table: RouteTable | undefined;

export async function uploadRouteTable(api: Hono<any>, apiBasePath: string, loadPages: () => Promise<Pick<ServerBuild, "routes">>): Promise<RouteTable> {
  table ??= buildRouteTable(api, apiBasePath, await loadPages());
  return table;
}

/**
 * What the route `request` goes to declared about its body: `stream` only for a multipart body
 * (a file upload), a cap of its own for any body; null when it declared nothing.
 */
export function bodyRuleOf(request: Request, routes: RouteTable): BodyRule | null {
  const rawPath = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "") || "/";
  const [matches] = routes.match(request.method.toUpperCase(), rawPath);
  const rule = matches[0]?.[0] ?? null;
  if (rule && "stream" in rule) {
    const contentType = request.headers.get("content-type")?.toLowerCase() ?? "";
    return contentType.startsWith("multipart/form-data") ? rule : null;
  }
  return rule;
}
