import { z } from "zod";
import { InvalidError } from "./errors";

/**
 * A form value that may be left empty: absent, blank or whitespace-only all mean "not given"
 * (a no-JS form posts every field, filled or not).
 */
export const blankToUndefined = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** Decimal digits only ("2e3", "0x7", "1.5" are not ids); numbers pass through for JSON bodies. */
export const toInteger = (value: unknown) => {
  const given = blankToUndefined(value);
  if (typeof given === "string") return /^\s*\d{1,9}\s*$/.test(given) ? Number(given) : Number.NaN;
  return given;
};

/**
 * A yes/no: a checkbox of a page form (`on` when ticked, absent when not) or a JSON boolean of
 * the API, read the same way.
 */
export const formBoolean = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

/** An optional e-mail address: blank means none; anything else must look like one. */
export const optionalEmail = (invalid: string, tooLong: string) =>
  z.preprocess(blankToUndefined, z.string(invalid).trim().max(254, tooLong).pipe(z.email(invalid)).optional());

/**
 * Parse with a form schema, or throw one InvalidError carrying every field's messages (the
 * first one as the main message), so the API and a page report the same problems.
 */
export function parseOrInvalid<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  throw new InvalidError(parsed.error.issues[0]?.message ?? "", fieldErrors);
}
