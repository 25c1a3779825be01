import { href } from "react-router";
import { readForm } from "~/routes/helpers/form-body.server";
import type { Route } from "./+types/unit-kerja-update";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { UnitKerjaForm } from "~/components/admin/unit-kerja-form";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { UnitKerjaSchema } from "~/domain/unit-kerja";
import { pageMeta } from "~/lib/meta";
import { unitKerjaBreadcrumb } from "~/routes/helpers/detail-breadcrumbs";
import { parseOrInvalid, withFormValues } from "~/routes/helpers/admin-pages.server";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { getUnitKerja, updateUnitKerja } from "~/server/unit-kerja/service.server";
import { unitKerja as unitKerjaText } from "~/i18n/unit-kerja";
import { pageAction } from "~/routes/helpers/page-action.server";

const m = unitKerjaText;

export const handle = unitKerjaBreadcrumb;

export const meta = () => pageMeta({ title: m.updateTitle });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const unit = await orRouteError(() => getUnitKerja(ctx, params.id));
  return {
    unit,
    rules: formRules(UnitKerjaSchema),
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  return pageAction(
    ctx,
    async () => {
      await withFormValues(form, [], (fields) => updateUnitKerja(ctx, params.id, parseOrInvalid(UnitKerjaSchema, fields)));
      return { to: `${href("/app/manage-unit-kerja/:id/update", { id: String(params.id) })}?saved=1` };
    },
    { form: {} },
  );
}

export default function UpdateUnitKerja({ loaderData, actionData }: Route.ComponentProps) {
  const { unit, rules, saved } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback={href("/app/manage-unit-kerja")} />
      <PageHeader title={m.updateTitle} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <UnitKerjaForm key={unit.updatedAt} mode="update" defaults={unit} rules={rules} lastResult={actionData} />
      </div>
      <SavedDialog saved={saved} title={m.success} message={m.updated} listHref={href("/app/manage-unit-kerja")} listLabel={m.backToList} />
    </div>
  );
}

const backToList = { to: href("/app/manage-unit-kerja"), label: m.backToList };

/** 'Unit kerja tidak ditemukan.' (an unknown id) with a way back to the list. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ message }) => <ErrorPanel title={message ?? m.notFound} message={null} back={backToList} /> }} />;
}
