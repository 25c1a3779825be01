import { href, redirect } from "react-router";
import type { BreadcrumbHandle } from "~/lib/breadcrumb";
import type { Route } from "./+types/access-request-download";
import { PageHeader } from "~/components/app-shell";
import { Dialog } from "~/components/dialog";
import type { AccessRequestView } from "~/domain/access-request-view";
import { pageMeta } from "~/lib/meta";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { getAccessRequest } from "~/server/access-requests/service.server";
import { accessRequests as accessRequestsText, accessRequestMessages } from "~/i18n/access-requests";

const d = accessRequestsText.download;

/** The no-JavaScript download page of a request: its crumb names the requested document; 'Download' alone is no page. */
export const handle: BreadcrumbHandle<{ request?: { uuid: string; title: string } }> = {
  breadcrumb: (data) => (data.request ? { [href("/app/access-request/download/:uuid", { uuid: data.request.uuid })]: data.request.title } : {}),
  withoutPage: () => [`${href("/app/access-request")}/download`],
};

export const meta = () => pageMeta({ title: d.failed });

/** Neither this page nor the redirect carrying the token may pass a Referer on, or be stored. */
const NO_LEAK = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
export function headers() {
  return NO_LEAK;
}

/** Why the viewer cannot download this request's file (the token download's reasons, by state). */
function refusalOf(view: AccessRequestView): string {
  const refusals = accessRequestMessages.download;
  if (!view.isRequester) return refusals.tokenForeign;
  if (view.status === "REVOKED") return refusals.tokenRevoked;
  if (view.status === "EXPIRED") return refusals.tokenExpired;
  return refusals.tokenInvalid;
}

/**
 * The Download link without JavaScript: `/app/access-request/download/{request uuid}` (no token
 * in the URL). A live approval of the viewer redirects to the token download of the API, which
 * sends the file as an attachment (the browser stays on the list); anything else renders
 * 'Gagal mengunduh file' with the reason instead of the API's JSON.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const view = await orRouteError(() => getAccessRequest(ctx, params.uuid));
  if (view.canDownload && view.downloadUrl) throw redirect(view.downloadUrl, { headers: NO_LEAK });
  return { reason: refusalOf(view), request: { uuid: view.uuid, title: view.archiveTitle } };
}

export default function AccessRequestDownload({ loaderData }: Route.ComponentProps) {
  // The page under the dialog is the list's: its heading keeps the outline whole.
  return (
    <>
      <PageHeader title={accessRequestsText.title} />
      <Dialog title={d.failed} status="error" closeTo={href("/app/access-request")} closeLabel={d.back} testId="download-error">
        <p className="font-medium text-slate-800">{loaderData.request.title}</p>
        <p className="mt-1" data-testid="download-error-reason">
          {loaderData.reason}
        </p>
      </Dialog>
    </>
  );
}
