import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { CheckboxField, Field, FormBanner, useFormKit, type FormReply, type FormRules } from "~/components/form";
import { unitKerjaForm } from "~/i18n/unit-kerja-form";
import { CsrfField } from "~/components/form/csrf-field";

const m = unitKerjaForm;
const f = m.fields;

export type UnitKerjaFormDefaults = { nama?: string; jenis?: string; email?: string | null; namaPejabat?: string | null; isRecordsCentre?: boolean };

/**
 * The create and edit form of a work unit (nama, jenis, email, namaPejabat). A plain post to
 * the page's action with JavaScript on or off, checked in the browser first when it is on.
 */
export function UnitKerjaForm({
  mode,
  defaults,
  rules,
  lastResult,
}: {
  mode: "create" | "update";
  defaults: UnitKerjaFormDefaults;
  rules: FormRules;
  lastResult: FormReply | null | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useFormKit<keyof UnitKerjaFormDefaults>({
    lastResult,
    rules,
    defaultValue: { ...defaults, isRecordsCentre: defaults.isRecordsCentre ? "on" : undefined },
  });
  const fallback = mode === "create" ? m.createFailed : m.updateFailed;
  const banner = form.errors?.[0] ?? (lastResult?.status === "error" && !form.hasFieldErrors ? fallback : null);
  return (
    <>
      <FormBanner id={form.errorId} message={banner} testId="form-error" />
      <Form method="post" className="space-y-5" {...form.props}>
        <CsrfField />
        <Field label={f.nama} field={fields.nama} />
        <Field label={f.jenis} field={fields.jenis} />
        <Field label={f.email} field={fields.email} type="email" />
        <Field label={f.namaPejabat} field={fields.namaPejabat} />
        {/* Unchecked sends "false" (the hidden field); checked, "on" comes after it and wins. */}
        <input type="hidden" name="isRecordsCentre" value="false" />
        <CheckboxField label={f.isRecordsCentre} field={fields.isRecordsCentre} hint={m.recordsCentreHint} />
        <button type="submit" className={buttonClass.primary} disabled={busy} data-testid="submit-unit">
          {busy ? m.saving : m.submit}
        </button>
      </Form>
    </>
  );
}
