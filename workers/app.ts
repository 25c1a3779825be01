import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { appContextKey } from "~/server/context.server";
import { api } from "./api";
import { bodyLimit, drainUnreadBody } from "./body-limit";
import type { HonoEnv } from "./hono-env";
import { compressText, requestContext, securityHeaders } from "./middleware";
import { publicCacheHit, publicPageCache } from "./public-cache";
import { scheduled } from "./scheduled";

// Created once per isolate, not per request.
const handleReactRouter = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export const app = new Hono<HonoEnv>()
  .use(compressText)
  .use(securityHeaders)
  .use(drainUnreadBody)
  .use(bodyLimit)
  // Before the request context: a visitor's cache hit needs no session, env or CSRF work.
  .use(publicCacheHit)
  .use(requestContext)
  .route("/api/v1", api)
  .use(publicPageCache)
  .all("*", (c) => handleReactRouter(c.req.raw, new RouterContextProvider(new Map([[appContextKey, c.get("ctx")]]))));

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
