import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { LoginSchema } from "~/domain/auth-schemas";
import { DomainError, TooManyRequestsError } from "~/domain/errors";
import { login } from "~/server/services/auth.server";
import { getAppContext } from "~/server/route-helpers.server";
import { sessionCookie } from "~/server/session.server";
import { pageMeta } from "~/lib/meta";
import { t } from "~/i18n/id";

export const meta = () => pageMeta({ title: t.login.title, description: t.meta.loginDescription });

const SSO_MESSAGES: Record<string, string> = {
  unconfigured: t.login.ssoNotConfigured,
  failed: t.login.ssoFailed,
  "unknown-user": t.login.ssoUnknownUser,
};

export function loader({ context, request }: Route.LoaderArgs) {
  if (getAppContext(context).session) throw redirect("/app");
  const sso = new URL(request.url).searchParams.get("sso");
  return { notice: sso ? (SSO_MESSAGES[sso] ?? null) : null };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getAppContext(context);
  const submission = parseWithZod(await request.formData(), { schema: LoginSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    const result = await login(ctx, submission.value);
    return redirect("/app", { headers: { "Set-Cookie": sessionCookie(ctx, result.sessionId) } });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const headers: HeadersInit = error instanceof TooManyRequestsError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    return data(submission.reply({ formErrors: [error.message || t.login.failed], hideFields: ["password"] }), {
      status: error.status,
      headers,
    });
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/login";
  const [form, fields] = useForm({
    lastResult: actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const input =
    "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200";
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-blue-900 to-slate-900 p-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-xl">
        <a href="/" className="text-sm text-blue-700 hover:underline">
          ← {t.appName}
        </a>
        <h1 className="mt-2 text-2xl font-semibold">{t.login.heading}</h1>
        {loaderData.notice && (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status" data-testid="login-notice">
            {loaderData.notice}
          </p>
        )}
        {form.errors && (
          <p id={form.errorId} className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert" data-testid="login-error">
            {form.errors[0]}
          </p>
        )}
        <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
          <div>
            <label htmlFor={fields.username.id} className="text-sm font-medium">
              {t.login.username}
            </label>
            <input {...getInputProps(fields.username, { type: "text" })} autoComplete="username" className={input} />
            {fields.username.errors && (
              <p id={fields.username.errorId} className="mt-1 text-sm text-red-700">
                {fields.username.errors[0]}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={fields.password.id} className="text-sm font-medium">
              {t.login.password}
            </label>
            <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className={input} />
            {fields.password.errors && (
              <p id={fields.password.errorId} className="mt-1 text-sm text-red-700">
                {fields.password.errors[0]}
              </p>
            )}
          </div>
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-lg bg-blue-700 px-4 py-2.5 font-medium text-white hover:bg-blue-800 disabled:opacity-70"
          >
            {busy ? t.loading : t.login.submit}
          </button>
        </Form>
        <a href="/api/v1/auth/sso/login" className="mt-4 block text-center text-sm text-blue-700 hover:underline">
          {t.nav.loginSso}
        </a>
      </div>
    </main>
  );
}
