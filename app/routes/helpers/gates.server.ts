import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { can, type Action, type UserActor } from "~/domain/policy";
import type { GateRefusal, ShellUser } from "~/domain/shell";
import { actorOf, requestContextKey, type RequestContext, type CurrentSession } from "../../server/context.server";

/**
 * Gates by position in app/routes.ts. A layout exports one of these as `middleware`, and every
 * loader AND action below it runs only when the gate lets the request through: a route is
 * protected by where it sits, with no line in its own loader.
 */

export type SignedInContext = RequestContext & { session: CurrentSession; actor: UserActor };

const signedInKey = createContext<SignedInContext | null>(null);

/** The shell's view of the signed-in user (root loader and gate refusals render the same one). */
export function shellUserOf(session: CurrentSession): ShellUser {
  const { name, role, unitKerjaName } = session.user;
  const actor = actorOf(session.user);
  return {
    name,
    role,
    unitKerjaName,
    menus: {
      accessRequest: can(actor, { type: "accessRequest.menu" }),
      master: can(actor, { type: "master.menu" }),
      trash: can(actor, { type: "trash.list" }),
      disposal: can(actor, { type: "disposal.view" }),
      // Berkas, Daftar Arsip, Pemindahan.
      records: can(actor, { type: "berkas.list" }),
      jobs: can(actor, { type: "jobs.menu" }),
      imports: can(actor, { type: "import.manage" }),
      ppid: can(actor, { type: "ppid.desk" }),
    },
  };
}

/** The /app gate: no session, no page; the visitor lands on / (as a redirect, so history is replaced). */
export const requireSession: MiddlewareFunction<Response> = ({ context }, next) => {
  const ctx = context.get(requestContextKey);
  if (!ctx.session || !ctx.actor) throw redirect("/");
  context.set(signedInKey, ctx as SignedInContext);
  return next();
};

/**
 * A gate that requires the policy to allow `action`; otherwise 403 with `message(pattern)` (the
 * matched route pattern picks the SPEC text). Must sit below `requireSession`. The refusal
 * carries the shell's user: a middleware refusal is rendered before any loader ran, so the
 * error page cannot read the root loader's data.
 */
export function requirePolicy(action: Action, message: (pattern: string) => string): MiddlewareFunction<Response> {
  return ({ context, pattern, request }, next) => {
    const ctx = getSignedIn(context);
    if (!can(ctx.actor, action)) {
      const refusal: GateRefusal = {
        message: message(pattern),
        viewer: { user: shellUserOf(ctx.session), csrfToken: ctx.session.csrfToken },
        back: sameOriginReferrer(request),
      };
      throw data(refusal, { status: 403 });
    }
    return next();
  };
}

/** The signed-in request context, for loaders and actions under the /app layout. */
export function getSignedIn(context: Readonly<RouterContextProvider>): SignedInContext {
  const ctx = context.get(signedInKey);
  if (!ctx) throw new Error("getSignedIn(): this route is not below the /app layout's session gate");
  return ctx;
}

/** The page a request came from, as a path of this origin (never another site, never itself). */
function sameOriginReferrer(request: Request): string | undefined {
  const referrer = request.headers.get("Referer");
  if (!referrer) return undefined;
  try {
    const from = new URL(referrer);
    const here = new URL(request.url);
    if (from.origin !== here.origin || from.pathname === here.pathname) return undefined;
    return from.pathname + from.search;
  } catch {
    return undefined;
  }
}
