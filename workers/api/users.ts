import { Hono } from "hono";
import { DeletedSchema, changed } from "~/domain/api/common";
import { MeSchema, SessionsRevokedSchema, UserDetailSchema, UserPageSchema, UserViewSchema } from "~/domain/api/users";
import { EndSessionsSchema, UserCreateSchema, UserListQuerySchema, UserUpdateSchema } from "~/domain/users";
import { currentUser } from "~/server/auth/service.server";
import { requireUser } from "~/server/context.server";
import { createUser, deleteUser, getUser, listUsers, revokeUserSessions, updateUser } from "~/server/users/service.server";
import { userForm } from "~/i18n/user-form";
import { userMessages } from "~/i18n/users";
import type { HonoEnv } from "../hono-env";
import { jsonBody, listQuery, optionalJsonBody, pathParam, route } from "./contract";

const TAG = "Users";
const uuidParam = pathParam("uuid", "The user's uuid.");

/** `/api/v1/users`: the session check (`/me`) and user administration (Super Admin, in the service). */
export const usersApi = new Hono<HonoEnv>()
  .get(
    "/me",
    route({
      tag: TAG,
      summary: "The session check: who is calling",
      description: "For a session, its user and CSRF token; for a bearer token, the token's owner (no CSRF token: bearer calls need none).",
      access: "read",
      ok: { description: "The caller.", schema: MeSchema },
    }),
    (c) => {
      const { user, csrfToken } = currentUser(c.get("ctx"));
      return c.json({
        role: user.role,
        name: user.name,
        userId: user.userId,
        unitKerjaId: user.unitKerjaId,
        unitKerjaName: user.unitKerjaName,
        x_csrf_token: csrfToken,
      });
    },
  )
  .get(
    "/",
    route({ tag: TAG, summary: "List users (Super Admin)", access: "read", ok: { description: "One page of users.", schema: UserPageSchema }, errors: [403] }),
    listQuery(UserListQuerySchema),
    async (c) => c.json(await listUsers(c.get("ctx"), c.req.valid("query"))),
  )
  .post(
    "/",
    route({ tag: TAG, summary: "Create a user (Super Admin)", access: "write", ok: { status: 201, description: "Created.", schema: changed(UserViewSchema) }, errors: [400, 409] }),
    jsonBody(UserCreateSchema),
    async (c) => {
      const ctx = c.get("ctx");
      requireUser(ctx);
      const user = await createUser(ctx, c.req.valid("json"));
      return c.json({ message: userForm.created, data: user }, 201);
    },
  )
  .get(
    "/:uuid",
    route({ tag: TAG, summary: "One user (Super Admin)", access: "read", parameters: [uuidParam], ok: { description: "The user.", schema: UserDetailSchema }, errors: [403, 404] }),
    async (c) => c.json(await getUser(c.get("ctx"), c.req.param("uuid"))),
  )
  .put(
    "/:uuid",
    route({
      tag: TAG,
      summary: "Change a user (Super Admin)",
      description:
        "Only the fields given (non-empty) change. A new role, unit or password ends the user's sessions and API tokens. `active: false` deactivates the account ('Nonaktifkan': it cannot sign in; its sessions, API tokens and the download approvals it holds end; its name stays on every record), `active: true` activates it again.",
      access: "write",
      parameters: [uuidParam],
      ok: { description: "Changed.", schema: changed(UserViewSchema) },
      errors: [400, 404, 409],
    }),
    jsonBody(UserUpdateSchema),
    async (c) => {
      const ctx = c.get("ctx");
      requireUser(ctx);
      const input = c.req.valid("json");
      const user = await updateUser(ctx, c.req.param("uuid"), input);
      const message = input.active === false ? userMessages.deactivated : input.active === true ? userMessages.activated : userForm.updated;
      return c.json({ message, data: user });
    },
  )
  .delete(
    "/:uuid",
    route({ tag: TAG, summary: "Delete a user (Super Admin)", access: "write", parameters: [uuidParam], ok: { description: "Deleted.", schema: DeletedSchema }, errors: [404, 409] }),
    async (c) => {
      await deleteUser(c.get("ctx"), c.req.param("uuid"));
      return c.json({ success: true as const, message: userMessages.deleted });
    },
  )
  .post(
    "/:uuid/sessions/revoke",
    route({
      tag: TAG,
      summary: "'Akhiri Sesi': end every session of a user (Super Admin)",
      description: "With `{ \"endApiTokens\": true }` the user's API tokens end too (on suspicion that the account is not its owner's alone). The body may be empty.",
      access: "write",
      parameters: [uuidParam],
      ok: { description: "How many sessions (and API tokens) ended.", schema: SessionsRevokedSchema },
      errors: [400, 404],
    }),
    optionalJsonBody(EndSessionsSchema),
    async (c) => {
      const { endApiTokens } = c.req.valid("json");
      const { revoked, apiTokensRevoked } = await revokeUserSessions(c.get("ctx"), c.req.param("uuid"), { endApiTokens });
      const message = endApiTokens ? userMessages.sessionsAndTokensEnded(revoked, apiTokensRevoked) : userMessages.sessionsEnded(revoked);
      return c.json({ success: true as const, message, revoked, apiTokensRevoked });
    },
  );
