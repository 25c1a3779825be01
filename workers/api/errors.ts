import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { DomainError, GoneError, TooManyRequestsError } from "~/domain/errors";
import { api as apiText } from "~/i18n/api";
import type { HonoEnv } from "../hono-env";

/** Domain errors become JSON bodies with `message`, `error` and (for forms) `errors[]` and `fieldErrors`. */
export const apiErrorHandler: ErrorHandler<HonoEnv> = (error, c) => {
  if (error instanceof DomainError) {
    if (error instanceof TooManyRequestsError) c.header("Retry-After", String(error.retryAfterSeconds));
    const errors = error.fieldErrors ? Object.values(error.fieldErrors).flat() : undefined;
    const tombstone = error instanceof GoneError ? { tombstone: error.tombstone } : {};
    return c.json({ message: error.message, error: error.message, ...(errors ? { errors, fieldErrors: error.fieldErrors } : {}), ...tombstone }, error.status);
  }
  // Hono's own refusals (a body it could not parse): the same body shape, in Indonesian.
  if (error instanceof HTTPException && error.status < 500) {
    const message = error.status === 400 ? apiText.invalidJson : error.message || apiText.serverError;
    return c.json({ message, error: message }, error.status);
  }
  console.error(error);
  return c.json({ message: apiText.serverError, error: "Internal Server Error" }, 500);
};
