import { z } from "zod";
import { login as loginText } from "../i18n/auth";

/** The login form: both fields must be non-empty after trimming. */
export const LoginSchema = z.object(
  {
    username: z
      .string({ error: loginText.usernameRequired })
      .trim()
      .min(1, loginText.usernameRequired)
      .max(100, loginText.usernameRequired),
    password: z
      .string({ error: loginText.passwordRequired })
      .refine((value) => value.trim().length > 0, loginText.passwordRequired)
      .refine((value) => value.length <= 1024, loginText.failed),
  },
  // A body that is not an object at all (an array, a string) is not a login form.
  { error: loginText.invalidBody },
);
export type LoginInput = z.infer<typeof LoginSchema>;
