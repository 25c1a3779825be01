import { Form, redirect, useNavigation, href } from "react-router";
import type { Route } from "./+types/login";
import { LoginSchema } from "~/domain/auth-schemas";
import { parseOrInvalid } from "~/domain/form-input";
import { login } from "~/server/auth/service.server";
import { getAppContext } from "~/routes/helpers/route-errors.server";
import { sessionCookie } from "~/server/auth/session.server";
import { deviceCookie, readDeviceCookie } from "~/server/auth/device-cookie.server";
import { Field, FormBanner, useFormKit } from "~/components/form";
import { formRules } from "~/routes/helpers/form.server";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";
import { login as loginText } from "~/i18n/auth";
import { formPageAction } from "~/routes/helpers/page-action.server";

export const meta = () => pageMeta({ title: loginText.title, description: loginText.description });

const SSO_MESSAGES: Record<string, string> = {
  unconfigured: loginText.ssoNotConfigured,
  failed: loginText.ssoFailed,
  "unknown-user": loginText.ssoUnknownUser,
  "claims-refused": loginText.ssoClaimsRefused,
  deactivated: loginText.ssoDeactivated,
};

/** The password never comes back with an error (the form kit empties a password field too). */
const HIDDEN_FIELDS = ["password"];

export function loader({ context, request }: Route.LoaderArgs) {
  if (getAppContext(context).session) throw redirect(href("/app"));
  const sso = new URL(request.url).searchParams.get("sso");
  return { notice: sso ? (SSO_MESSAGES[sso] ?? null) : null, rules: formRules(LoginSchema) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getAppContext(context);
  const signIn = (fields: Record<string, string>) => login(ctx, parseOrInvalid(LoginSchema, fields), readDeviceCookie(ctx, request.headers.get("cookie")));
  return formPageAction(
    ctx,
    request,
    signIn,
    (result) => {
      const headers = new Headers();
      headers.append("Set-Cookie", sessionCookie(ctx, result.sessionId));
      headers.append("Set-Cookie", deviceCookie(ctx, result.deviceCookie));
      return { to: href("/app"), headers };
    },
    { secretFields: HIDDEN_FIELDS, fallback: loginText.failed },
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === href("/login");
  const { rules } = loaderData;
  const [form, fields] = useFormKit<"username" | "password">({ lastResult: actionData, rules });
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-blue-900 to-slate-900 p-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-xl">
        <a href="/" className="text-sm text-blue-700 hover:underline">
          ← {t.appName}
        </a>
        <h1 className="mb-4 mt-2 text-2xl font-semibold">{loginText.heading}</h1>
        <FormBanner message={loaderData.notice} tone="notice" testId="login-notice" />
        <FormBanner id={form.errorId} message={form.errors?.[0]} testId="login-error" />
        <Form method="post" className="mt-2 space-y-4" {...form.props}>
          <Field label={loginText.username} field={fields.username} inputProps={{ autoComplete: "username" }} />
          <Field label={loginText.password} field={fields.password} type="password" inputProps={{ autoComplete: "current-password" }} />
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-lg bg-blue-700 px-4 py-2.5 font-medium text-white hover:bg-blue-800 disabled:opacity-70"
          >
            {busy ? t.loading : loginText.submit}
          </button>
        </Form>
        <a href="/api/v1/auth/sso/login" className="mt-4 block text-center text-sm text-blue-700 hover:underline">
          {t.nav.loginSso}
        </a>
      </div>
    </main>
  );
}
