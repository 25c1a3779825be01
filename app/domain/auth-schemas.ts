import { z } from "zod";
import { t } from "../i18n/id";

/** The login form: both fields must be non-empty after trimming. */
export const LoginSchema = z.object(
  {
    username: z
      .string({ error: t.login.usernameRequired })
      .trim()
      .min(1, t.login.usernameRequired)
      .max(100, t.login.usernameRequired),
    password: z
      .string({ error: t.login.passwordRequired })
      .refine((value) => value.trim().length > 0, t.login.passwordRequired)
      .refine((value) => value.length <= 1024, t.login.failed),
  },
  // A body that is not an object at all (an array, a string) is not a login form.
  { error: t.login.invalidBody },
);
export type LoginInput = z.infer<typeof LoginSchema>;
