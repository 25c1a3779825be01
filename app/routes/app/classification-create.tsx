import { href } from "react-router";
import type { Route } from "./+types/classification-create";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { ClassificationForm } from "~/components/classification/classification-form";
import { ClassificationSchema } from "~/domain/classification";
import { pageMeta } from "~/lib/meta";
import { createPageData, withFormValues } from "~/routes/helpers/admin-pages.server";
import { readForm } from "~/routes/helpers/form-body.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { createClassification } from "~/server/classification/service.server";
import { classificationText } from "~/i18n/classification";

const m = classificationText;

export const meta = () => pageMeta({ title: m.createTitle });

export function loader({ request }: Route.LoaderArgs) {
  return createPageData(request, ClassificationSchema);
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  return pageAction(
    ctx,
    async () => {
      await withFormValues(form, [], (fields) => createClassification(ctx, fields));
      return { to: `${href("/app/klasifikasi/create")}?saved=1` };
    },
    { form: {} },
  );
}

export default function CreateClassification({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, saved, formKey } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback={href("/app/klasifikasi")} />
      <PageHeader title={m.createTitle} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <ClassificationForm key={saved ? formKey : "form"} mode="create" defaults={{ securityClass: "TERBATAS", finalDisposition: "MUSNAH" }} rules={rules} lastResult={actionData} />
      </div>
      <SavedDialog saved={saved} title={m.saved} message={m.saved} listHref={href("/app/klasifikasi")} listLabel={m.backToList} />
    </div>
  );
}
