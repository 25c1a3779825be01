import { href } from "react-router";
import type { BreadcrumbHandle } from "~/lib/breadcrumb";
import type { Route } from "./+types/unit-kerja-update";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { UnitKerjaForm } from "~/components/admin/unit-kerja-form";
import { FormPage } from "~/components/form-page";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { UnitKerjaSchema } from "~/domain/unit-kerja";
import { pageMeta } from "~/lib/meta";
import { parseOrInvalid, savedFlag, savedHref } from "~/routes/helpers/admin-pages.server";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { getUnitKerja, updateUnitKerja } from "~/server/unit-kerja/service.server";
import { unitKerjaForm } from "~/i18n/unit-kerja-form";
import { formPageAction } from "~/routes/helpers/page-action.server";

const m = unitKerjaForm;

/** A unit has an update page only: its id's crumb is text. */
const unitKerjaPath = (id: number) => `${href("/app/manage-unit-kerja")}/${id}`;
export const handle: BreadcrumbHandle<{ unit?: { id: number; nama: string } }> = {
  breadcrumb: (data) => (data.unit ? { [unitKerjaPath(data.unit.id)]: data.unit.nama } : {}),
  withoutPage: (data) => (data.unit ? [unitKerjaPath(data.unit.id)] : []),
};

export const meta = () => pageMeta({ title: m.updateTitle });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const unit = await orRouteError(() => getUnitKerja(ctx, params.id));
  return {
    unit,
    rules: formRules(UnitKerjaSchema),
    saved: savedFlag(request),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const save = (fields: Record<string, string>) => updateUnitKerja(ctx, params.id, parseOrInvalid(UnitKerjaSchema, fields));
  return formPageAction(ctx, request, save, () => ({ to: savedHref(href("/app/manage-unit-kerja/:id/update", { id: String(params.id) })) }));
}

export default function UpdateUnitKerja({ loaderData, actionData }: Route.ComponentProps) {
  const { unit, rules, saved } = loaderData;
  return (
    <FormPage
      back={href("/app/manage-unit-kerja")}
      title={m.updateTitle}
      after={<SavedDialog saved={saved} title={m.success} message={m.updated} listHref={href("/app/manage-unit-kerja")} listLabel={m.backToList} />}
    >
      <UnitKerjaForm key={unit.updatedAt} mode="update" defaults={unit} rules={rules} lastResult={actionData} />
    </FormPage>
  );
}

const backToList = { to: href("/app/manage-unit-kerja"), label: m.backToList };

/** 'Unit kerja tidak ditemukan.' (an unknown id) with a way back to the list. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ message }) => <ErrorPanel title={message ?? m.notFound} message={null} back={backToList} /> }} />;
}
