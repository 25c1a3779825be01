import { Form, href } from "react-router";
import type { Route } from "./+types/officers";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { buttonClass } from "~/components/buttons";
import { Field, FormBanner, RadioGroup, useFormKit } from "~/components/form";
import { CsrfField } from "~/components/form/csrf-field";
import { parseOrInvalid } from "~/domain/form-input";
import { DesignationSchema } from "~/domain/ppid/requests";
import { PPID_ROLES } from "~/domain/ppid/requests-view";
import { ppidOfficers } from "~/i18n/ppid/officers";
import { pageMeta } from "~/lib/meta";
import { formFields, readForm } from "~/routes/helpers/form-body.server";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { listPpidOfficers, setPpidRole } from "~/server/ppid/officers.server";

const o = ppidOfficers;
const BASE = href("/app/ppid/petugas");

export const meta = () => pageMeta({ title: o.title });

/** Who is designated PPID officer or atasan (Super Admin, by the layout's gate). */
export async function loader({ context }: Route.LoaderArgs) {
  return { officers: await listPpidOfficers(getSignedIn(context)), rules: formRules(DesignationSchema) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const fields = formFields(form);
  if (form.get("intent") === "withdraw") {
    return pageAction(
      ctx,
      async () => {
        await setPpidRole(ctx, fields.username ?? "", null);
        return { to: BASE, toast: o.saved };
      },
      { toast: { to: BASE } },
    );
  }
  return pageAction(
    ctx,
    async () => {
      const designation = parseOrInvalid(DesignationSchema, fields);
      await setPpidRole(ctx, designation.username, designation.role);
      return { to: BASE, toast: o.saved };
    },
    { form: { values: fields } },
  );
}

export default function PpidOfficers({ loaderData, actionData }: Route.ComponentProps) {
  const { officers, rules } = loaderData;
  const [form, fields] = useFormKit<"username" | "role">({ lastResult: actionData, rules });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink fallback={href("/app/ppid")} />
      <PageHeader title={o.title} description={o.intro} />
      <section aria-label={o.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        {officers.length === 0 ? (
          <p className="text-slate-600">{o.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="ppid-officers">
            {officers.map((officer) => (
              <li key={officer.id} className="flex items-center justify-between gap-4 py-2">
                <span>
                  {officer.name} ({officer.username}) — {o.roles[officer.role]}
                </span>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="username" value={officer.username} />
                  <button type="submit" className={buttonClass.secondary} aria-label={`${o.withdraw} ${officer.username}`}>
                    {o.withdraw}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <FormBanner id={form.errorId} message={form.errors?.[0]} />
        <Form method="post" className="mt-4 space-y-4" {...form.props}>
          <CsrfField />
          <Field label={o.username} field={fields.username} />
          <RadioGroup legend={o.role} field={fields.role} options={PPID_ROLES.map((value) => ({ value, label: o.roles[value] }))} />
          <button type="submit" className={buttonClass.primary} data-testid="designate-ppid">
            {o.submit}
          </button>
        </Form>
      </section>
    </div>
  );
}
