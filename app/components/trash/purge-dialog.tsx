import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { trashPurgeText as t } from "~/i18n/trash-purge";

/**
 * 'Hapus Permanen' over the trash (`?dialog=purge&uuid=…`): what purging leaves behind, 'Batal'
 * back to the list. The trash page loads it lazily, when the URL opens it.
 */
export function PurgeDialog({ document, action, cancelTo }: { document: { uuid: string; title: string }; action: string; cancelTo: string }) {
  return (
    <ConfirmDialog
      title={t.title}
      cancelTo={cancelTo}
      cancelLabel={t.cancel}
      confirmLabel={t.confirm}
      busyLabel={t.purging}
      intent="purge"
      fields={{ uuid: document.uuid }}
      action={action}
      testId="purge-dialog"
    >
      {t.question(document.title)}
    </ConfirmDialog>
  );
}
