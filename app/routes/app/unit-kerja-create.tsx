import { href } from "react-router";
import type { Route } from "./+types/unit-kerja-create";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { UnitKerjaForm } from "~/components/admin/unit-kerja-form";
import { FormPage } from "~/components/form-page";
import { UnitKerjaSchema } from "~/domain/unit-kerja";
import { pageMeta } from "~/lib/meta";
import { createPageData, parseOrInvalid, savedHref } from "~/routes/helpers/admin-pages.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { createUnitKerja } from "~/server/unit-kerja/service.server";
import { unitKerjaForm } from "~/i18n/unit-kerja-form";
import { formPageAction } from "~/routes/helpers/page-action.server";

const m = unitKerjaForm;

export const meta = () => pageMeta({ title: m.createTitle });

export function loader({ request }: Route.LoaderArgs) {
  return createPageData(request, UnitKerjaSchema);
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  return formPageAction(ctx, request, (fields) => createUnitKerja(ctx, parseOrInvalid(UnitKerjaSchema, fields)), () => ({ to: savedHref(href("/app/manage-unit-kerja/create")) }));
}

export default function CreateUnitKerja({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, saved, formKey } = loaderData;
  return (
    <FormPage
      back={href("/app/manage-unit-kerja")}
      title={m.createTitle}
      after={<SavedDialog saved={saved} title={m.success} message={m.created} listHref={href("/app/manage-unit-kerja")} listLabel={m.backToList} />}
    >
      <UnitKerjaForm key={saved ? formKey : "form"} mode="create" defaults={{}} rules={rules} lastResult={actionData} />
    </FormPage>
  );
}
