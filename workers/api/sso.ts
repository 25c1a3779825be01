import { Hono } from "hono";
import { beginSsoLogin } from "~/server/auth/oidc.server";
import { wantsReauthentication } from "~/server/auth/session.server";
import type { HonoEnv } from "../hono-env";
import { route } from "./contract";

/**
 * Single sign-on entry ('Login SSO' navigates the browser here). With OIDC_ISSUER and
 * OIDC_CLIENT_ID set it redirects to the IdP (authorization code + PKCE); the IdP sends the
 * browser back to /callback. Until then the browser is sent to /login with a message saying so.
 */
export const ssoApi = new Hono<HonoEnv>().get(
  "/login",
  route({
    tag: "Auth",
    summary: "Start single sign-on (a browser navigation)",
    access: "anonymous",
    ok: {
      status: 302,
      description: "The browser goes on to the IdP, or to /login with a notice when single sign-on is off or unreachable.",
      headers: { Location: { description: "Where the browser goes next.", schema: { type: "string" } } },
    },
    errors: [],
  }),
  (c) => {
    const ctx = c.get("ctx");
    return beginSsoLogin(ctx, { reauthenticate: wantsReauthentication(ctx, c.req.header("cookie") ?? null) });
  },
);
