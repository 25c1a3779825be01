import { Form, href } from "react-router";
import type { Route } from "./+types/notification-settings";
import { PageHeader } from "~/components/app-shell";
import { buttonClass, inputClass } from "~/components/buttons";
import { CsrfField } from "~/components/form/csrf-field";
import { EMAIL_MODES } from "~/domain/notifications";
import { notifications } from "~/i18n/notifications";
import { notificationSettingsText as text } from "~/i18n/notification-settings";
import { pageMeta } from "~/lib/meta";
import { formFields, readForm } from "~/routes/helpers/form-body.server";
import { getSignedIn } from "~/routes/helpers/gates.server";
import { pageAction } from "~/routes/helpers/page-action.server";
import { getNotificationSettings, saveNotificationPreferences } from "~/server/notifications/service.server";

const BASE = href("/app/notifikasi/pengaturan");

export const meta = () => pageMeta({ title: text.preferences.title });

/** Per kind the user can receive: email at once, in the daily digest, or not at all (in-app always). */
export async function loader({ context }: Route.LoaderArgs) {
  return getNotificationSettings(getSignedIn(context));
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getSignedIn(context);
  const fields = formFields(await readForm(request));
  return pageAction(
    ctx,
    async () => {
      await saveNotificationPreferences(ctx, fields);
      return { to: BASE, toast: text.preferences.saved };
    },
    { toast: { to: BASE } },
  );
}

export default function NotificationSettings({ loaderData }: Route.ComponentProps) {
  const { preferences, noEmail, mailOff } = loaderData;
  return (
    <>
      <PageHeader title={text.preferences.title} description={text.preferences.description} />
      {(noEmail || mailOff) && (
        <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" role="status" data-testid="email-unavailable">
          {mailOff ? text.preferences.mailOff : text.preferences.noEmail}
        </p>
      )}
      <Form method="post" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6" data-testid="notification-preferences">
        <CsrfField />
        <fieldset>
          <legend className="mb-3 text-sm font-semibold text-slate-900">{text.preferences.emailColumn}</legend>
          <div className="divide-y divide-slate-200">
            {preferences.map((preference) => (
              <label key={preference.kind} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <span className="text-sm text-slate-900">{text.kind[preference.kind]}</span>
                <select name={preference.kind} defaultValue={preference.email} className={`${inputClass} sm:mt-0 sm:w-56`} data-testid={`preference-${preference.kind}`}>
                  {EMAIL_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {text.emailMode[mode]}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="submit" className={buttonClass.primary} data-testid="save-preferences">
            {text.preferences.save}
          </button>
          <a href={href("/app/notifikasi")} className={buttonClass.secondary}>
            {notifications.title}
          </a>
        </div>
      </Form>
    </>
  );
}
