import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { Field, RadioGroup, TextareaField, useFormKit, type FormRules } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { retention as r } from "~/i18n/retention";
import { retentionHold } from "~/i18n/retention-hold";

/**
 * The 'Retensi' section's forms, shown to Super Admin only (`RetentionSection` loads them
 * lazily): put on hold or release (with a reason), and 'Dinilai Kembali' when the record is due
 * for reappraisal. Plain posts to the page's action (`intent`), so they work without JavaScript.
 */

/** Is a post with this intent in flight (its button's busy state)? */
function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export function HoldForm({ rules }: { rules: FormRules }) {
  const [form, fields] = useFormKit<"reason">({ id: "hold", lastResult: null, rules });
  const busy = useBusy("hold");
  return (
    <Form method="post" className="mt-4 space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" {...form.props} data-testid="hold-form">
      <h3 className="font-semibold text-slate-800">{retentionHold.heading}</h3>
      <CsrfField />
      <TextareaField label={retentionHold.reason} field={fields.reason} hint={retentionHold.reasonHint} rows={2} />
      <button type="submit" name="intent" value="hold" className={buttonClass.danger} disabled={busy} data-testid="hold-submit">
        {retentionHold.place}
      </button>
    </Form>
  );
}

/**
 * Releasing a document's own hold, with the reason: on the document's page (a card), or in a
 * dialog of the trash (`inDialog`, naming the document in `hidden`, posting to `action`).
 */
export function ReleaseHoldForm({ rules, inDialog, hidden = {}, action }: { rules: FormRules; inDialog?: boolean; hidden?: Record<string, string>; action?: string }) {
  const [form, fields] = useFormKit<"reason">({ id: "release-hold", lastResult: null, rules });
  const busy = useBusy("release-hold");
  return (
    <Form
      method="post"
      action={action}
      className={inDialog ? "mt-4 space-y-3" : "mt-4 space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"}
      {...form.props}
      data-testid="release-hold-form"
    >
      {!inDialog && <h3 className="font-semibold text-slate-800">{retentionHold.heading}</h3>}
      <CsrfField />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TextareaField label={retentionHold.releaseReason} field={fields.reason} rows={2} />
      <button type="submit" name="intent" value="release-hold" className={buttonClass.secondary} disabled={busy} data-testid="release-hold-submit">
        {retentionHold.release}
      </button>
    </Form>
  );
}

export function ReappraisalForm({ rules }: { rules: FormRules }) {
  const [form, fields] = useFormKit<"outcome" | "until" | "reason">({ id: "reappraisal", lastResult: null, rules, defaultValue: { outcome: "EXTEND" } });
  const busy = useBusy("reappraise");
  const t = r.reappraisal;
  return (
    <Form method="post" className="mt-4 space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" {...form.props} data-testid="reappraisal-form">
      <h3 className="font-semibold text-slate-800">{t.heading}</h3>
      <p className="text-sm text-slate-600">{t.intro}</p>
      <CsrfField />
      <RadioGroup
        legend={t.outcome}
        field={fields.outcome}
        options={[
          { value: "EXTEND", label: t.outcomes.EXTEND },
          { value: "MUSNAH", label: t.outcomes.MUSNAH },
          { value: "PERMANEN", label: t.outcomes.PERMANEN },
        ]}
      />
      <Field label={t.until} field={fields.until} type="date" />
      <TextareaField label={t.reason} field={fields.reason} rows={2} />
      <button type="submit" name="intent" value="reappraise" className={buttonClass.primary} disabled={busy} data-testid="reappraisal-submit">
        {t.submit}
      </button>
    </Form>
  );
}
