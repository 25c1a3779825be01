import { redirect } from "react-router";
import { readForm } from "~/server/form-body.server";
import type { Route } from "./+types/unit-kerja-create";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { UnitKerjaForm } from "~/components/admin/unit-kerja-form";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { UnitKerjaSchema } from "~/domain/unit-kerja";
import { pageMeta } from "~/lib/meta";
import { parseOrInvalid, withFormValues } from "~/server/admin-pages.server";
import { formRules, replyWithDomainError } from "~/server/form.server";
import { getSignedIn } from "~/server/gates.server";
import { createUnitKerja } from "~/server/services/unit-kerja.server";
import { unitKerja as unitKerjaText } from "~/i18n/unit-kerja";

const m = unitKerjaText;

export const meta = () => pageMeta({ title: m.createTitle });

export function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  return {
    csrfToken: ctx.session.csrfToken,
    rules: formRules(UnitKerjaSchema),
    saved: new URL(request.url).searchParams.get("saved") === "1",
    formKey: crypto.randomUUID(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  try {
    await withFormValues(await readForm(request), [], (fields) => createUnitKerja(ctx, parseOrInvalid(UnitKerjaSchema, fields)));
    return redirect("/app/manage-unit-kerja/create?saved=1");
  } catch (error) {
    return replyWithDomainError(error);
  }
}

export default function CreateUnitKerja({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, rules, saved, formKey } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback="/app/manage-unit-kerja" />
      <PageHeader title={m.createTitle} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <UnitKerjaForm key={saved ? formKey : "form"} mode="create" defaults={{}} rules={rules} lastResult={actionData} csrfToken={csrfToken} />
      </div>
      <SavedDialog saved={saved} title={m.success} message={m.created} listHref="/app/manage-unit-kerja" listLabel={m.backToList} />
    </div>
  );
}
