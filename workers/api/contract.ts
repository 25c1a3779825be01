import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { describeRoute, resolver, uniqueSymbol } from "hono-openapi";
import type { z } from "zod";
import { ApiErrorSchema } from "~/domain/api/common";
import { GoneSchema } from "~/domain/api/documents";
import { DomainError, InvalidError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import { parseListParams } from "~/domain/list-query";
import { api as apiText } from "~/i18n/api";
import type { HonoEnv } from "../hono-env";

/**
 * The front door's half of the `/api/v1` contract: every route declares its request (a JSON
 * body, a query, a multipart body) and its answers with the zod schemas of `app/domain/api`;
 * the same declarations validate the request here, before the handler runs (the use case gets
 * typed input), and make the OpenAPI document (`/api/v1/openapi.json`).
 */

/** A response schema in the document: the shape the API writes (output side of each schema). */
const asWritten = (schema: z.ZodType) => resolver(schema, { options: { io: "output", unrepresentable: "any" } });

/** `content` of a JSON answer. */
export const jsonContent = (schema: z.ZodType) => ({ "application/json": { schema: asWritten(schema) } });

/** Answers every route may give, and what they mean. */
const ERROR_MEANINGS = {
  400: "The input was refused (every problem is listed in `errors`).",
  401: "Not signed in (or the session ended), or the bearer token is unknown, expired or revoked.",
  403: "The caller may not do this: the policy refuses it, the CSRF check failed, or a read-only token was used for a change.",
  404: "No such resource (or the caller may not know of it).",
  409: "A conflict with the current state (a concurrent change, a duplicate, a rule kept by the database).",
  410: "The record was destroyed or purged: `tombstone` says what remains of it (when and how it left only for Super Admin and its owning unit; to others only for a record that was public, else 404).",
  413: "The body (or the file) is too large.",
  415: "The file type is not accepted.",
  429: "Too many attempts; `Retry-After` says when to try again.",
  500: "An unexpected server error.",
} as const;
export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** Who may call a route. */
export type Access =
  /** Visitors too (bearer tokens and sessions see more). */
  | "public"
  /** A signed-in session or a bearer token; a read: any scope. */
  | "read"
  /** A signed-in session (with the CSRF header) or a read+write bearer token. */
  | "write"
  /** Signing in: no credentials. */
  | "anonymous";

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [{}, { sessionCookie: [] }, { bearerAuth: ["read"] }],
  read: [{ sessionCookie: [] }, { bearerAuth: ["read"] }],
  write: [{ sessionCookie: [], csrfHeader: [] }, { bearerAuth: ["read_write"] }],
  anonymous: [{}],
};

/** Every route can answer these: a bad bearer token (401), its throttle (429), a server error. */
const ALWAYS: ErrorStatus[] = [401, 429, 500];
/** Every change can also be refused by the CSRF check or a read-only token (403), or its body be too big (413). */
const ON_WRITE: ErrorStatus[] = [403, 413];

type Ok = {
  status?: 200 | 201 | 202 | 206 | 302 | 304 | 416;
  description: string;
  /** The JSON body; omit with `content` for other media (files, CSV). */
  schema?: z.ZodType;
  content?: Record<string, { schema: Record<string, unknown> }>;
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
};

export type RouteSpec = {
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  ok: Ok | Ok[];
  /** The refusals this route's use case can answer (those of every route are added). */
  errors?: ErrorStatus[];
  /** A body declared here rather than by `jsonBody` (multipart uploads, streamed). */
  requestBody?: { description?: string; required?: boolean; content: Record<string, { schema: ReturnType<typeof resolver> | Record<string, unknown> }> };
  parameters?: { name: string; in: "query" | "path" | "header"; required?: boolean; description?: string; schema: Record<string, unknown> }[];
};

const errorResponse = (status: ErrorStatus) => ({
  description: ERROR_MEANINGS[status],
  content: { "application/json": { schema: resolver(status === 410 ? GoneSchema : ApiErrorSchema) } },
  ...(status === 429 ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } } } : {}),
});

const FILE_CONTENT = { "*/*": { schema: { type: "string", format: "binary" } } };

/** What a file download answers: the file (whole or a range), a revalidation, or a refused range. */
export const FILE_ANSWERS: Ok[] = [
  {
    status: 200,
    description: "The file, streamed, with its type, `Content-Disposition`, `ETag` and `Accept-Ranges`.",
    content: FILE_CONTENT,
  },
  { status: 206, description: "The requested range of the file (`Range: bytes=…`, one range).", content: FILE_CONTENT },
  { status: 304, description: "Not modified (`If-None-Match` names the current ETag)." },
  { status: 416, description: "The range cannot be satisfied (`Content-Range: bytes */size`)." },
];

