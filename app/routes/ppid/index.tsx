import { href } from "react-router";
import type { Route } from "./+types/index";
import { PageHeader } from "~/components/app-shell";
import { FormBanner } from "~/components/form";
import { PpidRequestForm } from "~/components/ppid/request-form";
import { PublicRequestSchema } from "~/domain/ppid/requests";
import { parseOrInvalid } from "~/domain/form-input";
import { ppidRequestPage } from "~/i18n/ppid/request-page";
import { pageMeta } from "~/lib/meta";
import { formRules } from "~/routes/helpers/form.server";
import { formPageAction } from "~/routes/helpers/page-action.server";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { submitPublicRequest } from "~/server/ppid/service.server";
import { AppLink } from "~/components/app-link";

const p = ppidRequestPage;

export const meta = () => pageMeta({ title: p.title, description: p.description, indexable: true });

/** /ppid: what can be asked and how, and the request form (no account, no JavaScript needed). */
export function loader({ request }: Route.LoaderArgs) {
  return { rules: formRules(PublicRequestSchema), sent: new URL(request.url).searchParams.get("terkirim") === "1" };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getAppContext(context);
  const submit = (fields: Record<string, string>) => submitPublicRequest(ctx, parseOrInvalid(PublicRequestSchema, fields));
  return formPageAction(ctx, request, submit, () => ({ to: `${href("/ppid")}?terkirim=1` }), { fallback: p.failed });
}

export default function Ppid({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, sent } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={p.title} />
      <p className="mb-4 text-slate-700">{p.intro}</p>
      <p className="mb-6">
        <AppLink to={href("/ppid/status")} className="text-blue-700 underline">
          {p.statusLink}
        </AppLink>
        {" · "}
        <AppLink to={href("/ppid/dip")} className="text-blue-700 underline">
          {ppidRequestPage.dipLink}
        </AppLink>
      </p>
      <FormBanner message={sent ? p.sent : null} tone="notice" testId="ppid-sent" />
      <section aria-labelledby="ppid-form" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="ppid-form" className="mb-2 text-lg font-semibold text-slate-900">
          {p.formTitle}
        </h2>
        <p className="mb-4 text-sm text-slate-600">{p.formIntro}</p>
        <PpidRequestForm rules={rules} lastResult={actionData} />
      </section>
    </div>
  );
}
