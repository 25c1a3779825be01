import type { RequestContext } from "~/server/context.server";

/** Hono typing shared by the entry and every API router. */
export type HonoEnv = {
  Bindings: Env;
  Variables: { ctx: RequestContext; nonce?: string; scriptSources?: string };
};
