import { redirect } from "react-router";
import { readForm } from "~/server/form-body.server";
import type { Route } from "./+types/user-update";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { UserForm } from "~/components/admin/user-form";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { UserUpdateSchema } from "~/domain/users";
import { pageMeta } from "~/lib/meta";
import { parseOrInvalid, withFormValues } from "~/server/admin-pages.server";
import { formRules, replyWithDomainError } from "~/server/form.server";
import { getSignedIn } from "~/server/gates.server";
import { orRouteError } from "~/server/route-helpers.server";
import { getUser, updateUser, userFormOptions } from "~/server/services/users.server";
import { t } from "~/i18n/id";
import { users as usersText } from "~/i18n/users";
import { UserErrorBoundary } from "~/components/admin/user-error-boundary";

const m = usersText;

export const meta = () => pageMeta({ title: t.pages.updateUser });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const [user, { unitKerja }] = await Promise.all([orRouteError(() => getUser(ctx, params.uuid)), userFormOptions(ctx)]);
  return {
    user,
    unitKerja,
    csrfToken: ctx.session.csrfToken,
    rules: formRules(UserUpdateSchema),
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  try {
    await withFormValues(await readForm(request), ["password"], (fields) => updateUser(ctx, params.uuid, parseOrInvalid(UserUpdateSchema, fields)));
    return redirect(`/app/users/${params.uuid}/update?saved=1`);
  } catch (error) {
    return replyWithDomainError(error);
  }
}

export default function UpdateUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, unitKerja, csrfToken, rules, saved } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback={`/app/users/${user.uuid}`} />
      <PageHeader title={t.pages.updateUser} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <UserForm
          key={user.updatedAt}
          mode="update"
          defaults={{ fullName: user.fullName, username: user.username, email: user.email, roleName: user.role.roleName, unitKerjaId: user.unitKerjaId }}
          unitKerja={unitKerja}
          rules={rules}
          lastResult={actionData}
          csrfToken={csrfToken}
        />
      </div>
      <SavedDialog saved={saved} title={m.success} message={m.updated} listHref="/app/users" listLabel={m.backToList} />
    </div>
  );
}

export const ErrorBoundary = UserErrorBoundary;
