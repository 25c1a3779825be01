import { href } from "react-router";
import { readForm } from "~/routes/helpers/form-body.server";
import type { Route } from "./+types/user-update";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { UserForm } from "~/components/admin/user-form";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { UserUpdateSchema } from "~/domain/users";
import { pageMeta } from "~/lib/meta";
import { userBreadcrumb } from "~/routes/helpers/detail-breadcrumbs";
import { parseOrInvalid, withFormValues } from "~/routes/helpers/admin-pages.server";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { getUser, updateUser, userFormOptions } from "~/server/users/service.server";
import { t } from "~/i18n/id";
import { users as usersText } from "~/i18n/users";
import { UserErrorBoundary } from "~/components/admin/user-error-boundary";
import { pageAction } from "~/routes/helpers/page-action.server";

const m = usersText;

export const handle = userBreadcrumb;

export const meta = () => pageMeta({ title: t.pages.updateUser });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const [user, { unitKerja }] = await Promise.all([orRouteError(() => getUser(ctx, params.uuid)), userFormOptions(ctx)]);
  return {
    user,
    unitKerja,
    rules: formRules(UserUpdateSchema),
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const form = await readForm(request);
  return pageAction(
    ctx,
    async () => {
      await withFormValues(form, ["password"], (fields) => updateUser(ctx, params.uuid, parseOrInvalid(UserUpdateSchema, fields)));
      return { to: `${href("/app/users/:uuid/update", { uuid: params.uuid })}?saved=1` };
    },
    { form: {} },
  );
}

export default function UpdateUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, unitKerja, rules, saved } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback={href("/app/users/:uuid", { uuid: user.uuid })} />
      <PageHeader title={t.pages.updateUser} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <UserForm
          key={user.updatedAt}
          mode="update"
          defaults={{ fullName: user.fullName, username: user.username, email: user.email, roleName: user.role.roleName, unitKerjaId: user.unitKerjaId }}
          unitKerja={unitKerja}
          rules={rules}
          lastResult={actionData}
        />
      </div>
      <SavedDialog saved={saved} title={m.success} message={m.updated} listHref={href("/app/users")} listLabel={m.backToList} />
    </div>
  );
}

export const ErrorBoundary = UserErrorBoundary;
