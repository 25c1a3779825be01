import { href } from "react-router";
import { readForm } from "~/routes/helpers/form-body.server";
import type { Route } from "./+types/users-create";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { UserForm } from "~/components/admin/user-form";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { UserCreateSchema } from "~/domain/users";
import { pageMeta } from "~/lib/meta";
import { createPageData, parseOrInvalid, withFormValues } from "~/routes/helpers/admin-pages.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { createUser, userFormOptions } from "~/server/users/service.server";
import { t } from "~/i18n/id";
import { users as usersText } from "~/i18n/users";
import { pageAction } from "~/routes/helpers/page-action.server";

const m = usersText;

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
  const form = await readForm(request);
  return pageAction(
    ctx,
    async () => {
      await withFormValues(form, ["password"], (fields) => createUser(ctx, parseOrInvalid(UserCreateSchema, fields)));
      return { to: `${href("/app/users/create")}?saved=1` };
    },
    { form: {} },
  );
}

export default function CreateUser({ loaderData, actionData }: Route.ComponentProps) {
  const { unitKerja, rules, saved, formKey } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback={href("/app/users")} />
      <PageHeader title={t.pages.createUser} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <UserForm key={saved ? formKey : "form"} mode="create" defaults={{}} unitKerja={unitKerja} rules={rules} lastResult={actionData} />
      </div>
      <SavedDialog saved={saved} title={m.success} message={m.created} listHref={href("/app/users")} listLabel={m.backToList} />
    </div>
  );
}
