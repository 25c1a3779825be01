import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/status";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { DetailTable } from "~/components/detail-table";
import { Field, FormBanner, useFormKit } from "~/components/form";
import { jakartaDay } from "~/components/ppid/receipt";
import { parseOrInvalid } from "~/domain/form-input";
import { StatusLookupSchema } from "~/domain/ppid/requests";
import { DomainError } from "~/domain/errors";
import { ppidMessages } from "~/i18n/ppid";
import { pageMeta } from "~/lib/meta";
import { formFields, readForm } from "~/routes/helpers/form-body.server";
import { formRules, replyWithDomainError } from "~/routes/helpers/form.server";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { requestByStatusCode, type PpidRequestView } from "~/server/ppid/service.server";

const s = ppidMessages.status;

export const meta = () => pageMeta({ title: s.title });

export function loader() {
  return { rules: formRules(StatusLookupSchema) };
}

/**
 * The status page: a post of the number and the code (so neither lands in a URL, a log or a
 * history); the answer is rendered in place, with JavaScript on or off.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getAppContext(context);
  const fields = formFields(await readForm(request));
  try {
    const lookup = parseOrInvalid(StatusLookupSchema, fields);
    return { request: await requestByStatusCode(ctx, lookup.number, lookup.code) };
  } catch (error) {
    if (error instanceof DomainError) error.values = { number: fields.number ?? "" };
    return replyWithDomainError(error, { hideFields: ["code"] });
  }
}

function StatusDetails({ request }: { request: PpidRequestView }) {
  const rows: [string, React.ReactNode][] = [
    [ppidMessages.receipt.number, request.registrationNumber],
    [s.status, <strong data-testid="ppid-status">{ppidMessages.statuses[request.status]}</strong>],
    [s.information, request.information],
    [s.dueDate, request.dueDate ? jakartaDay(request.dueDate) : "-"],
  ];
  if (request.extendedDueDate) rows.push([s.extendedDueDate, jakartaDay(request.extendedDueDate)], [s.extensionReason, request.extensionReason]);
  if (request.daysLeft !== null) rows.push([s.daysLeft, String(request.daysLeft)]);
  if (request.outcome) rows.push([s.outcome, ppidMessages.outcomes[request.outcome as keyof typeof ppidMessages.outcomes]], [s.answerMessage, request.answerMessage]);
  return (
    <section aria-labelledby="ppid-status-details" className="mt-6 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="ppid-status-details" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
        {request.registrationNumber}
      </h2>
      <DetailTable items={rows} testId="ppid-status-details" />
    </section>
  );
}

export default function PpidStatus({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const found = actionData && "request" in actionData ? actionData.request : null;
  const reply = actionData && "status" in actionData ? actionData : null;
  const [form, fields] = useFormKit<"number" | "code">({ lastResult: reply, rules: loaderData.rules });
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={s.title} />
      <p className="mb-4 text-slate-700">{s.intro}</p>
      <FormBanner id={form.errorId} message={form.errors?.[0]} testId="form-error" />
      <Form method="post" className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" {...form.props}>
        <Field label={s.number} field={fields.number} />
        <Field label={s.code} field={fields.code} inputProps={{ autoComplete: "off" }} />
        <button type="submit" className={buttonClass.primary} disabled={navigation.state === "submitting"} data-testid="check-ppid-status">
          {s.submit}
        </button>
      </Form>
      {found ? <StatusDetails request={found} /> : null}
    </div>
  );
}
