import { href } from "react-router";
import type { Route } from "./+types/classification-create";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { FormPage } from "~/components/form-page";
import { ClassificationForm } from "~/components/classification/classification-form";
import { ClassificationSchema } from "~/domain/classification";
import { pageMeta } from "~/lib/meta";
import { createPageData, savedHref } from "~/routes/helpers/admin-pages.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { formPageAction } from "~/routes/helpers/page-action.server";
import { createClassification } from "~/server/classification/service.server";
import { classificationFormText } from "~/i18n/classification-form";

export const meta = () => pageMeta({ title: classificationFormText.createTitle });

export function loader({ request }: Route.LoaderArgs) {
  return createPageData(request, ClassificationSchema);
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  return formPageAction(ctx, request, (fields) => createClassification(ctx, fields), () => ({ to: savedHref(href("/app/klasifikasi/create")) }));
}

export default function CreateClassification({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, saved, formKey } = loaderData;
  return (
    <FormPage
      back={href("/app/klasifikasi")}
      title={classificationFormText.createTitle}
      after={<SavedDialog saved={saved} title={classificationFormText.saved} message={classificationFormText.saved} listHref={href("/app/klasifikasi")} listLabel={classificationFormText.backToList} />}
    >
      <ClassificationForm key={saved ? formKey : "form"} mode="create" defaults={{ securityClass: "TERBATAS", finalDisposition: "MUSNAH" }} rules={rules} lastResult={actionData} />
    </FormPage>
  );
}
