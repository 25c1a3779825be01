import { href } from "react-router";
import type { Route } from "./+types/user-update";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { UserForm } from "~/components/admin/user-form";
import { FormPage } from "~/components/form-page";
import { UserUpdateSchema } from "~/domain/users";
import { pageMeta } from "~/lib/meta";
import { userBreadcrumb } from "~/routes/helpers/detail-breadcrumbs";
import { parseOrInvalid, savedFlag, savedHref } from "~/routes/helpers/admin-pages.server";
import { formRules } from "~/routes/helpers/form.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { orRouteError } from "~/routes/helpers/route-errors.server";
import { getUser, updateUser, userFormOptions } from "~/server/users/service.server";
import { t } from "~/i18n/id";
import { userForm } from "~/i18n/user-form";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { formPageAction } from "~/routes/helpers/page-action.server";

const m = userForm;

export const handle = userBreadcrumb;

export const meta = () => pageMeta({ title: t.pages.updateUser });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const [user, { unitKerja }] = await Promise.all([orRouteError(() => getUser(ctx, params.uuid)), userFormOptions(ctx)]);
  return {
    user,
    unitKerja,
    rules: formRules(UserUpdateSchema),
    saved: savedFlag(request),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const save = (fields: Record<string, string>) => updateUser(ctx, params.uuid, parseOrInvalid(UserUpdateSchema, fields));
  return formPageAction(ctx, request, save, () => ({ to: savedHref(href("/app/users/:uuid/update", { uuid: params.uuid })) }), { secretFields: ["password"] });
}

export default function UpdateUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, unitKerja, rules, saved } = loaderData;
  return (
    <FormPage
      back={href("/app/users/:uuid", { uuid: user.uuid })}
      title={t.pages.updateUser}
      after={<SavedDialog saved={saved} title={m.success} message={m.updated} listHref={href("/app/users")} listLabel={m.backToList} />}
    >
      <UserForm
        key={user.updatedAt}
        mode="update"
        defaults={{ fullName: user.fullName, username: user.username, email: user.email, roleName: user.role.roleName, unitKerjaId: user.unitKerjaId }}
        unitKerja={unitKerja}
        rules={rules}
        lastResult={actionData}
      />
    </FormPage>
  );
}

const backToList = { to: href("/app/users"), label: m.backToList };

/** 'Pengguna tidak ditemukan.' (an unknown uuid) with a way back to the list, in the form's strings (the page loads no others). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: ({ message }) => <ErrorPanel title={message ?? m.notFound} message={null} back={backToList} /> }} />;
}
