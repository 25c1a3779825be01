import { href } from "react-router";
import type { AccessRequestView } from "~/domain/access-request-view";
import { accessRequestDialogs } from "~/i18n/access-request-dialogs";
import { accessRequests as accessRequestsText } from "~/i18n/access-requests";
import { StatusBadge } from "./status-badge";
import { TokenDownloadLink } from "./token-download-link";
import { AppLink } from "~/components/app-link";

/** A document page's note of the reader's open request for it: its state, and the download once approved. */
export function OpenRequestNotice({ request }: { request: AccessRequestView }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200" data-testid="open-request">
      <span>{accessRequestDialogs.request.openState}</span>
      <StatusBadge status={request.status} />
      {request.canDownload && <TokenDownloadLink request={request}>{accessRequestsText.rowActions.download}</TokenDownloadLink>}
      <AppLink to={href("/app/access-request")} className="font-medium text-blue-700 hover:underline">
        {accessRequestDialogs.request.viewStatus}
      </AppLink>
    </div>
  );
}
