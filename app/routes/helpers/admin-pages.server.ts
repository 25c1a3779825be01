import { redirect } from "react-router";
import type { z } from "zod";
import { listHref, listSearchParams, sameSearch, withParams, type ListParams } from "~/components/list/list-href";
import { DomainError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import { listDefaults, parseListParams } from "~/domain/list-query";
import { formFields } from "./form-body.server";
import { formRules } from "./form.server";

/**
 * Loader and action helpers of the administration pages (users, work units, audit log): list
 * URLs that also address a dialog, and form posts parsed with the same schema as the API.
 */

/** Parameters that open a dialog over a list (`?dialog=delete&user=…`); not part of the list's state. */
const DIALOG_PARAMS = ["dialog", "user", "id", "uuid"];

/**
 * Parse a list URL with `schema` and send a non-canonical one (empty or default values, as a
 * form posted without JavaScript sends them) to its canonical form. Dialog parameters are left
 * out of the comparison, so a list with its delete dialog open is not redirected.
 */
export function parseCanonicalList<Schema extends z.ZodType>(request: Request, basePath: string, schema: Schema) {
  const url = new URL(request.url);
  const listParams = new URLSearchParams(url.searchParams);
  const dialog = new URLSearchParams();
  for (const key of DIALOG_PARAMS) {
    const value = listParams.get(key);
    listParams.delete(key);
    if (value !== null) dialog.set(key, value);
  }
  const query = parseListParams(schema, listParams) as ListParams;
  const defaults = listDefaults(schema) as ListParams;
  if (!sameSearch(listParams, listSearchParams(query, {}, defaults))) {
    throw redirect(withParams(listHref(basePath, query, {}, defaults), dialog));
  }
  return { query: query as z.output<Schema>, defaults, dialog };
}

/**
 * The list a dialog was opened over: the posting URL without the dialog's own parameters, so an
 * action can send the user back to the same page, sort and search.
 */
export function listBackHref(request: Request, basePath: string, dialogKeys: readonly string[]): string {
  const url = new URL(request.url);
  for (const key of dialogKeys) url.searchParams.delete(key);
  const search = url.searchParams.toString();
  return search ? `${basePath}?${search}` : basePath;
}

/** An unknown row in a dialog's URL (`?dialog=delete&id=…`): the list shows without the dialog. */
export function noDialogFor(error: unknown): null {
  if (error instanceof DomainError) return null;
  throw error;
}

/**
 * The row a dialog over a list is about (`?dialog={one of dialogs}&{param}={id}`) when the page
 * shown does not hold it: a URL opened directly, naming a row of another page, is looked up with
 * `load`; an unknown one gives null (the list shows without the dialog). The page's own rows are
 * at hand in the component.
 */
export async function dialogRowOffPage<Row>(
  dialog: URLSearchParams,
  opens: { dialogs: readonly string[]; param: string },
  rows: readonly Row[],
  idOf: (row: Row) => string,
  load: (id: string) => Promise<Row>,
): Promise<Row | null> {
  const id = opens.dialogs.includes(dialog.get("dialog") ?? "") ? dialog.get(opens.param) : null;
  return id && !rows.some((row) => idOf(row) === id) ? await load(id).catch(noDialogFor) : null;
}


/**
 * Parse a form post with a form schema; a bad value throws the same InvalidError the API
 * answers. Any domain error from the parse or the service call that follows carries the
 * submitted values (minus `secretFields`), so the page shows them again beside its messages.
 */
export async function withFormValues<T>(formData: FormData, secretFields: string[], run: (fields: Record<string, string>) => Promise<T>): Promise<T> {
  const fields = formFields(formData);
  try {
    return await run(fields);
  } catch (error) {
    if (error instanceof DomainError) {
      error.values = Object.fromEntries(Object.entries(fields).filter(([key]) => !secretFields.includes(key)));
    }
    throw error;
  }
}

export { parseOrInvalid };

/**
 * What a create page's loader gives its form: the schema's rules, whether the last post saved
 * (`?saved=1` opens the saved dialog), and a fresh key so the form starts empty after a save.
 */
export function createPageData(request: Request, schema: z.ZodObject) {
  return { rules: formRules(schema), saved: savedFlag(request), formKey: crypto.randomUUID() };
}

/** The form page after its own successful post (`?saved=1`): it opens the saved dialog. */
export function savedFlag(request: Request): boolean {
  return new URL(request.url).searchParams.get("saved") === "1";
}

/** Where a form page's save goes: the page again, with its saved dialog open. */
export function savedHref(page: string): string {
  return `${page}?saved=1`;
}