/** The OpenAPI description of one route (a middleware that does nothing at run time). */
export function route(spec: RouteSpec): MiddlewareHandler {
  const oks = Array.isArray(spec.ok) ? spec.ok : [spec.ok];
  const errors = new Set<ErrorStatus>([...(spec.errors ?? []), ...ALWAYS, ...(spec.access === "write" ? ON_WRITE : [])]);
  const responses: Record<string, unknown> = {};
  for (const ok of oks) {
    responses[String(ok.status ?? 200)] = {
      description: ok.description,
      ...(ok.schema ? { content: jsonContent(ok.schema) } : ok.content ? { content: ok.content } : {}),
      ...(ok.headers ? { headers: ok.headers } : {}),
    };
  }
  for (const status of [...errors].sort()) responses[String(status)] = errorResponse(status);
  return describeRoute({
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    security: SECURITY[spec.access],
    ...(spec.requestBody ? { requestBody: { required: spec.requestBody.required ?? true, ...spec.requestBody } } : {}),
    ...(spec.parameters ? { parameters: spec.parameters } : {}),
    responses,
  } as Parameters<typeof describeRoute>[0]);
}

/** Mark a middleware as a validator of `target` for the OpenAPI document (hono-openapi reads the mark). */
function documentedAs<M extends object>(middleware: M, target: "json" | "query", schema: z.ZodType): M {
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}

/**
 * The JSON body, checked with `schema` at the door: a body that is not a JSON object is a 400
 * saying so (whatever its content type claims), and field problems are one 400 listing every
 * message, in the `{ message, error, errors }` shape of every error. The handler reads the
 * parsed value with `c.req.valid("json")`.
 */
export function jsonBody<Schema extends z.ZodType>(schema: Schema, options: BodyOptions = {}) {
  const middleware = createMiddleware<HonoEnv, string, { in: { json: z.input<Schema> }; out: { json: z.output<Schema> } }>(async (c, next) => {
    c.req.addValidatedData("json", parseOrInvalid(schema, parsedObject(await cappedText(c, options), options)) as object);
    await next();
  });
  return documentedAs(middleware, "json", schema);
}

/** A route's own limits on its JSON body, and the words it refuses one with. */
export type BodyOptions = {
  /** Tighter than the door's cap for every body: a body this big is not one of this route's. */
  maxBytes?: number;
  tooLarge?: string;
  /** The message for a body that is not a JSON object. */
  invalid?: string;
  /**
   * Hand the schema whatever the body is (an unreadable one as an empty object), for a schema
   * that names its own error for a body that is not an object (the login form).
   */
  schemaJudgesShape?: true;
};

async function cappedText(c: Context<HonoEnv>, options: BodyOptions): Promise<string> {
  const { maxBytes } = options;
  if (maxBytes !== undefined && Number(c.req.header("content-length") ?? 0) > maxBytes) throw new DomainError(413, options.tooLarge ?? apiText.invalidJson);
  const text = await c.req.text();
  if (maxBytes !== undefined && new TextEncoder().encode(text).byteLength > maxBytes) throw new DomainError(413, options.tooLarge ?? apiText.invalidJson);
  return text;
}

/** A JSON body that may be absent (an optional note): an empty body is `{}`. */
export function optionalJsonBody<Schema extends z.ZodType>(schema: Schema) {
  const middleware = createMiddleware<HonoEnv, string, { in: { json: z.input<Schema> }; out: { json: z.output<Schema> } }>(async (c, next) => {
    const text = await c.req.text();
    const body = text.trim() === "" ? {} : parsedObject(text);
    c.req.addValidatedData("json", parseOrInvalid(schema, body) as object);
    await next();
  });
  return documentedAs(middleware, "json", schema);
}

function parsedObject(text: string, options: BodyOptions = {}): object {
  const invalid = options.invalid ?? apiText.invalidJson;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (options.schemaJudgesShape) return {};
    throw new InvalidError(invalid);
  }
  if (options.schemaJudgesShape) return body as object;
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new InvalidError(invalid);
  return body;
}

/**
 * The query string, parsed with a list schema at the door (each parameter falls back to its
 * default rather than failing, and a repeated key counts once: its last value, as on the pages).
 * The handler reads it with `c.req.valid("query")`.
 */
export function listQuery<Schema extends z.ZodType>(schema: Schema) {
  const middleware = createMiddleware<HonoEnv, string, { in: { query: Record<string, string> }; out: { query: z.output<Schema> } }>(async (c, next) => {
    c.req.addValidatedData("query", parseListParams(schema, new URL(c.req.url).searchParams) as object);
    await next();
  });
  return documentedAs(middleware, "query", schema);
}

/** A multipart request body in the document (the upload is streamed, so it is checked where it is stored). */
export const multipartBody = (schema: z.ZodType, description: string) => ({
  description,
  content: { "multipart/form-data": { schema: resolver(schema) } },
});

/** A raw binary request body in the document (a part of an upload sent in parts). */
export const binaryBody = (description: string) => ({
  description,
  content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
});

/** A path parameter in the document (hono-openapi names them; this adds a description and a type). */
export const pathParam = (name: string, description: string, schema: Record<string, unknown> = { type: "string" }) => ({
  name,
  in: "path" as const,
  required: true,
  description,
  schema,
});
