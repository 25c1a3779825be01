import { z } from "zod";
import { apiTokenMessages } from "../i18n/api-tokens";
import { toInteger } from "./form-input";
import { createListQuerySchema } from "./list-query";
import { API_TOKEN_LIFETIMES, API_TOKEN_LIST_DEFAULTS, API_TOKEN_SCOPES, API_TOKEN_SORTS, DEFAULT_API_TOKEN_LIFETIME } from "./api-token-view";

// The zod-free half (scopes, lifetimes, view type) is safe for browser bundles.
export * from "./api-token-view";

const v = apiTokenMessages.validation;

/** The 'Buat Token' form: a name, a scope and a lifetime of at most a year. */
export const ApiTokenCreateSchema = z.object({
  name: z.string(v.nameRequired).trim().min(1, v.nameRequired).max(100, v.nameMax),
  scope: z.enum(API_TOKEN_SCOPES, v.scopeInvalid),
  expiresInDays: z.preprocess(
    (value) => toInteger(value) ?? DEFAULT_API_TOKEN_LIFETIME,
    z.number(v.lifetimeInvalid).refine((days) => (API_TOKEN_LIFETIMES as readonly number[]).includes(days), v.lifetimeInvalid),
  ),
});
export type ApiTokenCreateInput = z.output<typeof ApiTokenCreateSchema>;

/** `/app/api-tokens`: `?q=&sort=&dir=&page=&size=&status=`, newest first. */
export const ApiTokenListQuerySchema = createListQuerySchema({
  sorts: API_TOKEN_SORTS,
  defaultSort: API_TOKEN_LIST_DEFAULTS.sort,
  defaultDir: API_TOKEN_LIST_DEFAULTS.dir,
  filters: { status: z.enum(["active", "expired", "revoked"]).optional().catch(undefined) },
});
export type ApiTokenListQuery = z.output<typeof ApiTokenListQuerySchema>;
