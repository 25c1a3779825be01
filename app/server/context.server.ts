import { createContext } from "react-router";
import { UnauthenticatedError } from "~/domain/errors";
import { userActorOf, type Actor, type JobName, type SystemActor, type UserActor } from "~/domain/policy";
import { session as sessionText } from "~/i18n/session";
import type { RoleName } from "~/domain/roles";
import type { ApiTokenScope } from "~/domain/api-token-view";
import type { Db } from "./db/db.server";
import { createDb } from "./db/db.server";
import { loadConfig, type AppConfig } from "./env.server";
import type { Flash } from "./http/flash.server";

export type SessionUser = {
  userId: number;
  uuid: string;
  name: string;
  username: string;
  role: RoleName;
  unitKerjaId: number | null;
  unitKerjaName: string | null;
  /** PPID designation (officer or atasan) beside the role. */
  ppidRole?: "PETUGAS" | "ATASAN" | null;
};

export type CurrentSession = { idHash: string; csrfToken: string; user: SessionUser };

/** A call authenticated by a personal API token (`Authorization: Bearer`): its owner, narrowed by its scope. */
export type BearerAuth = { tokenId: number; uuid: string; scope: ApiTokenScope; user: SessionUser };

/** Where a request came from, as audit rows record it. */
export type Client = { ip: string | null; userAgent: string | null };

/**
 * Everything a use case may touch. A request builds one (with the signed-in user as actor, or
 * none for a visitor); a job builds one with its system actor (`jobContext`). Services never see
 * a Request, a session cookie or a form: only this.
 */
export type ServiceContext = {
  env: Env;
  config: AppConfig;
  db: Db;
  d1: D1Database;
  files: R2Bucket;
  now: () => Date;
  waitUntil: (promise: Promise<unknown>) => void;
  /** A signed-in user, a job's system actor, or null for a visitor. */
  actor: Actor | null;
  /** Scheme and host of absolute links (the request's own, or the configured public origin). */
  origin: string;
  /** The client of a request, for audit rows; null for a job. */
  client: Client | null;
};

/**
 * A request's context: the service context plus what only the transport knows (session, the
 * one-shot flash, the CSP nonce, the URL). Built once per request by the Worker middleware and
 * shared by both front doors (React Router loaders/actions and the Hono API).
 */
export type RequestContext = ServiceContext & {
  url: URL;
  secure: boolean;
  session: CurrentSession | null;
  /** The API token of a bearer call (then `session` is null: a bearer call never uses cookies). */
  bearer: BearerAuth | null;
  /** The one-shot toast carried by the flash cookie, if any (cleared once rendered). */
  flash: Flash | null;
  /** CSP nonce of this response's inline scripts. */
  nonce: string;
};

/** The React Router context key under which loaders and actions find the RequestContext. */
export const requestContextKey = createContext<RequestContext>();

export const actorOf = (user: SessionUser, sessionIdHash?: string): UserActor => ({
  userId: user.userId,
  role: user.role,
  unitKerjaId: user.unitKerjaId,
  ppidRole: user.ppidRole ?? null,
  ...(sessionIdHash ? { sessionIdHash } : {}),
});

/** The owner of a bearer call's token, acting through it (audit rows name the token). */
export const bearerActorOf = (bearer: BearerAuth): UserActor => ({
  ...actorOf(bearer.user),
  apiToken: { uuid: bearer.uuid, scope: bearer.scope },
});

/**
 * The context of a background job (cron, queue consumer): the same bindings a request has, a
 * system actor whose permissions the policy names, no client. Each job gets a fresh Kysely.
 */
export function jobContext(env: Env, job: JobName, options: { waitUntil?: (promise: Promise<unknown>) => void; now?: () => Date } = {}): ServiceContext & { actor: SystemActor } {
  const config = loadConfig(env);
  return {
    env,
    config,
    db: createDb(env.DB),
    d1: env.DB,
    files: env.FILES,
    now: options.now ?? (() => new Date()),
    waitUntil: options.waitUntil ?? ((promise) => void promise.catch(() => undefined)),
    actor: { system: job },
    origin: config.publicOrigin ?? "http://localhost",
    client: null,
  };
}

/** The signed-in user acting, or UnauthenticatedError (a visitor, or a job calling a user's use case). */
export function requireUser(ctx: Pick<ServiceContext, "actor">): UserActor {
  const user = userActorOf(ctx.actor);
  if (!user) throw new UnauthenticatedError(sessionText.required);
  return user;
}
