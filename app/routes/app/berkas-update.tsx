import { href } from "react-router";
import type { Route } from "./+types/berkas-update";
import { FormPage } from "~/components/form-page";
import { BerkasForm } from "~/components/berkas/berkas-form";
import { BerkasUpdateSchema } from "~/domain/berkas";
import { ForbiddenError } from "~/domain/errors";
import { berkasMessages } from "~/i18n/berkas";
import { berkasFormText } from "~/i18n/berkas-form";
import { pageMeta } from "~/lib/meta";
import { berkasBreadcrumb } from "~/routes/helpers/detail-breadcrumbs";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { formPageAction } from "~/routes/helpers/page-action.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { getBerkasDetail, updateBerkas } from "~/server/berkas/service.server";
import { classificationOptions } from "~/server/classification/service.server";

export const handle = berkasBreadcrumb;

export const meta = () => pageMeta({ title: berkasFormText.updateTitle });

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const berkas = await orRouteError(async () => {
    const detail = await getBerkasDetail(ctx, params.id);
    if (!detail.canManage) throw new ForbiddenError(detail.closedReason ?? berkasMessages.manageDenied);
    return detail;
  });
  return { berkas, codes: await classificationOptions(ctx), rules: formRules(BerkasUpdateSchema) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const save = (fields: Record<string, string>) => updateBerkas(ctx, params.id, fields);
  return formPageAction(ctx, request, save, (berkas) => ({ to: href("/app/berkas/:id", { id: params.id }), toast: berkasMessages.updated(berkas.number) }));
}

export default function UpdateBerkas({ loaderData, actionData }: Route.ComponentProps) {
  const { berkas, codes, rules } = loaderData;
  return (
    <FormPage back={href("/app/berkas/:id", { id: String(berkas.id) })} title={berkasFormText.updateTitle}>
      <BerkasForm mode="update" defaults={berkas} rules={rules} lastResult={actionData} codes={codes} units={null} />
    </FormPage>
  );
}
