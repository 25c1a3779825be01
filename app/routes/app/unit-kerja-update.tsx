import { redirect } from "react-router";
import { readForm } from "~/server/form-body.server";
import type { Route } from "./+types/unit-kerja-update";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { UnitKerjaForm } from "~/components/admin/unit-kerja-form";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { UnitKerjaSchema } from "~/domain/unit-kerja";
import { pageMeta } from "~/lib/meta";
import { parseOrInvalid, withFormValues } from "~/server/admin-pages.server";
import { formRules, replyWithDomainError } from "~/server/form.server";
import { getSignedIn } from "~/server/gates.server";
import { orRouteError } from "~/server/route-helpers.server";
import { getUnitKerja, updateUnitKerja } from "~/server/services/unit-kerja.server";
import { unitKerja as unitKerjaText } from "~/i18n/unit-kerja";

const m = unitKerjaText;

export const meta = () => pageMeta({ title: m.updateTitle });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const unit = await orRouteError(() => getUnitKerja(ctx, params.id));
  return {
    unit,
    csrfToken: ctx.session.csrfToken,
    rules: formRules(UnitKerjaSchema),
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  try {
    await withFormValues(await readForm(request), [], (fields) => updateUnitKerja(ctx, params.id, parseOrInvalid(UnitKerjaSchema, fields)));
    return redirect(`/app/manage-unit-kerja/${params.id}/update?saved=1`);
  } catch (error) {
    return replyWithDomainError(error);
  }
}

export default function UpdateUnitKerja({ loaderData, actionData }: Route.ComponentProps) {
  const { unit, csrfToken, rules, saved } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback="/app/manage-unit-kerja" />
      <PageHeader title={m.updateTitle} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <UnitKerjaForm key={unit.updatedAt} mode="update" defaults={unit} rules={rules} lastResult={actionData} csrfToken={csrfToken} />
      </div>
      <SavedDialog saved={saved} title={m.success} message={m.updated} listHref="/app/manage-unit-kerja" listLabel={m.backToList} />
    </div>
  );
}

const backToList = { to: "/app/manage-unit-kerja", label: m.backToList };

/** 'Unit kerja tidak ditemukan.' (an unknown id) with a way back to the list. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ message }) => <ErrorPanel title={message ?? m.notFound} message={null} back={backToList} /> }} />;
}
