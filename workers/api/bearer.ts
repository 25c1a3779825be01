import { createMiddleware } from "hono/factory";
import { isSafeMethod } from "~/server/http/csrf.server";
import { apiTokenMessages } from "~/i18n/api-tokens";
import type { HonoEnv } from "../hono-env";

/**
 * A bearer call's scope, at the API's door: a `read` token may use safe methods only; any other
 * method is refused (403) before a handler reads its body. (Which calls its owner may make at all
 * is the policy's, in the services, as for a session.)
 */
export const bearerScope = createMiddleware<HonoEnv>(async (c, next) => {
  const bearer = c.get("ctx").bearer;
  if (!bearer || bearer.scope === "read_write" || isSafeMethod(c.req.method)) return next();
  const message = apiTokenMessages.readOnly;
  return c.json({ message, error: message }, 403);
});
