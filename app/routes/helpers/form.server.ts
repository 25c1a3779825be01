import { getZodConstraint } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { DomainError } from "~/domain/errors";
import type { FieldConstraint, FormReply, FormRules, RuleName } from "~/domain/form-rules";

/**
 * Form helpers of route actions and loaders: the browser rules of a schema, and a domain error
 * as a form reply (the shape of conform's `submission.reply()`): the page re-renders the form
 * with the submitted values and each message beside its field, with JavaScript on or off.
 */

const cache = new WeakMap<z.ZodType, FormRules>();

/**
 * Constraints and messages for the browser, derived from `schema` once per isolate. conform's
 * `getZodConstraint` gives `required` and enum patterns; lengths and numeric bounds are read
 * from the zod checks (through `.pipe()`), and each rule's message is found by parsing a
 * value that breaks exactly that rule.
 */
export function formRules(schema: z.ZodObject): FormRules {
  const cached = cache.get(schema);
  if (cached) return cached;
  const constraint = getZodConstraint(schema) as Record<string, FieldConstraint>;
  const messages: FormRules["messages"] = {};
  for (const [name, fieldSchema] of Object.entries(schema.shape)) {
    const field = (constraint[name] ??= {});
    Object.assign(field, boundsOf(fieldSchema as z.ZodType));
    const probe = (value: unknown) => {
      const result = schema.safeParse({ [name]: value });
      return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === name)?.message;
    };
    const found: Partial<Record<RuleName, string>> = {};
    if (field.required) found.required = probe("") ?? probe(undefined);
    if (field.minLength) found.minLength = probe("a".repeat(field.minLength - 1));
    if (field.maxLength) found.maxLength = probe("a".repeat(field.maxLength + 1));
    if (field.min !== undefined) found.min = probe(String(Number(field.min) - 1));
    if (field.max !== undefined) found.max = probe(String(Number(field.max) + 1));
    if (field.pattern) found.pattern = probe("\u0000");
    messages[name] = found;
  }
  const rules = { constraint, messages };
  cache.set(schema, rules);
  return rules;
}

type Check = { _zod: { def: { check?: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean } } };

/** Lengths and numeric bounds of a field's zod checks (the largest minimum and smallest maximum). */
function boundsOf(schema: z.ZodType): FieldConstraint {
  const bounds: FieldConstraint = {};
  const visit = (node: z.ZodType | undefined) => {
    if (!node) return;
    const def = node._zod.def as { type: string; checks?: Check[]; in?: z.ZodType; out?: z.ZodType; innerType?: z.ZodType };
    for (const check of def.checks ?? []) {
      const { check: kind, minimum, maximum, value, inclusive } = check._zod.def;
      if (kind === "min_length" && minimum !== undefined) bounds.minLength = Math.max(bounds.minLength ?? 0, minimum);
      if (kind === "max_length" && maximum !== undefined) bounds.maxLength = Math.min(bounds.maxLength ?? Infinity, maximum);
      if (kind === "greater_than" && value !== undefined) bounds.min = inclusive ? value : value + 1;
      if (kind === "less_than" && value !== undefined) bounds.max = inclusive ? value : value - 1;
    }
    if (def.type === "pipe") {
      visit(def.in);
      visit(def.out);
    } else if (def.innerType) visit(def.innerType);
  };
  visit(schema);
  // A minimum of 1 only restates `required`.
  if (bounds.minLength !== undefined && bounds.minLength <= 1) delete bounds.minLength;
  return bounds;
}

/** Fields that never come back to the browser (tokens, idempotency keys, passwords). */
const NEVER_ECHOED = ["_csrf", "submissionId"];

/**
 * A domain error thrown by a service during a form post, as a form reply with the error's
 * status: field errors beside their fields, anything else as the form's error (banner), and
 * the submitted values (minus `hideFields`) to fill the form again. When every field error is
 * in `formLevelFields` (e.g. a refused file: an upload failure), the message is also the
 * form's error.
 */
export function replyWithDomainError(
  error: unknown,
  options: { hideFields?: string[]; formLevelFields?: string[]; headers?: HeadersInit } = {},
) {
  if (!(error instanceof DomainError)) throw error;
  // Empty values are left out, as conform's reply does: the form shows them empty anyway.
  const hidden = [...NEVER_ECHOED, ...(options.hideFields ?? [])];
  const initialValue = Object.fromEntries(Object.entries(error.values ?? {}).filter(([key, value]) => value !== "" && !hidden.includes(key)));
  const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors ?? {}).filter(([, messages]) => messages.length > 0));
  const formLevel = Object.keys(fieldErrors).every((field) => options.formLevelFields?.includes(field));
  const result: FormReply = {
    status: "error",
    initialValue,
    error: formLevel && error.message ? { "": [error.message], ...fieldErrors } : fieldErrors,
  };
  return data(result, { status: error.status, headers: options.headers });
}
