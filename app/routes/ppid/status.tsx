import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/status";
import { PageHeader } from "~/components/app-shell";
import { buttonClass } from "~/components/buttons";
import { Field, FormBanner, useFormKit } from "~/components/form";
import { lazyComponent } from "~/components/lazy-component";
import type { StatusFound } from "~/components/ppid/status-result";
import { parseOrInvalid } from "~/domain/form-input";
import { ObjectionSchema, StatusLookupSchema } from "~/domain/ppid/requests";
import { fileObjectionAsRequester, objectionStatus } from "~/server/ppid/objections.server";
import { DomainError } from "~/domain/errors";
import { ppidStatusPage } from "~/i18n/ppid/status-page";
import { pageMeta } from "~/lib/meta";
import { formFields, readForm } from "~/routes/helpers/form-body.server";
import { formRules, replyWithDomainError } from "~/routes/helpers/form.server";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { requestByStatusCode } from "~/server/ppid/service.server";

const s = ppidStatusPage;

/** The lookup's answer: its code loads when the requester posts (see the form's submit). */
const StatusResult = lazyComponent(() => import("~/components/ppid/status-result").then((module) => module.StatusResult));

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
  const form = await readForm(request);
  const fields = formFields(form);
  let lookup: { number: string; code: string };
  let found: StatusFound["request"];
  try {
    lookup = parseOrInvalid(StatusLookupSchema, fields);
    found = await requestByStatusCode(ctx, lookup.number, lookup.code);
  } catch (error) {
    if (error instanceof DomainError) error.values = { number: fields.number ?? "" };
    return replyWithDomainError(error, { hideFields: ["code"] });
  }
  // 'Ajukan Keberatan' posts the number and code again (hidden) with its ground and reasons.
  let objectionError: string | null = null;
  let filed: string | null = null;
  if (form.get("intent") === "object") {
    try {
      filed = (await fileObjectionAsRequester(ctx, lookup.number, lookup.code, parseOrInvalid(ObjectionSchema, fields))).registrationNumber;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      objectionError = error.message;
    }
  }
  const objections = await objectionStatus(ctx, lookup.number, lookup.code);
  const view = { request: found, lookup, ...objections, objectionError, filed };
  return objectionError ? data(view, { status: 400 }) : view;
}

export default function PpidStatus({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const found = actionData && "request" in actionData ? (actionData as StatusFound) : null;
  const reply = actionData && "status" in actionData ? actionData : null;
  const [form, fields] = useFormKit<"number" | "code">({ lastResult: reply, rules: loaderData.rules });
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={s.title} />
      <p className="mb-4 text-slate-700">{s.intro}</p>
      <FormBanner id={form.errorId} message={form.errors?.[0]} testId="form-error" />
      <Form
        method="post"
        className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        {...form.props}
        onSubmit={(event) => {
          // The answer's code comes while the server looks the request up.
          StatusResult.preload();
          form.props.onSubmit(event);
        }}
      >
        <Field label={s.number} field={fields.number} />
        <Field label={s.code} field={fields.code} inputProps={{ autoComplete: "off" }} />
        <button type="submit" className={buttonClass.primary} disabled={navigation.state === "submitting"} data-testid="check-ppid-status">
          {s.submit}
        </button>
      </Form>
      {found ? <StatusResult found={found} /> : null}
    </div>
  );
}
