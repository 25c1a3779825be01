import { href } from "react-router";
import { readForm } from "~/routes/helpers/form-body.server";
import type { Route } from "./+types/unit-kerja-create";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { UnitKerjaForm } from "~/components/admin/unit-kerja-form";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { UnitKerjaSchema } from "~/domain/unit-kerja";
import { pageMeta } from "~/lib/meta";
import { createPageData, parseOrInvalid, withFormValues } from "~/routes/helpers/admin-pages.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { createUnitKerja } from "~/server/unit-kerja/service.server";
import { unitKerja as unitKerjaText } from "~/i18n/unit-kerja";
import { pageAction } from "~/routes/helpers/page-action.server";

const m = unitKerjaText;

export const meta = () => pageMeta({ title: m.createTitle });

export function loader({ request }: Route.LoaderArgs) {
  return createPageData(request, UnitKerjaSchema);
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  return pageAction(
    ctx,
    async () => {
      await withFormValues(form, [], (fields) => createUnitKerja(ctx, parseOrInvalid(UnitKerjaSchema, fields)));
      return { to: `${href("/app/manage-unit-kerja/create")}?saved=1` };
    },
    { form: {} },
  );
}

export default function CreateUnitKerja({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, saved, formKey } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback={href("/app/manage-unit-kerja")} />
      <PageHeader title={m.createTitle} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <UnitKerjaForm key={saved ? formKey : "form"} mode="create" defaults={{}} rules={rules} lastResult={actionData} />
      </div>
      <SavedDialog saved={saved} title={m.success} message={m.created} listHref={href("/app/manage-unit-kerja")} listLabel={m.backToList} />
    </div>
  );
}
