import { createContext } from "react-router";
import type { Actor } from "~/domain/policy";
import type { RoleName } from "~/domain/roles";
import type { Db } from "./db.server";
import type { AppConfig } from "./env.server";
import type { Flash } from "./flash.server";

export type SessionUser = {
  userId: number;
  uuid: string;
  name: string;
  username: string;
  role: RoleName;
  unitKerjaId: number | null;
  unitKerjaName: string | null;
};

export type CurrentSession = { idHash: string; csrfToken: string; user: SessionUser };

/**
 * Everything a service may touch, made once per request by the Worker entry and shared by
 * both front doors (React Router loaders/actions and the Hono API). Services never see a
 * Request: only this.
 */
export type AppContext = {
  env: Env;
  config: AppConfig;
  db: Db;
  d1: D1Database;
  files: R2Bucket;
  now: () => Date;
  waitUntil: (promise: Promise<unknown>) => void;
  request: { url: URL; ip: string | null; userAgent: string | null; secure: boolean };
  session: CurrentSession | null;
  actor: Actor | null;
  /** The one-shot toast carried by the flash cookie, if any (cleared once rendered). */
  flash: Flash | null;
  /** CSP nonce of this response's inline scripts. */
  nonce: string;
};

/** The React Router context key under which loaders and actions find the AppContext. */
export const appContextKey = createContext<AppContext>();

export const actorOf = (user: SessionUser): Actor => ({
  userId: user.userId,
  role: user.role,
  unitKerjaId: user.unitKerjaId,
});
