import { Hono } from "hono";
import { LoginResultSchema, MessageSchema } from "~/domain/api/auth";
import { LoginSchema } from "~/domain/auth-schemas";
import { login, logout } from "~/server/auth/service.server";
import { reauthCookie, sessionCookie } from "~/server/auth/session.server";
import { deviceCookie, deviceCookieName, DEVICE_COOKIE_MAX_AGE_S, readDeviceCookie } from "~/server/auth/device-cookie.server";
import { login as loginText } from "~/i18n/auth";
import type { HonoEnv } from "../hono-env";
import { jsonBody, route } from "./contract";
import { requireCsrf } from "./csrf";

const TAG = "Auth";

export const authApi = new Hono<HonoEnv>()
  .post(
    "/login",
    route({
      tag: TAG,
      summary: "Sign in with username and password",
      description: [
        "Opens a session: the cookie comes in `Set-Cookie`, the CSRF token for its unsafe calls in the body.",
        `A second cookie, the device cookie (\`${deviceCookieName(false)}\`, \`${deviceCookieName(true)}\` over HTTPS; HttpOnly, SameSite=Lax, ${DEVICE_COOKIE_MAX_AGE_S / 86400} days), records that this client signed in as this user; each sign-in renews it.`,
        "Attempts are throttled per username and address, and per address; an attempt that sends back a valid device cookie for the same username skips those limits (so a guesser sharing a NAT address cannot lock the user out) and has a small limit of its own.",
        "A client that wants that should keep and send back the device cookie (a browser does).",
      ].join(" "),
      access: "anonymous",
      ok: {
        description: "Signed in.",
        schema: LoginResultSchema,
        headers: { "Set-Cookie": { description: "The session cookie, then the renewed device cookie.", schema: { type: "string" } } },
      },
      errors: [400, 403, 413],
    }),
    jsonBody(LoginSchema, { schemaJudgesShape: true }),
    async (c) => {
      const ctx = c.get("ctx");
      const result = await login(ctx, c.req.valid("json"), readDeviceCookie(ctx, c.req.header("cookie")));
      c.header("Set-Cookie", sessionCookie(ctx, result.sessionId));
      c.header("Set-Cookie", deviceCookie(ctx, result.deviceCookie), { append: true });
      const { role, name, userId, unitKerjaId } = result.user;
      return c.json({ user: { role, name, userId, unitKerjaId }, csrfToken: result.csrfToken });
    },
  )
  // A GET that changes state: CSRF-checked like a POST.
  .get(
    "/logout",
    route({
      tag: TAG,
      summary: "Sign out",
      description: "Ends the session (a GET that changes state, so it is CSRF-checked like a POST). A bearer call has no session to end.",
      access: "write",
      ok: { description: "Signed out; the cookie is cleared.", schema: MessageSchema },
    }),
    requireCsrf,
    async (c) => {
      const ctx = c.get("ctx");
      await logout(ctx);
      c.header("Set-Cookie", sessionCookie(ctx, null));
      // The next 'Login SSO' in this browser asks the IdP for credentials again.
      c.header("Set-Cookie", reauthCookie(ctx, true), { append: true });
      return c.json({ message: loginText.loggedOut });
    },
  );
