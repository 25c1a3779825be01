import { data, redirect, type RouterContextProvider } from "react-router";
import { DomainError } from "~/domain/errors";
import { appContextKey, type AppContext, type CurrentSession } from "./context.server";

export const getAppContext = (context: Readonly<RouterContextProvider>) => context.get(appContextKey);

export type SignedInContext = AppContext & { session: CurrentSession };

/** The context of a signed-in request; anyone else is sent to the public landing page. */
export function requireSignedIn(context: Readonly<RouterContextProvider>): SignedInContext {
  const ctx = getAppContext(context);
  if (!ctx.session) throw redirect("/");
  return ctx as SignedInContext;
}

/**
 * Run a service call from a loader; a domain error becomes a response with its status, which
 * the route's error boundary renders (403 and 404 texts come from the service).
 */
export async function orRouteError<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
