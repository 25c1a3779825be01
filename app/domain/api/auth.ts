import { z } from "zod";

/** The contract of `/api/v1/auth` (see common.ts). */

export const LoginResultSchema = z
  .object({
    user: z.object({ role: z.string(), name: z.string(), userId: z.int().min(1), unitKerjaId: z.int().nullable() }),
    csrfToken: z.string().meta({ description: "Send it as `x-csrf-token` on every unsafe call of this session." }),
  })
  .meta({ ref: "LoginResult" });

export const MessageSchema = z.object({ message: z.string() });
