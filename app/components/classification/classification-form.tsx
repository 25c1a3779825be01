import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { Field, FormBanner, SelectField, TextareaField, useFormKit, type FormReply, type FormRules } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { FINAL_DISPOSITIONS } from "~/domain/classification-view";
import { SECURITY_CLASSES } from "~/domain/security-classes";
import { classificationFormText } from "~/i18n/classification-form";
import { securityClassNames } from "~/i18n/filing";

const f = classificationFormText.fields;

export type ClassificationFormDefaults = {
  code?: string;
  name?: string;
  description?: string;
  securityClass?: string;
  retentionActiveYears?: number | string;
  retentionInactiveYears?: number | string;
  finalDisposition?: string;
  legalBasis?: string;
};

/**
 * The create and edit form of a classification code: a plain post to the page's action with
 * JavaScript on or off. The code itself is fixed once created (documents and codes below it are
 * filed by it).
 */
export function ClassificationForm({ mode, defaults, rules, lastResult }: { mode: "create" | "update"; defaults: ClassificationFormDefaults; rules: FormRules; lastResult: FormReply | null | undefined }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useFormKit<keyof ClassificationFormDefaults>({ lastResult, rules, defaultValue: defaults });
  return (
    <>
      <FormBanner id={form.errorId} message={form.errors?.[0]} testId="form-error" />
      <Form method="post" className="space-y-5" {...form.props}>
        <CsrfField />
        <Field label={f.code} field={fields.code} hint={f.codeHint} inputProps={{ readOnly: mode === "update", autoCapitalize: "characters" }} />
        <Field label={f.name} field={fields.name} />
        <TextareaField label={f.description} field={fields.description} rows={3} />
        <SelectField label={f.securityClass} field={fields.securityClass} options={SECURITY_CLASSES.map((value) => ({ value, label: securityClassNames[value] }))} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={f.retentionActiveYears} field={fields.retentionActiveYears} type="number" />
          <Field label={f.retentionInactiveYears} field={fields.retentionInactiveYears} type="number" />
        </div>
        <SelectField
          label={f.finalDisposition}
          field={fields.finalDisposition}
          options={FINAL_DISPOSITIONS.map((value) => ({ value, label: classificationFormText.dispositions[value] }))}
        />
        <Field label={f.legalBasis} field={fields.legalBasis} />
        <button type="submit" className={buttonClass.primary} disabled={busy} data-testid="submit-code">
          {classificationFormText.save}
        </button>
      </Form>
    </>
  );
}
