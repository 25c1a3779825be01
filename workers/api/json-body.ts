import type { Context } from "hono";
import type { z } from "zod";
import { InvalidError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import { api as apiText } from "~/i18n/api";
import type { HonoEnv } from "../hono-env";

/**
 * The JSON body parsed with a form schema. A body that is not a JSON object is a 400 with a
 * clear message (never a 500); field problems are a 400 listing every message.
 */
export async function jsonInput<Schema extends z.ZodType>(c: Context<HonoEnv>, schema: Schema): Promise<z.output<Schema>> {
  const body: unknown = await c.req.json().catch(() => undefined);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new InvalidError(apiText.invalidJson);
  return parseOrInvalid(schema, body);
}

/** The URL's search parameters, for a list schema. */
export const searchParamsOf = (c: Context<HonoEnv>) => new URL(c.req.url).searchParams;
