import { Hono } from "hono";
import { beginSsoLogin } from "~/server/oidc.server";
import type { HonoEnv } from "../hono-env";

/**
 * Single sign-on entry ('Login SSO' navigates the browser here). With OIDC_ISSUER and
 * OIDC_CLIENT_ID set it redirects to the IdP (authorization code + PKCE); the IdP sends the
 * browser back to /callback. Until then the browser is sent to /login with a message saying so.
 */
export const ssoApi = new Hono<HonoEnv>().get("/login", (c) => beginSsoLogin(c.get("ctx")));
