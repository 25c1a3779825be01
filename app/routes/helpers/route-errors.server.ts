import { data, type RouterContextProvider } from "react-router";
import { DomainError, GoneError } from "~/domain/errors";
import { requestContextKey } from "../../server/context.server";

/** The request context of any route (public pages too); signed-in routes use `getSignedIn`. */
export const getAppContext = (context: Readonly<RouterContextProvider>) => context.get(requestContextKey);

/**
 * Run a service call from a loader; a domain error becomes a response with its status, which
 * the route's error boundary renders (403 and 404 texts come from the service; a 410 carries the
 * record's tombstone).
 */
export async function orRouteError<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GoneError) throw data({ message: error.message, tombstone: error.tombstone }, { status: 410 });
    if (error instanceof DomainError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
