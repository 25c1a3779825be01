import { Hono } from "hono";
import { LoginSchema } from "~/domain/auth-schemas";
import { InvalidError } from "~/domain/errors";
import { login, logout } from "~/server/services/auth.server";
import { sessionCookie } from "~/server/session.server";
import { login as loginText } from "~/i18n/auth";
import type { HonoEnv } from "../hono-env";
import { requireCsrf } from "./csrf";

export const authApi = new Hono<HonoEnv>()
  .post("/login", async (c) => {
    const body = await c.req.json().catch(() => null);
    const parsed = LoginSchema.safeParse(body ?? {});
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? loginText.failed;
      throw new InvalidError(message, { form: parsed.error.issues.map((issue) => issue.message) });
    }
    const ctx = c.get("ctx");
    const result = await login(ctx, parsed.data);
    c.header("Set-Cookie", sessionCookie(ctx, result.sessionId));
    const { role, name, userId, unitKerjaId } = result.user;
    return c.json({ user: { role, name, userId, unitKerjaId }, csrfToken: result.csrfToken });
  })
  // A GET that changes state: CSRF-checked like a POST.
  .get("/logout", requireCsrf, async (c) => {
    const ctx = c.get("ctx");
    await logout(ctx);
    c.header("Set-Cookie", sessionCookie(ctx, null));
    return c.json({ message: loginText.loggedOut });
  });
