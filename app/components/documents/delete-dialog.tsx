import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { Dialog } from "~/components/dialog";
import { CsrfField } from "~/components/form/csrf-field";
import { documentDeleteText as t } from "~/i18n/document-delete";
import { AppLink } from "~/components/app-link";

/**
 * 'Hapus Dokumen' over a document's page (`?dialog=delete`): the document goes to the trash for
 * `trashDays`, 'Batal' back to the page. The page loads it lazily, when the URL opens it.
 */
export function DeleteDocumentDialog({ title, trashDays, closeTo }: { title: string; trashDays: number; closeTo: string }) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formData?.get("intent") === "delete";
  return (
    <Dialog title={t.title} status="error" closeTo={closeTo} testId="delete-dialog">
      <p>{t.question(title, trashDays)}</p>
      <Form method="post" className="mt-5 flex justify-end gap-2">
        <CsrfField />
        <AppLink to={closeTo} className={buttonClass.secondary}>
          {t.cancel}
        </AppLink>
        <button type="submit" name="intent" value="delete" className={buttonClass.danger} disabled={deleting}>
          {deleting ? t.deleting : t.confirm}
        </button>
      </Form>
    </Dialog>
  );
}
