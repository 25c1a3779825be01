import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { TextareaField, useFormKit, type FormRules } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { formatDate } from "~/lib/format";
import { retentionHold } from "~/i18n/retention-hold";

/**
 * 'Penahanan' of a whole code (Super Admin, on the code's page): it covers the code and every
 * code below it. Shows the hold and its release form, or the form to put one. Plain posts.
 */
export function CodeHoldPanel({ code, hold, rules }: { code: string; hold: { reason: string; createdAt: string } | null; rules: FormRules }) {
  const [form, fields] = useFormKit<"reason">({ id: "code-hold", lastResult: null, rules });
  const navigation = useNavigation();
  const intent = hold ? "release-code-hold" : "hold-code";
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <section className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="code-hold-heading" data-testid="code-hold">
      <h2 id="code-hold-heading" className="text-lg font-semibold text-slate-800">
        {retentionHold.heading}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{retentionHold.codeHint}</p>
      {hold && (
        <p className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" data-testid="code-hold-active">
          {retentionHold.codeActive(code, hold.reason)} ({formatDate(hold.createdAt, "DD MMMM YYYY HH:mm")})
        </p>
      )}
      <Form method="post" className="space-y-3" {...form.props}>
        <CsrfField />
        <TextareaField label={hold ? retentionHold.releaseReason : retentionHold.reason} field={fields.reason} rows={2} />
        <button type="submit" name="intent" value={intent} className={hold ? buttonClass.secondary : buttonClass.danger} disabled={busy} data-testid="code-hold-submit">
          {hold ? retentionHold.release : retentionHold.placeCode}
        </button>
      </Form>
    </section>
  );
}
