import { createMiddleware } from "hono/factory";
import { hardening as hardeningText } from "~/i18n/hardening";
import type { MiddlewareHandler } from "hono";
import { discardBody, limitLabel, MAX_BODY_BYTES, readCapped } from "~/server/http/body-limit.server";
import type { HonoEnv } from "./hono-env";
import { bodyRuleOf, type uploadRouteTable } from "./upload-routes";

/**
 * Every body that is not a file upload (JSON, forms; API and pages alike; uploads are the routes
 * that declare `streamedUpload` / `streamsUpload`, see upload-routes.ts) is read here at most
 * `MAX_BODY_BYTES` deep (or as deep as its route declared with `bodyLimit`), before the CSRF check
 * or a handler reads it: refused with 413 when its
 * Content-Length says more (none of it kept), and when a body without one passes the cap. The
 * refused rest is read and dropped up to `DRAIN_BYTES` before the answer, so a client still
 * sending it gets the 413 rather than a reset connection (see `discardBody`). What goes on is a
 * Request over the bytes read. Not `hono/body-limit`: past the cap it leaves the body
 * half-read with its reader locked, so the rest could not be cancelled (see `drainUnreadBody`).
 */
export const bodyLimit = (uploads: () => ReturnType<typeof uploadRouteTable>): MiddlewareHandler<HonoEnv> => createMiddleware<HonoEnv>(async (c, next) => {
  const request = c.req.raw;
  if (!request.body) return next();
  const rule = bodyRuleOf(request, await uploads());
  if (rule && "stream" in rule) return next();
  const cap = rule?.maxBytes ?? MAX_BODY_BYTES;
  const declared = request.headers.get("content-length");
  const bytes = declared !== null && Number(declared) > cap ? null : await readCapped(request.body, cap);
  if (!bytes) {
    const message = hardeningText.bodyTooLarge(limitLabel(cap));
    // Nothing of this body will be used: drop the rest so the client reads the 413 and the connection goes on.
    await discardBody(request.body, declared);
    return new URL(request.url).pathname.startsWith("/api/")
      ? c.json({ message, error: message }, 413)
      : c.text(message, 413);
  }
  c.req.raw = new Request(request, { body: bytes });
  return next();
});

/**
 * Any answer given without reading the request body (a refusal before the handler, a 404, a
 * handler that ignores it) drops the body (drained up to `DRAIN_BYTES`, else cancelled), so the
 * next request on the same keep-alive connection is not left behind an unread body.
 */
export const drainUnreadBody = createMiddleware<HonoEnv>(async (c, next) => {
  const original = c.req.raw;
  try {
    await next();
  } finally {
    for (const request of new Set([original, c.req.raw])) {
      if (!request.bodyUsed) await discardBody(request.body, request.headers.get("content-length"));
    }
  }
});
