import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import type { AccessRequestView } from "~/domain/access-request-view";
import { accessRequests as accessRequestsText } from "~/i18n/access-requests";

const r = accessRequestsText.revoke;

/**
 * 'Cabut' asks first, like every other destructive action: the dialog names the document and
 * the requester, 'Batal' goes back to the list, 'Ya, Cabut' posts `intent=revoke` to the page.
 * Addressed by the list URL (`?revoke={uuid}`), so it works without JavaScript.
 */
export function RevokeDialog({ request, action, closeTo }: { request: Pick<AccessRequestView, "uuid" | "archiveTitle" | "requester">; action: string; closeTo: string }) {
  return (
    <ConfirmDialog
      title={r.title}
      cancelTo={closeTo}
      cancelLabel={r.cancel}
      confirmLabel={r.submit}
      busyLabel={r.busy}
      intent="revoke"
      fields={{ uuid: request.uuid }}
      action={action}
      testId="revoke-dialog"
    >
      {r.confirm(request.archiveTitle, request.requester)}
    </ConfirmDialog>
  );
}
