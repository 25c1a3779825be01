import { redirect } from "react-router";
import { DomainError, InvalidError, TooManyRequestsError } from "~/domain/errors";
import type { RequestContext } from "../../server/context.server";
import type { Flash } from "../../server/http/flash.server";
import { listBackHref, withFormValues } from "./admin-pages.server";
import { readForm } from "./form-body.server";
import { redirectWithFlash } from "./flash-redirect.server";
import { replyWithDomainError } from "./form.server";

/** Where a page action goes when its use case succeeded, and what it says there. */
export type ActionSuccess = {
  to: string;
  /** A success toast on the next page. */
  toast?: string;
  /** A one-shot flash of another kind (a success dialog: `dialogFor`). */
  flash?: Flash;
  /** E.g. the session and device cookies of a sign-in (a Headers, for more than one Set-Cookie). */
  headers?: HeadersInit;
};

/**
 * How a page action answers a refusal of its use case (a DomainError; anything else is a 500):
 * - `form`: the page renders again with the submitted values and each message beside its field
 *   (the form kit's reply, JavaScript on or off);
 * - `toast`: back to a page (a list, the detail) with the reason as an error toast.
 */
export type ActionFailure =
  | {
      form: {
        /** The submitted values to show again (when the use case did not attach them). */
        values?: Record<string, string>;
        /** The message when the refusal has none of its own. */
        fallback?: string;
        hideFields?: string[];
        formLevelFields?: string[];
      };
    }
  | { toast: { to: string; fallback?: string; /** Shown instead of the refusal's own message. */ message?: string } };

/**
 * The one shape of every page action: run the use case, redirect on success, answer a refusal
 * as the page asks (`failure`, or a function choosing it from the error), so no action maps
 * domain errors by hand.
 */
export async function pageAction(
  ctx: Pick<RequestContext, "config">,
  run: () => Promise<ActionSuccess>,
  failure: ActionFailure | ((error: DomainError) => ActionFailure),
) {
  try {
    const success = await run();
    if (success.flash) return redirectWithFlash(ctx, success.to, success.flash);
    if (success.toast) return redirectWithFlash(ctx, success.to, { type: "success", message: success.toast });
    return redirect(success.to, { headers: success.headers });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const answer = typeof failure === "function" ? failure(error) : failure;
    if ("toast" in answer) {
      const { to, message, fallback } = answer.toast;
      return redirectWithFlash(ctx, to, { type: "error", message: message ?? (error.message || fallback || "") });
    }
    const { values, fallback, hideFields, formLevelFields } = answer.form;
    if (values) error.values ??= values;
    if (!error.message && fallback) error.message = fallback;
    // A throttled request says when to try again, as the API does.
    const headers = error instanceof TooManyRequestsError ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return replyWithDomainError(error, { hideFields, formLevelFields, headers });
  }
}

/**
 * The action of a list page whose rows are deleted through its `?dialog=delete&{param}=…`
 * confirmation: the form posts intent "delete" and the row's `field`; `remove` deletes it and
 * says so in a toast, back on the list the dialog was opened over; a refusal answers as
 * `failure(back)` says. Any other intent is refused with `wrongIntent`.
 */
export async function deleteFromListAction(
  ctx: Pick<RequestContext, "config">,
  request: Request,
  {
    basePath,
    param,
    field,
    wrongIntent,
    remove,
    failure,
  }: {
    basePath: string;
    param: string;
    field: string;
    wrongIntent: string;
    remove: (id: string) => Promise<string>;
    failure: (back: string) => ActionFailure | ((error: DomainError) => ActionFailure);
  },
) {
  const form = await readForm(request);
  const back = listBackHref(request, basePath, ["dialog", param, "index", "_data"]);
  return pageAction(
    ctx,
    async () => {
      if (form.get("intent") !== "delete") throw new InvalidError(wrongIntent);
      return { to: back, toast: await remove(String(form.get(field) ?? "")) };
    },
    failure(back),
  );
}

/**
 * The action of a form page (a record's create or update, a request form): the posted values go
 * to `save`; a refusal shows the form again with them (minus `secretFields`) beside its messages
 * (`fallback` when the refusal has none of its own); a save goes on where `next` says.
 */
export async function formPageAction<Saved>(
  ctx: Pick<RequestContext, "config">,
  request: Request,
  save: (fields: Record<string, string>) => Promise<Saved>,
  next: (saved: Saved) => ActionSuccess | Promise<ActionSuccess>,
  { secretFields = [], fallback }: { secretFields?: string[]; fallback?: string } = {},
) {
  const form = await readForm(request);
  return pageAction(ctx, async () => next(await withFormValues(form, secretFields, save)), { form: { fallback } });
}
