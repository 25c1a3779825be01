import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { Field, FormBanner, SelectField, TextareaField, useFormKit, type FormReply, type FormRules } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { DEVELOPMENT_LEVELS } from "~/domain/berkas-view";
import type { ClassificationOption } from "~/domain/classification";
import { berkasFormText as m } from "~/i18n/berkas-form";
import { berkasVocabulary } from "~/i18n/berkas-vocabulary";

export type BerkasFormDefaults = {
  number?: string;
  title?: string;
  classificationCode?: string;
  unitKerjaId?: number | string;
  developmentLevel?: string;
  note?: string;
};

/**
 * 'Buat Berkas' and 'Ubah Berkas': a plain post to the page's action with JavaScript on or off,
 * checked in the browser first when it is on (the rules of the schema the API also uses). The
 * unit select is Super Admin's, on create only.
 */
export function BerkasForm({
  mode,
  defaults,
  rules,
  lastResult,
  codes,
  units,
  children,
}: {
  mode: "create" | "update";
  defaults: BerkasFormDefaults;
  rules: FormRules;
  lastResult: FormReply | null | undefined;
  codes: ClassificationOption[];
  /** The units a Super Admin chooses from (null: the user's own unit). */
  units: { id: number; nama: string }[] | null;
  /** Hidden fields the page posts along. */
  children?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useFormKit<keyof BerkasFormDefaults>({ lastResult, rules, defaultValue: defaults });
  const banner = form.errors?.[0] ?? null;
  return (
    <>
      <FormBanner id={form.errorId} message={banner} testId="form-error" />
      <Form method="post" className="space-y-5" {...form.props}>
        <CsrfField />
        {children}
        <Field label={m.fields.number} field={fields.number} hint={m.hints.number} />
        <TextareaField label={m.fields.title} field={fields.title} rows={2} />
        <SelectField
          label={m.fields.classificationCode}
          field={fields.classificationCode}
          options={codes.map((code) => ({ value: code.code, label: `${code.code} — ${code.name}`, group: code.group }))}
          placeholder={m.chooseCode}
          hint={m.hints.code}
        />
        {mode === "create" && units && (
          <SelectField
            label={m.fields.unitKerja}
            field={fields.unitKerjaId}
            options={units.map((unit) => ({ value: unit.id, label: unit.nama }))}
            placeholder={m.chooseUnit}
            hint={m.hints.unit}
          />
        )}
        <SelectField
          label={m.fields.developmentLevel}
          field={fields.developmentLevel}
          options={DEVELOPMENT_LEVELS.map((level) => ({ value: level, label: berkasVocabulary.developmentLevels[level]! }))}
        />
        <TextareaField label={m.fields.note} field={fields.note} rows={2} />
        <button type="submit" className={buttonClass.primary} disabled={busy} data-testid="submit-berkas">
          {busy ? m.saving : m.submit}
        </button>
      </Form>
    </>
  );
}
