import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { requestContextKey } from "~/server/context.server";
import { api } from "./api";
import { bodyLimit, drainUnreadBody } from "./body-limit";
import type { HonoEnv } from "./hono-env";
import { apiDocs } from "./api-docs";
import { compressText, requestContext, securityHeaders } from "./middleware";
import { oai } from "./oai";
import { publicCacheHit, publicPageCache } from "./public-cache";
import { queue } from "./queue";
import { withOneTrailingSlash, withRoutePatternMatching } from "./route-matching";
import { scheduled } from "./scheduled";
import { uploadRouteTable } from "./upload-routes";

const loadServerBuild = () => import("virtual:react-router/server-build").then(withRoutePatternMatching);

/**
 * Given a function, React Router re-derives its route tables and static handler on every
 * request (so dev can swap the build); given the build itself, once. Production therefore
 * loads the build on the first page request and keeps one handler per isolate.
 */
let reactRouterHandler: RequestHandler | undefined;
async function handleReactRouter(request: Request, context: RouterContextProvider) {
  if (import.meta.env.DEV) reactRouterHandler ??= createRequestHandler(loadServerBuild, import.meta.env.MODE);
  reactRouterHandler ??= createRequestHandler(await loadServerBuild(), import.meta.env.MODE);
  return reactRouterHandler(request, context);
}

export const app = new Hono<HonoEnv>()
  .use(compressText)
  .use(securityHeaders)
  .use(drainUnreadBody)
  .use(bodyLimit(() => uploadRouteTable(api, "/api/v1", loadServerBuild)))
  // Before the request context: a visitor's cache hit needs no session, env or CSRF work.
  .use(publicCacheHit)
  .use(requestContext)
  .route("/api/v1", api)
  .route("/api/docs", apiDocs)
  .use(publicPageCache)
  .route("/oai", oai)
  .all("*", (c) => handleReactRouter(withOneTrailingSlash(c.req.raw, c.req.path), new RouterContextProvider(new Map([[requestContextKey, c.get("ctx")]]))));

export default {
  fetch: app.fetch,
  scheduled,
  queue,
} satisfies ExportedHandler<Env>;
