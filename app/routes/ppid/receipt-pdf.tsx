import { href, redirect } from "react-router";
import type { Route } from "./+types/receipt-pdf";
import { parseOrInvalid } from "~/domain/form-input";
import { StatusLookupSchema } from "~/domain/ppid/requests";
import { formFields, readForm } from "~/routes/helpers/form-body.server";
import { getAppContext, orRouteError } from "~/routes/helpers/route-errors.server";
import { downloadResponse } from "~/server/http/download.server";
import { receiptPdf } from "~/server/ppid/reports.server";

/** Nothing to show by itself: the receipt is asked for with its number and code, posted. */
export const loader = () => redirect(href("/ppid/status"));

/**
 * 'Unduh Tanda Terima (PDF)': posted from the receipt (after confirmation, on the status page)
 * with the number and the secret code, so neither lands in a URL; never by the number alone.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getAppContext(context);
  const fields = formFields(await readForm(request));
  return orRouteError(async () => {
    const lookup = parseOrInvalid(StatusLookupSchema, fields);
    const file = await receiptPdf(ctx, lookup.number, lookup.code);
    return downloadResponse(file.bytes as Uint8Array<ArrayBuffer>, "application/pdf", file.fileName);
  });
}
