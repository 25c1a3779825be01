import { redirect } from "react-router";
import { readForm } from "~/server/form-body.server";
import type { Route } from "./+types/users-create";
import { SavedDialog } from "~/components/admin/saved-dialog";
import { UserForm } from "~/components/admin/user-form";
import { PageHeader } from "~/components/app-shell";
import { BackLink } from "~/components/back-link";
import { UserCreateSchema } from "~/domain/users";
import { pageMeta } from "~/lib/meta";
import { parseOrInvalid, withFormValues } from "~/server/admin-pages.server";
import { formRules, replyWithDomainError } from "~/server/form.server";
import { getSignedIn } from "~/server/gates.server";
import { createUser, userFormOptions } from "~/server/services/users.server";
import { t } from "~/i18n/id";
import { users as usersText } from "~/i18n/users";

const m = usersText;

export const meta = () => pageMeta({ title: t.pages.createUser });

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getSignedIn(context);
  const { unitKerja } = await userFormOptions(ctx);
  return {
    unitKerja,
    csrfToken: ctx.session.csrfToken,
    rules: formRules(UserCreateSchema),
    saved: new URL(request.url).searchParams.get("saved") === "1",
    // A fresh form after each save.
    formKey: crypto.randomUUID(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  try {
    await withFormValues(await readForm(request), ["password"], (fields) => createUser(ctx, parseOrInvalid(UserCreateSchema, fields)));
    return redirect("/app/users/create?saved=1");
  } catch (error) {
    return replyWithDomainError(error);
  }
}

export default function CreateUser({ loaderData, actionData }: Route.ComponentProps) {
  const { unitKerja, csrfToken, rules, saved, formKey } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink fallback="/app/users" />
      <PageHeader title={t.pages.createUser} />
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <UserForm key={saved ? formKey : "form"} mode="create" defaults={{}} unitKerja={unitKerja} rules={rules} lastResult={actionData} csrfToken={csrfToken} />
      </div>
      <SavedDialog saved={saved} title={m.success} message={m.created} listHref="/app/users" listLabel={m.backToList} />
    </div>
  );
}
