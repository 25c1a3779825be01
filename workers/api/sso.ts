import { Hono } from "hono";
import type { HonoEnv } from "../hono-env";

/**
 * Single sign-on entry. Until a deployment configures an OIDC provider (OIDC_ISSUER and
 * OIDC_CLIENT_ID), the browser is sent to /login with a message saying so.
 */
export const ssoApi = new Hono<HonoEnv>().get("/login", (c) => {
  const { config } = c.get("ctx");
  if (!config.sso) return c.redirect("/login?sso=unconfigured", 302);
  return c.redirect("/login?sso=failed", 302);
});
