import { href, redirect } from "react-router";
import type { Route } from "./+types/released-file";
import { DomainError } from "~/domain/errors";
import { parseOrInvalid } from "~/domain/form-input";
import { StatusLookupSchema } from "~/domain/ppid/requests";
import { formFields, readForm } from "~/routes/helpers/form-body.server";
import { redirectWithFlash } from "~/routes/helpers/flash-redirect.server";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { fileResponse } from "~/server/http/file-response.server";
import { downloadReleasedFile } from "~/server/ppid/released-files.server";

const STATUS_PAGE = href("/ppid/status");

/** Nothing to show here: the download is a post from the status page. */
export function loader() {
  throw redirect(STATUS_PAGE);
}

/**
 * A file released to a requester (a resource route): the status page posts the registration
 * number and the code (the requester's proof; never in a URL) with the file's token. The file
 * comes back as an attachment, so the browser stays on the status page; a refusal goes back to
 * the status page with its reason as a toast.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getAppContext(context);
  const fields = formFields(await readForm(request));
  try {
    const lookup = parseOrInvalid(StatusLookupSchema, fields);
    const grant = await downloadReleasedFile(ctx, { ...lookup, token: fields.token ?? "" }, { range: null, ifNoneMatch: null });
    return fileResponse(ctx.files, grant, { range: null, ifNoneMatch: null });
  } catch (error) {
    if (error instanceof DomainError) return redirectWithFlash(ctx, STATUS_PAGE, { type: "error", message: error.message });
    throw error;
  }
}
