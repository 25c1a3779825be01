import type { FormRules, RuleName } from "~/domain/form-rules";
import type { FormErrors } from "./form-state";

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
 * The form's fields that break a rule the browser can check, each with the schema's own
 * message: the native validity of the controls (whose constraint attributes the server derived
 * from the schema) read against `rules.messages`, so no zod runs in the browser. Rules the
 * browser cannot check (cross-field, database lookups) stay with the server, whose reply lands
 * beside the same fields. `only` limits the check to one field (revalidating as it is edited).
 */
export function invalidFields(form: HTMLFormElement, rules: FormRules, only?: string): FormErrors {
  const errors: FormErrors = {};
  for (const element of Array.from(form.elements) as Control[]) {
    const name = element.name;
    const messages = name && (only === undefined || only === name) ? rules.messages[name] : undefined;
    if (!messages || errors[name] || !element.validity) continue;
    const broken = VALIDITY.find(([flag, rule]) => element.validity[flag] && messages[rule]);
    if (broken) errors[name] = [messages[broken[1]]!];
    // The schemas trim: spaces alone are as empty as nothing (native `required` accepts them).
    else if (messages.required && element.required && isBlankText(element)) errors[name] = [messages.required];
  }
  return errors;
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

/** A text-like control holding only whitespace (files, checkboxes and radios are not text). */
function isBlankText(element: Control): boolean {
  const { type, value } = element as { type?: string; value?: unknown };
  if (type === "file" || type === "checkbox" || type === "radio") return false;
  return typeof value === "string" && value !== "" && value.trim() === "";
}
