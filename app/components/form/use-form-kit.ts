import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { FormReply, FormRules } from "~/domain/form-rules";
import { describeFields, errorsOf, valuesOf, type FieldMetadata, type FormErrors } from "./form-state";
import { invalidFields } from "./rules";

export type FormMetadata = {
  id: string;
  /** The id of the form's banner, which the form names in `aria-describedby` while it shows. */
  errorId: string;
  /** The form's own messages (the banner). */
  errors?: string[];
  /** Does any field show a message? */
  hasFieldErrors: boolean;
  /** Spread on `<Form>`. */
  props: {
    id: string;
    /** The schema's messages (the server's, or the same ones checked here) replace the browser's bubbles. */
    noValidate: true;
    "aria-describedby"?: string;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onInput: (event: FormEvent<HTMLFormElement>) => void;
  };
};

export type FormKitOptions = {
  /** The form's id (default: a React id); the fields' ids derive from it. */
  id?: string;
  /** The action's reply to the last post, or an API error read in the browser. */
  lastResult: FormReply | null | undefined;
  /** From the loader: `formRules(schema)`. */
  rules: FormRules;
  /** The values shown until a post comes back. */
  defaultValue?: Record<string, string | number | null | undefined>;
  /**
   * Runs when the form passed the browser's checks, with its data (the submitter included). To
   * send it some other way than `<Form>` (fetch, XHR, a trimmed payload), call
   * `event.preventDefault()`.
   */
  onValidSubmit?: (event: FormEvent<HTMLFormElement>, formData: FormData) => void;
};

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The browser side of a form kit form, without a form library: field ids, values and messages
 * from the server's reply, and with JavaScript the schema's browser rules checked on submit
 * (blocked while invalid, first invalid field focused) and again on each edit once the form has
 * been submitted. The server still parses every post with the schema.
 */
export function useFormKit<Name extends string = string>(options: FormKitOptions): [FormMetadata, Record<Name, FieldMetadata>] {
  const { lastResult, rules, onValidSubmit } = options;
  const reactId = useId();
  const formId = options.id ?? reactId;
  const [errors, setErrors] = useState<FormErrors>(() => errorsOf(lastResult));
  // Once the user has submitted (or the server answered), each edit checks its field again, so
  // a message goes away as soon as the value is right.
  const [revalidate, setRevalidate] = useState(lastResult != null);

  // A new reply (a post made with JavaScript) replaces the messages. The reply the page was
  // rendered with is already shown, and focus is not moved on hydration.
  const shownReply = useRef(lastResult);
  useEffect(() => {
    if (!lastResult || lastResult === shownReply.current) return;
    shownReply.current = lastResult;
    const next = errorsOf(lastResult);
    setErrors(next);
    setRevalidate(true);
    const form = document.forms.namedItem(formId);
    if (!form || lastResult.status !== "error") return;
    // A password is never sent back: after a failed post the form shows it empty, as the page the
    // server renders without JavaScript does.
    for (const input of form.querySelectorAll<HTMLInputElement>('input[type="password"]')) input.value = "";
    focusFirstInvalid(form, next);
  }, [lastResult, formId]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const found = invalidFields(form, rules);
    setRevalidate(true);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setErrors(found);
      focusFirstInvalid(form, found);
      return;
    }
    setErrors({});
    onValidSubmit?.(event, new FormData(form, (event.nativeEvent as SubmitEvent).submitter));
  }

  function onInput(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as Control).name;
    if (!revalidate || !name) return;
    // A field the browser cannot check (e.g. a taken username) loses the server's message once edited.
    const message = invalidFields(event.currentTarget, rules, name)[name];
    setErrors((current) => {
      if (current[name]?.[0] === message?.[0]) return current;
      const next = { ...current };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  }

  const formErrors = errors[""];
  const form: FormMetadata = {
    id: formId,
    errorId: `${formId}-error`,
    errors: formErrors,
    hasFieldErrors: Object.keys(errors).some((name) => name !== ""),
    props: { id: formId, noValidate: true, "aria-describedby": formErrors ? `${formId}-error` : undefined, onSubmit, onInput },
  };
  // The caller names the schema's fields; the kit knows every one of them (`rules.constraint`).
  const fields = describeFields(formId, rules, valuesOf(lastResult, options.defaultValue), errors) as Record<Name, FieldMetadata>;
  return [form, fields];
}

/** Focus (and so scroll to, below the sticky header: CSS `scroll-margin`) the first field with a message. */
function focusFirstInvalid(form: HTMLFormElement, errors: FormErrors) {
  for (const element of Array.from(form.elements) as Control[]) {
    if (element.name && errors[element.name]) {
      element.focus();
      return;
    }
  }
}
