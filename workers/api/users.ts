import { Hono } from "hono";
import { requireUser } from "~/server/services/auth.server";
import type { HonoEnv } from "../hono-env";

export const usersApi = new Hono<HonoEnv>().get("/me", (c) => {
  const ctx = c.get("ctx");
  const user = requireUser(ctx);
  return c.json({
    role: user.role,
    name: user.name,
    userId: user.userId,
    unitKerjaId: user.unitKerjaId,
    unitKerjaName: user.unitKerjaName,
    x_csrf_token: ctx.session!.csrfToken,
  });
});
