import { createMiddleware } from "hono/factory";
import { csrfRefusal, isSafeMethod } from "~/server/http/csrf.server";
import type { HonoEnv } from "../hono-env";

/**
 * The CSRF check for one route, whatever its method: for GET routes that change state (logout),
 * so no cross-site page can trigger them. Applied by the router where the route is matched, so
 * it sees the same decoded path Hono routes (an encoded `/auth/logou%74` cannot slip past it).
 */
export const requireCsrf = createMiddleware<HonoEnv>(async (c, next) => {
  // A bearer call carries its credential in a header no other site can make a browser send,
  // and never a session cookie: there is nothing to forge.
  if (c.get("ctx").bearer) return next();
  const refusal = await csrfRefusal(c.req.raw, c.get("ctx").session);
  if (!refusal) return next();
  await c.req.raw.body?.cancel().catch(() => undefined);
  return c.json({ message: refusal, error: refusal }, 403);
});

/** `requireCsrf` for every unsafe method (POST, PUT, PATCH, DELETE); safe methods pass. */
export const csrfOnUnsafeMethods = createMiddleware<HonoEnv>(async (c, next) =>
  isSafeMethod(c.req.method) ? next() : requireCsrf(c, next),
);
