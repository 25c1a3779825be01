/**
 * Typed domain errors. Services throw these; each front door maps them: route modules to an
 * error boundary or a form error, the Hono API to a JSON body with the matching status.
 */
export class DomainError extends Error {
  /** The form values that were submitted, so a page can show them again with the error. */
  values?: Record<string, string>;

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidError extends DomainError {
  constructor(message: string, fieldErrors?: Record<string, string[]>) {
    super(400, message, fieldErrors);
  }
}
export class UnauthenticatedError extends DomainError {
  constructor(message: string) {
    super(401, message);
  }
}
export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(404, message);
  }
}
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}
/**
 * The record was there and is gone for good (destroyed, purged): 410 with what remains of it
 * (`tombstone`, a view of the domain's choosing), where a 404 would say it never existed.
 */
export class GoneError<Tombstone = unknown> extends DomainError {
  constructor(
    message: string,
    readonly tombstone: Tombstone,
  ) {
    super(410, message);
  }
}
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
