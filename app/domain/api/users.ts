import { z } from "zod";
import { UserListQuerySchema } from "../users";
import { listPageSchema, timestamp, uuid } from "./common";

/** The contract of `/api/v1/users` and the session check (see common.ts). */

/** A user as pages and the API show it (SPEC section 3). Never carries a password or its hash. */
export const UserViewSchema = z
  .object({
    id: z.int().min(1),
    uuid: uuid(),
    fullName: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    role: z.object({ roleName: z.string() }),
    unitKerjaId: z.int().nullable(),
    unitKerja: z.object({ nama: z.string() }).nullable(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    active: z.boolean().meta({ description: "False for a deactivated account ('Nonaktif'): it cannot sign in; its name stays on every record." }),
    deactivatedAt: timestamp().nullable(),
  })
  .meta({ ref: "User" });

/** The detail adds what the 'Akhiri Sesi' action needs to know. */
export const UserDetailSchema = UserViewSchema.extend({
  activeSessions: z.int().min(0),
  activeApiTokens: z.int().min(0).meta({ description: "Live API tokens ('Akhiri Sesi' may end them too)." }),
}).meta({ ref: "UserDetail" });

export const UserPageSchema = listPageSchema(UserViewSchema, UserListQuerySchema).meta({ ref: "UserPage" });

export const UnitKerjaOptionSchema = z.object({ id: z.int().min(1), nama: z.string() }).meta({ ref: "UnitKerjaOption" });

/** `GET /api/v1/users/me`: the session check (SPEC section 7 field names). */
export const MeSchema = z
  .object({
    role: z.string(),
    name: z.string(),
    userId: z.int().min(1),
    unitKerjaId: z.int().nullable(),
    unitKerjaName: z.string().nullable(),
    x_csrf_token: z
      .string()
      .nullable()
      .meta({ description: "The session's CSRF token (send it as `x-csrf-token` on unsafe calls); null for a bearer token, which needs none." }),
  })
  .meta({ ref: "Me" });

export const SessionsRevokedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  revoked: z.int().min(0),
  apiTokensRevoked: z.int().min(0).meta({ description: "API tokens ended with the sessions (0 unless `endApiTokens` was asked)." }),
});
