import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { disposalExecuteText as t } from "~/i18n/disposal-execute";

/**
 * 'Laksanakan daftar?' over a disposal list (`?dialog=execute`): what executing does to a MUSNAH
 * or a SERAH list, 'Batal' back to the list. The list's page loads it lazily, when the URL opens it.
 */
export function ExecuteDialog({ kind, listHref }: { kind: string; listHref: string }) {
  return (
    <ConfirmDialog title={t.title} cancelTo={listHref} cancelLabel={t.cancel} confirmLabel={t.confirm} busyLabel={t.executing} intent="execute" action={listHref} testId="execute-dialog">
      {t.question(kind)}
    </ConfirmDialog>
  );
}
