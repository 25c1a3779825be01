import { parse } from "@conform-to/react";
import type { FormRules, RuleName } from "~/domain/form-rules";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const VALIDITY: [keyof ValidityState, RuleName][] = [
  ["valueMissing", "required"],
  ["tooShort", "minLength"],
  ["tooLong", "maxLength"],
  ["rangeUnderflow", "min"],
  ["rangeOverflow", "max"],
  ["patternMismatch", "pattern"],
];

/**
 * conform's `onValidate` without zod in the browser: the form's native validity (from the
 * constraint attributes the server computed from the schema), reported with the schema's own
 * messages. Rules the browser cannot check (cross-field, database lookups) stay with the
 * server, whose reply lands beside the same fields.
 */
export function validateWithRules<Value>(form: HTMLFormElement, formData: FormData, rules: FormRules) {
  return parse<Value, string[]>(formData, {
    // The value is the raw payload: the server parses and converts it with the schema.
    resolve(payload) {
      const error: Record<string, string[]> = {};
      for (const element of Array.from(form.elements) as Control[]) {
        const messages = element.name ? rules.messages[element.name] : undefined;
        if (!messages || error[element.name] || !element.validity) continue;
        const broken = VALIDITY.find(([flag, rule]) => element.validity[flag] && messages[rule]);
        if (broken) error[element.name] = [messages[broken[1]]!];
      }
      return Object.keys(error).length > 0 ? { error } : { value: payload as Value };
    },
  });
}

/**
 * An API error body (`message`, `errors[]`, optionally `fieldErrors`) split into field errors
 * and form errors: a message the schema gives for a field goes beside that field.
 */
export function errorsFromApiBody(
  body: { message?: string; errors?: string[]; fieldErrors?: Record<string, string[]> },
  rules: FormRules,
): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  if (body.fieldErrors) return { fieldErrors: body.fieldErrors, formErrors: [] };
  const fieldOf = (message: string) => Object.keys(rules.messages).find((name) => Object.values(rules.messages[name] ?? {}).includes(message));
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const message of body.errors ?? []) {
    const field = fieldOf(message);
    if (field) (fieldErrors[field] ??= []).push(message);
    else formErrors.push(message);
  }
  return { fieldErrors, formErrors };
}
