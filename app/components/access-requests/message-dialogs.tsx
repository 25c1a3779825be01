import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { Dialog } from "~/components/dialog";
import { FormBanner, RadioGroup, TextareaField, useFormKit, type FormReply, type FormRules } from "~/components/form";
import type { AccessRequestView } from "~/domain/access-request-view";
import { accessRequestDialogs } from "~/i18n/access-request-dialogs";
import { CsrfField } from "~/components/form/csrf-field";
import { AppLink } from "~/components/app-link";

const s = accessRequestDialogs;

/** Is a form post to `action` in flight (the busy label)? */
function useBusy(action: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST" || !navigation.formAction) return false;
  const target = new URL(navigation.formAction, "http://x");
  const own = new URL(action, "http://x");
  return target.pathname === own.pathname && navigation.formData?.get("intent") !== "revoke";
}

type Props<Rules> = {
  /** Where the form posts (the page, with its query: errors re-render the open dialog). */
  action: string;
  /** Where closing leads (the page without the dialog). */
  closeTo: string;
  rules: Rules;
  lastResult: FormReply | null | undefined;
};

/**
 * 'Respon Permintaan Akses': message, Terima / Tolak, the 1x24 hours notice and 'Kirim Respon',
 * which stays disabled while the message is blank (with JavaScript; without it the server
 * refuses a blank message beside the field). `defaultAction` preselects a choice (the admin
 * column's 'Setujui' / 'Tolak').
 */
export function RespondDialog({
  request,
  defaultAction,
  action,
  closeTo,
  rules,
  lastResult,
}: Props<FormRules> & { request: Pick<AccessRequestView, "uuid" | "archiveTitle" | "requester" | "requestMessage">; defaultAction?: "accept" | "reject" }) {
  const hydrated = useHydrated();
  const busy = useBusy(action);
  const [form, fields] = useFormKit<"action" | "responseMessage">({ id: `respond-${request.uuid}`, lastResult, rules, defaultValue: { action: defaultAction } });
  const [blank, setBlank] = useState(!String(fields.responseMessage.initialValue ?? "").trim());
  return (
    <Dialog title={s.respond.title} status="respond" closeTo={closeTo} testId="respond-dialog">
      <p className="mb-1 font-medium text-slate-800" data-testid="respond-summary">
        {s.respond.summary(request.archiveTitle, request.requester)}
      </p>
      <p className="mb-3 italic">“{request.requestMessage}”</p>
      <FormBanner id={form.errorId} message={form.errors?.[0]} testId="respond-error" />
      <Form method="post" action={action} {...form.props} className="space-y-4">
        <CsrfField />
        <input type="hidden" name="uuid" value={request.uuid} />
        {/* A reply is a sentence or two, like the request it answers: a textarea. */}
        <TextareaField
          label={s.respond.messageLabel}
          field={fields.responseMessage}
          rows={3}
          textareaProps={{ placeholder: s.respond.placeholder, onInput: (event) => setBlank(!event.currentTarget.value.trim()) }}
        />
        <RadioGroup
          legend={s.respond.actionLegend}
          field={fields.action}
          options={[
            { value: "accept", label: s.respond.accept },
            { value: "reject", label: s.respond.reject },
          ]}
        />
        <p className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200" data-testid="respond-notice">
          {s.respond.notice}
        </p>
        <div className="flex justify-end gap-2">
          <AppLink to={closeTo} className={buttonClass.secondary}>
            {s.respond.cancel}
          </AppLink>
          <button type="submit" name="intent" value="respond" className={buttonClass.primary} disabled={busy || (hydrated && blank)}>
            {busy ? s.request.sending : s.respond.submit}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

/** The request dialog of the document detail page: the reason (sent trimmed) and 'Kirim Request'. */
export function RequestDialog({ action, closeTo, rules, lastResult }: Props<FormRules>) {
  const busy = useBusy(action);
  const [form, fields] = useFormKit<"requestMessage">({ id: "request-access", lastResult, rules });
  return (
    <Dialog title={s.request.title} status="request" closeTo={closeTo} testId="request-dialog">
      <FormBanner id={form.errorId} message={form.errors?.[0]} testId="request-error" />
      <Form method="post" action={action} {...form.props} className="space-y-4">
        <CsrfField />
        {/* A reason is a sentence or two: a textarea, whose placeholder wraps instead of being cut on a phone. */}
        <TextareaField label={s.request.label} field={fields.requestMessage} rows={3} textareaProps={{ placeholder: s.request.placeholder }} />
        <div className="flex justify-end gap-2">
          <AppLink to={closeTo} className={buttonClass.secondary}>
            {s.request.cancel}
          </AppLink>
          <button type="submit" name="intent" value="request" className={buttonClass.primary} disabled={busy}>
            {busy ? s.request.sending : s.request.submit}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
