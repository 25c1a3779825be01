import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { documentDeleteText as t } from "~/i18n/document-delete";

/**
 * 'Hapus Dokumen' over a document's page (`?dialog=delete`): the document goes to the trash for
 * `trashDays`, 'Batal' back to the page. The page loads it lazily, when the URL opens it.
 */
export function DeleteDocumentDialog({ title, trashDays, closeTo }: { title: string; trashDays: number; closeTo: string }) {
  return (
    <ConfirmDialog title={t.title} cancelTo={closeTo} cancelLabel={t.cancel} confirmLabel={t.confirm} busyLabel={t.deleting} intent="delete" testId="delete-dialog">
      {t.question(title, trashDays)}
    </ConfirmDialog>
  );
}
