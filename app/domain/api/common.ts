import { z } from "zod";

/**
 * The building blocks of the `/api/v1` contract (server-side only: the API routers and the
 * OpenAPI document import these, never a page component, so zod stays out of browser bundles).
 * The view types the pages use are `z.output` of the response schemas, imported as types only.
 */

/** A UTC instant as the API writes it: ISO 8601 with milliseconds (`2026-11-22T06:30:00.000Z`). */
export const timestamp = () => z.string().meta({ format: "date-time", examples: ["2026-11-22T06:30:00.000Z"] });

/** A UUID (documents, users, access requests are addressed by one). */
export const uuid = () => z.string().meta({ format: "uuid" });

/** The one error body of every 4xx and 5xx answer (Indonesian messages, as the pages show them). */
export const ApiErrorSchema = z
  .object({
    message: z.string().meta({ description: "What went wrong, in Indonesian (the text a client shows)." }),
    error: z.string().meta({ description: "The reason (the same text as `message`, or a short label)." }),
    errors: z.array(z.string()).optional().meta({ description: "Every problem of a refused form, when there is more than one." }),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "The same problems by the field they concern (the request's field names), so a form shows each beside its field." }),
  })
  .meta({ ref: "ApiError", description: "Error body of every 4xx and 5xx answer." });
export type ApiError = z.output<typeof ApiErrorSchema>;

/** `{ message, data }`: what a successful change answers. */
export const changed = <Data extends z.ZodType>(data: Data) => z.object({ message: z.string(), data });

/** `{ success: true, message }`: what a successful delete answers. */
export const DeletedSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ ref: "Deleted" });

/** One page of a list by page number, with the query it answers (defaults filled in). */
export const listPageSchema = <Row extends z.ZodType, Query extends z.ZodType>(row: Row, query: Query) =>
  z.object({
    data: z.array(row),
    page: z.int().min(1),
    size: z.int().min(1),
    total: z.int().min(0),
    totalPages: z.int().min(1),
    query,
  });

/** The numeric id of a row in a path (`/unit-kerja/{id}`). */
export const numericId = () => z.int().min(1);
