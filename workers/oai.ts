import { Hono } from "hono";
import { answerOai } from "~/server/oai/service.server";
import type { HonoEnv } from "./hono-env";

/** Every value of every argument, in order (the protocol refuses a repeated one, so none is dropped here). */
function argumentsOf(params: URLSearchParams): Map<string, string[]> {
  const args = new Map<string, string[]>();
  for (const [key, value] of params) args.set(key, [...(args.get(key) ?? []), value]);
  return args;
}

const xml = (body: string) =>
  new Response(body, { status: 200, headers: { "Content-Type": "text/xml; charset=utf-8" } });

/**
 * `/oai`: the OAI-PMH 2.0 endpoint, GET with a query or POST with a form body
 * (`application/x-www-form-urlencoded`), as the protocol allows both. Protocol errors are
 * answered inside the XML with status 200, as the protocol asks. GET answers are edge-cached
 * like the public pages (workers/public-cache.ts).
 */
export const oai = new Hono<HonoEnv>()
  .get("/", async (c) => xml(await answerOai(c.get("ctx"), argumentsOf(new URL(c.req.url).searchParams))))
  .post("/", async (c) => xml(await answerOai(c.get("ctx"), argumentsOf(new URLSearchParams(await c.req.text())))));
