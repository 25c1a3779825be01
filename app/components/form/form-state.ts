import type { FieldConstraint, FormReply, FormRules } from "~/domain/form-rules";

/** Messages by field name; "" holds the form's own messages (the banner), as in a reply. */
export type FormErrors = Record<string, string[]>;

/** A form's values by field name: one string, or several for a repeated name. */
export type FormValues = Record<string, string | string[]>;

/** What the kit's controls need to know of one field. */
export type FieldMetadata = FieldConstraint & {
  id: string;
  name: string;
  /** The id of the field's message, named by its control's `aria-describedby` while invalid. */
  errorId: string;
  errors?: string[];
  initialValue?: string | string[];
};

/** The messages of a reply (entries without a message are dropped). */
export function errorsOf(reply: FormReply | null | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const [name, messages] of Object.entries(reply?.error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}

/**
 * The values the form shows: after a failed post, what the server sent back (the user's input,
 * minus hidden fields); otherwise the defaults. A reply without values (an API error read in the
 * browser) leaves the defaults.
 */
export function valuesOf(reply: FormReply | null | undefined, defaults: Record<string, string | number | null | undefined> = {}): FormValues {
  const values: FormValues = {};
  for (const [name, value] of Object.entries(reply?.initialValue ?? defaults)) {
    if (typeof value === "string" || typeof value === "number") values[name] = String(value);
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) values[name] = value;
  }
  return values;
}

/**
 * Every field the form knows of (the schema's, plus any a value or a message names), with ids
 * derived from the form's id so that labels and messages can point at them.
 */
export function describeFields(formId: string, rules: FormRules, values: FormValues, errors: FormErrors): Record<string, FieldMetadata> {
  const names = new Set([...Object.keys(rules.constraint), ...Object.keys(values), ...Object.keys(errors)]);
  names.delete("");
  const fields: Record<string, FieldMetadata> = {};
  for (const name of names) {
    const id = `${formId}-${name}`;
    fields[name] = { ...rules.constraint[name], id, name, errorId: `${id}-error`, errors: errors[name], initialValue: values[name] };
  }
  return fields;
}
