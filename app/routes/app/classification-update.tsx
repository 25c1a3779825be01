import { href } from "react-router";
import type { BreadcrumbHandle } from "~/lib/breadcrumb";
import type { Route } from "./+types/classification-update";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { FormPage } from "~/components/form-page";
import { ClassificationForm } from "~/components/classification/classification-form";
import { ClassificationSchema } from "~/domain/classification";
import { pageMeta } from "~/lib/meta";
import { savedFlag, savedHref, withFormValues } from "~/routes/helpers/admin-pages.server";
import { readForm } from "~/routes/helpers/form-body.server";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { getClassification, updateClassification } from "~/server/classification/service.server";
import { classificationFormText } from "~/i18n/classification-form";
import { lazyComponent } from "~/components/lazy-component";
import { HoldSchema } from "~/domain/retention-schemas";
import { retentionHoldMessages } from "~/i18n/retention-hold";
import { getCodeHold, placeCodeHold, releaseCodeHold } from "~/server/retention/service.server";

/**
 * 'Penahanan' under the form, a secondary section as on the document page: its form, its strings
 * and the date format load after the page's own code (the server renders it whole).
 */
const CodeHoldPanel = lazyComponent(() => import("~/components/classification/code-hold").then((module) => module.CodeHoldPanel));

/** A classification code has an update page only: its id's crumb is text. */
const classificationPath = (id: number) => `${href("/app/klasifikasi")}/${id}`;
export const handle: BreadcrumbHandle<{ code?: { id: number; code: string } }> = {
  breadcrumb: (data) => (data.code ? { [classificationPath(data.code.id)]: data.code.code } : {}),
  withoutPage: (data) => (data.code ? [classificationPath(data.code.id)] : []),
};

export const meta = () => pageMeta({ title: classificationFormText.updateTitle });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const code = await orRouteError(() => getClassification(ctx, params.id));
  return {
    code,
    rules: formRules(ClassificationSchema),
    hold: await getCodeHold(ctx, code.id),
    holdRules: formRules(HoldSchema),
    saved: savedFlag(request),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "hold-code" || intent === "release-code-hold") {
    const here = href("/app/klasifikasi/:id/update", { id: params.id });
    return pageAction(
      ctx,
      async () => {
        const { id } = await getClassification(ctx, params.id);
        const input = { reason: String(form.get("reason") ?? "") };
        if (intent === "hold-code") {
          const { code } = await placeCodeHold(ctx, id, input);
          return { to: here, toast: retentionHoldMessages.placedCode(code) };
        }
        const { code } = await releaseCodeHold(ctx, id, input);
        return { to: here, toast: retentionHoldMessages.releasedCode(code) };
      },
      { toast: { to: here } },
    );
  }
  return pageAction(
    ctx,
    async () => {
      await withFormValues(form, [], (fields) => updateClassification(ctx, params.id, fields));
      return { to: savedHref(href("/app/klasifikasi/:id/update", { id: params.id })) };
    },
    { form: {} },
  );
}

export default function UpdateClassification({ loaderData, actionData }: Route.ComponentProps) {
  const { code, rules, saved, hold, holdRules } = loaderData;
  return (
    <FormPage
      back={href("/app/klasifikasi")}
      title={`${classificationFormText.updateTitle} ${code.code}`}
      after={
        <>
          <CodeHoldPanel code={code.code} hold={hold} rules={holdRules} />
          <SavedDialog saved={saved} title={classificationFormText.saved} message={classificationFormText.saved} listHref={href("/app/klasifikasi")} listLabel={classificationFormText.backToList} />
        </>
      }
    >
      <ClassificationForm key={code.updatedAt} mode="update" defaults={code} rules={rules} lastResult={actionData} />
    </FormPage>
  );
}
