import type { Context } from "hono";
import type { HonoEnv } from "../hono-env";

/** What a file answer depends on in the request: its Range and If-None-Match headers. */
export const fileRequestOf = (c: Context<HonoEnv>) => ({
  range: c.req.header("range") ?? null,
  ifNoneMatch: c.req.header("if-none-match") ?? null,
  head: c.req.method === "HEAD",
});
