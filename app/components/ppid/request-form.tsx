import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/buttons";
import { Field, FormBanner, RadioGroup, TextareaField, useFormKit, type FormReply, type FormRules } from "~/components/form";
import { DELIVERIES, FORMATS } from "~/domain/ppid/requests-view";
import { ppidRequestPage } from "~/i18n/ppid/request-page";
import { ppidDeliveries, ppidFormats } from "~/i18n/ppid/vocabulary";

const p = ppidRequestPage;
const f = p.fields;

type RequestField = "requesterName" | "email" | "phone" | "address" | "information" | "purpose" | "format" | "delivery";

/**
 * 'Ajukan Permohonan Informasi': a plain post with JavaScript on or off (checked in the browser
 * first when it is on). Only what the law asks for: name, address, contact, the information,
 * its purpose, the form wanted and how to receive it.
 */
export function PpidRequestForm({ rules, lastResult }: { rules: FormRules; lastResult: FormReply | null | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useFormKit<RequestField>({ lastResult, rules });
  const banner = form.errors?.[0] ?? (lastResult?.status === "error" && !form.hasFieldErrors ? p.failed : null);
  return (
    <>
      <FormBanner id={form.errorId} message={banner} testId="form-error" />
      <Form method="post" className="space-y-5" {...form.props}>
        <Field label={f.requesterName} field={fields.requesterName} inputProps={{ autoComplete: "name" }} />
        <Field label={f.email} field={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
        <Field label={f.phone} field={fields.phone} type="tel" inputProps={{ autoComplete: "tel" }} />
        <TextareaField label={f.address} field={fields.address} rows={2} />
        <TextareaField label={f.information} field={fields.information} />
        <TextareaField label={f.purpose} field={fields.purpose} rows={2} />
        <RadioGroup legend={f.format} field={fields.format} options={FORMATS.map((value) => ({ value, label: ppidFormats[value] }))} />
        <RadioGroup legend={f.delivery} field={fields.delivery} options={DELIVERIES.map((value) => ({ value, label: ppidDeliveries[value] }))} />
        <button type="submit" className={buttonClass.primary} disabled={busy} data-testid="submit-ppid-request">
          {busy ? p.sending : p.submit}
        </button>
      </Form>
    </>
  );
}
