import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { Dialog } from "~/components/dialog";
import { CsrfField } from "~/components/form/csrf-field";
import { AppLink } from "~/components/app-link";

/**
 * A server-rendered confirm-then-act dialog (addressed by the page URL, so it works without
 * JavaScript): the question, 'Batal' back to `cancelTo`, and a button that posts `intent`
 * (plus `fields`) to the page's action. The button shows `busyLabel` while the post runs.
 */
type ConfirmDialogProps = {
  title: string;
  children: React.ReactNode;
  cancelTo: string;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  intent: string;
  fields?: Record<string, string>;
  /** Controls the person sets before confirming (e.g. a checkbox), posted with the intent. */
  inputs?: React.ReactNode;
  /** Where the form posts (default: the current route). */
  action?: string;
  testId: string;
};

export function ConfirmDialog({
  title,
  children,
  cancelTo,
  cancelLabel,
  confirmLabel,
  busyLabel,
  intent,
  fields = {},
  inputs,
  action,
  testId,
}: ConfirmDialogProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formData?.get("intent") === intent;
  return (
    <Dialog title={title} status="error" closeTo={cancelTo} testId={testId}>
      <p>{children}</p>
      <Form method="post" action={action} className="mt-5 flex flex-wrap justify-end gap-2">
        <CsrfField />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {inputs && <div className="w-full text-left">{inputs}</div>}
        <AppLink to={cancelTo} className={buttonClass.secondary}>
          {cancelLabel}
        </AppLink>
        <button type="submit" name="intent" value={intent} className={buttonClass.danger} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </Form>
    </Dialog>
  );
}

/** The labels every delete confirmation takes from its page's messages. */
type DeleteMessages = { deleteTitle: string; cancel: string; confirmDelete: string; deleting: string };

/** The delete confirmation of an admin page: a ConfirmDialog posting intent "delete". */
export function DeleteDialog({ messages, ...props }: { messages: DeleteMessages } & Pick<ConfirmDialogProps, "children" | "cancelTo" | "fields" | "action">) {
  return (
    <ConfirmDialog
      title={messages.deleteTitle}
      cancelLabel={messages.cancel}
      confirmLabel={messages.confirmDelete}
      busyLabel={messages.deleting}
      intent="delete"
      testId="delete-dialog"
      {...props}
    />
  );
}
