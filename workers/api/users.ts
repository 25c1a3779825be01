import { Hono } from "hono";
import { parseListParams } from "~/domain/list-query";
import { UserCreateSchema, UserListQuerySchema, UserUpdateSchema } from "~/domain/users";
import { requireUser } from "~/server/services/auth.server";
import { createUser, deleteUser, getUser, listUsers, revokeUserSessions, updateUser } from "~/server/services/users.server";
import { users as usersText, userMessages } from "~/i18n/users";
import type { HonoEnv } from "../hono-env";
import { jsonInput, searchParamsOf } from "./json-body";

const m = usersText;

/** `/api/v1/users`: the session check (`/me`) and user administration (Super Admin, in the service). */
export const usersApi = new Hono<HonoEnv>()
  .get("/me", (c) => {
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
  })
  .get("/", async (c) => c.json(await listUsers(c.get("ctx"), parseListParams(UserListQuerySchema, searchParamsOf(c)))))
  .post("/", async (c) => {
    const ctx = c.get("ctx");
    requireUser(ctx);
    const user = await createUser(ctx, await jsonInput(c, UserCreateSchema));
    return c.json({ message: m.created, data: user }, 201);
  })
  .get("/:uuid", async (c) => c.json(await getUser(c.get("ctx"), c.req.param("uuid"))))
  .put("/:uuid", async (c) => {
    const ctx = c.get("ctx");
    requireUser(ctx);
    const user = await updateUser(ctx, c.req.param("uuid"), await jsonInput(c, UserUpdateSchema));
    return c.json({ message: m.updated, data: user });
  })
  .delete("/:uuid", async (c) => {
    await deleteUser(c.get("ctx"), c.req.param("uuid"));
    return c.json({ success: true, message: userMessages.deleted });
  })
  .post("/:uuid/sessions/revoke", async (c) => {
    const { revoked } = await revokeUserSessions(c.get("ctx"), c.req.param("uuid"));
    return c.json({ success: true, message: userMessages.sessionsEnded(revoked), revoked });
  });
