import { Form, href, useNavigation } from "react-router";
import type { Route } from "./+types/record";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass } from "~/components/buttons";
import { Field, FormBanner, RadioGroup, TextareaField, useFormKit } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { parseOrInvalid } from "~/domain/form-input";
import { OfficerRequestSchema } from "~/domain/ppid/requests";
import { DELIVERIES, FORMATS, OFFICER_CHANNELS } from "~/domain/ppid/requests-view";
import { ppidMessages } from "~/i18n/ppid";
import { ppidRecord } from "~/i18n/ppid/record";
import { ppidRequestPage } from "~/i18n/ppid/request-page";
import { ppidChannels, ppidDeliveries, ppidFormats } from "~/i18n/ppid/vocabulary";
import { pageMeta } from "~/lib/meta";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { formPageAction } from "~/routes/helpers/page-action.server";
import { recordRequest } from "~/server/ppid/service.server";

const d = ppidRecord;
const f = ppidRequestPage.fields;

export const meta = () => pageMeta({ title: d.title });

export function loader() {
  return { rules: formRules(OfficerRequestSchema) };
}

/** 'Catat Permohonan': registered and numbered at once; on to the request's page. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const save = (fields: Record<string, string>) => recordRequest(ctx, parseOrInvalid(OfficerRequestSchema, fields));
  return formPageAction(
    ctx,
    request,
    save,
    (recorded) => ({ to: href("/app/ppid/:id", { id: recorded.id }), toast: `${ppidMessages.api.recorded} ${recorded.registrationNumber}` }),
    { fallback: d.failed },
  );
}

type RecordField = "requesterName" | "email" | "phone" | "address" | "information" | "purpose" | "format" | "delivery" | "channel";

export default function PpidRecord({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useFormKit<RecordField>({ lastResult: actionData, rules: loaderData.rules });
  const banner = form.errors?.[0] ?? (actionData?.status === "error" && !form.hasFieldErrors ? d.failed : null);
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback={href("/app/ppid")} />
      <PageHeader title={d.title} description={d.intro} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <FormBanner id={form.errorId} message={banner} testId="form-error" />
        <Form method="post" className="space-y-5" {...form.props}>
          <CsrfField />
          <RadioGroup legend={f.channel} field={fields.channel} options={OFFICER_CHANNELS.map((value) => ({ value, label: ppidChannels[value] }))} />
          <Field label={f.requesterName} field={fields.requesterName} />
          <Field label={f.email} field={fields.email} type="email" />
          <Field label={f.phone} field={fields.phone} type="tel" />
          <TextareaField label={f.address} field={fields.address} rows={2} />
          <TextareaField label={f.information} field={fields.information} />
          <TextareaField label={f.purpose} field={fields.purpose} rows={2} />
          <RadioGroup legend={f.format} field={fields.format} options={FORMATS.map((value) => ({ value, label: ppidFormats[value] }))} />
          <RadioGroup legend={f.delivery} field={fields.delivery} options={DELIVERIES.map((value) => ({ value, label: ppidDeliveries[value] }))} />
          <button type="submit" className={buttonClass.primary} disabled={busy} data-testid="submit-ppid-record">
            {d.submit}
          </button>
        </Form>
      </div>
    </div>
  );
}
