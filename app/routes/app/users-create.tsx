import { href } from "react-router";
import type { Route } from "./+types/users-create";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { UserForm } from "~/components/admin/user-form";
import { FormPage } from "~/components/form-page";
import { UserCreateSchema } from "~/domain/users";
import { pageMeta } from "~/lib/meta";
import { createPageData, parseOrInvalid, savedHref } from "~/routes/helpers/admin-pages.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { createUser, userFormOptions } from "~/server/users/service.server";
import { t } from "~/i18n/id";
import { userForm } from "~/i18n/user-form";
import { formPageAction } from "~/routes/helpers/page-action.server";

const m = userForm;

export const meta = () => pageMeta({ title: t.pages.createUser });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { unitKerja } = await userFormOptions(ctx);
  return {
    unitKerja,
    ...createPageData(request, UserCreateSchema),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const save = (fields: Record<string, string>) => createUser(ctx, parseOrInvalid(UserCreateSchema, fields));
  return formPageAction(ctx, request, save, () => ({ to: savedHref(href("/app/users/create")) }), { secretFields: ["password"] });
}

export default function CreateUser({ loaderData, actionData }: Route.ComponentProps) {
  const { unitKerja, rules, saved, formKey } = loaderData;
  return (
    <FormPage
      back={href("/app/users")}
      title={t.pages.createUser}
      after={<SavedDialog saved={saved} title={m.success} message={m.created} listHref={href("/app/users")} listLabel={m.backToList} />}
    >
      <UserForm key={saved ? formKey : "form"} mode="create" defaults={{}} unitKerja={unitKerja} rules={rules} lastResult={actionData} />
    </FormPage>
  );
}
